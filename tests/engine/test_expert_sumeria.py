"""The Sumeria expert (engine/sumeria/expert.py): legal, deterministic, and it does what its
docstring claims in small positions built for one idea each."""

from __future__ import annotations

import random

import pytest

from engine import sumeria
from engine.bots import ExpertBot, GreedyBot
from engine.sumeria import expert, position
from engine.sumeria.moves import Add, TakeTiles

rules = pytest.mark.rules

ROW = ["kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa", "uruk"]


def play_game(seed, seats, rounds=6):
    """A 3-player game to its end (or the start of round `rounds` + 1); returns the moves
    played and the state reached."""
    state = sumeria.new_state(3, seed)
    played = []
    while not state.is_over and state.round <= rounds:
        view = state.view(state.to_move)
        move = seats[state.to_move].choose(view)
        assert move in sumeria.legal_moves(view)
        played.append(move)
        state, _ = sumeria.apply(state, move)
    return played, state


def finish(state):
    """Play on to the end with every player one ply deep (as `GreedyBot`, first of equals)."""
    while not state.is_over:
        mover = state.to_move
        state = max((sumeria.apply(state, m)[0] for m in sumeria.legal_moves(state)),
                    key=lambda after: sumeria.evaluate(after, mover))
    return state


@rules("S-SETUP-6", "S-TURN-2", "S-TILE-6")
def test_expert_moves_are_legal_and_the_same_seed_plays_the_same_game():
    seats = [ExpertBot(seed=1), GreedyBot(seed=2), GreedyBot(seed=3)]
    moves, reached = play_game(4, seats, rounds=2)
    again = [ExpertBot(seed=1), GreedyBot(seed=2), GreedyBot(seed=3)]
    assert play_game(4, again, rounds=2) == (moves, reached)
    assert reached.round == 3


@pytest.mark.slow
@rules("S-END-1")
def test_a_whole_game_of_experts_is_legal():
    _, final = play_game(5, [ExpertBot(seed=s) for s in range(3)])
    assert final.is_over and final.round == 6


def test_choose_answers_with_one_of_the_moves_it_was_given():
    state = sumeria.new_state(3, seed=9)
    moves = sumeria.legal_moves(state)
    assert expert.choose(state.view(state.to_move), moves, random.Random(0)) in moves
    some = moves[5:9]
    assert expert.choose(state.view(state.to_move), some, random.Random(0)) in some


@rules("S-ADD-2", "S-ROUND-1", "S-CTRL-1", "S-TILE-3", "S-END-2", "S-END-3")
def test_last_turn_of_the_game_lifts_its_own_city_state_into_the_scored_three_and_wins():
    # Blue (0) and Orange (1) hold the three leading city-states; Green (2), last to play in
    # the last round, holds Lagash (4th). Only Lagash's scoring (its religion tile, Green's
    # fifth) makes Green the winner: adding there swaps Lagash past Umma.
    state = position(
        3, {"kish.city": 0, "kish.town1": 0, "kish.town2": 1, "nippur.city": 1,
            "nippur.town1": 1, "nippur.town2": 0, "umma.city": 0, "umma.town1": 0,
            "umma.town2": 1, "lagash.town1": 2, "lagash.village1": 2, "eridu.city": 2},
        row=ROW, first_player=0, to_move=2, turn=3, round=6, offer=("PPP", "PP", "R"),
        influence=[{"economy": 4}, {"military": 4}, {"religion": 4, "political": 2}])
    moves = sumeria.legal_moves(state)
    winning = [m for m in moves if finish(sumeria.apply(state, m)[0]).winners() == {2}]
    assert 0 < len(winning) < len(moves) // 4
    move = expert.choose(state.view(2), moves, random.Random(0))
    assert move in winning
    after, _ = sumeria.apply(state, move)
    assert after.row.index("lagash") < 3


@rules("S-TILE-1", "S-TILE-5", "S-TILE-6", "S-END-2")
def test_the_controller_keeps_the_tiles_that_score_most_for_it():
    # Green alone in Kish (1st): it chooses 2 of religion, economy, military; the third is
    # discarded. With four religion and three military, R and M add 5 + 4 points.
    state = position(
        3, {"kish.city": 2, "kish.town1": 2, "nippur.city": 0, "umma.city": 1},
        row=ROW, first_player=0, to_move=2, turn=3, round=3, offer=("REM", "PP", "R"),
        influence=[{}, {}, {"religion": 4, "military": 3}])
    state, _ = sumeria.apply(state, Add("uruk.village1"))
    assert state.phase == "scoring" and state.to_move == 2
    moves = sumeria.legal_moves(state)
    assert expert.choose(state.view(2), moves, random.Random(0)) == TakeTiles("MR")


@pytest.mark.slow
def test_expert_beats_two_greedy_players_in_most_of_a_few_games():
    wins = 0.0
    for game in range(6):
        seat = game % 3
        seats = [GreedyBot(seed=10 * game + s) for s in range(3)]
        seats[seat] = ExpertBot(seed=game)
        _, final = play_game(100 + game, seats)
        if seat in final.winners():
            wins += 1 / len(final.winners())
    assert wins >= 3
