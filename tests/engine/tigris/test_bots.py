"""The shared bots and the simulate command play Tigris & Euphrates unchanged."""

from __future__ import annotations

import random

from engine import bots, simulate, tigris
from engine.__main__ import main


def test_greedy_and_random_bots_play_a_whole_game_through_views():
    state = tigris.new_state(2, seed=3)
    seats = [bots.GreedyBot(1), bots.RandomBot(2)]
    moves = 0
    while not state.is_over:
        player = state.to_move
        move = seats[player].choose(state.view(player))
        assert move in tigris.legal_moves(state)
        state, _ = tigris.apply(state, move)
        moves += 1
    assert state.winners() and moves > 50


def test_mcts_chooses_a_legal_move_from_a_view():
    state = tigris.new_state(3, seed=8)
    rng = random.Random(1)
    for _ in range(25):
        moves = tigris.legal_moves(state)
        state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])
    move = bots.MCTSBot(6, seed=0).choose(state.view(state.to_move))
    assert move in tigris.legal_moves(state)


def test_greedy_prefers_the_point_for_its_weakest_colour():
    state = tigris.position("""
        4  . . . . R0
        5  . . . . r K0 k
        influence 0 k5 r0 b5 g5
        hand 0 kkrbgg
        turn 0
    """)
    assert tigris.evaluate(state, 0) < tigris.evaluate(
        tigris.apply(state, tigris.parse_move("tile r h5"))[0], 0)
    move = bots.GreedyBot(0).choose(state.view(0))
    after, _ = tigris.apply(state, move)
    assert after.influence[0][1] == 1, f"greedy played {move}"


def test_simulate_plays_tigris_through_the_fast_path_and_the_command_line(capsys):
    record = simulate.play_game(simulate.GameSpec("tigris", 4, 17, ("random",) * 4))
    assert record.length > 100 and len(record.scores) == 4
    assert main(["simulate", "tigris", "--games", "2", "--bots", "random,random",
                 "--workers", "1", "--quiet", "--option", "board=advanced"]) == 0
    assert "tigris: 2 games, 2 players" in capsys.readouterr().out
