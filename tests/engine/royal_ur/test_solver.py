"""The solver against an independent brute force, against simulation, and its shipped table.

The brute force knows nothing of the solver's encoding: it walks the game graph through the
checked rules (`legal_moves`/`apply`, throws typed in so that every throw is a move), one node
per position with its throw, and iterates the plain Bellman equations (Jacobi) until nothing
moves; the solver's chance of winning must agree at every node.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import royal_ur as ur
from engine.royal_ur import solver
from sumer_widgets.plots.analysis import wilson

Z999 = 3.29


def node(state):
    return (state.squares, state.off, state.to_move, state.throw)


def brute_force(**options):
    """``{node: (a state, the chance the player to move wins)}`` over every position reachable
    from the start."""
    start = ur.new_state(seed=0, throws="recorded", **options)
    chances = dict(ur.chances(start.options.dice))
    graph, states, todo = {}, {}, [start]
    while todo:
        state = todo.pop()
        key = node(state)
        if key in graph:
            continue
        states[key] = state
        edges = []
        for move in ur.legal_moves(state):
            after, _ = ur.apply(state, move)
            edges.append((move, after))
            if not after.is_over:
                todo.append(after)
        graph[key] = edges
    values = dict.fromkeys(graph, 0.5)

    def worth(state, after):
        if after.is_over:
            return 1.0 if after.winner == state.to_move else 0.0
        v = values[node(after)]
        return v if after.to_move == state.to_move else 1.0 - v

    while True:
        new = {}
        for key, edges in graph.items():
            state = states[key]
            if state.throw is None:
                new[key] = sum(chances[m.value] * worth(state, a) for m, a in edges)
            else:
                new[key] = max(worth(state, a) for _, a in edges)
        change = max(abs(new[k] - values[k]) for k in graph)
        values = new
        if change < 1e-13:
            return {k: (states[k], v) for k, v in values.items()}


@pytest.mark.parametrize("options", [{}, {"rules": "masters"}, {"rules": "blitz"},
                                     pytest.param({"rosette_throw": False},
                                                  marks=pytest.mark.rules("U-OPT-ROSETTE-1"))])
def test_the_solver_agrees_with_a_brute_force_on_the_one_piece_game(options):
    table = solver.solve(tolerance=1e-10, pieces=1, **options)
    truth = brute_force(pieces=1, **options)
    assert len(truth) > 200
    for state, value in truth.values():
        assert table.win_chance(state) == pytest.approx(value, abs=1e-7)
        if state.throw is not None:
            values = table.move_values(state)
            assert list(values) == ur.legal_moves(state)
    assert table.start_value == pytest.approx(truth[node(ur.new_state(throws="recorded",
                                                                       pieces=1))][1], abs=1e-7)


@cache
def two_pieces():
    return solver.solve(pieces=2)


def test_perfect_self_play_wins_as_often_as_the_table_says():
    """The first player's chance from the start against the rate of 600 games of perfect play
    on both sides (a 99.9 % Wilson interval)."""
    table = two_pieces()
    rng = random.Random(11)
    wins = 0
    games = 600
    for seed in range(games):
        state = ur.new_state(seed=seed, pieces=2)
        while not state.is_over:
            moves = ur.legal_moves(state)
            if state.throw is not None and len(moves) > 1:
                best = table.best_moves(state)
                move = best[rng.randrange(len(best))]
            else:
                move = moves[0]
            state, _ = ur.apply(state, move)
        wins += state.winner == ur.LIGHT
    rate = wilson(wins, games, z=Z999)
    assert rate.low <= table.start_value <= rate.high, (rate, table.start_value)


def test_the_tables_answers_fit_together():
    table = two_pieces()
    state = ur.position(light=[6], dark=[9], off=(1, 0), pieces=2)
    by_throw = table.throw_values(state)
    assert sum(chance for chance, _ in by_throw.values()) == pytest.approx(1.0)
    assert table.win_chance(state) == pytest.approx(sum(c * v for c, v in by_throw.values()))
    assert table.win_chance(state, ur.DARK) == pytest.approx(1 - table.win_chance(state))
    thrown = ur.position(light=[6], dark=[9], off=(1, 0), pieces=2, throw=2)
    assert table.move_values(thrown) == table.move_values(state, 2)
    assert table.win_chance(thrown) == pytest.approx(by_throw[2][1])
    assert table.best_moves(thrown)[0] in ur.legal_moves(thrown)
    # Mirrored positions, light or dark to move, have the same value.
    mirrored = ur.position(dark=[6], light=[9], off=(0, 1), pieces=2, to_move="dark")
    assert table.win_chance(mirrored) == pytest.approx(table.win_chance(state))
    with pytest.raises(ur.InvalidInput, match="solves the game of"):
        table.win_chance(ur.new_state(pieces=3))
    with pytest.raises(ur.InvalidInput, match="no throw is pending"):
        table.move_values(state)
    with pytest.raises(ur.InvalidInput, match="pass each square once"):
        solver.solve(pieces=1, path="murray")
    loaded = solver.Table.from_bytes(table.options, table.to_bytes())
    assert max(abs(a - b) for a, b in zip(loaded.values, table.values)) <= 0.5 / 65535 + 1e-12


def test_the_shipped_three_piece_table_is_a_fixed_point():
    """Every sampled value of the shipped table is what its successors' values give, within
    its 16-bit rounding: it is the solved game, not merely a file of the right size."""
    table = solver.table_for(ur.Options(pieces=3))
    assert table is not None and len(table) == 263_121 and not table.sweeps
    layout = table.layout
    rng = random.Random(3)
    for index in rng.sample(range(len(table)), 400):
        parts = layout.unpack(layout.keys[index])
        total = 0.0
        for throw, chance in layout.throws:
            found = layout.moves(*parts, throw)
            if found:
                total += chance * max(table._code_value(code) for _, code in found)
            else:
                total += chance * (1.0 - table.values[layout.swapped(index)])
        assert total == pytest.approx(table.values[index], abs=3e-5)
    assert table.start_value == pytest.approx(0.5162, abs=1e-4)


@pytest.mark.slow
def test_a_fresh_three_piece_solve_is_the_shipped_table():
    """The engine's own solve of the shipped game (what a notebook runs live) agrees with the
    shipped table at every position within two steps of its 16 bits, and in the same order."""
    shipped = solver.table_for(ur.Options(pieces=3))
    fresh = solver.solve(pieces=3)
    assert fresh.layout.keys == shipped.layout.keys
    assert max(abs(a - b) for a, b in zip(fresh.values, shipped.values)) <= 2 / 65535
    assert fresh.start_value == pytest.approx(0.516201, abs=1e-5)
    assert len(fresh.sweeps) == len(set(solver.layer_keys(fresh.layout)))


def test_the_board_and_notebook_api_answers_where_a_table_exists():
    """`win_chance` and `move_values`: from the shipped table, from a smaller game's table in
    a larger game's endgame, None where nothing is solved; `solve` for the notebook."""
    three = ur.new_state(pieces=3)
    assert ur.win_chance(three) == pytest.approx(0.5162, abs=1e-4)
    assert ur.win_chance(three, ur.DARK) == pytest.approx(1 - ur.win_chance(three))
    thrown = ur.position(light=[6], dark=[9], off=(4, 5), throw=2)
    values = ur.move_values(thrown)
    assert list(values) == ur.legal_moves(thrown)
    assert ur.win_chance(thrown) == pytest.approx(max(values.values()))
    assert ur.win_chance(ur.new_state()) is None and ur.move_values(ur.new_state(), 2) is None
    over = ur.position(off=(7, 3))
    assert ur.win_chance(over, ur.LIGHT) == 1.0 and ur.win_chance(over, ur.DARK) == 0.0
    with pytest.raises(ur.InvalidInput, match="Royal Game of Ur state"):
        ur.win_chance("light to move")
    assert ur.solve(pieces=1).start_value == pytest.approx(0.5300, abs=1e-4)
