"""The five variants of the rule text, each an option: a scenario per rule."""

from __future__ import annotations

import pytest

from engine import tigris
from engine.core import IllegalMove
from engine.tigris import events as ev
from tests.engine.tigris.helpers import at, influence, kinds, legal, play, pos

rules = pytest.mark.rules


@rules("T-VAR-ADVANCED-1")
def test_the_advanced_board_has_fourteen_treasures_six_special():
    state = tigris.new_state(3, seed=4, board="advanced")
    board = state.board
    assert len(board.temples) == 14 and len(board.special) == 6
    assert state.treasures == board.temples
    assert len(state.bag) + sum(map(len, state.hands)) == 153 - 14
    assert at(state, "e1") == "r*" and at(state, "a8") == "r*" and at(state, "c1") == "~"
    final = tigris.random_playout(state, __import__("random").Random(4))
    tigris.check_state(final)


REVOLT = """
    4  . . . . . r
    5  . . . . r K0 k k r
    hand 0 rrkbgg
    hand 1 rrrkbg
    turn 1
"""


@rules("T-VAR-ENGLISH-1")
def test_english_support_only_when_the_total_would_exceed_the_other_side():
    state, _ = play(pos(REVOLT, war_support="english"), "leader k j5")
    assert state.conflict[4:6] == (1, 2)
    assert legal(state) == {"support 0", "support 2", "support 3"}, "1 + 1 would only tie"
    with pytest.raises(IllegalMove, match=r"English war support: Urn may commit tiles only if "
                                          r"the total would exceed .* \(1 \+ 1 is not more "
                                          r"than 2\)"):
        play(state, "support 1")
    state, _ = play(state, "support 2")
    assert legal(state) == {"support 0", "support 2"}, "the defender must exceed 3 too (R-T9)"
    standard, _ = play(pos(REVOLT), "leader k j5")
    assert legal(standard) == {"support 0", "support 1", "support 2", "support 3"}


BUILDINGS = """
    5  . . . . r K0 k k
    hand 0 kkkrbg
"""


@rules("T-VAR-BUILD-1")
def test_a_line_of_three_offers_the_building_of_its_colour():
    state, evs = play(pos(BUILDINGS, buildings=True), "tile k i5")
    assert influence(state, 0)["k"] == 1
    assert state.phase == "building" and state.to_move == 0
    assert legal(state) == {"building g5", "building h5", "building i5", "decline"}
    state, evs = play(state, "building h5")
    assert state.buildings[0] == tigris.parse_cell("h5") and at(state, "h5") == "k+"
    assert evs[0].describe() == "Bull places the palace on h5."
    assert evs[0].describe("nl") == "Stier zet het paleis op h5."
    plain, _ = play(pos(BUILDINGS), "tile k i5")
    assert plain.phase == "action", "without the variant there is no building"


@rules("T-VAR-BUILD-5")
def test_the_building_of_its_colour_doubles_a_tiles_point():
    state, _ = play(pos(BUILDINGS, buildings=True), "tile k i5", "building h5")
    state, evs = play(state, "tile k j5")
    assert [e.points for e in evs if isinstance(e, ev.PointsScored)] == [2]
    state, _ = play(pos(BUILDINGS.replace("kkkrbg", "kkrrbg"), buildings=True), "tile k i5",
                    "building h5")
    state, evs = play(state, "tile r e6")
    assert [e.points for e in evs if isinstance(e, ev.PointsScored)] == [1], (
        "the palace doubles black points only (R-T17)")


@rules("T-VAR-BUILD-2")
def test_a_building_moves_only_to_a_longer_line():
    state = pos("""
        4  ~ ~ ~ ~ . . . . . . k
        5  . . . . r K0 k k+ k . k
        hand 0 kkkrbg
    """, buildings=True)
    after, _ = play(state, "tile k k6")
    assert after.phase == "action", "a line of three is not longer than the palace's"
    state = pos("""
        4  ~ ~ ~ ~ . . . . . . k
        5  . . . . r K0 k k+ k . k
        6  . . . . . . . . . . k
        hand 0 kkkrbg
    """, buildings=True)
    after, _ = play(state, "tile k k7")
    assert legal(after) == {"building k4", "building k5", "building k6", "building k7",
                            "decline"}
    after, evs = play(after, "building k6")
    assert after.buildings[0] == tigris.parse_cell("k6") and at(after, "h5") == "k"
    assert evs[0].describe() == "Bull places the palace on k6 (moved from h5)."


@rules("T-VAR-BUILD-3")
def test_a_building_survives_catastrophes_and_wars_but_not_a_monument():
    state = pos("""
        5  . . . . r K0 k+ . k K1 r
        hand 0 kkkrbg
        hand 1 kkrrbg
    """, buildings=True)
    with pytest.raises(IllegalMove, match="holds a civilization building"):
        play(state, "catastrophe g5")
    after, evs = play(state, "tile r h5", "support 0", "support 0")
    assert at(after, "f5") == "." and at(after, "g5") == "k+", "the palace's tile stays"
    assert influence(after, 1)["k"] == 1, "only the leader was removed"
    square = pos("""
        4  . . . . . r+
        5  . . . . r r K0
        6  . . . . . . r
        hand 0 rrkbgg
    """, buildings=True)
    after, evs = play(square, "tile r e4")
    assert after.phase == "monument"
    after, evs = play(after, "monument rg e4")
    assert after.buildings[1] == -1 and "BuildingRemoved" in kinds(evs)


@rules("T-VAR-BUILD-4")
def test_the_building_comes_before_the_monument():
    state = pos("""
        4  . . . . . r r
        5  . . . . . r . K0
        6  . . . . . . r r
        hand 0 rrkbgg
    """, buildings=True)
    state, _ = play(state, "tile r g5")
    assert state.phase == "building"
    with pytest.raises(IllegalMove, match="not possible now"):
        play(state, "monument kr f4")
    state, _ = play(state, "building g4")
    assert state.phase == "monument"
    assert "monument kr f4" in legal(state)


WONDER = """
    4  . . . . . k . r
    5  . . . . k k k K0
    hand 0 kkrbgg
    actions 1
"""


@rules("T-VAR-WONDER-1", "T-VAR-WONDER-2")
def test_a_cross_of_five_builds_the_wonder_and_a_king_by_it_takes_any_colour():
    state, _ = play(pos(WONDER, wonder=True), "tile k f6")
    assert legal(state) == {"wonder f5", "decline"}
    state, evs = play(state, "wonder f5")
    assert [at(state, c) for c in ("f5", "f4", "e5", "g5", "f6")] == ["#k"] * 5
    assert state.wonder == tigris.parse_cell("f5") and state.phase == "cube"
    assert legal(state) == {"cube k", "cube r", "cube b", "cube g"}
    state, evs = play(state, "cube g")
    assert influence(state, 0)["g"] == 1 + 0 and state.active == 1
    assert evs[0].describe() == "Bull scores 1 green point from the wonder."
    plain, _ = play(pos(WONDER), "tile k f6")
    assert plain.active == 1, "without the variant no wonder is offered"


@rules("T-VAR-OPEN-1", "T-HIDDEN-1")
def test_open_scoring_shows_everyones_influence():
    text = "influence 0 k3 r1\ninfluence 1 b2\nhand 0 kkrbgg"
    hidden = pos(text).view(1)
    assert hidden.influence == (None, (0, 0, 2, 0))
    assert hidden.hands[0] == "??????" and hidden.hands[1] != "??????"
    shown = pos(text, open_scoring=True).view(1)
    assert shown.influence == ((3, 1, 0, 0), (0, 0, 2, 0))
    assert shown.hands[0] == "??????", "hands stay hidden"
