"""The Royal Game of Ur expert (`engine.royal_ur.expert`): perfect where a table exists, the
endgame of a larger game read from a smaller game's table, and a search whose arithmetic is
the solver's own (with exact leaves it finds exact values)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from engine import bots
from engine import royal_ur as ur
from engine.royal_ur import expert, solver
from engine.royal_ur.weights import weights_for


def random_positions(pieces, count, seed, **options):
    """Positions with a throw pending and a choice of moves, from random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = ur.new_state(seed=rng.randrange(10**6), pieces=pieces, **options)
        while not state.is_over and len(found) < count:
            moves = ur.legal_moves(state)
            if state.throw is not None and len(moves) > 1 and rng.random() < 0.3:
                found.append(state)
            state, _ = ur.apply(state, moves[rng.randrange(len(moves))])
    return found


def test_where_the_game_is_solved_the_expert_plays_a_best_move():
    table = solver.table_for(ur.Options(pieces=3))
    for n, state in enumerate(random_positions(3, 60, seed=1)):
        view = state.view(state.to_move)
        move = expert.choose(view, ur.legal_moves(view), random.Random(n))
        assert move in table.best_moves(state)


def test_a_seven_piece_endgame_is_played_from_the_three_piece_table():
    """Both sides have borne off four pieces: three each are left, and the position is the
    3-piece game's with the pieces off counted from four."""
    state = ur.position(light=[6, 13], dark=[2, 9], off=(4, 5), throw=2)
    table, fewer = solver.endgame_for(state.options)
    assert fewer == 4 and len(table) == 263_121
    small = solver.reduced(state, fewer)
    assert small == ur.position(light=[6, 13], dark=[2, 9], off=(0, 1), throw=2, pieces=3)
    assert solver.move_values(state.view(0)) == table.move_values(small)
    assert expert.Search(state.view(0)).move_values() == pytest.approx(
        table.move_values(small), abs=1e-12)
    # One side short of the endgame: searched, not read.
    early = ur.position(light=[6, 13], dark=[2, 9], off=(3, 5), throw=2)
    assert solver.reduced(early, fewer) is None and solver.move_values(early) is None


def test_before_both_sides_bear_a_piece_off_no_smaller_table_is_read():
    """A position no endgame table can hold is answered without reading one: the board asks
    at every position whether the game is solved, and reading the shipped table took seconds
    in the browser before the first move of a 7-piece game."""
    state = ur.new_state(seed=3)
    smaller = [solver.game_of(replace(state.options, pieces=k)) for k in range(1, state.pieces)]
    for game in smaller:
        solver._TABLES.pop(game, None)
        solver._ABSENT.discard(game)
    for asked_of in (state, ur.position(light=[6], dark=[2], off=(0, 5), throw=2)):
        assert solver.solved_table(asked_of) is None and solver.win_chance(asked_of) is None
        asked = set(solver._TABLES) | solver._ABSENT
        assert not asked & set(smaller), "only the game's own table is looked for"
    assert solver.win_chance(ur.position(light=[6, 13], dark=[2, 9], off=(4, 5),
                                         throw=2)) is not None


def test_with_exact_leaves_the_search_finds_the_exact_values():
    """Expectimax over the throws is the solver's equation written out a few throws deep:
    with the table's own values at its leaves it gives back the table's values, rosettes,
    captures and passes included."""
    table = solver.solve(pieces=2, tolerance=1e-12)
    states = random_positions(2, 40, seed=2)
    for depth in (1, 2, 3):
        for state in states:
            search = expert.Search(state.view(state.to_move), depth=depth)
            search.endgame = None
            search.leaf = lambda position: table.value(
                sum(1 << s for s in position[0]), sum(1 << s for s in position[1]),
                position[2], position[3])
            assert search.move_values() == pytest.approx(table.move_values(state), abs=1e-9)


def test_where_no_table_is_solved_the_search_plays_legal_reproducible_moves():
    for options in ({"rules": "masters"}, {"path": "murray"}, {"pieces": 5}):
        for n, state in enumerate(random_positions(options.pop("pieces", 7), 4, seed=3,
                                                   **options)):
            view = state.view(state.to_move)
            moves = ur.legal_moves(view)
            first = expert.choose(view, moves, random.Random(n))
            assert first in moves and first == expert.choose(view, moves, random.Random(n))


def test_the_fitted_leaf_prefers_the_player_ahead():
    leaf = weights_for(ur.Options(pieces=5))
    assert leaf is not None and weights_for(ur.Options(rules="masters")) is None
    behind, ahead = ((2,), (9,), 1, 1), ((9,), (2,), 1, 1)
    assert 0 < leaf(behind) < 0.5 < leaf(ahead) < 1
    assert leaf(((), (), 3, 0)) > leaf(((), (), 0, 3))


def test_a_typed_in_throw_is_drawn_with_the_dices_chances():
    view = ur.new_state(seed=1, throws="recorded").view(0)
    moves = ur.legal_moves(view)
    rng = random.Random(4)
    counts = Counter(expert.choose(view, moves, rng).value for _ in range(3200))
    for throw, chance in ur.chances("four"):
        assert abs(counts[throw] / 3200 - chance) < 0.03


def test_the_expert_beats_greedy_play_in_the_three_piece_game():
    """A few dozen games: perfect play wins most of them (the ladder measures it properly)."""
    wins = 0
    for g in range(40):
        seats = [bots.ExpertBot(g), bots.GreedyBot(g)]
        if g % 2:
            seats.reverse()
        state = ur.new_state(seed=g, pieces=3)
        while not state.is_over:
            state, _ = ur.apply(state, seats[state.to_move].choose(state.view(state.to_move)))
        wins += isinstance(seats[state.winner], bots.ExpertBot)
    assert wins >= 24
