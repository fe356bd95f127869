"""Tigris & Euphrates' house rules (docs/rules/tigris.md, T-OPT-…): options with the rule
text's values as defaults, obeyed by the checked rules, the fast path and the bots, and kept in
the save file."""

from __future__ import annotations

import random

import pytest

from engine import tigris
from engine.bots import ExpertBot, GreedyBot
from engine.core import InvalidInput
from engine.tigris import check_state
from tests.engine.tigris.test_fast import checked_playout

rules = pytest.mark.rules


def turn_of(state):
    """The moves of the active player's turn until the turn passes on."""
    active = state.active
    played = 0
    rng = random.Random(1)
    while not state.is_over and state.active == active:
        moves = tigris.legal_moves(state)
        if state.phase == "action":
            played += 1
        state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])
    return state, played


@rules("T-OPT-HAND-1")
def test_the_hand_size_is_an_option():
    state = tigris.new_state(3, seed=4, hand_size=9)
    assert [len(h) for h in state.hands] == [9, 9, 9]
    after, _ = turn_of(state)
    assert all(len(h) == 9 for h in after.hands)
    check_state(after)
    with pytest.raises(InvalidInput, match="hand_size must be a whole number from 1"):
        tigris.new_state(2, seed=1, hand_size=0)
    with pytest.raises(InvalidInput, match="4 hands of 20 tiles need 80"):
        tigris.new_state(4, seed=1, hand_size=20, tiles=(20, 20, 20, 20))


@rules("T-OPT-ACTIONS-1")
def test_the_actions_of_a_turn_are_an_option():
    state = tigris.new_state(2, seed=4, actions=3)
    assert state.actions == 3
    after, played = turn_of(state)
    assert played == 3 and after.actions == 3
    assert "action 1 of 3" in after.summary()
    with pytest.raises(InvalidInput, match="actions must be a whole number from 1 to 6"):
        tigris.new_state(2, seed=1, actions=7)


@rules("T-OPT-TREASURES-1")
def test_the_treasures_that_end_the_game_are_an_option():
    rng = random.Random(2)
    final = tigris.random_playout(tigris.new_state(2, seed=3, treasures_left=8), rng)
    assert final.is_over
    assert len(final.treasures) <= 8 or final.ending
    check_state(final)
    with pytest.raises(InvalidInput, match="treasures_left must be a whole number from 0 to 9"):
        tigris.new_state(2, seed=1, treasures_left=10)
    assert tigris.new_state(2, seed=1, board="advanced", treasures_left=10).options.board == (
        "advanced")


@rules("T-OPT-TILES-1")
def test_the_tiles_of_each_colour_are_an_option():
    state = tigris.new_state(2, seed=5, tiles=[20, 40, 50, 20])
    assert state.options.tiles == (20, 40, 50, 20)
    held = state.bag + "".join(state.hands)
    assert [held.count(c) for c in "krbg"] == [20, 40 - 10, 50, 20]
    check_state(state)
    for bad in ((1, 2, 3), (30, 9, 36, 30), (-1, 57, 36, 30), "many", (30, 57, 36, 1000)):
        with pytest.raises(InvalidInput, match="tiles"):
            tigris.new_state(2, seed=1, tiles=bad)


HOUSE = [
    {"hand_size": 4, "actions": 3},
    {"treasures_left": 5, "tiles": (40, 50, 40, 20), "board": "advanced"},
    {"hand_size": 8, "actions": 1, "buildings": True, "wonder": True},
]


@rules("T-OPT-HAND-1", "T-OPT-ACTIONS-1", "T-OPT-TREASURES-1", "T-OPT-TILES-1")
@pytest.mark.parametrize("options", HOUSE)
@pytest.mark.parametrize("players", [2, 3])
def test_fast_and_checked_paths_play_the_same_house_rule_game(players, options):
    for seed in range(2):
        start = tigris.new_state(players, seed, **options)
        record: list[int] = []
        fast = tigris.random_playout(start, random.Random(seed), record)
        checked, choices = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices
        check_state(fast)


@rules("T-OPT-HAND-1", "T-OPT-ACTIONS-1")
def test_house_rules_are_saved_and_a_bots_game_replays():
    assert tigris.new_state(2, seed=1).to_dict()["options"] == {
        "board": "standard", "war_support": "standard", "buildings": False, "wonder": False,
        "open_scoring": False}
    game = tigris.new_game(2, seed=6, hand_size=5, actions=3, tiles=(30, 60, 36, 30))
    assert game.state.options.house_rules() == {"hand_size": 5, "actions": 3,
                                                "tiles": (30, 60, 36, 30)}
    bots = [GreedyBot(seed=1), ExpertBot(seed=2)]
    while not game.is_over and len(game.moves) < 80:
        game.play(bots[game.to_move].choose(game.state.view(game.to_move)))
    loaded = tigris.Game.from_json(game.to_json())
    assert loaded.state == game.state
    assert tigris.state_from_dict(game.state.view(0).to_dict()).options == game.state.options
