"""Scenario tests: one small position per rule of docs/rules/mesopotamia.md, act, check."""

from __future__ import annotations

import pytest

from engine import mesopotamia
from engine.core import IllegalMove, InvalidInput
from tests.engine.mesopotamia.util import (
    WEST,
    goods_at,
    kinds,
    legal,
    natives_at,
    play,
    pos,
    with_pile,
)

rules = pytest.mark.rules


def refused(state, text, match):
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=match):
        mesopotamia.apply(state, mesopotamia.parse_move(text))
    assert state.to_dict() == before


# ------------------------------------------------------------------------------ components


@rules("M-COMP-1", "M-SETUP-3")
@pytest.mark.parametrize(("players", "removed"), [(4, 0), (3, 4), (2, 8)])
def test_the_41_fields_and_the_plains_left_out(players, removed):
    state = mesopotamia.new_state(players, seed=3)
    kinds_ = [k for _, k in state.tiles] + list(state.pile)
    assert len(kinds_) + removed == 41
    counts = {k: kinds_.count(k) for k in "TVFQP"}
    assert counts == {"T": 1, "V": 5, "F": 6, "Q": 7, "P": 22 - removed}
    assert len(state.pile) == 34 - removed
    assert mesopotamia.new_state(players, seed=4).pile != state.pile  # shuffled from the seed
    assert mesopotamia.new_state(players, seed=3) == state
    assert mesopotamia.new_state(4, seed=3, removed_plains=2).pile.count("P") == 18


@rules("M-COMP-2", "M-SETUP-4", "M-SETUP-1")
def test_each_colour_starts_with_its_pieces_in_the_supply():
    state = mesopotamia.new_state(4, seed=1)
    for p in range(4):
        assert state.natives_of(p) == 3  # the other 5 are in the supply
        assert sum(1 for h in state.huts if h[2] == p) == 1
        assert state.markers[p] == (2, 4, 6, 7)
        assert state.mana[p] == 0 and state.max_mana[p] == 3
    assert state.holy == () and state.delivered == ((),) * 4


@rules("M-COMP-3")
def test_twenty_lumber_and_twenty_stones():
    state = mesopotamia.new_state(3, seed=1)
    assert state.lumber_supply() == 17 and state.stone_supply() == 17


@rules("M-COMP-4", "M-SETUP-5")
def test_the_18_cards_and_the_two_player_deck():
    deck = mesopotamia.new_state(4, seed=2).deck
    assert len(deck) == 18
    assert {c: deck.count(c) for c in set(deck)} == {
        "stamina": 3, "priest": 3, "expulsion": 2, "fertility": 2, "mana_theft": 2,
        "teleport": 2, "holy_stone": 2, "land": 2}
    assert deck != mesopotamia.new_state(4, seed=3).deck
    two = mesopotamia.new_state(2, seed=2).deck
    assert len(two) == 14 and "expulsion" not in two and "mana_theft" not in two


@rules("M-COMP-5")
def test_mana_never_passes_the_maximum_nor_8():
    state = pos(natives=[("0,0", 0, "S")], mana=[8, 0, 0, 0], max_mana=[8, 3, 3, 3])
    after, _ = play(state, "drop 0,0 S")
    assert after.max_mana[0] == 8 and after.mana[0] == 8
    with pytest.raises(InvalidInput, match="mana"):
        pos(mana=[5, 0, 0, 0])


# ---------------------------------------------------------------------------------- setup


@rules("M-SETUP-2")
def test_the_four_player_start_layout():
    state = mesopotamia.new_state(4, seed=0)
    assert dict(state.tiles) == {(0, 0): "T", (0, -1): "V", (0, 1): "V", (1, -1): "F",
                                 (1, 0): "Q", (-1, 0): "P", (-1, 1): "P"}
    assert natives_at(state, "-1,0", 0) == ["."] * 3 and natives_at(state, "-1,0", 3) == ["."] * 3
    assert natives_at(state, "-1,1", 1) == ["."] * 3 and natives_at(state, "-1,1", 2) == ["."] * 3
    assert sorted(state.huts) == [(-1, 0, 0, 0), (-1, 0, 3, 0), (-1, 1, 1, 0), (-1, 1, 2, 0)]
    assert goods_at(state, "1,-1") == (4, 0) and goods_at(state, "1,0") == (0, 4)


@rules("M-SETUP-2")
@pytest.mark.parametrize("players", [2, 3])
def test_the_reconstructed_layouts_fill_the_empty_seats_with_neutral_huts(players):
    state = mesopotamia.new_state(players, seed=0)
    assert sum(1 for h in state.huts if h[2] == -1) == 4 - players
    assert all(sum(1 for h in state.huts if h[:2] == c) == 2 for c in ((-1, 0), (-1, 1)))
    assert goods_at(state, "1,-1") == (players, 0) and goods_at(state, "1,0") == (0, players)
    assert {n[2] for n in state.natives} == set(range(players))


@rules("M-SETUP-1")
@pytest.mark.parametrize("players", [1, 5, True, "4"])
def test_other_player_counts_are_refused(players):
    with pytest.raises(InvalidInput, match="2, 3 or 4 players"):
        mesopotamia.new_state(players, seed=0)


def test_bad_options_are_refused():
    with pytest.raises(InvalidInput, match="unknown Mesopotamia option"):
        mesopotamia.new_game(4, seed=1, shuffle=False)
    with pytest.raises(InvalidInput, match="cards_at_start must be true or false"):
        mesopotamia.new_game(4, seed=1, cards_at_start="yes")
    with pytest.raises(InvalidInput, match="max_rounds"):
        mesopotamia.new_game(4, seed=1, max_rounds=0)
    with pytest.raises(InvalidInput, match="removed_plains"):
        mesopotamia.new_game(4, seed=1, removed_plains=30)


def _turns(state, count):
    """(player to move, movement points, round) at the start of `count` turns of "end"."""
    seen = []
    for _ in range(count):
        seen.append((state.to_move, state.points, state.round))
        state, events = play(state, "end")
        if state.phase == "action":
            state, more = play(state, "draw")
            events += more
        if state.phase == "action":  # a card held from before may still be played (R-M17)
            state, more = play(state, "done")
            events += more
        assert kinds(events)[-1] == "TurnStarted"
    return seen


@rules("M-SETUP-6", "M-TURN-1", "M-TURN-2")
def test_turn_order_and_5_points_every_turn_from_the_first_M_TURN_2():
    # The rule text: "In total the player has 5 movement points during the turn" — no
    # first-round exception.
    assert _turns(mesopotamia.new_state(4, seed=5), 6) == [
        (0, 5, 1), (1, 5, 1), (2, 5, 1), (3, 5, 1), (0, 5, 2), (1, 5, 2)]
    assert [mesopotamia.new_state(n, 0).points for n in (2, 3, 4)] == [5, 5, 5]


@rules("M-TURN-2", "R-M2")
def test_the_first_round_table_is_an_option_off_by_default_R_M2():
    table = mesopotamia.new_state(4, seed=5, first_round_table=True)
    assert _turns(table, 6) == [(0, 2, 1), (1, 3, 1), (2, 4, 1), (3, 5, 1), (0, 5, 2), (1, 5, 2)]
    assert [mesopotamia.new_state(n, 0, first_round_table=True).points
            for n in (2, 3)] == [4, 3]
    assert mesopotamia.new_state(4, 0).options.first_round_table is False
    with pytest.raises(InvalidInput, match="first_round_table"):
        mesopotamia.new_game(4, seed=1, first_round_table="yes")


@rules("M-TURN-2", "R-M2")
def test_a_save_from_before_the_option_loads_with_the_table_it_was_played_with_R_M2():
    import json

    game = mesopotamia.new_game(4, seed=5, first_round_table=True)
    game.play("end")
    data = json.loads(game.to_json())
    del data["start"]["options"]["first_round_table"]  # as written before the option existed
    old = mesopotamia.Game.from_json(json.dumps(data))
    assert old.state == game.state and old.state.options.first_round_table is True
    assert mesopotamia.Game.from_json(mesopotamia.new_game(4, seed=5).to_json()).state.points == 5


# ------------------------------------------------------------------------------- movement


@rules("M-MOVE-1")
def test_a_native_moves_to_a_field_within_its_points_for_the_shortest_way():
    state = pos(natives=[("-1,0", 0, ".")])
    assert "go -1,0 . 1,-1" in legal(state)
    after, events = play(state, "go -1,0 . 1,-1")
    assert after.points == 3 and natives_at(after, "1,-1", 0) == ["."]
    assert events[0].cost == 2 and "for 2 point(s)" in events[0].describe()
    short = pos(natives=[("-1,0", 0, ".")], points=1)
    refused(short, "go -1,0 . 1,-1", "2 step\\(s\\) away, but only 1 movement point")
    # The points are shared freely among natives.
    two = pos(natives=[("-1,0", 0, "."), ("-1,1", 0, ".")])
    after, _ = play(two, "go -1,0 . 0,0", "go -1,1 . 1,0", "go 0,0 . 1,-1")
    assert after.points == 1


@rules("M-MOVE-2")
def test_unused_points_are_lost():
    state = pos(natives=[("-1,0", 0, ".")])
    after, events = play(state, "go -1,0 . 0,0", "end")
    assert kinds(events)[:2] == ["NativeMoved", "MovementEnded"] and events[1].points == 4
    assert after.points == 0
    assert "end" in legal(state)


@rules("M-MOVE-3")
def test_volcanoes_are_never_entered():
    state = pos(natives=[("-1,0", 0, ".")])
    refused(state, "go -1,0 . 0,-1", "volcanic fields can never be entered")
    assert not any(m.endswith(" 0,-1") for m in legal(state))
    # A way around a volcano costs its full length.
    around = pos(tiles={"-1,-1": "plain", "0,-2": "plain"}, natives=[("-1,0", 0, ".")])
    after, _ = play(around, "go -1,0 . 0,-2")
    assert after.points == 3


@rules("M-MOVE-4")
def test_any_number_of_natives_share_a_field():
    natives = [("-1,0", p, ".") for p in range(4) for _ in range(2)]
    state = pos(natives=[*natives, ("0,0", 0, ".")])
    after, _ = play(state, "go 0,0 . -1,0")
    assert len(natives_at(after, "-1,0")) == 9


@rules("M-MOVE-5")
def test_no_raw_material_is_carried_through_the_temple_place():
    state = pos(natives=[("1,-1", 0, "L"), ("1,-1", 0, ".")])
    refused(state, "go 1,-1 L -1,0", "carried through the temple place")
    assert "go 1,-1 . -1,0" in legal(state)  # without goods it passes through
    inside, _ = play(state, "go 1,-1 L 0,0")  # carried into it and put down
    refused(inside, "go 0,0 L -1,0", "put the lumber down before leaving")
    after, _ = play(inside, "drop 0,0 L")
    assert goods_at(after, "0,0") == (1, 0)
    assert "go 0,0 .! -1,0" not in legal(after)
    assert "go 0,0 . -1,0" in legal(after)


@rules("M-CARRY-1")
def test_picking_up_costs_nothing():
    state = pos(natives=[("1,-1", 0, ".")], goods={"1,-1": (2, 0)})
    after, events = play(state, "pick 1,-1 . L")
    assert natives_at(after, "1,-1") == ["L"] and goods_at(after, "1,-1") == (1, 0)
    assert after.points == 5 and kinds(events) == ["GoodPicked"]
    refused(state, "pick 1,-1 . S", "no stone lying on 1,-1")


@rules("M-CARRY-2")
def test_putting_down_and_exchanging():
    state = pos(natives=[("1,0", 0, "L")], goods={"1,0": (0, 1)})
    after, events = play(state, "pick 1,0 L S")
    assert natives_at(after, "1,0") == ["S"] and goods_at(after, "1,0") == (1, 0)
    assert "puts down lumber" in events[0].describe()
    after, _ = play(after, "drop 1,0 S")
    assert natives_at(after, "1,0") == ["."] and goods_at(after, "1,0") == (1, 1)
    # Goods put down stay for anyone: another player's native picks them up later.
    later = pos(natives=[("1,0", 1, ".")], goods={"1,0": (1, 1)}, to_move=1)
    assert "pick 1,0 . L" in legal(later)


@rules("M-CARRY-3")
def test_a_native_carries_one_good():
    state = pos(natives=[("1,-1", 0, "L")], goods={"1,-1": (2, 0)})
    refused(state, "pick 1,-1 L L", "already carries lumber")


@rules("M-STEAL-1")
def test_the_side_with_more_natives_steals_one_good_per_free_native():
    natives = [("-1,0", 0, ".")] * 3 + [("-1,0", 1, "L"), ("-1,0", 1, "S")]
    state = pos(natives=natives)
    after, events = play(state, "steal -1,0 1 L", "steal -1,0 1 S")
    assert natives_at(after, "-1,0", 0) == [".", "L!", "S!"]
    assert natives_at(after, "-1,0", 1) == [".", "."]
    assert after.points == 5 and "steals lumber from Red" in events[0].describe()
    even = pos(natives=[("-1,0", 0, ".")] * 2 + [("-1,0", 1, "L")] * 2)
    refused(even, "steal -1,0 1 L", "only the side with more natives may steal")
    busy = pos(natives=[("-1,0", 0, "S")] * 2 + [("-1,0", 1, "L")])
    refused(busy, "steal -1,0 1 L", "no free native")


@rules("M-STEAL-2")
def test_each_native_steals_once_a_turn():
    natives = [("-1,0", 0, ".")] + [("-1,0", 0, "S")] * 2 + [("-1,0", 1, "L"), ("-1,0", 1, "L")]
    state = pos(natives=natives)
    after, _ = play(state, "steal -1,0 1 L", "drop -1,0 L!")
    refused(after, "steal -1,0 1 L", "has not stolen this turn")
    # The next turn the native may steal again.
    after, _ = play(after, "end", "draw")
    assert all(not n[4] for n in after.natives)


@rules("M-STEAL-3", "M-SAC-5")
def test_markers_are_never_stolen_and_never_put_down_elsewhere():
    state = pos(natives=[("-1,0", 0, ".")] * 2 + [("-1,0", 1, "M4")],
                huts=[], goods={"-1,0": (1, 0)})
    assert not any(m.startswith("steal") for m in legal(state))
    refused(state, "steal -1,0 1 L", "sacrifice markers can never be stolen")
    mine = pos(natives=[("-1,0", 0, "M4")], goods={"-1,0": (1, 0)})
    refused(mine, "pick -1,0 M4 L", "can carry neither a stone nor a lumber")
    refused(mine, "drop -1,0 M4", "only be put down on the temple place")


# --------------------------------------------------------------------------------- temple


@rules("M-TEMPLE-1")
def test_a_stone_at_the_temple_raises_the_maximum_and_gives_mana():
    state = pos(natives=[("1,0", 0, "S")])
    before = state.stone_supply()
    after, events = play(state, "go 1,0 S 0,0", "drop 0,0 S")
    assert after.max_mana[0] == 4 and after.mana[0] == 1
    assert after.stone_supply() == before + 1 and goods_at(after, "0,0") == (0, 0)
    assert kinds(events) == ["NativeMoved", "StoneOffered"]


@rules("M-TEMPLE-2")
def test_at_the_top_of_the_track_the_stone_still_gives_one_mana():
    state = pos(natives=[("0,0", 0, "S")], mana=[5, 0, 0, 0], max_mana=[8, 3, 3, 3])
    after, _ = play(state, "drop 0,0 S")
    assert after.max_mana[0] == 8 and after.mana[0] == 6


# ------------------------------------------------------------------------------ sacrifices


@rules("M-SAC-1", "M-HUT-3")
def test_a_free_native_takes_up_an_own_covered_marker():
    state = pos(tiles=WEST, natives=[("-2,0", 0, "."), ("-2,0", 1, ".")],
                huts=[("-2,0", 0, 6), ("-2,0", 1, 4)])
    assert "lift -2,0 6" in legal(state) and "lift -2,0 4" not in legal(state)
    after, events = play(state, "lift -2,0 6")
    assert natives_at(after, "-2,0", 0) == ["m6"] and (-2, 0, 0, 0) in after.huts
    assert kinds(events) == ["MarkerTaken"] and after.points == 5
    # Only the owner sees the value: under a hut and carried.
    assert (-2, 0, 0, 1) in state.view(1).huts and (-2, 0, 0, 6) in state.view(0).huts
    assert natives_at(after.view(1), "-2,0", 0) == ["m?"]
    busy = pos(tiles=WEST, natives=[("-2,0", 0, "L")], huts=[("-2,0", 0, 6)])
    refused(busy, "lift -2,0 6", "no free native")


@rules("M-SAC-2")
def test_a_marker_is_placed_in_a_later_turn_than_it_is_taken_up():
    state = pos(natives=[("-1,0", 0, ".")], huts=[("-1,0", 0, 2)], mana=[3, 0, 0, 0])
    after, events = play(state, "lift -1,0 2", "go -1,0 m2 0,0")
    assert "MarkerPlaced" not in kinds(events) and natives_at(after, "0,0") == ["m2"]
    refused(after, "offer 2", "taken up this turn")
    # Next own turn it may be placed.
    for _ in range(4):
        after, _ = play(after, "end")
        if after.phase == "action":
            after, _ = play(after, "draw")
    assert after.to_move == 0 and natives_at(after, "0,0") == ["M2"]
    after, events = play(after, "offer 2")
    assert after.delivered[0] == (2,) and kinds(events) == ["MarkerPlaced"]


@rules("M-SAC-3")
def test_placing_a_marker_costs_its_value_and_the_native_becomes_a_priest():
    state = pos(natives=[("1,0", 0, "M4"), ("1,0", 0, ".")], mana=[5, 0, 0, 0],
                max_mana=[5, 3, 3, 3])
    after, events = play(state, "go 1,0 M4 0,0")
    assert after.delivered[0] == (4,) and after.mana[0] == 1
    assert after.natives_of(0) == 1 and natives_at(after, "0,0") == []
    assert kinds(events) == ["NativeMoved", "MarkerPlaced"]
    assert "value 4" in events[1].describe() and "priest" in events[1].describe()
    assert after.scores() == (1, 0, 0, 0)


@rules("M-SAC-4")
def test_without_the_mana_the_native_is_pushed_back():
    state = pos(natives=[("-1,0", 0, "M4")], mana=[3, 0, 0, 0], max_mana=[4, 3, 3, 3])
    after, events = play(state, "go -1,0 M4 0,0")
    assert natives_at(after, "-1,0") == ["M4"] and after.points == 4
    assert kinds(events) == ["NativeMoved", "PushedBack"] and after.delivered[0] == ()
    assert "pushed back to -1,0" in events[1].describe()
    assert events[0].native == "M?"  # events are public: the value stays hidden
    # It is pushed back to the field it entered from, not where it started.
    far = pos(natives=[("1,-1", 0, "M4")], tiles={"2,-1": "plain"}, mana=[3, 0, 0, 0],
              max_mana=[4, 3, 3, 3])
    after, _ = play(far, "go 1,-1 M4 2,-1", "go 2,-1 M4 0,0")
    assert natives_at(after, "1,0") == ["M4"]  # the first way found enters from 1,0 (R-M5)
    assert after.points == 2


# ------------------------------------------------------------------------------ discovery


@rules("M-DISC-1", "M-DISC-5")
def test_discovering_a_plain():
    state = with_pile(pos(natives=[("-1,0", 0, "L")]), "P")
    assert "discover -1,0 L -2,0" in legal(state)
    after, events = play(state, "discover -1,0 L -2,0")
    assert after.tile_at((-2, 0)) == "P" and natives_at(after, "-2,0") == ["L"]
    assert after.points == 4 and after.discoveries == 1 and len(after.pile) == 33
    assert kinds(events) == ["FieldDiscovered"] and goods_at(after, "-2,0") == (0, 0)
    refused(state, "discover -1,0 L 0,0", "already a field")
    refused(state, "discover -1,0 L -3,0", "not next to -1,0")


@rules("M-DISC-2")
def test_a_volcano_goes_elsewhere_and_another_field_is_drawn():
    state = with_pile(pos(natives=[("-1,0", 0, ".")]), "V", "V", "Q")
    after, events = play(state, "discover -1,0 . -2,0")
    assert after.phase == "volcano" and kinds(events) == ["VolcanoDrawn"]
    refused(after, "volcano -2,0", "another edge place")
    refused(after, "volcano 5,5", "not at the edge")
    assert "volcano -2,1" in legal(after)
    after, _ = play(after, "volcano -2,1")
    assert after.phase == "volcano"  # the next field is a volcano too
    after, events = play(after, "volcano 2,-2")
    assert after.tile_at((-2, 1)) == "V" and after.tile_at((2, -2)) == "V"
    assert after.tile_at((-2, 0)) == "Q" and natives_at(after, "-2,0") == ["."]
    assert after.discoveries == 1 and after.phase == "move"


@rules("M-DISC-3")
def test_a_forest_brings_one_lumber_per_player_on_different_forests():
    # Four players, two forests: one each, the two left over on the new forest.
    state = with_pile(pos(natives=[("1,-1", 0, ".")]), "F")
    after, events = play(state, "discover 1,-1 . 2,-2")
    assert goods_at(after, "1,-1") == (1, 0) and goods_at(after, "2,-2") == (3, 0)
    assert kinds(events) == ["FieldDiscovered", "GoodsPlaced"]
    # Two players, three forests: the player chooses two.
    two = with_pile(pos(2, tiles={"-2,0": "forest"}, natives=[("1,-1", 0, ".")]), "F")
    after, _ = play(two, "discover 1,-1 . 2,-2")
    assert after.phase == "spread"
    assert legal(after) == ["spread -2,0 1,-1", "spread -2,0 2,-2", "spread 1,-1 2,-2"]
    refused(after, "spread 1,-1 1,0", "different forest")
    after, _ = play(after, "spread -2,0 2,-2")
    assert goods_at(after, "-2,0") == (1, 0) and goods_at(after, "2,-2") == (1, 0)
    assert goods_at(after, "1,-1") == (0, 0) and after.phase == "move"


@rules("M-DISC-3")
def test_new_goods_come_from_the_supply_only():
    state = with_pile(pos(natives=[("1,-1", 0, ".")], goods={"-1,0": (19, 0)}), "F")
    after, _ = play(state, "discover 1,-1 . 2,-2")
    assert legal(after) == ["spread 1,-1", "spread 2,-2"]  # one lumber is left: where?
    after, _ = play(after, "spread 1,-1")
    assert after.lumber_supply() == 0 and goods_at(after, "1,-1") == (1, 0)


@rules("M-DISC-4")
def test_a_quarry_brings_stones():
    state = with_pile(pos(3, natives=[("1,0", 0, ".")]), "Q")
    after, _ = play(state, "discover 1,0 . 2,0")
    assert goods_at(after, "1,0") == (0, 1) and goods_at(after, "2,0") == (0, 2)


@rules("M-DISC-6")
def test_at_most_three_discoveries_a_turn_volcanoes_not_counted():
    state = with_pile(pos(natives=[("-1,0", 0, ".")] * 3), "P", "V", "P", "P", "P")
    after, _ = play(state, "discover -1,0 . -2,0", "discover -1,0 . -1,-1", "volcano 2,-2",
                    "discover -1,0 . -2,1")
    assert after.discoveries == 3 and after.tile_at((2, -2)) == "V"
    assert not any(m.startswith("discover") for m in legal(after))
    refused(after, "discover -2,1 . -3,1", "discovered 3 fields this turn")


# -------------------------------------------------------------------------------- actions


def to_actions(state):
    after, _ = play(state, "end")
    assert after.phase == "action"
    return after


@rules("M-ACT-1")
def test_one_action_is_chosen_and_only_it_repeats():
    state = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, "."),
                                                ("-2,1", 0, "L"), ("-2,1", 0, ".")]))
    assert "draw" in legal(state) and "done" not in legal(state)
    after, _ = play(state, "hut -2,0 2")
    assert after.action == "hut" and "draw" not in legal(after) and "done" in legal(after)
    refused(after, "draw", "chose another action")
    after, events = play(after, "hut -2,1 4")
    assert after.to_move == 1  # nothing left to repeat: the turn ends
    assert kinds(events)[-1] == "TurnStarted"
    # With no action possible, phase II is skipped.
    empty = pos(natives=[("-1,0", 0, ".")], no_reshuffle=True)
    empty = with_deck_empty(empty)
    after, events = play(empty, "end")
    assert "ActionSkipped" in kinds(events) and after.to_move == 1


def with_deck_empty(state):
    import dataclasses

    return dataclasses.replace(state, deck=(), out=state.deck)


@rules("M-HUT-1", "M-HUT-2")
def test_building_a_hut_with_a_marker_under_it():
    state = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, ".")]))
    assert [m for m in legal(state) if m.startswith("hut")] == [
        "hut -2,0 2", "hut -2,0 4", "hut -2,0 6", "hut -2,0 7", "hut -2,0 0"]
    before = state.lumber_supply()
    after, events = play(state, "hut -2,0 6")
    assert (-2, 0, 0, 6) in after.huts and after.markers[0] == (2, 4, 7)
    assert after.lumber_supply() == before + 1
    assert "with a covered marker" in events[0].describe()
    full = to_actions(pos(tiles=WEST, natives=[("-1,0", 0, "L"), ("-1,0", 0, ".")],
                          huts=[("-1,0", 1, 0), ("-1,0", 2, 0)]))
    refused(full, "hut -1,0 2", "already holds 2 huts")
    lone = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 1, ".")]))
    refused(lone, "hut -2,0 2", "needs 2 of Blue's natives")
    forest = to_actions(pos(natives=[("1,-1", 0, "L"), ("1,-1", 0, ".")]))
    refused(forest, "hut 1,-1 2", "not a plain")
    # With no marker left, the hut is built without one.
    none_left = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, ".")],
                               delivered=[[2, 4, 6, 7], [], [], []]))
    assert [m for m in legal(none_left) if m.startswith("hut")] == ["hut -2,0 0"]


@rules("M-HUT-2", "R-M15")
def test_the_marker_under_a_new_hut_is_the_builders_choice_R_M15():
    # "Under the hut you *may* immediately put a covered sacrifice marker of your own".
    state = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, ".")]))
    after, events = play(state, "hut -2,0 0")
    assert (-2, 0, 0, 0) in after.huts and after.markers[0] == (2, 4, 6, 7)
    assert "marker" not in events[0].describe()
    # The decision is the move's field, written in its text and its save form.
    move = mesopotamia.parse_move("hut -2,0 0")
    assert move.marker == 0 and str(move) == "hut -2,0 0"
    assert mesopotamia.move_from_dict(move.to_dict()) == move
    refused(state, "hut -2,0 5", "no covered marker of value 5")


@rules("M-HUT-2", "R-M15")
def test_the_bots_decide_the_marker_R_M15():
    import random

    from engine.mesopotamia import expert

    state = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, ".")]))
    moves = mesopotamia.legal_moves(state)
    chosen = expert.choose(state.view(0), moves, random.Random(1))
    assert isinstance(chosen, mesopotamia.BuildHut) and chosen.marker in (2, 4, 6, 7)


@rules("M-HUT-4")
def test_several_huts_each_with_their_own_natives_and_lumber():
    state = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L")] * 2 + [("-2,0", 0, ".")] * 2))
    after, _ = play(state, "hut -2,0 2", "hut -2,0 4")
    assert sorted(h for h in after.huts if h[:2] == (-2, 0)) == [(-2, 0, 0, 2), (-2, 0, 0, 4)]
    three = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L")] * 2 + [("-2,0", 0, ".")]))
    after, events = play(three, "hut -2,0 2")
    assert after.to_move == 1  # the third native alone cannot build a second hut


@rules("M-HOLY-1")
def test_a_holy_place_on_an_empty_vacant_plain():
    state = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "S"), ("-2,0", 0, ".")]))
    before = state.stone_supply()
    after, events = play(state, "holy -2,0")
    assert after.holy == ((-2, 0, 0),) and after.stone_supply() == before + 1
    assert kinds(events)[0] == "HolyPlaceBuilt"
    crowded = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "S"), ("-2,0", 0, "."),
                                                  ("-2,0", 1, ".")]))
    refused(crowded, "holy -2,0", "natives of other players")
    hut = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "S"), ("-2,0", 0, ".")],
                         huts=[("-2,0", 0, 0)]))
    refused(hut, "holy -2,0", "not vacant")


@rules("M-HOLY-2")
def test_nothing_is_built_beside_a_holy_place():
    state = to_actions(pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, ".")],
                           holy={"-2,0": 1}))
    refused(state, "hut -2,0 2", "holds a holy place")


@rules("M-HOLY-3")
def test_several_holy_places_in_one_action():
    natives = [("-2,0", 0, "S"), ("-2,0", 0, "."), ("-2,1", 0, "S"), ("-2,1", 0, ".")]
    state = to_actions(pos(tiles=WEST, natives=natives))
    after, _ = play(state, "holy -2,0", "holy -2,1")
    assert len(after.holy) == 2 and after.to_move == 1


@rules("M-BIRTH-1")
def test_a_native_is_born_at_an_own_hut():
    state = to_actions(pos(natives=[("-1,0", 0, "."), ("-1,0", 0, "L")], huts=[("-1,0", 0, 0)]))
    after, events = play(state, "birth -1,0")
    assert after.natives_of(0) == 3 and kinds(events)[0] == "NativeBorn"
    alone = to_actions(pos(natives=[("-1,0", 0, ".")], huts=[("-1,0", 0, 0)]))
    refused(alone, "birth -1,0", "needs 2 of Blue's natives")


@rules("M-BIRTH-2")
def test_no_birth_where_an_own_marker_lies_under_a_hut():
    state = to_actions(pos(natives=[("-1,0", 0, ".")] * 2,
                           huts=[("-1,0", 0, 4), ("-1,0", 0, 0)]))
    refused(state, "birth -1,0", "sacrifice markers is found")
    carried = to_actions(pos(natives=[("-1,0", 0, "M4"), ("-1,0", 0, ".")],
                             huts=[("-1,0", 0, 0)]))
    assert "birth -1,0" in legal(carried)


@rules("M-BIRTH-3")
def test_every_own_hut_with_two_natives_gives_birth():
    state = to_actions(pos(natives=[("-1,0", 0, ".")] * 4,
                           huts=[("-1,0", 0, 0), ("-1,0", 0, 0)]))
    after, _ = play(state, "birth -1,0", "birth -1,0")
    assert after.natives_of(0) == 6 and after.to_move == 1
    three = to_actions(pos(natives=[("-1,0", 0, ".")] * 3,
                           huts=[("-1,0", 0, 0), ("-1,0", 0, 0)]))
    after, _ = play(three, "birth -1,0")
    assert after.natives_of(0) == 4 and after.to_move == 1  # newborns wait a turn
    full = to_actions(pos(natives=[("-1,0", 0, ".")] * 8, huts=[("-1,0", 0, 0)]))
    refused(full, "birth -1,0", "all 8 of Blue's natives")


@rules("M-DRAW-1", "M-CARD-PLAY-1")
def test_drawing_a_card_once_and_playing_it_in_a_later_turn():
    state = to_actions(pos(natives=[("-1,0", 0, ".")]))
    top = state.deck[0]
    after, events = play(state, "draw")
    assert after.hands[0] == (top,) and kinds(events)[:1] == ["CardDrawn"]
    assert after.to_move == 1  # drawing ends phase II
    assert after.view(1).hands[0] == ("?",)


@rules("M-CARD-PLAY-1")
def test_a_card_drawn_this_turn_waits():
    import dataclasses

    state = to_actions(pos(natives=[("-1,0", 0, ".")], hands=[["holy_stone"], [], [], []]))
    # Seen mid-turn: the fresh card is kept apart and is not playable.
    fresh = dataclasses.replace(state, fresh="stamina", deck=state.deck[1:] if
                                state.deck[0] == "stamina" else state.deck)
    if "stamina" in fresh.deck:
        rest = list(fresh.deck)
        rest.remove("stamina")
        fresh = dataclasses.replace(fresh, deck=tuple(rest))
    mesopotamia.check_state(fresh)
    refused(fresh, "play stamina", "drawn this turn")
    assert "play holy_stone" in legal(fresh)


@rules("M-DRAW-2")
def test_the_discard_pile_becomes_the_new_deck():
    import dataclasses

    state = to_actions(pos(natives=[("-1,0", 0, ".")]))
    state = dataclasses.replace(state, deck=(), discard=state.deck)
    after, events = play(state, "draw")
    assert kinds(events)[:2] == ["DeckReshuffled", "CardDrawn"]
    assert len(after.deck) == 17 and after.discard == () and after.draws == 1
    many = pos(natives=[("-1,0", 0, ".")], hands=[["holy_stone", "holy_stone", "stamina"],
                                                    [], [], []], max_mana=[8, 3, 3, 3])
    after, _ = play(many, "play holy_stone", "play holy_stone", "play stamina")
    assert after.mana[0] == 4 and after.points == 8 and after.hands[0] == ()
    assert sorted(after.discard) == ["holy_stone", "holy_stone", "stamina"]


# ----------------------------------------------------------------------------------- mana


@rules("M-MANA-1")
def test_mana_from_own_and_other_holy_places():
    natives = [("-2,0", 0, "."), ("-2,1", 0, "."), ("-1,-1", 0, "."), ("-1,-1", 0, ".")]
    state = pos(tiles=WEST, natives=natives, holy={"-2,0": 0, "-2,1": 1, "-1,-1": 2},
                max_mana=[8, 3, 3, 3], no_reshuffle=True)
    state = with_deck_empty(state)
    after, events = play(state, "end")
    assert after.mana[0] == 2  # own holy place (1 native) and player 2's (2 natives)
    assert "ManaReceived" in kinds(events)


@rules("M-MANA-2")
def test_mana_stops_at_the_maximum():
    natives = [("-2,0", 0, "."), ("-2,1", 0, ".")]
    state = with_deck_empty(pos(tiles=WEST, natives=natives, holy={"-2,0": 0, "-2,1": 0},
                                mana=[2, 0, 0, 0], no_reshuffle=True))
    after, _ = play(state, "end")
    assert after.mana[0] == 3


# ------------------------------------------------------------------------------------ end


@rules("M-END-1")
def test_placing_the_fourth_marker_wins_at_once():
    state = pos(natives=[("1,0", 0, "M7")], mana=[7, 0, 0, 0], max_mana=[7, 3, 3, 3],
                delivered=[[2, 4, 6], [], [], []])
    after, events = play(state, "go 1,0 M7 0,0")
    assert after.is_over and after.winners() == frozenset({0}) and after.to_move is None
    assert mesopotamia.legal_moves(after) == [] and after.scores() == (4, 0, 0, 0)
    assert kinds(events)[-1] == "GameEnded" and "wins" in events[-1].describe()
    with pytest.raises(IllegalMove, match="game is over"):
        mesopotamia.apply(after, mesopotamia.EndMovement())


@rules("M-END-2")
def test_the_round_limit_ranks_markers_then_values_then_mana():
    state = with_deck_empty(pos(natives=[("-1,0", 0, ".")], delivered=[[2], [4], [], [4]],
                                mana=[0, 1, 3, 2], max_rounds=2, to_move=3,
                                no_reshuffle=True))
    after, events = play(state, "end")
    assert after.is_over and after.winners() == frozenset({3})  # 4 = 4, then mana 2 > 1
    assert events[-1].reason == "rounds" and after.round == 2


@rules("M-HIDDEN-1")
def test_a_view_hides_values_cards_and_orders():
    game = mesopotamia.new_game(4, seed=3, cards_at_start=True)
    state = game.state
    view = state.view(1)
    assert view.hands[1] == state.hands[1] and view.hands[0] == ("?",)
    assert view.markers[0] == (1, 1, 1, 1) and view.markers[1] == (2, 4, 6, 7)
    assert view.pile == tuple(sorted(state.pile)) and view.deck == tuple(sorted(state.deck))
    import random

    det = mesopotamia.determinize(view, random.Random(1))
    mesopotamia.check_state(det)
    assert det.hands[1] == state.hands[1] and len(det.deck) == len(state.deck)
    assert mesopotamia.legal_moves(state.view(0)) == mesopotamia.legal_moves(state)


@rules("M-TURN-1")
def test_moves_of_another_phase_are_refused_with_a_hint():
    state = pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, ".")])
    refused(state, "hut -2,0 2", "'hut' is not possible now: it is phase I")
    refused(state, "volcano -3,0", "'volcano' is not possible now")
    actions = to_actions(state)
    refused(actions, "go -2,0 . -1,0", "it is phase II")
    refused(actions, "play stamina", "holds no Stamina")
