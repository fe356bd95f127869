"""The evaluations the coach explains moves by are sums of named terms: each ruleset's
terms add up to its evaluation, on positions from random games (the bots' choices are
checked to be unchanged in test_coach_bots_same.py)."""

from __future__ import annotations

import pytest

from engine import mesopotamia, priest_kings, royal_ur, sumeria, tigris
from engine.mesopotamia import expert as meso_expert
from engine.mesopotamia.rules import Work
from engine.priest_kings import expert as pk_expert
from engine.tigris import expert as tigris_expert
from tests.fuzzing import sample_games


def states(ruleset: str, every: int = 7):
    for game in sample_games(ruleset):
        yield from game.history[::every]


def test_sumeria_projected_points_are_their_terms():
    for state in states("sumeria"):
        for player in range(state.players):
            terms = sumeria.heuristic.terms(state, player)
            assert sum(terms.values()) == pytest.approx(sumeria.evaluate(state, player),
                                                        abs=1e-9)
            assert all(isinstance(k, tuple) and all(isinstance(p, str) for p in k)
                       for k in terms)


def test_tigris_standing_is_its_terms():
    for state in states("tigris", 11):
        for player in range(state.players):
            terms = tigris_expert.terms(state, player)
            assert sum(terms.values()) == pytest.approx(tigris_expert.evaluate(state, player),
                                                        abs=1e-9)
            assert ("score",) in terms and ("rival",) in terms


def test_mesopotamia_value_is_its_terms():
    for state in states("mesopotamia", 13):
        for player in range(state.players):
            terms = meso_expert.terms(Work(state), player)
            assert sum(terms.values()) == pytest.approx(meso_expert.value(Work(state), player),
                                                        abs=1e-6)


def test_priest_kings_value_and_order_values_are_their_terms():
    for state in states("priest_kings", 3):
        for player in range(state.players):
            terms: dict = {}
            value = pk_expert.value(state.overlord, state.made, player, state.map.neighbours,
                                    terms)
            assert sum(terms.values()) == pytest.approx(value, abs=1e-12)
        if state.phase == "orders":
            moves = priest_kings.legal_moves(state)
            named: list = []
            values = pk_expert.order_values(state, moves, named)
            assert values == pk_expert.order_values(state, moves)
            for value, terms in zip(values, named):
                assert sum(terms.values()) == pytest.approx(value, abs=1e-12)


def test_royal_ur_race_is_its_terms():
    for state in states("royal_ur", 3):
        for player in (0, 1):
            assert sum(royal_ur.heuristic.terms(state, player).values()) == pytest.approx(
                royal_ur.evaluate(state, player))


def test_the_terms_are_read_not_changed():
    """Asking for the terms changes nothing the bots see: the same evaluations after."""
    state = sample_games("tigris")[2].state
    before = tigris.evaluate(state, 0), tigris_expert.evaluate(state, 0)
    tigris_expert.terms(state, 0)
    assert (tigris.evaluate(state, 0), tigris_expert.evaluate(state, 0)) == before
    meso = sample_games("mesopotamia")[2].state
    work = Work(meso)
    value = meso_expert.value(work, 0)
    meso_expert.terms(work, 0)
    assert meso_expert.value(work, 0) == value == meso_expert.value(Work(meso), 0)
    assert mesopotamia.evaluate(meso, 0) == mesopotamia.evaluate(meso, 0)
