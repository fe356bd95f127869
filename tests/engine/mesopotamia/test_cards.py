"""The 18 cards and both variants: a scenario per card (docs/rules/mesopotamia.md, M-CARD-…)."""

from __future__ import annotations

import dataclasses

import pytest

from engine import mesopotamia
from engine.core import IllegalMove
from tests.engine.mesopotamia.util import (
    WEST,
    goods_at,
    kinds,
    legal,
    natives_at,
    play,
    pos,
    with_deck,
    with_pile,
)

rules = pytest.mark.rules


def refused(state, text, match):
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=match):
        mesopotamia.apply(state, mesopotamia.parse_move(text))
    assert state.to_dict() == before


def hand(card, **kw):
    return pos(hands=[[card], [], [], []], **kw)


@rules("M-CARD-EXPULSION-1")
def test_expulsion_moves_an_opponents_native_without_its_good():
    state = hand("expulsion", tiles=WEST, natives=[("-1,0", 1, "L"), ("-1,0", 0, ".")])
    after, events = play(state, "play expulsion -1,0 n1:L -2,1")
    assert natives_at(after, "-2,1", 1) == ["."] and goods_at(after, "-1,0") == (1, 0)
    assert after.discard == ("expulsion",) and after.hands[0] == ()
    assert kinds(events) == ["CardPlayed"]
    refused(state, "play expulsion -1,0 n0:. -2,1", "never your own")
    far = hand("expulsion", tiles={**WEST, "-3,1": "plain", "-4,1": "plain", "-5,1": "plain"},
               natives=[("-1,0", 1, ".")])
    assert "play expulsion -1,0 n1:. -4,1" in legal(far)
    refused(far, "play expulsion -1,0 n1:. -5,1", "up to 3 fields")
    # A marker stays with its native.
    marked = hand("expulsion", tiles=WEST, natives=[("-1,0", 1, "M4")])
    assert "play expulsion -1,0 n1:M? -2,0" in legal(marked)
    after, _ = play(marked, "play expulsion -1,0 n1:M? -2,0")
    assert natives_at(after, "-2,0", 1) == ["M4"]


@rules("M-CARD-EXPULSION-2")
def test_expulsion_moves_an_opponents_hut_with_its_marker_to_another_plain():
    state = hand("expulsion", tiles=WEST, huts=[("-1,0", 2, 6), ("-2,1", 3, 0), ("-2,1", 3, 0)])
    after, _ = play(state, "play expulsion -1,0 h2+ -2,0")
    assert (-2, 0, 2, 6) in after.huts and not any(h[:2] == (-1, 0) for h in after.huts)
    refused(state, "play expulsion -1,0 h2+ -2,1", "without 2 huts")
    refused(state, "play expulsion -1,0 h2+ 1,-1", "only to another plain")
    neutral = hand("expulsion", tiles=WEST, huts=[("-1,0", -1, 0)])
    assert not any(m.startswith("play expulsion") for m in legal(neutral))


@rules("M-CARD-FERTILITY-1")
def test_fertility_gives_twins_at_one_hut():
    state = hand("fertility", natives=[("-1,0", 0, ".")] * 4, huts=[("-1,0", 0, 0)] * 2)
    after, _ = play(state, "play fertility", "end", "birth -1,0")
    assert after.natives_of(0) == 6 and not after.fertility
    after, events = play(after, "birth -1,0")
    assert after.natives_of(0) == 7 and events[0].count == 1
    refused(play(state, "play fertility")[0], "play fertility", "no Fertility")


@rules("M-CARD-MANATHEFT-1")
def test_mana_theft_takes_one_mana_from_an_opponent():
    state = hand("mana_theft", mana=[1, 2, 0, 0])
    assert [m for m in legal(state) if m.startswith("play")] == ["play mana_theft 1"]
    after, _ = play(state, "play mana_theft 1")
    assert after.mana == (2, 1, 0, 0)
    refused(state, "play mana_theft 2", "Yellow has no mana")
    refused(state, "play mana_theft 0", "not an opponent")


@rules("M-CARD-TELEPORT-1")
def test_teleport_moves_a_good_or_a_native_with_its_load():
    state = hand("teleport", tiles=WEST, natives=[("-1,0", 0, "S")], goods={"1,-1": (2, 0)})
    after, _ = play(state, "play teleport 1,-1 L -2,0")
    assert goods_at(after, "-2,0") == (1, 0) and goods_at(after, "1,-1") == (1, 0)
    after, _ = play(state, "play teleport -1,0 n0:S 1,0")
    assert natives_at(after, "1,0") == ["S"]
    refused(state, "play teleport -1,0 n0:S 0,0", "except the temple place")
    refused(state, "play teleport -1,0 n0:S 0,-1", "no field")


@rules("M-CARD-TELEPORT-2")
def test_teleport_works_on_opponents_and_on_what_they_carry():
    state = hand("teleport", tiles=WEST, natives=[("-1,0", 1, "L"), ("-1,1", 2, "M6")])
    after, _ = play(state, "play teleport -1,0 c1:L -2,0")
    assert natives_at(after, "-1,0", 1) == ["."] and goods_at(after, "-2,0") == (1, 0)
    after, _ = play(state, "play teleport -1,1 n2:M? -2,0")
    assert natives_at(after, "-2,0", 2) == ["M6"]


@rules("M-CARD-HOLYSTONE-1")
def test_holy_stone_gives_two_mana_up_to_the_maximum():
    after, _ = play(hand("holy_stone", mana=[0, 0, 0, 0]), "play holy_stone")
    assert after.mana[0] == 2
    after, _ = play(hand("holy_stone", mana=[2, 0, 0, 0]), "play holy_stone")
    assert after.mana[0] == 3


@rules("M-CARD-LAND-1")
def test_land_shows_four_fields_and_shuffles_the_rest_back():
    state = with_pile(hand("land", natives=[("-1,0", 0, ".")]), "V", "F", "P", "P")
    after, events = play(state, "play land", "discover -1,0 . -2,0")
    assert after.phase == "land" and sorted(after.candidates) == ["F", "P", "P", "V"]
    assert legal(after) == ["choose forest", "choose plain", "choose volcano"]
    assert after.view(1).candidates == ("?",) * 4
    guessed = mesopotamia.determinize(after.view(1), __import__("random").Random(0))
    assert sorted(guessed.candidates) == sorted(after.candidates)  # known by elimination
    after, events = play(after, "choose forest")
    assert after.tile_at((-2, 0)) == "F" and len(after.pile) == 33 and after.draws == 1
    assert sorted(after.pile).count("V") == 3 and natives_at(after, "-2,0") == ["."]
    refused(hand("land", natives=[("-1,0", 0, ".")], phase="action"), "play land",
            "during movement")


@rules("M-CARD-STAMINA-1")
def test_stamina_gives_three_more_points():
    state = hand("stamina", natives=[("-1,0", 0, ".")], points=1)
    after, events = play(state, "play stamina")
    assert after.points == 4 and "4 movement points" in events[0].describe()


@rules("M-CARD-PRIEST-1")
def test_priest_adds_one_mana_from_one_holy_place():
    state = pos(tiles=WEST, natives=[("-2,0", 0, ".")], holy={"-2,0": 0},
                hands=[["priest", "priest"], [], [], []], max_mana=[8, 3, 3, 3],
                no_reshuffle=True)
    state = dataclasses.replace(state, deck=(), out=state.deck)
    after, _ = play(state, "play priest -2,0", "play priest -2,0", "end")
    assert after.mana[0] == 3  # 1 + 1 + 1
    assert after.hands[0] == () and after.discard == ()  # played cards left the game


@rules("M-CARD-PRIEST-1", "M-MANA-1", "R-M11")
def test_a_priest_doubles_the_normal_mana_of_one_holy_place_R_M11():
    # "You receive double the normal amount of Mana from one Holy Place of your choice".
    from engine.mesopotamia.scoring import phase_three_mana

    own, red = (-2, 0), (-1, -1)
    holy = {own: 0, red: 1}
    # The normal amount: 1 from an own holy place with one native, 1 from another player's
    # with two; a Priest doubles it to 2.
    assert phase_three_mana(0, holy, {own: 1}, [])[0] == 1
    assert phase_three_mana(0, holy, {own: 1}, [own])[0] == 2
    assert phase_three_mana(0, holy, {red: 2}, [red])[0] == 2
    # Double nothing is nothing: a holy place that gives no mana gives none with a Priest.
    assert phase_three_mana(0, holy, {red: 1}, [red])[0] == 0
    # Two Priests each double the normal 1, not each other's result: 1 + 1 + 1.
    assert phase_three_mana(0, holy, {own: 1}, [own, own])[0] == 3


@rules("M-VAR-1")
def test_cards_at_the_beginning():
    state = mesopotamia.new_state(4, seed=9, cards_at_start=True)
    assert all(len(h) == 1 for h in state.hands) and len(state.deck) == 14
    plays = [m for m in legal(state) if m.startswith("play")]
    assert plays or state.hands[0][0] in ("priest", "mana_theft", "land", "fertility")


@rules("M-VAR-2")
def test_do_not_shuffle_the_cards():
    state = hand("holy_stone", no_reshuffle=True)
    after, _ = play(state, "play holy_stone")
    assert after.out == ("holy_stone",) and after.discard == ()
    empty = dataclasses.replace(after, deck=(), out=(*after.out, *after.deck))
    after, events = play(empty, "end")
    assert "ActionSkipped" in kinds(events)  # nothing to draw and nothing else possible


def test_cards_decks_come_from_the_seed():
    state = with_deck(mesopotamia.new_state(4, seed=1), "land")
    assert state.deck[0] == "land"


@rules("M-ACT-1", "M-CARD-TELEPORT-2")
def test_a_teleport_in_phase_two_can_leave_no_action_and_the_turn_goes_on():
    state = pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, ".")],
                hands=[["teleport"], [], [], []], no_reshuffle=True)
    state = dataclasses.replace(state, deck=(), out=state.deck)
    state, _ = play(state, "end")
    assert state.phase == "action" and "hut -2,0 2" in legal(state)
    after, events = play(state, "play teleport -2,0 c0:L 1,-1")
    assert "ActionSkipped" in kinds(events) and after.to_move == 1
    assert goods_at(after, "1,-1") == (1, 0)


# ------------------------------------------------ a held card after the last action (R-M17)


def to_actions(state):
    after, _ = play(state, "end")
    assert after.phase == "action"
    return after


@rules("M-CARD-PLAY-2", "M-CARD-TELEPORT-1")
def test_a_newborn_native_can_be_teleported_in_the_turn_it_is_born():
    state = to_actions(hand("teleport", natives=[("-1,0", 0, "."), ("-1,0", 0, ".")],
                            huts=[("-1,0", 0, 0)]))
    born, events = play(state, "birth -1,0")
    assert kinds(events) == ["NativeBorn"], "holding a card the player keeps the turn"
    assert born.to_move == 0 and born.phase == "action" and born.action == "birth"
    moves = legal(born)
    assert "done" in moves and "play teleport -1,0 n0:. 1,0" in moves
    after, events = play(born, "play teleport -1,0 n0:. 1,0")
    assert natives_at(after, "1,0", 0) == ["."] and natives_at(after, "-1,0", 0) == [".", "."]
    # Nothing left to decide: phase III and the next turn follow at once.
    assert after.to_move == 1 and kinds(events)[-1] == "TurnStarted"


@rules("M-CARD-PLAY-2", "M-CARD-PLAY-1", "M-DRAW-1")
def test_a_card_held_from_before_keeps_the_turn_after_drawing_and_the_new_one_waits():
    state = to_actions(with_deck(hand("holy_stone", natives=[("-1,0", 0, ".")],
                                      max_mana=[5, 3, 3, 3]), "stamina"))
    drawn, events = play(state, "draw")
    assert kinds(events) == ["CardDrawn"] and drawn.to_move == 0 and drawn.fresh == "stamina"
    assert legal(drawn) == ["play holy_stone", "done"]
    refused(drawn, "play stamina", "drawn this turn")
    refused(drawn, "draw", "action D is taken once a turn")
    after, events = play(drawn, "play holy_stone")
    assert after.to_move == 1 and after.hands[0] == ("stamina",) and after.mana[0] == 2
    # Holding only a card of phase I (Stamina, Land) does not keep the turn.
    stamina = to_actions(hand("stamina", natives=[("-1,0", 0, ".")]))
    assert play(stamina, "draw")[0].to_move == 1


@rules("M-CARD-PLAY-2", "M-CARD-PRIEST-1", "M-MANA-1")
def test_a_priest_played_after_the_last_action_counts_in_phase_three():
    state = to_actions(hand("priest", natives=[("-1,0", 0, ".")], holy={"-1,0": 0}))
    drawn, _ = play(state, "draw")
    assert drawn.to_move == 0 and "play priest -1,0" in legal(drawn)
    after, events = play(drawn, "play priest -1,0")
    gained = [e for e in events if type(e).__name__ == "ManaReceived"]
    assert len(gained) == 1 and gained[0].describe().startswith("Blue receives 2 mana")
    # Ending the turn instead: phase III without the Priest.
    plain, events = play(drawn, "done")
    assert plain.mana[0] == 1 and plain.hands[0][0] == "priest" and plain.to_move == 1


@rules("M-CARD-PLAY-2", "M-ACT-1")
def test_with_no_action_possible_a_held_card_still_gets_its_phase_two():
    state = hand("holy_stone", natives=[("-1,0", 0, ".")], no_reshuffle=True)
    state = dataclasses.replace(state, deck=(), out=state.deck)
    after, events = play(state, "end")
    assert after.phase == "action" and after.to_move == 0 and "ActionSkipped" not in kinds(events)
    assert legal(after) == ["play holy_stone", "done"]
    ended, events = play(after, "done")
    assert kinds(events)[0] == "ActionSkipped" and ended.to_move == 1
    played, events = play(after, "play holy_stone")
    assert "ActionSkipped" in kinds(events) and played.to_move == 1


@rules("M-CARD-PLAY-2", "M-CARD-FERTILITY-1")
def test_fertility_is_not_offered_once_no_birth_can_come():
    state = to_actions(pos(natives=[("-1,0", 0, ".")], hands=[["fertility", "holy_stone"], [],
                                                                [], []]))
    assert "play fertility" in legal(state), "before the action is chosen a birth may come"
    drawn, _ = play(state, "draw")
    assert legal(drawn) == ["play holy_stone", "done"]
    refused(drawn, "play fertility", "no birth can come this turn")
    alone = to_actions(hand("fertility", natives=[("-1,0", 0, ".")]))
    assert play(alone, "draw")[0].to_move == 1, "a card that cannot act keeps no turn"
