"""The fast random playout plays exactly the game the checked rules play."""

from __future__ import annotations

import random

import pytest

from engine import royal_ur as ur

VARIANTS = ({}, {"rules": "masters"}, {"rules": "blitz"}, {"path": "murray"},
            {"pieces": 3, "throws": "recorded"}, {"throws": "either", "safe_rosettes": False})


def checked(state, rng, limit=None):
    moves_made = 0
    while not state.is_over and (limit is None or moves_made < limit):
        moves = ur.legal_moves(state)
        state, _ = ur.apply(state, moves[rng.randrange(len(moves))])
        moves_made += 1
    return state


@pytest.mark.rules("U-THROW-2")
@pytest.mark.parametrize("options", VARIANTS)
def test_fast_and_checked_paths_play_the_same_game(options):
    for seed in range(4):
        start = ur.new_state(seed=seed, **options)
        record: list[int] = []
        fast = ur.random_playout(start, random.Random(seed), record)
        assert fast.is_over and fast == checked(start, random.Random(seed))
        # The record replays the game through the checked rules.
        state = start
        for index in record:
            state, _ = ur.apply(state, ur.legal_moves(state)[index])
        assert state == fast


def test_a_playout_stops_at_its_horizon():
    start = ur.new_state(seed=5)
    cut = ur.random_playout(start, random.Random(1), None, 25)
    assert not cut.is_over and cut == checked(start, random.Random(1), 25)
    ur.check_state(cut)
    assert ur.random_playout(cut, random.Random(1)).is_over
