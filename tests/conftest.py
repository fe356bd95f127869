"""Shared test set-up: hypothesis profiles, and every refusal naming a catalogued rule."""

from __future__ import annotations

import os
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, settings

from engine.core import IllegalMove

# The default profile, which `make test` and CI run, is the same on every run: the examples
# derive from each test's own name (derandomize) and no database of earlier failures is
# replayed, so a red run means a change broke something, never chance. The random, longer
# hunt is `HYPOTHESIS_PROFILE=thorough`; what it finds becomes an explicit @example.
settings.register_profile(
    "sumer", max_examples=60, deadline=None, derandomize=True, database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("thorough", max_examples=500, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "sumer"))

# Learners' records (sumer_widgets.record) go to a folder of the test run, never into the
# checkout: the notebooks nbval runs (their kernels inherit this) and the lessons the tests open.
os.environ.setdefault("SUMER_RECORDS", tempfile.mkdtemp(prefix="sumer-records-"))

# Solved tables a machine keeps in its local cache (engine.royal_ur.cache: the 7-piece game
# built with numpy) would change what the expert and the coach answer: tests see none but
# what they write themselves.
os.environ["SUMER_CACHE"] = os.path.join(os.path.dirname(__file__), ".no-cache")


@pytest.fixture(autouse=True)
def _refusals_name_their_rule(monkeypatch):
    """Every refusal an engine makes during any test names a rule of its catalogue.

    Refusals the engines raise are collected as they are made (whether a test expects them or
    not) and checked when the test ends; only `Game.undo` at the start of a game refuses
    without a rule, as it enforces none.
    """
    unnamed: list[str] = []
    init = IllegalMove.__init__

    def recording_init(self, reason, *, rule=None):
        init(self, reason, rule=rule)
        module = sys._getframe(1).f_globals.get("__name__", "")
        if module.startswith("engine.") and module != "engine.core" and rule not in ids:
            unnamed.append(f"{module} refused without a catalogued rule ({rule!r}): "
                           f"{self.reason}")

    from tests.fuzzing import rule_ids

    ids = rule_ids()
    monkeypatch.setattr(IllegalMove, "__init__", recording_init)
    yield
    monkeypatch.undo()
    assert not unnamed, unnamed[0]
