"""Every refusal names the rule it enforces, an id of its own ruleset's catalogue.

A broad sample of illegal moves — moves that were legal somewhere in a game, tried in other
positions of it — is refused, and each refusal carries a rule id of ``docs/rules/<ruleset>.md``.
(Every refusal made during any other test is checked the same way by ``tests/conftest.py``.)
"""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalMove, SumerError, rules_of
from tests.fuzzing import RULESETS, sample_games, sample_moves
from tests.test_catalogue import catalogue

#: The fewest distinct rules the sample must reach: it is broad, not a handful of refusals.
#: Mesopotamia's sample games are random play from fixed seeds; since every turn has 5 points
#: (R-M2, the first round included) and a hut may go without a marker (R-M15) they are other
#: games, whose refusals reach 9 rules (10 before).
FEWEST_RULES = {"sumeria": 8, "tigris": 8, "mesopotamia": 9, "priest_kings": 4, "royal_ur": 5}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_refusal_names_a_rule_of_its_catalogue(ruleset):
    rules = rules_of(ruleset)
    known = set(catalogue(ruleset))
    moves = sample_moves(ruleset)
    rng = random.Random(ruleset)
    reached: dict[str, int] = {}
    tried = 0
    for game in sample_games(ruleset):
        for state in game.history[::3]:
            for move in rng.sample(moves, min(60, len(moves))):
                tried += 1
                try:
                    rules.apply(state, move)
                except IllegalMove as refused:
                    assert refused.rule in known, (
                        f"{move} in {state.summary()}: {refused.rule!r} is not a rule of "
                        f"docs/rules/{ruleset}.md ({refused.reason})")
                    reached[refused.rule] = reached.get(refused.rule, 0) + 1
                except SumerError:
                    pass  # malformed here (an unknown city of another map): not a refusal
    assert sum(reached.values()) > tried // 3, "the sample is mostly illegal moves"
    assert len(reached) >= FEWEST_RULES[ruleset], f"only {sorted(reached)} were reached"
