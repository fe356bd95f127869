"""The Royal Game of Ur solver's own entry points are bounded (issue 42, item 7), each
reproduced on 8f486a4 before it was fixed: a throw that is not a whole number, a tolerance
below the values' rounding, games too large for the pure-Python solver, and a board's
question that solved a table while the player waited. And any table solved in a session is
the one the session's questions answer from; the local cache serves tables too large to list.
"""

from __future__ import annotations

from unittest import mock

import pytest

from engine import royal_ur as ur
from engine.core import InvalidInput
from engine.royal_ur import cache, solver


@pytest.fixture
def no_solving():
    """Any solve while this is active fails the test."""
    with mock.patch.object(solver, "solve", side_effect=AssertionError("a table was solved")):
        yield


@pytest.mark.rules("U-THROW-1")
@pytest.mark.parametrize("throw", [2.0, True, False, "2", 5, -1, None])
def test_a_throw_to_value_is_a_whole_number_the_dice_give(throw):
    """``move_values(state, 2.0)`` raised TypeError and ``True`` was taken as a throw of 1."""
    before = ur.position(pieces=3, light=[2], dark=[3])
    with pytest.raises(InvalidInput) as refused:
        ur.move_values(before, throw)
    assert "throw" in refused.value.reason
    table = solver.table_for(ur.Options(pieces=3))
    with pytest.raises(InvalidInput):
        table.move_values(before, throw)
    assert ur.move_values(before, 2) == table.move_values(before, 2)


def test_a_tolerance_below_the_values_rounding_is_refused_at_once():
    """``solve(1e-17, pieces=1)`` never returned: a sweep cannot settle below the rounding."""
    for tolerance in (1e-17, 1e-13, 0.0, -1.0, 0.5, float("nan"), True, "1e-6"):
        with pytest.raises(InvalidInput, match="tolerance"):
            solver.solve(tolerance, pieces=1)
    try:
        assert solver.solve(solver.MIN_TOLERANCE, pieces=1).start_value == pytest.approx(
            0.53005, abs=1e-5)
    finally:
        solver.forget(ur.Options(pieces=1))


def test_a_layer_that_does_not_settle_is_refused_not_swept_for_ever():
    with mock.patch.object(solver, "MAX_SWEEPS", 2), pytest.raises(InvalidInput,
                                                                   match="did not settle"):
        solver.solve(1e-12, **UNSHIPPED)


@pytest.mark.parametrize("options", [{"pieces": 4}, {"pieces": 5}, {"pieces": 7},
                                     {"rules": "masters"}, {"rules": "blitz"}])
def test_games_too_large_for_the_pure_python_solver_are_refused_before_any_work(options):
    """``solve(pieces=5)`` and ``(pieces=7)`` ran on without bound while `table_for` gave up
    above 300,000 positions; the refusal names the numpy builder."""
    with mock.patch.object(solver, "_Game", side_effect=AssertionError("solving began")), \
            pytest.raises(InvalidInput, match="royal_ur_table.py"):
        solver.solve(**options)


@pytest.mark.parametrize("rules", ["masters", "blitz"])
def test_asking_whether_a_position_is_solved_never_solves(rules, no_solving):
    """The first board of a Masters or Blitz game took 2.6–3.7 s: its question "is this
    position solved?" solved the 2-piece table of the endgame."""
    state = ur.new_state(rules=rules)
    assert ur.win_chance(state) is None
    assert not solver.is_solved(state)
    thrown, _ = ur.apply(state, ur.Throw())
    assert ur.move_values(thrown) is None
    # Their endgames (the 2-piece game) ship solved: answered at once, exactly.
    late = ur.position(rules=rules, off=(5, 5) if rules == "masters" else (3, 3),
                       light=[15], dark=[14], throw=2)
    assert ur.move_values(late) is not None and solver.is_solved(late)
    # A game of other options, whose endgame does not ship: no answer, and nothing solved.
    odd = ur.position(rules=rules, safe_rosettes=True, off=(5, 5) if rules == "masters"
                      else (3, 3), light=[15], dark=[14], throw=2)
    assert ur.move_values(odd) is None and ur.win_chance(odd) is None


SMALL = [(rules, pieces) for rules in ("finkel", "masters", "blitz") for pieces in (1, 2)]


@pytest.mark.parametrize("rules, pieces", SMALL)
def test_the_small_games_ship_solved(rules, pieces, no_solving):
    """The small games a board may show chances for, and the endgames the expert reaches in
    Masters' and Blitz's games, are read, not solved."""
    solver.forget(ur.Options(rules=rules, pieces=pieces))
    state = ur.new_state(rules=rules, pieces=pieces)
    assert ur.win_chance(state) is not None and solver.is_solved(state)
    assert solver.table_for(ur.Options(rules=rules, pieces=pieces),
                            solve=False).tolerance == solver.TOLERANCE


@pytest.mark.parametrize("rules, pieces", SMALL)
def test_the_shipped_small_tables_are_the_solvers_own(rules, pieces):
    """To the bit: the expert plays from them exactly as it played from its own solve."""
    options = ur.Options(rules=rules, pieces=pieces)
    solver.forget(options)
    shipped = solver.table_for(options, solve=False)
    fresh = solver.solve(pieces=pieces, rules=rules)
    assert list(fresh.values) == list(shipped.values)
    solver.forget(options)


#: A small game that does not ship: Finkel's path without safe rosettes, 2 pieces.
UNSHIPPED = {"pieces": 2, "safe_rosettes": False}


def test_a_table_solved_in_the_session_answers_the_sessions_questions():
    """The Masters 3-piece game, solved by a researcher, still gave None: the table was not
    registered. (A 2-piece game that does not ship here: seconds rather than minutes.)"""
    options = ur.Options(**UNSHIPPED)
    solver.forget(options)
    state = ur.new_state(**UNSHIPPED)
    assert ur.win_chance(state) is None
    try:
        table = solver.solve(**UNSHIPPED)
        assert ur.win_chance(state) == table.win_chance(state)
        # A coarser solve of the same game does not replace a finer one.
        coarse = solver.solve(0.05, **UNSHIPPED)
        assert solver.table_for(options, solve=False) is table is not coarse
        assert solver.register(coarse) is table
        with pytest.raises(InvalidInput):
            solver.register("a table")
    finally:
        solver.forget(options)


def test_a_cached_table_answers_as_the_table_it_was_written_from(tmp_path, monkeypatch):
    """The local cache: a table written there (as the numpy builder writes the 7-piece game)
    is found by `table_for`, indexes every position as the listing layout does, and holds its
    values to 16 bits."""
    monkeypatch.setenv("SUMER_CACHE", str(tmp_path))
    options = ur.Options(**UNSHIPPED)
    solver.forget(options)
    try:
        table = solver.solve(**UNSHIPPED)
        written = cache.write(table)
        assert written == cache.path(options) and written.parent == tmp_path / "royal_ur"
        solver.forget(options)
        cached = solver.table_for(options, solve=False)
        assert isinstance(cached.layout, cache.RankedLayout)
        assert all(cached.layout.index(key) == i for i, key in enumerate(table.layout.keys))
        assert max(abs(cached.values[i] - v) for i, v in enumerate(table.values)) <= (
            solver.PRECISION_16 + 1e-12)
        state = ur.position(**UNSHIPPED, light=[3], dark=[6], throw=2)
        assert ur.move_values(state) == pytest.approx(table.move_values(state), abs=1e-4)
        with pytest.raises(InvalidInput):
            cached.layout.index(1)  # square 0 is no square
    finally:
        solver.forget(options)


def test_a_damaged_cache_file_is_passed_over(tmp_path, monkeypatch):
    monkeypatch.setenv("SUMER_CACHE", str(tmp_path))
    options = ur.Options(pieces=1, safe_rosettes=False)
    target = cache.path(options)
    target.parent.mkdir(parents=True)
    for junk in (b"not a table", cache.MAGIC + b"\x05\x00\x00\x00{bad}",
                 cache.header(options, 5, 1e-6) + b"\0" * 100):
        target.write_bytes(junk)
        solver.forget(options)
        with pytest.raises(InvalidInput):
            cache.load(options)
        assert solver.table_for(options, solve=False) is None
    solver.forget(options)
