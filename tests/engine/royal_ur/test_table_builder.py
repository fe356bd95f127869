"""The numpy table builder (``scripts/royal_ur_table.py``) solves the same game as the engine's
pure-Python solver: the same positions in the same order, the same values, and the shipped
3-piece table is exactly what it writes."""

from __future__ import annotations

import pytest

from engine.royal_ur import solver
from engine.royal_ur.state import Options

np = pytest.importorskip("numpy")
royal_ur_table = pytest.importorskip("scripts.royal_ur_table")


def quiet(*_):
    pass


@pytest.mark.parametrize("options", [{"pieces": 2}, {"rules": "masters", "pieces": 2},
                                     {"rules": "blitz", "pieces": 2},
                                     {"pieces": 2, "safe_rosettes": False}])
def test_the_builder_and_the_engine_solve_the_same_game(options):
    game, values, figures = royal_ur_table.solve(Options(**options), 1e-11, log=quiet)
    table = solver.solve(tolerance=1e-11, **options)
    assert game.keys.tolist() == table.layout.keys
    assert np.abs(values - np.array(table.values)).max() < 1e-9
    assert figures["positions"] == len(table) == solver._size(Options(**options))
    assert figures["start_value"] == pytest.approx(table.start_value, abs=1e-9)


def test_the_shipped_table_is_what_the_builder_writes():
    game, values, _ = royal_ur_table.solve(Options(pieces=3), 1e-9, log=quiet)
    assert royal_ur_table.to_bytes(values) == (solver.DATA / "finkel-3.bin").read_bytes()


def test_the_fitted_leaf_follows_the_solved_values():
    game, values, _ = royal_ur_table.solve(Options(pieces=2), 1e-9, log=quiet)
    weights, mean_error, _ = royal_ur_table.fit(game, values, sample=5000)
    bias, mine, theirs, my_off, their_off = weights
    assert len(mine) == len(theirs) == game.length + 1 and mine[0] == theirs[0] == 0.0
    assert mean_error < 0.06
    # A piece further on is worth more to its owner, and a piece borne off most of all.
    assert mine[12] > mine[2] and theirs[12] < theirs[2] and my_off > max(mine)
