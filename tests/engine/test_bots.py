"""The generic bots, exercised on Sumeria (each other ruleset's suite plays them too)."""

from __future__ import annotations

import pytest

from engine import bots, sumeria
from engine.core import InvalidInput


def play_with(seats, seed):
    state = sumeria.new_state(len(seats), seed)
    while not state.is_over:
        player = state.to_move
        move = seats[player].choose(state.view(player))
        assert move in sumeria.legal_moves(state)
        state, _ = sumeria.apply(state, move)
    return state


def test_every_bot_plays_legal_moves_to_the_end():
    final = play_with([bots.RandomBot(1), bots.GreedyBot(2), bots.MCTSBot(20, seed=3)], seed=5)
    assert final.is_over and final.winners()


def test_bots_are_reproducible_from_their_seeds():
    a = play_with([bots.GreedyBot(1), bots.RandomBot(2), bots.MCTSBot(10, seed=3)], seed=9)
    b = play_with([bots.GreedyBot(1), bots.RandomBot(2), bots.MCTSBot(10, seed=3)], seed=9)
    assert a == b


def test_greedy_takes_the_tiles_worth_most():
    # Blue controls Kish with 2 military already: MM is worth 3 + 4... more than E + M.
    state = sumeria.position(3, {"kish.city": 0, "kish.town1": 0, "kish.town2": 1},
                             round=2, influence=[{"military": 2}, {}, {}],
                             offer=("EMM", "RP", "E"), to_move=2, turn=3)
    state, _ = sumeria.apply(state, sumeria.Add("uruk.village3"))
    assert state.phase == "scoring" and state.to_move == 0
    assert bots.GreedyBot(0).choose(state.view(0)) == sumeria.TakeTiles("MM")


def test_mcts_finds_the_choice_that_wins_the_game():
    # The last scoring of the game: with MM Blue wins outright (10 against 7); with EM Orange
    # gets the other M and ties Blue at 7 (each with three of a kind): a shared win.
    state = sumeria.position(3, {"kish.city": 0, "kish.town1": 0, "kish.town2": 1},
                             round=6, influence=[{"military": 2}, {"political": 3}, {}],
                             offer=("EMM", "RP", "E"), to_move=2, turn=3)
    state, _ = sumeria.apply(state, sumeria.Add("uruk.village3"))
    assert bots.MCTSBot(60, seed=0).choose(state.view(0)) == sumeria.TakeTiles("MM")


def test_greedy_beats_random():
    wins = 0
    for seed in range(12):
        final = play_with([bots.GreedyBot(seed), bots.RandomBot(seed), bots.RandomBot(seed + 1)],
                          seed)
        wins += 0 in final.winners()
    assert wins >= 9


def test_make_bot_reads_specs():
    assert isinstance(bots.make_bot("random", 1), bots.RandomBot)
    mcts = bots.make_bot("mcts:64", 1)
    assert isinstance(mcts, bots.MCTSBot) and mcts.iterations == 64
    for bad in ["alphazero", "greedy:5", "mcts:lots", "mcts:0"]:
        with pytest.raises(InvalidInput):
            bots.make_bot(bad)
    with pytest.raises(InvalidInput, match="iterations must be"):
        bots.MCTSBot(0)


def test_a_bot_refuses_a_finished_game():
    game = sumeria.new_game(3, seed=1)
    final = sumeria.random_playout(game.state, __import__("random").Random(1))
    with pytest.raises(InvalidInput, match="the game is over"):
        bots.RandomBot(1).choose(final.view(0))


@pytest.mark.parametrize("ruleset", ["sumeria", "tigris", "mesopotamia", "priest_kings",
                                     "royal_ur"])
def test_playouts_stop_at_a_horizon_and_mcts_copes(ruleset):
    """A search's playouts may stop early; the state reached is a legal, unfinished one."""
    import random

    from engine.core import rules_of

    rules = rules_of(ruleset)
    players = {"priest_kings": 4, "royal_ur": 2}.get(ruleset, 3)
    start = rules.new_state(players, 5)
    record: list[int] = []
    cut = rules.random_playout(start, random.Random(1), record, 12)
    assert not cut.is_over and 12 <= len(record) <= 14
    rules.check_state(cut)
    # The same choices through the checked rules reach the same state.
    state = start
    for index in record:
        state, _ = rules.apply(state, rules.legal_moves(state)[index])
    assert state == cut
    bot = bots.MCTSBot(8, seed=1, horizon=5)
    assert bot.choose(cut.view(cut.to_move)) in rules.legal_moves(cut)


def test_the_expert_is_seated_by_its_spec_and_its_blunder_rate_is_checked():
    assert isinstance(bots.make_bot("expert", 1), bots.ExpertBot)
    assert bots.ExpertBot(1, blunder=0.25).blunder == 0.25
    for bad in [-0.1, 1.5, True, "often", float("nan")]:
        with pytest.raises(InvalidInput, match="blunder must be a chance"):
            bots.ExpertBot(1, blunder=bad)


@pytest.mark.parametrize("ruleset", ["sumeria", "tigris", "mesopotamia", "priest_kings",
                                     "royal_ur"])
def test_the_expert_and_its_blunders_play_legal_moves_reproducibly(ruleset):
    """Every ruleset has its expert (`engine/<ruleset>/expert.py`); with the same seeds it
    plays the same moves, careless (blunder) or not."""
    from engine.core import rules_of

    rules = rules_of(ruleset)
    players = {"priest_kings": 4, "royal_ur": 2}.get(ruleset, 3)

    def opening(plies: int) -> list:
        seats = [bots.ExpertBot(seat, blunder=0.5 if seat % 2 else 0.0)
                 for seat in range(players)]
        state, moves = rules.new_state(players, 11), []
        while not state.is_over and len(moves) < plies:
            move = seats[state.to_move].choose(state.view(state.to_move))
            assert move in rules.legal_moves(state)
            moves.append(move)
            state, _ = rules.apply(state, move)
        return moves

    assert opening(40) == opening(40)
