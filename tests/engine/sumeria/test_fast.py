"""The fast path plays exactly the game the checked rules play for the same random choices."""

from __future__ import annotations

import random

import pytest

from engine import sumeria
from engine.bots import RandomBot
from engine.sumeria import check_state


def checked_playout(state, rng):
    """Random legal moves through the checked `legal_moves` and `apply`."""
    choices = []
    while not state.is_over:
        moves = sumeria.legal_moves(state)
        index = rng.randrange(len(moves))
        choices.append(index)
        state, _ = sumeria.apply(state, moves[index])
    return state, choices


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("tiebreak", ["towns", "villages"])
def test_fast_and_checked_paths_play_the_same_game(players, tiebreak):
    for seed in range(25):
        start = sumeria.new_state(players, seed, tiebreak=tiebreak)
        record: list[int] = []
        fast = sumeria.random_playout(start, random.Random(seed), record)
        checked, choices = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices


def test_fast_path_resumes_from_any_state():
    """Mid-setup, mid-round and mid-scoring states continue identically."""
    game = sumeria.new_game(3, seed=99)
    rng = random.Random(5)
    states = [game.state]
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        states.append(game.state)
    scoring = [s for s in states if s.phase == "scoring"]
    assert scoring, "the game had a tile choice"
    for state in [*states[::17], *scoring[:5]]:
        assert sumeria.random_playout(state, random.Random(7)) == checked_playout(
            state, random.Random(7))[0]


def test_a_random_bot_with_the_same_generator_plays_the_fast_game():
    start = sumeria.new_state(3, seed=4)
    bot = RandomBot(seed=0)
    bot.rng = random.Random(123)
    state = start
    while not state.is_over:
        state, _ = sumeria.apply(state, bot.choose(state.view(state.to_move)))
    assert state == sumeria.random_playout(start, random.Random(123))


@pytest.mark.parametrize("players", [3, 4])
def test_a_thousand_random_games(players):
    """1,000 random full games per player count: every final state keeps every invariant."""
    winners_seen = set()
    for seed in range(1000):
        final = sumeria.random_playout(sumeria.new_state(players, seed), random.Random(seed))
        check_state(final)
        assert final.is_over and final.round == 6
        assert sum(map(sum, final.influence)) + len(final.discard) == 36
        winners_seen |= final.winners()
    assert winners_seen == set(range(players))


def test_listed_moves_match_the_plain_reachability_search():
    """`legal_moves` lists destinations from the ray tables the fast path uses; the plain
    search `Board.reachable` (and `apply`'s path search) must agree, trader by trader."""
    for seed in range(6):
        game = sumeria.new_game(3 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            state = game.state
            moves = game.legal_moves()
            if state.phase == "turns":
                listed = {(m.origin, m.destination) for m in moves
                          if isinstance(m, sumeria.MoveTrader)}
                expected = {(start, dest) for start in state.traders_of(state.to_move)
                            for dest in state.board.reachable(start, state.occupied)}
                assert listed == expected
            game.play(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("options", [{}, {"offer": (4, 1, 1), "setup_traders": 2}])
def test_the_searches_successor_is_applys_state(options):
    """`rules.successor` (the bots' quick step, without checks or events) gives exactly the
    state `apply` gives, for every legal move of every position of random games."""
    from engine.sumeria.rules import successor

    for seed in range(4):
        state = sumeria.new_state(3 + seed % 2, seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            moves = sumeria.legal_moves(state)
            for move in moves:
                assert successor(state, move) == sumeria.apply(state, move)[0], move
            state = sumeria.apply(state, moves[rng.randrange(len(moves))])[0]


def test_the_experts_move_values_are_the_heuristics_own():
    """`heuristic.Valuer.move_values` (the expert's way of valuing every move of a turn
    without making its position) gives, to the last bit, `evaluate` of each move's state."""
    from engine.sumeria.heuristic import Valuer, evaluate
    from engine.sumeria.rules import successor

    for seed, options in ((0, {}), (1, {"scoring": "linear", "offer": (2, 2, 2)}),
                          (2, {"tiebreak": "villages"})):
        state = sumeria.new_state(3 + seed % 2, seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            moves = sumeria.legal_moves(state)
            last_turn = state.phase == "turns" and state.step + 1 == 3 * state.players
            if state.phase in ("turns", "placement") and not last_turn:
                for player in range(state.players):
                    assert Valuer(state).move_values(moves, player) == [
                        evaluate(successor(state, m), player) for m in moves]
            state = sumeria.apply(state, moves[rng.randrange(len(moves))])[0]
