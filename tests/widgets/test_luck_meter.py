"""05-analysis's luck meter (sumer_widgets/analysis/luck.py): exact splits of seeded 3-piece
Royal Game of Ur games that add up to the result, the same on every run, and only the
project's own errors for bad input."""

from __future__ import annotations

import pytest
from hypothesis import assume, given

from engine.core import InvalidInput
from sumer_widgets.analysis import luck
from tests.fuzzing import fuzz, garbage, only_own_errors


@pytest.mark.rules("U-THROW-1")
def test_a_split_adds_up_to_the_result_and_the_expert_loses_nothing_by_its_choices():
    game = luck.play("expert", "random", seed=5)
    for player in (0, 1):
        s = luck.split(game, player, "expert")
        assert s.start + s.luck + s.choices == pytest.approx(s.result, abs=1e-9)
    expert = luck.split(game, 0, "expert")
    assert expert.own == pytest.approx(0.0, abs=1e-12) and expert.others >= -1e-12


@pytest.mark.rules("U-THROW-1")
def test_between_two_experts_the_whole_gain_is_luck():
    s = luck.winner_split("expert", "expert")
    assert s.won and s.choices == pytest.approx(0.0, abs=1e-9)
    assert s.luck == pytest.approx(1.0 - s.start, abs=1e-9)


def test_a_pairing_alternates_the_seats_and_is_the_same_each_time():
    games = luck.pairing_games("expert", "random", 6, 11)
    assert [s.light for s in games] == [True, False] * 3
    assert luck.pairing_games("expert", "random", 6, 11) is games  # played once a process
    luck._pairing_games.cache_clear()
    assert luck.pairing_games("expert", "random", 6, 11) == games


@pytest.mark.parametrize("call", [
    lambda: luck.play("oracle", "random", seed=1),
    lambda: luck.pairing_games("expert", "random", 0),
    lambda: luck.pairing_games("expert", "random", luck.MAX_GAMES + 1),
    lambda: luck.pairing_games("expert", "random", 2, seed="x"),
    lambda: luck.split(luck.play("random", "random", seed=1), 2, "random"),
])
def test_bad_input_gets_the_projects_refusal(call):
    with pytest.raises(InvalidInput):
        call()


@fuzz(0.3)
@given(first=garbage, second=garbage, games=garbage, seed=garbage, player=garbage)
def test_garbage_gets_only_the_projects_errors(first, second, games, seed, player):
    # A valid count of games would play them all: the count is fuzzed on its own, with one game.
    assume(not (type(games) is int and 1 <= games <= luck.MAX_GAMES))
    only_own_errors(lambda: luck.pairing_games("expert", "random", games))
    only_own_errors(lambda: luck.pairing_games(first, second, 1, seed))
    only_own_errors(lambda: luck.play(first, "random", seed))
    only_own_errors(lambda: luck.split(luck.play("random", "random", seed=3), player, "random"))
