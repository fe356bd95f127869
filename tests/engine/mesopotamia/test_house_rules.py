"""Mesopotamia's house rules (docs/rules/mesopotamia.md, M-OPT-…): options with the rule
text's values as defaults, obeyed by the checked rules, the fast path and the bots, and kept in
the save file."""

from __future__ import annotations

import random

import pytest

from engine import mesopotamia
from engine.bots import ExpertBot, GreedyBot
from engine.core import IllegalMove, InvalidInput
from engine.mesopotamia import check_state
from tests.engine.mesopotamia.test_fast import checked_playout
from tests.engine.mesopotamia.util import kinds, play, pos

rules = pytest.mark.rules


@rules("M-OPT-MOVE-1")
def test_the_movement_points_are_an_option():
    state = mesopotamia.new_state(3, seed=1, movement=7)
    assert state.points == 7
    state, _ = play(state, "end", "draw")
    assert state.to_move == 1 and state.phase == "move" and state.points == 7
    table = mesopotamia.new_state(4, seed=1, movement=7, first_round_table=True)
    assert table.points == 2
    with pytest.raises(InvalidInput, match="option movement must be a whole number from 1"):
        mesopotamia.new_state(3, seed=1, movement=0)


@rules("M-OPT-MANA-1")
def test_the_starting_mana_is_an_option():
    state = mesopotamia.new_state(2, seed=1, mana=2, max_mana=5)
    assert state.mana == (2, 2) and state.max_mana == (5, 5)
    check_state(state)
    with pytest.raises(InvalidInput, match="option mana must be a whole number from 0 to"):
        mesopotamia.new_state(2, seed=1, mana=4)
    with pytest.raises(InvalidInput, match="option max_mana must be a whole number from 1 to 8"):
        mesopotamia.new_state(2, seed=1, max_mana=9)


@rules("M-OPT-WIN-1")
def test_the_markers_that_win_are_an_option():
    state = pos(natives=[("1,0", 0, "M6")], mana=[7, 0, 0, 0], max_mana=[7, 3, 3, 3],
                delivered=[[2], [], [], []], markers_to_win=2)
    after, events = play(state, "go 1,0 M6 0,0")
    assert after.is_over and after.winners() == frozenset({0})
    assert kinds(events)[-1] == "GameEnded" and "that win" in events[-1].describe()
    with pytest.raises(IllegalMove, match="placed the 2 sacrifice markers that win"):
        mesopotamia.apply(after, mesopotamia.EndMovement())
    with pytest.raises(InvalidInput, match="option markers_to_win must be a whole number"):
        mesopotamia.new_state(2, seed=1, markers_to_win=5)


HOUSE = [
    {"movement": 8, "markers_to_win": 1},
    {"mana": 3, "max_mana": 6, "movement": 3},
]


@rules("M-OPT-MOVE-1", "M-OPT-MANA-1", "M-OPT-WIN-1")
@pytest.mark.parametrize("options", HOUSE)
@pytest.mark.parametrize("players", [2, 4])
def test_fast_and_checked_paths_play_the_same_house_rule_game(players, options):
    for seed in range(2):
        start = mesopotamia.new_state(players, seed, max_rounds=6, **options)
        record: list[int] = []
        fast = mesopotamia.random_playout(start, random.Random(seed), record)
        checked, choices, _ = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices
        check_state(fast)


@rules("M-OPT-MOVE-1", "M-OPT-WIN-1")
def test_house_rules_are_saved_and_a_bots_game_replays():
    plain = mesopotamia.new_state(2, seed=1).to_dict()["options"]
    assert "movement" not in plain and "markers_to_win" not in plain
    game = mesopotamia.new_game(2, seed=4, movement=6, markers_to_win=2, max_rounds=30)
    bots = [ExpertBot(seed=1), GreedyBot(seed=2)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.state.view(game.to_move)))
    assert game.state.options.house_rules() == {"movement": 6, "markers_to_win": 2}
    loaded = mesopotamia.Game.from_json(game.to_json())
    assert loaded.state == game.state
