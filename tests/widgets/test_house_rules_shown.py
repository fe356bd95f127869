"""A board says which house rules are in force (issue 43): a designer's changed game never
looks like the rule text's."""

from __future__ import annotations

import pytest

from engine import royal_ur, sumeria, tigris
from sumer_widgets import RoyalUrBoard, SumeriaBoard, TigrisBoard


@pytest.mark.rules("S-OPT-SCORING-1", "S-OPT-ROUNDS-1")
def test_a_sumeria_board_names_its_house_rules():
    board = SumeriaBoard(sumeria.new_game(3, seed=1, scoring="linear", rounds=4))
    assert board.status.endswith("(House rules: scoring = linear, rounds = 4.)")
    plain = SumeriaBoard(sumeria.new_game(3, seed=1))
    assert "House rules" not in plain.status


@pytest.mark.rules("U-OPT-ROSETTE-1")
def test_the_royal_game_of_ur_board_names_its_house_rule_in_its_language():
    board = RoyalUrBoard(royal_ur.new_game(seed=1, rosette_throw=False), lang="nl")
    assert board.status.endswith("(Huisregels: rosette_throw = False.)")


@pytest.mark.rules("T-OPT-HAND-1")
def test_the_house_rules_stay_said_as_the_game_goes_on():
    board = TigrisBoard(tigris.new_game(2, seed=1, hand_size=8))
    board.play(board.game.legal_moves()[0])
    assert "House rules: hand_size = 8" in board.status
