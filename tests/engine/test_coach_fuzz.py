"""Fuzzing the coach's entry points: whatever they are handed — garbage, mangled moves,
players' views, forged save files — only the project's own errors come out
(`IllegalMove`, `InvalidInput`), with a reason, and what they accept they answer."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import coach
from engine.core import rules_of
from tests.engine.test_fuzz import move_inputs
from tests.fuzzing import (
    RULESETS,
    TRICKY_TEXT,
    fuzz,
    garbage,
    only_own_errors,
    poisoned_json,
    sample_games,
)

#: Reading a position costs the coach milliseconds (Sumeria's reading of the round, tenths of
#: a second): fewer examples than the engine's own fuzz tests.
ruleset_param = pytest.mark.parametrize("ruleset", RULESETS)


def states(ruleset: str) -> st.SearchStrategy:
    """Positions of the sample games, whole or as a player sees them (a spectator too)."""
    def pick(data_game):
        game, index, viewer = data_game
        state = game.history[index % len(game.history)]
        return state if viewer is None else state.view(viewer % state.players)
    return st.tuples(st.sampled_from(sample_games(ruleset)), st.integers(0, 400),
                     st.one_of(st.none(), st.integers(0, 3))).map(pick)


def anything(ruleset: str) -> st.SearchStrategy:
    return st.one_of(states(ruleset), garbage)


@ruleset_param
@fuzz(0.3)
@given(data=st.data())
def test_move_values_and_win_chance(ruleset, data):
    state = data.draw(anything(ruleset))
    view = data.draw(st.one_of(st.booleans(), garbage))
    if only_own_errors(lambda: coach.move_values(state, player_view=view)) is None:
        values = coach.move_values(state, player_view=view)
        assert values and all(0.0 <= v <= 1.0 for v in values.values())
    player = data.draw(st.one_of(st.integers(-1, 4), garbage))
    if only_own_errors(lambda: coach.win_chance(state, player)) is None:
        assert 0.0 <= coach.win_chance(state, player) <= 1.0


@ruleset_param
@fuzz(0.5)
@given(data=st.data())
def test_explain(ruleset, data):
    state = data.draw(anything(ruleset))
    move = data.draw(move_inputs(ruleset))
    lang = data.draw(st.one_of(st.sampled_from(["en", "nl"]), st.sampled_from(TRICKY_TEXT),
                               garbage))
    if only_own_errors(lambda: coach.explain(state, move, lang)) is None:
        told = coach.explain(state, move, lang)
        assert 1 <= len(told) <= 3 and all(isinstance(t, str) and t for t in told)


@pytest.mark.parametrize("ruleset", ["royal_ur", "priest_kings", "tigris"])
@fuzz(0.3)
@given(data=st.data())
def test_candidates(ruleset, data):
    state = data.draw(anything(ruleset))
    count = data.draw(st.one_of(st.integers(-2, 25), garbage))
    if only_own_errors(lambda: coach.candidates(state, count)) is None:
        found = coach.candidates(state, count)
        assert 1 <= len(found) <= count


@pytest.mark.parametrize("ruleset", ["royal_ur", "priest_kings"])
@fuzz(0.3)
@given(data=st.data())
def test_review_and_luck_of_forged_save_files(ruleset, data):
    game = data.draw(st.sampled_from(sample_games(ruleset)))
    text = data.draw(st.one_of(poisoned_json(json.loads(game.to_json())), garbage))
    sees = data.draw(st.one_of(st.sampled_from(["all", "player"]), garbage))
    if only_own_errors(lambda: coach.review(text, sees=sees)) is None:
        review = coach.review(text, sees=sees)
        assert coach.Review.from_dict(review.to_dict()) == review
    if only_own_errors(lambda: coach.luck(text, sees=sees)) is None:
        assert len(coach.luck(text, sees=sees)) == rules_of(ruleset).Game.from_json(
            text).state.players


@fuzz(0.5)
@given(value=garbage)
def test_review_and_luck_of_anything(value):
    only_own_errors(lambda: coach.review(value))
    only_own_errors(lambda: coach.luck(value))
