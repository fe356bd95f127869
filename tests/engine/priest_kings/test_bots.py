"""The shared bots and the simulate command play Priest-Kings unchanged."""

from __future__ import annotations

import pytest

from engine import bots, simulate
from engine import priest_kings as pk
from engine.__main__ import main
from engine.priest_kings import evaluate, position

KISH, LAGASH, URUK, UR = range(4)


def play_with(seats, seed, **options):
    state = pk.new_state(4, seed, **options)
    moves = 0
    while not state.is_over:
        player = state.to_move
        view = state.view(player)
        move = seats[player].choose(view)
        assert move in pk.legal_moves(state)
        state, _ = pk.apply(state, move)
        moves += 1
        assert moves < 5000, "the campaign stalled"
    return state


@pytest.mark.parametrize("battles", pk.BATTLE_MODES)
def test_every_bot_plays_legal_moves_to_the_end(battles):
    seats = [bots.RandomBot(1), bots.GreedyBot(2), bots.MCTSBot(8, seed=3), bots.GreedyBot(4)]
    final = play_with(seats, seed=5, battles=battles)
    assert final.is_over and final.winners()


def test_greedy_campaigns_never_stall():
    for seed in range(6):
        assert play_with([bots.GreedyBot(seed + s) for s in range(4)], seed).is_over


def test_bots_are_reproducible_from_their_seeds():
    def seats():
        return [bots.GreedyBot(1), bots.RandomBot(2), bots.MCTSBot(6, seed=3), bots.RandomBot(4)]

    assert play_with(seats(), seed=9) == play_with(seats(), seed=9)


def test_greedy_attacks_when_it_can_and_otherwise_reorganizes():
    state = position(order=("kish", "uruk", "lagash", "ur"))
    assert isinstance(bots.GreedyBot(0).choose(state.view(KISH)), pk.Attack)
    state, _ = pk.apply(state, pk.Attack("uruk"))
    assert isinstance(bots.GreedyBot(0).choose(state.view(URUK)), pk.Reorganize)
    spent = position(order=("uruk", "kish", "lagash", "ur"),
                     reorganized={"uruk": ["centre"] * 2 + ["right"] * 2 + ["left"] * 2},
                     attacks=[], step=0)
    assert bots.GreedyBot(0).choose(spent.view(URUK)) in pk.legal_moves(spent)


def test_evaluate_prefers_more_vassals_and_the_win():
    free = position(order=("kish", "uruk", "lagash", "ur"))
    ruling = position({"lagash": "kish"}, order=("kish", "uruk", "lagash", "ur"))
    assert evaluate(ruling, KISH) > evaluate(free, KISH) > evaluate(ruling, LAGASH)
    state = position({"lagash": "kish", "ur": "kish"}, phase="battles", battles="recorded",
                     attacks=[("kish", "uruk")], order=("kish", "uruk", "lagash", "ur"))
    over, _ = pk.apply(state, pk.RecordedBattle("defender", 5, 0))
    assert over.is_over and evaluate(over, KISH) == 10 and evaluate(over, URUK) == -10


def test_simulate_plays_priest_kings_with_the_fast_path_and_with_bots():
    record = simulate.play_game(simulate.GameSpec("priest_kings", 4, 17, ("random",) * 4))
    assert record.length > 4 and len(record.scores) == 4 and record.winners
    mixed = simulate.play_game(simulate.GameSpec("priest_kings", 4, 3,
                                                 ("greedy", "random", "mcts:5", "random")))
    assert mixed.winners


def test_command_line(capsys):
    code = main(["simulate", "priest_kings", "--games", "4", "--bots",
                 "greedy,random,mcts:5,random", "--workers", "1", "--quiet",
                 "--option", "battles=either"])
    out = capsys.readouterr().out
    assert code == 0 and "priest_kings: 4 games, 4 players" in out and "greedy" in out
