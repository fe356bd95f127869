"""A board's questions never solve a table (issue 42): the first board of a Masters or Blitz
game took 2.6–3.7 s, because asking whether its position was solved solved the endgame's
table. Now the board asks the tables at hand only."""

from __future__ import annotations

from unittest import mock

import pytest

from engine import royal_ur
from engine.bots import ExpertBot
from engine.royal_ur import solver
from sumer_widgets import RoyalUrBoard


@pytest.mark.parametrize("rules", ["masters", "blitz"])
def test_a_masters_or_blitz_board_opens_and_plays_without_solving(rules):
    """Neither the board's questions nor its bot's moves solve: the endgame's table ships."""
    solver.forget(royal_ur.Options(rules=rules, pieces=2))
    with mock.patch.object(solver, "solve", side_effect=AssertionError("a table was solved")):
        board = RoyalUrBoard(royal_ur.new_game(seed=1, rules=rules),
                             bots={1: ExpertBot(seed=2)})
        board.choices_for(board.game.state)
        for _ in range(40):
            state = board.game.state
            if state.is_over:
                break
            move = royal_ur.legal_moves(state)[0]
            board.game.play(move)
            board._run_bots()
            board.choices_for(board.game.state)


def test_a_three_piece_lesson_board_still_shows_its_chances():
    with mock.patch.object(solver, "solve", side_effect=AssertionError("a table was solved")):
        board = RoyalUrBoard(royal_ur.Game(royal_ur.position(pieces=3, light=[2], dark=[3],
                                                             throw=2)), chances=True)
        moves = board.choices_for(board.game.state)["moves"]
        assert moves and all(m["chance"] is not None for m in moves.values())
