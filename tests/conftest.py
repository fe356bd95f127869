"""Shared test set-up: the `rules` marker names the catalogued rules a test checks."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "sumer", max_examples=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("thorough", max_examples=500, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "sumer"))
