"""The greedy and expert bots play the recorded fixed-seed games move for move, reading the
same values on the way (`strong_play`): making them faster must not change what they choose,
nor the evaluations a coach reads from them."""

from __future__ import annotations

import json

import pytest

from tests.engine.strong_play import DATA, GAMES, key, record

RECORDED = json.loads(DATA.read_text())


def test_every_game_is_recorded():
    assert sorted(RECORDED) == sorted(key(game) for game in GAMES)


@pytest.mark.parametrize("game", GAMES, ids=key)
def test_the_bots_play_the_recorded_game(game):
    expected = RECORDED[key(game)]
    got = record(game)
    assert got["moves"] == expected["moves"]
    assert got["values"] == expected["values"]
    assert got["scores"] == expected["scores"]
