"""Scenario tests: a small position per rule of docs/rules/tigris.md, act, check.

Positions are written in the text form of `engine/tigris/text.py`: a grid row starts with its
number and lists cells from column a; cells not written keep the starting layout.
"""

from __future__ import annotations

import pytest

from engine import tigris
from engine.core import IllegalMove, InvalidInput
from engine.tigris import events as ev
from tests.engine.tigris.helpers import at, influence, kinds, legal, play, pos

rules = pytest.mark.rules


# ---------------------------------------------------------------------------------- setup


@rules("T-SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players):
    state = tigris.new_state(players, seed=1)
    assert state.players == players and len(state.hands) == players


@rules("T-SETUP-1")
@pytest.mark.parametrize("players", [1, 5, True, "2"])
def test_other_player_counts_are_refused(players):
    with pytest.raises(InvalidInput, match="2 to 4 players"):
        tigris.new_state(players, seed=0)


def test_bad_options_and_seeds_are_refused():
    with pytest.raises(InvalidInput, match="unknown Tigris & Euphrates option"):
        tigris.new_game(2, seed=1, boards="advanced")
    with pytest.raises(InvalidInput, match="board must be one of"):
        tigris.new_game(2, seed=1, board="expert")
    with pytest.raises(InvalidInput, match="war_support must be one of"):
        tigris.new_game(2, seed=1, war_support="german")
    with pytest.raises(InvalidInput, match="buildings must be true or false"):
        tigris.new_game(2, seed=1, buildings="yes")
    with pytest.raises(InvalidInput, match="seed must be a whole number"):
        tigris.new_game(2, seed=-1)


@rules("T-COMP-1", "T-SETUP-2", "T-TREAS-1", "T-BOARD-2")
def test_setup_puts_the_starting_temples_out_and_the_rest_in_the_bag():
    state = tigris.new_state(2, seed=3)
    temples = state.board.temples
    assert len(temples) == 10 and state.treasures == temples
    assert all(at(state, tigris.cell_name(c)) == "r*" for c in temples)
    tiles = state.bag + "".join(state.hands)
    assert len(tiles) == 143
    assert [tiles.count(c) for c in "krbg"] == [30, 57 - 10, 36, 30]
    assert sum(tigris.TILE_COUNTS) == 153


@rules("T-SETUP-2")
def test_the_bag_comes_from_the_seed():
    assert tigris.new_state(3, seed=11) == tigris.new_state(3, seed=11)
    assert len({tigris.new_state(2, seed=s).bag for s in range(10)}) == 10


@rules("T-SETUP-3", "T-COMP-2", "T-CAT-1")
def test_each_player_starts_with_six_tiles_two_catastrophes_four_leaders():
    state = tigris.new_state(4, seed=2)
    assert all(len(h) == 6 for h in state.hands)
    assert state.catastrophes == (2, 2, 2, 2)
    assert all(code < tigris.state.LEADER for code in state.cells), "leaders start in hand"
    assert [tigris.player_name(p) for p in range(4)] == ["Bull", "Urn", "Bow", "Lion"]
    assert tigris.LEADER_NAMES["en"] == ("king", "priest", "farmer", "trader")
    moves = legal(state)
    assert {m.split()[1] for m in moves if m.startswith("leader")} == set("krbg")
    assert not any(m.startswith("discard") and "x" in m for m in moves)


@rules("T-SETUP-4")
def test_a_random_first_player_then_seating_order():
    firsts = {tigris.new_state(3, seed=s).first_player for s in range(30)}
    assert firsts == {0, 1, 2}
    state = pos("hand 0 kkkkkk\nturn 0")
    state, _ = play(state, "tile k a6", "tile k c6")
    assert state.active == 1 and state.to_move == 1 and state.actions == 2


# ---------------------------------------------------------------------------------- turns


@rules("T-TURN-1", "T-TURN-2")
def test_a_turn_is_two_actions_then_a_refill_to_six():
    state = pos("hand 0 kkrbgg")
    assert state.actions == 2
    state, evs = play(state, "tile k a6")
    assert state.active == 0 and state.actions == 1 and state.hands[0] == "krbgg"
    state, evs = play(state, "tile k c6")
    assert kinds(evs) == ["TilePlaced", "TilesDrawn", "TurnEnded"]
    assert len(state.hands[0]) == 6 and state.active == 1
    kinds_of_actions = {m.KIND for m in tigris.legal_moves(state)}
    assert kinds_of_actions == {"tile", "leader", "catastrophe", "discard"}


@rules("T-TURN-1")
def test_the_same_action_may_be_taken_twice():
    state = pos("hand 0 rrkbgg")
    state, _ = play(state, "leader k f4")
    state, _ = play(state, "leader r g3")
    assert state.active == 1


# ---------------------------------------------------------------------------------- tiles


@rules("T-TILE-3", "T-KINGDOM-1")
def test_a_tile_scores_for_the_leader_of_its_colour_or_else_the_king():
    state = pos("""
        4  . . . . R1
        5  . . . . r K0 k
        hand 0 kkrbgg
    """)
    after, evs = play(state, "tile r h5")
    assert influence(after, 1)["r"] == 1 and influence(after, 0) == dict.fromkeys("krbg", 0)
    assert evs[1].describe() == "Urn scores 1 red point for the tile."
    after, _ = play(state, "tile g h5")
    assert influence(after, 0)["g"] == 1, "no trader: the king takes the point"
    assert at(after, "h5") == "g"


@rules("T-TILE-3", "T-KINGDOM-1")
def test_a_tile_in_a_region_without_a_leader_scores_nothing():
    state = pos("5  . . . . k k\nhand 0 kkrbgg")
    after, evs = play(state, "tile k g5")
    assert kinds(evs) == ["TilePlaced"] and after.influence == state.influence


@rules("T-TILE-3")
def test_a_kingdom_without_the_colour_or_a_king_gives_nobody_the_point():
    state = pos("5  . . . . r R0\nhand 0 kkrbgg")
    after, evs = play(state, "tile g d5")
    assert kinds(evs) == ["TilePlaced"] and after.influence == state.influence


@rules("T-TILE-1")
def test_blue_only_on_the_river_and_only_blue_there():
    state = pos("hand 0 kkrbgg")
    with pytest.raises(IllegalMove, match="e1 is river: only blue farms go on the river"):
        play(state, "tile r e1")
    with pytest.raises(IllegalMove, match="a6 is land: blue farms go only on the river"):
        play(state, "tile b a6")
    after, _ = play(state, "tile b e1")
    assert at(after, "e1") == "b"


@rules("T-TILE-2")
def test_tiles_go_on_empty_squares_only():
    state = pos("""
        4  . . . . . . #r #r
        5  . . . . r K0 #r #r x
        monument rb g4
        hand 0 kkrbgg
    """)
    with pytest.raises(IllegalMove, match="e5 holds a red temple: only a catastrophe"):
        play(state, "tile k e5")
    with pytest.raises(IllegalMove, match="f5 holds Bull's king: a tile never goes on a leader"):
        play(state, "tile k f5")
    with pytest.raises(IllegalMove, match="g5 holds a monument: a tile never goes on a monument"):
        play(state, "tile k g5")
    with pytest.raises(IllegalMove, match="i5 holds a catastrophe: nothing goes on a catas"):
        play(state, "tile k i5")
    with pytest.raises(IllegalMove, match="Bull has no black settlement in hand"):
        play(pos("hand 0 rrrbgg"), "tile k a6")


@rules("T-TILE-4", "T-WAR-1")
def test_a_tile_joining_two_kingdoms_scores_nothing_even_without_a_war():
    state = pos("""
        5  . . . . r K0 . r R1
        hand 0 kkrbgg
    """)
    after, evs = play(state, "tile k g5")
    assert kinds(evs) == ["TilePlaced", "KingdomsJoined"]
    assert after.influence == state.influence and after.phase == "action"
    assert evs[1].describe() == "The tile on g5 joins two kingdoms: it scores nothing."


@rules("T-TILE-5")
def test_a_tile_may_not_join_three_kingdoms():
    state = pos("""
        3  . . . . . r* G1
        4  . . . . . . r
        5  . . . . r K0 . r R1
        hand 0 kkrbgg
    """)
    with pytest.raises(IllegalMove, match="a tile on g5 would join three kingdoms"):
        play(state, "tile k g5")
    assert "tile k g5" not in legal(state)


@rules("T-TILE-5", "T-KINGDOM-1")
def test_regions_without_leaders_may_all_be_joined():
    state = pos("""
        4  . . . . . . r
        5  . . . . r K0 . r
        6  . . . . . . r
        hand 0 kkrbgg
    """)
    after, _ = play(state, "tile k g5")
    assert influence(after, 0)["k"] == 1


# -------------------------------------------------------------------------------- leaders


@rules("T-LEADER-1", "T-LEADER-6")
def test_place_move_and_withdraw_a_leader():
    state = pos("hand 0 kkrbgg")
    state, evs = play(state, "leader k f4")
    assert at(state, "f4") == "K0" and kinds(evs) == ["LeaderPlaced"]
    assert state.influence[0] == (0, 0, 0, 0), "placing a leader scores nothing"
    state, evs = play(state, "leader k g3")
    assert at(state, "f4") == "." and at(state, "g3") == "K0"
    assert evs[0].describe() == "Bull moves the king from f4 to g3."
    assert state.active == 1, "two actions: the turn has passed"
    state = pos("3  . . . . . r* K0\nhand 0 kkrbgg")
    state, evs = play(state, "withdraw k")
    assert at(state, "g3") == "." and evs[0].describe() == (
        "Bull's king returns from g3 to the hand.")
    with pytest.raises(IllegalMove, match="Bull's king is not on the board"):
        play(state, "withdraw k")


@rules("T-LEADER-1")
def test_a_leader_moves_to_another_square():
    state = pos("3  . . . . . r* K0")
    with pytest.raises(IllegalMove, match="the king already stands on g3"):
        play(state, "leader k g3")


@rules("T-LEADER-2", "T-LEADER-3", "T-LEADER-5")
def test_a_leader_goes_on_empty_land_beside_a_temple():
    state = pos("3  . . . . . r* K1 k")
    with pytest.raises(IllegalMove, match="g3 holds Urn's king: a leader goes on an empty cell"):
        play(state, "leader k g3")
    with pytest.raises(IllegalMove, match="a6 touches no temple: a leader must stand next to"):
        play(state, "leader k a6")
    with pytest.raises(IllegalMove, match="e3 is river: a leader never stands on a river"):
        play(state, "leader k e3")
    targets = {m.split()[2] for m in legal(state) if m.startswith("leader k")}
    assert "f4" in targets and "e3" not in targets and "a6" not in targets


@rules("T-LEADER-4")
def test_a_leader_may_not_join_kingdoms():
    state = pos("""
        5  . . . . r K0 . r R1
        hand 0 kkrbgg
    """)
    with pytest.raises(IllegalMove, match="a leader on g5 would join two kingdoms"):
        play(state, "leader b g5")
    regions = pos("5  . . . . r K0 . r")
    after, _ = play(regions, "leader b g5")
    assert at(after, "g5") == "B0", "joining a kingdom and a region is allowed"


@rules("T-LEADER-4", "T-LEADER-1")
def test_a_moving_leader_leaves_its_square_first():
    # The king on f5 holds the priest's half (e4, e5) and the trader's half (g4, g5) together.
    state = pos("""
        4  . . . . r . r
        5  . . . . R0 K0 G1
        6  . . . . . r
        hand 0 kkrbgg
    """)
    moves = legal(state)
    assert "leader b f4" in moves, "from the hand, f4 touches one kingdom"
    assert "leader k f4" not in moves, "without the king, f4 would join two kingdoms"
    with pytest.raises(IllegalMove, match="a leader on f4 would join two kingdoms"):
        play(state, "leader k f4")
    assert "leader k e6" in moves


@rules("T-LEADER-4", "T-LEADER-1")
def test_a_leader_that_alone_made_a_kingdom_may_move_beside_it():
    state = pos("""
        5  . . . . r K0 . r R1
        hand 0 kkrbgg
    """)
    moves = legal(state)
    assert "leader b g5" not in moves and "leader k g5" in moves
    after, _ = play(state, "leader k g5")
    assert at(after, "f5") == "." and at(after, "g5") == "K0"


@rules("T-LEADER-7", "T-CAT-3")
def test_a_leader_without_a_temple_is_withdrawn_at_once():
    state = pos("5  . . . . r K0 k\nhand 0 kkrbgg")
    after, evs = play(state, "catastrophe e5")
    assert at(after, "e5") == "x" and at(after, "f5") == "."
    assert kinds(evs) == ["CatastrophePlaced", "LeaderWithdrawn"]
    assert evs[1].describe() == "Bull's king returns from f5 to the hand (no adjacent temple left)."
    assert after.catastrophes[0] == 1 and after.discard[1] == 1


# -------------------------------------------------------------------------------- revolts


REVOLT = """
    5  . . . . r K0 k . r
    4  . . . . . r
    hand 0 rrkbgg
    hand 1 rrrkbg
    turn 1
"""


@rules("T-REVOLT-1", "T-REVOLT-2", "T-REVOLT-3")
def test_a_leader_entering_a_kingdom_with_its_colour_starts_a_revolt():
    state = pos(REVOLT)
    state, evs = play(state, "tile k h5")
    state, evs = play(state, "leader k j5")
    started = evs[1]
    assert isinstance(started, ev.ConflictStarted) and started.conflict == "revolt"
    assert (started.attacker, started.defender) == (1, 0)
    assert (started.attacker_strength, started.defender_strength) == (1, 2)
    assert state.phase == "support" and state.to_move == 1
    assert legal(state) == {"support 0", "support 1", "support 2", "support 3"}
    state, _ = play(state, "support 2")
    assert state.to_move == 0, "the defender answers after seeing the attack"
    assert state.conflict[-1] == 2 and state.hands[1] == "rbg"
    assert legal(state) == {"support 0", "support 1", "support 2"}


@rules("T-REVOLT-4", "T-REVOLT-5")
def test_the_defender_wins_a_tied_revolt():
    state, _ = play(pos(REVOLT), "tile k h5", "leader k j5", "support 1", "support 0")
    assert at(state, "j5") == "." and at(state, "f5") == "K0"
    assert influence(state, 0)["r"] == 1 and state.discard[1] == 1
    assert state.phase == "action" or state.active == 0


@rules("T-REVOLT-4", "T-REVOLT-5")
def test_the_attacker_wins_with_more_and_everyone_discards_their_support():
    state = pos(REVOLT)
    state, evs = play(state, "tile k h5", "leader k j5", "support 3", "support 1")
    won = next(e for e in evs if isinstance(e, ev.ConflictWon))
    assert won.describe() == "Urn wins the revolt (4 against 3)."
    assert at(state, "f5") == "." and at(state, "j5") == "K1"
    assert influence(state, 1)["r"] == 1
    assert state.discard[1] == 4, "both sides discard what they committed"
    assert len(state.hands[0]) == 6, "the defender refills at the end of the turn (R-T4)"


@rules("T-REVOLT-3")
def test_support_comes_from_the_hand():
    state, _ = play(pos(REVOLT), "tile k h5", "leader k j5")
    with pytest.raises(IllegalMove, match="Urn holds only 3 red tiles"):
        play(state, "support 4")
    with pytest.raises(IllegalMove, match="'tile k a6' is not possible now: Urn commits"):
        play(state, "tile k a6")


# ----------------------------------------------------------------------------------- wars


WAR = """
    5  . . . . r K0 k . k K1 r
    hand 0 kkkrbg
    hand 1 kkrrbg
"""


@rules("T-WAR-1", "T-WAR-3", "T-WAR-4", "T-WAR-5")
def test_a_tile_joining_two_kings_starts_a_war_the_active_player_attacks():
    state, evs = play(pos(WAR), "tile k h5")
    started = evs[-1]
    assert isinstance(started, ev.ConflictStarted) and started.conflict == "war"
    assert (started.attacker, started.defender) == (0, 1)
    assert (started.attacker_strength, started.defender_strength) == (1, 1), (
        "the joining black tile counts for neither side")
    assert state.phase == "support" and state.to_move == 0
    assert legal(state) == {"support 0", "support 1", "support 2"}


@rules("T-WAR-6", "T-WAR-7")
def test_the_loser_leaves_with_its_supporters_and_the_winner_scores_for_each():
    state, evs = play(pos(WAR), "tile k h5", "support 0", "support 0")
    assert at(state, "f5") == "." and at(state, "g5") == ".", "ties go to the defender"
    assert at(state, "h5") == "k", "the joining tile stays"
    assert at(state, "e5") == "r", "only tiles of the war's colour go"
    assert influence(state, 1)["k"] == 2, "one for the leader, one for the tile"
    removed = next(e for e in evs if isinstance(e, ev.TilesRemoved))
    assert removed.cells == (tigris.parse_cell("g5"),)


@rules("T-WAR-5", "T-WAR-6")
def test_committed_war_support_decides_and_is_discarded():
    state, evs = play(pos(WAR), "tile k h5", "support 2", "support 1")
    assert at(state, "j5") == "." and at(state, "i5") == "." and at(state, "f5") == "K0"
    assert influence(state, 0)["k"] == 2
    assert state.discard[0] == 3 + 1, "3 committed black tiles and the removed one"


@rules("T-WAR-8")
def test_a_lost_priest_war_keeps_temples_with_treasure_or_beside_other_leaders():
    state = pos("""
        4  . . . . . . r r
        5  . . . . . r R1 r . r R0 r r r*
        6  . . . . . . r . . . . G0
        hand 0 kkrbgg
        hand 1 kkrbgg
        turn 1
    """)
    state, evs = play(state, "tile k i5", "support 0", "support 0")
    assert at(state, "k5") == "." and influence(state, 1)["r"] == 3
    assert at(state, "j5") == "." and at(state, "m5") == ".", "lone temples go"
    assert at(state, "l5") == "r", "the temple beside the trader stays"
    assert at(state, "n5") == "r*", "the treasure's temple stays"
    assert at(state, "l6") == "G0"


@rules("T-WAR-2")
def test_the_active_player_orders_several_wars():
    state = pos("""
        5  . . . . r K0 . r K1
        6  . . . . R0 k . R1 k
        hand 0 kkrrbg
        hand 1 kkrrbg
    """)
    state, _ = play(state, "tile g g5")
    assert state.phase == "war" and state.to_move == 0
    assert legal(state) == {"war k", "war r"}
    state, evs = play(state, "war r")
    assert evs[0].conflict == "war" and evs[0].colour == 1
    state, evs = play(state, "support 0", "support 0")
    assert at(state, "e6") == ".", "the priest lost; e5 stays beside the king"
    started = [e for e in evs if isinstance(e, ev.ConflictStarted)]
    assert len(started) == 1 and started[0].colour == 0, "the black war follows by itself"


@rules("T-WAR-2")
def test_a_later_war_is_judged_on_the_board_as_it_then_is():
    state = pos("""
        5  . . . . r K0 . r K1
        6  . . . . R0 k . R1 k
        hand 0 kkrrbg
        hand 1 kkrrbg
    """)
    state, evs = play(state, "tile g g5", "war k", "support 0", "support 0")
    assert at(state, "f5") == "." and at(state, "f6") == "."
    assert not any(isinstance(e, ev.ConflictStarted) and e.colour == 1 for e in evs), (
        "the priests are no longer in one kingdom: no war")
    assert at(state, "e6") == "R0" and state.phase == "action"


@rules("T-WAR-3")
def test_when_the_active_player_is_not_involved_the_next_involved_player_attacks():
    state = pos("""
        5  . . . . r K1 . r K0
        hand 2 kkrrbg
        players 3
        turn 2
    """)
    state, evs = play(state, "tile g g5")
    started = evs[-1]
    assert (started.attacker, started.defender) == (0, 1), "after Bow (2) comes Bull (0)"
    assert state.to_move == 0
    assert tigris.legal_moves(state)[0] == tigris.Support(0)


# ------------------------------------------------------------------------------ monuments


MONUMENT = """
    4  . . . . . . r
    5  . . . . r r K0
    6  . . . . r . R0 r
    hand 0 rrkbgg
    actions 1
"""


@rules("T-MON-1", "T-COMP-3")
def test_a_square_of_four_offers_every_free_monument_of_its_colour():
    state, evs = play(pos(MONUMENT), "tile r f6")
    assert state.phase == "monument" and state.to_move == 0
    assert legal(state) == {"monument kr e5", "monument rb e5", "monument rg e5", "decline"}
    assert len(tigris.MONUMENTS) == 6


@rules("T-MON-1", "T-MON-3")
def test_a_declined_monument_leaves_the_tiles():
    state, evs = play(pos(MONUMENT), "tile r f6", "decline")
    assert at(state, "e5") == "r" and "Declined" in kinds(evs)
    assert state.monuments == (-1,) * 6


@rules("T-MON-2", "T-MON-3", "T-LEADER-7")
def test_a_monument_turns_its_tiles_over_and_pays_at_the_end_of_the_turn():
    state, evs = play(pos(MONUMENT), "tile r f6", "monument kr e5")
    assert [at(state, c) for c in ("e5", "f5", "e6", "f6")] == ["#r"] * 4
    assert state.monuments[tigris.MONUMENTS.index("kr")] == tigris.parse_cell("e5")
    assert at(state, "g5") == "K0", "the king still has g4 beside it"
    assert at(state, "g6") == "R0", "the priest still has h6"
    scored = [e for e in evs if isinstance(e, ev.PointsScored) and e.reason == "monument"]
    assert [(e.player, e.colour) for e in scored] == [(0, 0), (0, 1)]
    assert state.active == 1


@rules("T-MON-2", "T-LEADER-7")
def test_turned_over_temples_no_longer_hold_leaders_nor_count():
    state = pos("""
        5  . . . . r r R0
        6  . . . . r
        hand 0 rrkbgg
    """)
    state, evs = play(state, "tile r f6", "monument rb e5")
    assert at(state, "g5") == "." and "LeaderWithdrawn" in kinds(evs)


@rules("T-MON-3")
def test_monuments_pay_only_the_active_player():
    state = pos("""
        4  . . . . #k #k r
        5  . . . . #k #k K1
        monument kg e4
        hand 0 kkrbgg
        hand 1 kkrbgg
    """)
    state, evs = play(state, "tile k a6", "tile k c6")
    assert not any(isinstance(e, ev.PointsScored) for e in evs)
    state, evs = play(state, "tile k a8", "tile k c8")
    assert [(e.player, e.colour, e.reason) for e in evs if isinstance(e, ev.PointsScored)] == [
        (1, 0, "monument")]


# ------------------------------------------------------------------------------ treasures


@rules("T-TREAS-2")
def test_a_trader_by_two_treasures_takes_all_but_one_and_chooses_which_stays():
    state = pos("""
        1  . . . . ~ ~ ~ ~ ~ . r*
        2  . r* . . ~ . . . . . k
        3  . . . ~ ~ r* k k k k k
        hand 0 rrkbgg
    """)
    state, evs = play(state, "leader g f4")
    assert state.phase == "treasure" and state.to_move == 0
    assert legal(state) == {"keep f3", "keep k1"}
    with pytest.raises(IllegalMove, match="cannot be the one that stays"):
        play(state, "keep b2")
    state, evs = play(state, "keep k1")
    assert at(state, "f3") == "r" and at(state, "k1") == "r*"
    assert state.treasures_taken == (1, 0)
    assert kinds(evs)[0] == "TreasureTaken"


@rules("T-TREAS-2")
def test_special_border_treasures_are_taken_first():
    state = pos("""
        2  . r* . . ~ . . . . . . . ~ . . r*
        3  . . . ~ ~ r* . . . . . . ~ ~ k k
        4  ~ ~ ~ ~ . . . . . . . . . ~ b ~
        5  . . . . . . . . . . . . . r* b ~
        hand 0 rrkbgg
    """)
    state, evs = play(state, "leader g n6")
    assert at(state, "p2") == "r" and at(state, "n5") == "r*", "p2's treasure is special"
    assert state.treasures_taken == (1, 0) and state.phase == "action"
    assert evs[-1].describe() == "Bull takes the treasure on p2."


@rules("T-TREAS-2")
def test_treasures_are_taken_even_on_another_players_turn():
    state = pos("""
        2  . r* . . ~ . . . . . . . ~ . . r*
        3  . . . ~ ~ r* . . . . . . ~ ~ k .
        4  ~ ~ ~ ~ . . . . . . . . . ~ b ~
        5  . . . . . . . . . . . . . r* b ~
        6  . . . . . . . . . . . . . G0
        hand 1 kkrbgg
        turn 1
    """)
    state, evs = play(state, "tile k p3")
    assert state.treasures_taken == (1, 0) and state.active == 1
    assert [e.player for e in evs if isinstance(e, ev.TreasureTaken)] == [0]


# ---------------------------------------------------------------------------- catastrophes


@rules("T-CAT-2")
def test_where_a_catastrophe_may_not_go():
    state = pos("""
        4  . . . . #k #k
        5  . . . . #k #k r K0 x
        monument kg e4
        hand 0 rrkbgg
    """)
    for cell, why in [("h5", "a leader"), ("e4", "a monument"), ("i5", "another catastrophe"),
                      ("f3", "a treasure")]:
        with pytest.raises(IllegalMove, match=f"never goes on .*{why}|{why}"):
            play(state, f"catastrophe {cell}")
    after, _ = play(state, "catastrophe e1")
    assert at(after, "e1") == "x", "an empty river square takes one too"
    spent = pos("6  x x\ncatastrophes 0 0\nhand 0 kkrbgg")
    with pytest.raises(IllegalMove, match="Bull has no catastrophe tile left"):
        play(spent, "catastrophe a6")


@rules("T-CAT-3", "T-KINGDOM-1")
def test_a_catastrophe_destroys_a_tile_and_splits_a_kingdom():
    state = pos("""
        5  . . . . r K0 k k k
        hand 0 kkrbgg
    """)
    after, evs = play(state, "catastrophe h5")
    assert at(after, "h5") == "x" and after.discard[0] == 1
    assert evs[0].describe() == "Bull places a catastrophe on h5, destroying the settlement."
    after, evs = play(after, "tile k j5")
    assert kinds(evs)[:1] == ["TilePlaced"] and after.influence[0] == (0, 0, 0, 0), (
        "i5 and j5 are cut off from the king: a region")


@rules("T-CAT-1")
def test_catastrophes_are_not_discarded():
    state = pos("hand 0 kkrbgg")
    assert all("x" not in m for m in legal(state) if m.startswith("discard"))
    with pytest.raises(InvalidInput, match="tiles to discard must be letters"):
        tigris.parse_move("discard x")


# -------------------------------------------------------------------------------- drawing


@rules("T-DRAW-1")
def test_discard_any_number_and_draw_as_many_at_once():
    state = pos("hand 0 kkrbgg\nbag 50")
    after, evs = play(state, "discard kkg")
    assert len(after.hands[0]) == 6 and len(after.bag) == 47
    assert after.swapped[0] == "kkg" and after.discard == state.discard, (
        "swapped tiles lie apart, face down (R-T15)")
    assert after.actions == 1
    assert kinds(evs) == ["TilesDiscarded", "TilesDrawn"]
    assert after.hands[0].count("r") >= 1
    with pytest.raises(IllegalMove, match="cannot discard rrr: the hand holds only kkrbgg"):
        play(state, "discard rrr")
    discards = [m for m in tigris.legal_moves(state) if m.KIND == "discard"]
    assert len(discards) == 3 * 2 * 2 * 3 - 1


@rules("T-DRAW-2")
def test_the_active_player_and_the_conflict_players_refill_at_the_end_of_the_turn():
    state, _ = play(pos(WAR), "tile k h5", "support 2", "support 1")
    assert len(state.hands[0]) == 3 and len(state.hands[1]) == 5, "not yet: one action left"
    state, evs = play(state, "tile b e1")
    drawn = [(e.player, e.count) for e in evs if isinstance(e, ev.TilesDrawn)]
    assert drawn == [(0, 4), (1, 1)]
    assert all(len(h) == 6 for h in state.hands)


# ---------------------------------------------------------------------------- game end


@rules("T-END-1")
def test_the_game_ends_at_the_end_of_a_turn_with_two_treasures_left():
    state = pos("""
        1  . . . . ~ ~ ~ ~ ~ . r*
        2  . r . . ~ . . . . . k . ~ . . r
        3  . . . ~ ~ r* k k k k k
        5  . . . . . . . . . . . . . r
        7  ~ ~ ~ ~ . . . . r
        8  . r* . ~ ~ ~ ~ . . . . . ~ . . .
        9  . . . . . . ~ ~ ~ ~ ~ ~ ~ . r .
        10 . . . . . r
        11 . . . . . . . . . . r
        treasures 1 7
        hand 0 rrkbgg
    """)
    state, evs = play(state, "leader g f4", "keep k1")
    assert state.phase == "action", "two treasures left, but the turn goes on"
    state, evs = play(state, "tile k a6")
    assert state.is_over and isinstance(evs[-1], ev.GameEnded)
    assert evs[-1].reason == "treasures" and state.to_move is None
    assert tigris.legal_moves(state) == []
    with pytest.raises(IllegalMove, match="the game is over"):
        play(state, "tile k c6")


@rules("T-END-2")
def test_the_game_ends_when_the_bag_cannot_refill_a_hand():
    state = pos("hand 0 kkrbgg\nbag 1")
    state, evs = play(state, "tile k a6")
    assert not state.is_over
    state, evs = play(state, "tile k c6")
    assert state.is_over and evs[-1].reason == "bag"
    assert "BagEmpty" in kinds(evs) and len(state.hands[0]) == 5
    assert evs[-1].describe().startswith("Game over, the bag is empty")


@rules("T-END-2")
def test_a_short_redraw_ends_the_game_with_that_turn():
    state = pos("hand 0 kkrbgg\nbag 1")
    state, _ = play(state, "discard kk")
    assert state.ending and not state.is_over and state.actions == 1
    state, evs = play(state, "tile g a6")
    assert state.is_over


@rules("T-SCORE-2")
def test_a_full_tie_at_the_end_is_a_shared_win():
    state = pos("""
        influence 0 k9 r9 b9 g9
        influence 1 k9 r9 b9 g9
        hand 0 kkrbgg
        bag 0
    """)
    final, evs = play(state, "tile k a6", "tile k c6")
    assert final.is_over and final.winners() == frozenset({0, 1})
    assert final.scores() == (9, 9)
    assert evs[-1].describe().endswith("Bull and Urn share the win.")


@rules("T-SCORE-2")
def test_a_tie_on_the_lowest_colour_goes_to_the_next_lowest():
    state = pos("""
        influence 0 k3 r5 b4 g9
        influence 1 k3 r4 b4 g9
        hand 0 kkrbgg
        bag 0
    """)
    final, _ = play(state, "tile k a6", "tile k c6")
    assert final.scores() == (3, 3) and final.winners() == frozenset({0})
