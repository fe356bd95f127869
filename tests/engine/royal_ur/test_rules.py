"""Scenario tests: one small position per rule of docs/rules/royal_ur.md, act, check.

Squares are numbered along each player's own path (Bell's by default: 1–4 the own block of
four, 5–12 the middle row, 13–14 the own block of two, off at 15); the board names cells a1–h3,
light's row 1 at the bottom, dark's row 3 at the top, d2 the central rosette.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from engine import royal_ur as ur
from engine.core import IllegalMove, InvalidInput
from engine.royal_ur import Enter, MovePiece, Pass, Throw, events, position

rules = pytest.mark.rules
LIGHT, DARK = ur.LIGHT, ur.DARK


def play(state, *moves):
    """Apply moves given as text; return the final state and all events."""
    every = []
    for text in moves:
        state, evs = ur.apply(state, ur.parse_move(text))
        every += evs
    return state, every


def kinds(evs):
    return [type(e).__name__ for e in evs]


def refused(state, move, message, rule):
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=message) as caught:
        ur.apply(state, ur.parse_move(move) if isinstance(move, str) else move)
    assert caught.value.rule == rule
    assert state.to_dict() == before
    assert caught.value.describe("nl") != caught.value.describe("en")
    return caught.value


# ---------------------------------------------------------------------------------- board


@rules("U-BOARD-1")
def test_the_board_has_twenty_squares_in_three_rows_with_a_gap():
    assert len(ur.CELLS) == 20
    rows = Counter(r for r, _ in ur.CELLS)
    assert rows == {0: 6, 1: 8, 2: 6}
    assert {ur.cell_name(c) for c in ur.CELLS if c[0] != 1} == {
        f"{col}{row}" for col in "abcdgh" for row in (1, 3)}
    with pytest.raises(InvalidInput, match="gap|e2, f2"):
        ur.cell_of("e1")
    lines = str(ur.new_state(seed=1)).splitlines()
    assert lines[2:5] == ["  3  * . . .     * .", "  2  . . . * . . . .", "  1  * . . .     * ."]


@rules("U-BOARD-2")
def test_five_rosettes_are_squares_4_8_and_14_of_each_path():
    assert {ur.cell_name(c) for c in ur.ROSETTES} == {"a1", "a3", "d2", "g1", "g3"}
    bell = ur.path("bell")
    for player in (LIGHT, DARK):
        assert [s for s in range(1, 15) if bell.rosettes[s]] == [4, 8, 14]
        assert {ur.cell_name(bell.cell(player, s)) for s in (4, 8, 14)} == (
            {"a1", "d2", "g1"} if player == LIGHT else {"a3", "d2", "g3"})


@rules("U-SETUP-1")
def test_each_player_starts_with_seven_pieces_waiting_and_light_throws_first():
    state = ur.new_state(seed=3)
    assert state.squares == ((), ()) and state.off == (0, 0)
    assert state.waiting(LIGHT) == state.waiting(DARK) == 7
    assert state.to_move == LIGHT and state.throw is None and state.summary() == "light to throw"
    for bad in (1, 3, True):
        with pytest.raises(InvalidInput, match="2 players"):
            ur.new_state(bad)


# ---------------------------------------------------------------------------------- throws


@rules("U-THROW-1")
def test_a_throw_counts_the_marked_tips_up_with_chances_1_4_6_4_1_in_16():
    assert ur.CHANCES["four"] == tuple((k, Fraction(n, 16)) for k, n in enumerate((1, 4, 6, 4, 1)))
    counts: Counter[int] = Counter()
    for number in range(1, 4001):
        dice = ur.dice.draw(9, number, "four")
        assert len(dice) == 4 and set(dice) <= {0, 1}
        counts[ur.dice.value("four", dice)] += 1
    for throw, chance in ur.chances("four"):
        assert abs(counts[throw] / 4000 - chance) < 0.025
    state, evs = play(ur.new_state(seed=9), "throw")
    (thrown,) = evs
    assert thrown.value == sum(thrown.dice) == state.throw and len(thrown.dice) == 4


@rules("U-THROW-2")
def test_engine_throws_come_from_the_seed_and_a_view_cannot_foresee_them():
    def throws(seed):
        state, out = ur.new_state(seed=seed), []
        for _ in range(30):
            moves = ur.legal_moves(state)
            state, evs = ur.apply(state, moves[-1])
            out += [e.value for e in evs if isinstance(e, events.Thrown)]
        return out

    assert throws(4) == throws(4) != throws(5)
    view = ur.new_state(seed=4).view(DARK)
    assert view.seed is None
    with pytest.raises(InvalidInput, match="determinize"):
        ur.apply(view, Throw())
    import random

    full = ur.determinize(view, random.Random(1))
    assert full.seed is not None and ur.apply(full, Throw())[0].throw is not None


@rules("U-THROW-3")
def test_throws_by_the_engine_typed_in_or_either():
    assert ur.legal_moves(ur.new_state(seed=1)) == [Throw()]
    recorded = ur.new_state(seed=1, throws="recorded")
    assert ur.legal_moves(recorded) == [Throw(v) for v in range(5)]
    either = ur.new_state(seed=1, throws="either")
    assert ur.legal_moves(either) == [Throw(), *[Throw(v) for v in range(5)]]
    state, evs = play(recorded, "throw 3")
    assert state.throw == 3 and state.throws == 1 and evs[0].dice == ()
    assert evs[0].describe() == "Light throws 3 (at the board)."
    refused(ur.new_state(seed=1), "throw 2", "throws='dice'", "U-THROW-3")
    refused(recorded, "throw", "throws='recorded'", "U-THROW-3")
    with pytest.raises(InvalidInput, match="0 to 4"):
        ur.parse_move("throw 5")


# ------------------------------------------------------------------------------------ path


@rules("U-PATH-1")
def test_the_path_runs_the_own_block_of_four_the_middle_row_and_the_own_block_of_two():
    bell = ur.path("bell")
    assert bell.length == 14
    names = [ur.cell_name(bell.cell(LIGHT, s)) for s in range(1, 15)]
    assert " ".join(names) == "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 h2 h1 g1"
    assert [ur.cell_name(bell.cell(DARK, s)) for s in (1, 4, 5, 13, 14)] == [
        "d3", "a3", "a2", "h3", "g3"]
    assert [s for s in range(1, 15) if bell.shared[s]] == list(range(5, 13))
    state = position(light=[12], throw=3)
    after, evs = play(state, "move 12")
    assert after.off == (1, 0) and kinds(evs) == ["BorneOff"]
    refused(position(light=[3], throw=2), "move 20", "14 squares", "U-PATH-1")


# ------------------------------------------------------------------------------------ turn


@rules("U-TURN-1")
def test_a_turn_is_a_throw_then_one_move():
    state = ur.new_state(seed=2)
    refused(state, "enter", "must throw first", "U-TURN-1")
    thrown, _ = play(state, "throw")
    refused(thrown, "throw", "thrown .* already", "U-TURN-1")
    moved, _ = play(position(throw=2), "enter")
    assert moved.to_move == DARK and moved.throw is None


@rules("U-MOVE-1")
def test_a_waiting_piece_enters_on_the_square_the_throw_counts_to():
    after, evs = play(position(throw=3), "enter")
    assert after.squares == ((3,), ()) and after.waiting(LIGHT) == 6
    assert evs[0] == events.Entered(LIGHT, 3, "b1")
    assert evs[0].describe() == "Light enters a piece on square 3 (b1)."
    assert evs[0].describe("nl") == "Licht brengt een stuk in op veld 3 (b1)."
    full = position(light=[1, 2, 3, 5, 6, 7], off=(1, 0), throw=4)
    assert Enter() not in ur.legal_moves(full)
    refused(full, "enter", "no piece waiting", "U-MOVE-1")


@rules("U-MOVE-2")
def test_a_piece_moves_forward_exactly_the_throw():
    state = position(light=[5], dark=[2], throw=2)
    assert ur.legal_moves(state) == [Enter(), MovePiece(5)]
    after, evs = play(state, "move 5")
    assert after.squares == ((7,), (2,))
    assert evs[0].describe() == "Light moves a piece from square 5 to square 7 (c2)."
    refused(state, "move 6", "no piece on square 6", "U-MOVE-2")


@rules("U-MOVE-3")
def test_a_piece_may_not_land_on_its_own_side():
    state = position(light=[2, 5], throw=3)
    assert ur.legal_moves(state) == [Enter(), MovePiece(5)]
    refused(state, "move 2", "own piece", "U-MOVE-3")
    refused(position(light=[2], throw=2), "enter", "own piece", "U-MOVE-3")


@rules("U-CAPTURE-1")
def test_landing_on_an_opponents_piece_sends_it_back():
    state = position(light=[5], dark=[7], throw=2)
    after, evs = play(state, "move 5")
    assert after.squares == ((7,), ()) and after.waiting(DARK) == 7
    assert kinds(evs) == ["Moved", "Captured"] and evs[1].square == 7
    assert evs[1].describe() == ("Light captures dark's piece on c2: it goes back off the "
                                 "board, to start again.")
    assert "slaat het stuk van donker" in evs[1].describe("nl")
    # Only the shared squares: dark's square 3 is not light's square 3.
    entered, _ = play(position(dark=[3], throw=3), "enter")
    assert entered.squares == ((3,), (3,))


@rules("U-ROSETTE-1")
def test_landing_on_a_rosette_gives_another_throw():
    state = position(light=[2], throw=2)
    after, evs = play(state, "move 2")
    assert after.to_move == LIGHT and after.throw is None
    assert kinds(evs) == ["Moved", "ExtraThrow"]
    assert evs[1].describe() == "Light landed on the rosette a1 and throws again."
    chained, evs = play(position(light=[4], throw=4, seed=1), "move 4")
    assert chained.to_move == LIGHT and kinds(evs)[-1] == "ExtraThrow"
    entered, evs = play(position(throw=4), "enter")
    assert entered.to_move == LIGHT and kinds(evs) == ["Entered", "ExtraThrow"]


@rules("U-ROSETTE-2")
def test_a_piece_on_the_central_rosette_is_safe():
    state = position(light=[6], dark=[8], throw=2)
    assert ur.legal_moves(state) == [Enter()]
    error = refused(state, "move 6", "safe", "U-ROSETTE-2")
    assert "d2 is a rosette" in error.reason
    # Light may pass over it.
    over, _ = play(position(light=[6], dark=[8], throw=3), "move 6")
    assert over.squares == ((9,), (8,))


@rules("U-BEAR-1")
def test_a_piece_bears_off_only_with_the_exact_throw():
    assert MovePiece(13) not in ur.legal_moves(position(light=[13], throw=3))
    refused(position(light=[13], throw=3), "move 13", "exact throw.*needs 2, not 3", "U-BEAR-1")
    after, evs = play(position(light=[13], throw=2), "move 13")
    assert after.off == (1, 0) and after.squares == ((), ())
    assert evs[0].describe() == "Light bears a piece off from square 13 (1 of 7 off)."


@rules("U-PASS-1")
def test_a_zero_or_a_throw_without_a_move_passes_the_turn():
    zero = position(light=[5], throw=0)
    assert ur.legal_moves(zero) == [Pass()]
    refused(zero, "move 5", "throw of 0", "U-PASS-1")
    after, evs = play(zero, "pass")
    assert after.to_move == DARK and after.throw is None
    assert evs == [events.Passed(LIGHT, 0)]
    assert evs[0].describe("nl") == ("Licht kan met een worp van 0 geen stuk zetten: de beurt "
                                      "gaat naar donker.")
    blocked = position(light=[13, 14], off=(5, 0), throw=3)
    assert ur.legal_moves(blocked) == [Pass()]


@rules("U-PASS-2")
def test_a_player_who_can_move_must():
    refused(position(throw=2), "pass", "must", "U-PASS-2")


@rules("U-END-1")
def test_bearing_off_the_last_piece_wins_at_once():
    state = position(light=[14], dark=[9], off=(6, 3), throw=1)
    after, evs = play(state, "move 14")
    assert kinds(evs) == ["BorneOff", "Won"] and evs[-1].describe() == (
        "Light wins: all 7 of its pieces are borne off.")
    assert after.is_over and after.winners() == {LIGHT} and after.scores() == (7, 3)
    assert ur.legal_moves(after) == [] and after.summary() == "light has won (7–3 borne off)"
    refused(after, "throw", "game is over", "U-END-1")


# -------------------------------------------------------------------------------- options


@rules("U-OPT-RULES-1")
def test_the_rule_sets_set_the_other_options():
    finkel = ur.Options()
    assert (finkel.pieces, finkel.path, finkel.safe_rosettes, finkel.dice,
            finkel.capture_throw) == (7, "bell", True, "four", False)
    masters = ur.Options(rules="masters")
    assert (masters.pieces, masters.path, masters.safe_rosettes, masters.dice) == (
        7, "masters", False, "three")
    blitz = ur.new_state(rules="blitz").options
    assert (blitz.pieces, blitz.path, blitz.capture_throw) == (5, "masters", True)
    four = ur.Options(rules="masters", dice="four")
    assert four.dice == "four" and four.path == "masters"
    assert four.describe() == "masters rules, 7 pieces (dice=four)"
    assert ur.Options.from_dict(four.to_dict()) == four
    with pytest.raises(InvalidInput, match="rules must be one of"):
        ur.new_state(rules="bell")


@rules("U-OPT-PIECES-1")
def test_shorter_games_of_fewer_pieces():
    state = ur.new_state(pieces=3)
    assert state.waiting(LIGHT) == 3
    after, evs = play(position(light=[14], off=(2, 0), throw=1, pieces=3), "move 14")
    assert after.is_over and evs[-1].describe() == "Light wins: all 3 of its pieces are borne off."
    for bad in (0, 8, "7", True):
        with pytest.raises(InvalidInput, match="pieces"):
            ur.new_state(pieces=bad)


@rules("U-OPT-PATH-1")
def test_masters_path_runs_round_the_far_end_through_the_other_block_of_two():
    masters = ur.path("masters")
    assert masters.length == 16
    names = [ur.cell_name(masters.cell(LIGHT, s)) for s in range(1, 17)]
    assert " ".join(names) == "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 g3 h3 h2 h1 g1"
    assert [s for s in range(1, 17) if masters.rosettes[s]] == [4, 8, 12, 16]
    assert [s for s in range(1, 17) if masters.shared[s]] == list(range(5, 17))
    # Light's square 12 is g3, dark's square 16: a capture across the paths.
    state = position(light=[10], dark=[16], throw=2, path="masters", safe_rosettes=False)
    after, evs = play(state, "move 10")
    assert after.squares == ((12,), ()) and kinds(evs) == ["Moved", "Captured", "ExtraThrow"]
    off, _ = play(position(light=[14], throw=3, path="masters"), "move 14")
    assert off.off == (1, 0)


@rules("U-OPT-PATH-2")
def test_murrays_path_passes_the_board_twice():
    murray = ur.path("murray")
    assert murray.length == 27 and not murray.visits_once
    assert murray.cell(LIGHT, 8) == murray.cell(LIGHT, 20) == ur.cell_of("d2")
    assert murray.cell(LIGHT, 27) == murray.cell(LIGHT, 1) == ur.cell_of("d1")
    assert [s for s in range(1, 28) if murray.rosettes[s]] == [4, 8, 12, 16, 20, 24]
    # A piece on its second pass blocks the square for the first.
    state = position(light=[6, 20], throw=2, path="murray")
    assert MovePiece(6) not in ur.legal_moves(state)
    refused(state, "move 6", "own piece", "U-MOVE-3")
    after, _ = play(position(light=[25], throw=3, path="murray"), "move 25")
    assert after.off == (1, 0)
    with pytest.raises(InvalidInput, match="square 8 and 20"):
        position(light=["d2"], path="murray")


@rules("U-OPT-SAFE-1")
def test_without_safe_rosettes_a_piece_on_a_rosette_can_be_captured():
    state = position(light=[6], dark=[8], throw=2, safe_rosettes=False)
    after, evs = play(state, "move 6")
    assert after.squares == ((8,), ()) and kinds(evs) == ["Moved", "Captured", "ExtraThrow"]
    masters = position(light=[6], dark=[8], throw=2, rules="masters")
    assert MovePiece(6) in ur.legal_moves(masters)


@rules("U-OPT-DICE-1")
def test_three_dice_whose_blank_throw_counts_four():
    assert ur.CHANCES["three"] == ((1, Fraction(3, 8)), (2, Fraction(3, 8)),
                                   (3, Fraction(1, 8)), (4, Fraction(1, 8)))
    assert ur.dice.value("three", (0, 0, 0)) == 4
    counts = Counter(ur.dice.value("three", ur.dice.draw(2, n, "three")) for n in range(1, 3001))
    assert 0 not in counts and abs(counts[4] / 3000 - 1 / 8) < 0.025
    recorded = ur.new_state(rules="masters", throws="recorded")
    assert ur.legal_moves(recorded) == [Throw(v) for v in (1, 2, 3, 4)]
    refused(recorded, "throw 0", "three dice", "U-OPT-DICE-1")


@rules("U-OPT-CAPTURE-1")
def test_in_blitz_a_capture_gives_another_throw():
    state = position(light=[5], dark=[7], throw=2, rules="blitz")
    after, evs = play(state, "move 5")
    assert after.to_move == LIGHT and kinds(evs) == ["Moved", "Captured", "ExtraThrow"]
    assert evs[-1].describe() == "Light captured a piece and throws again."
    plain, evs = play(position(light=[5], dark=[7], throw=2, rules="masters"), "move 5")
    assert plain.to_move == DARK and "ExtraThrow" not in kinds(evs)
