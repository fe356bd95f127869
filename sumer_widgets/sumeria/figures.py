"""Figures of simulated Sumeria games that 05-analysis shows: what the second step of the
control tie-break changes (`tiebreak_effect`) and how often each city-state scores
(`city_state_scoring`), each with its interval (`sumer_widgets.plots.analysis`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import InvalidInput
from engine.simulate import GameRecord
from sumer_widgets.plots.analysis import Estimate, Rate, check_records, mean_interval, wilson


def tiebreak_effect(first: Sequence[GameRecord], second: Sequence[GameRecord]
                    ) -> dict[str, Rate]:
    """What changes between games dealt from the same seeds under two tie-break options.

    Returns Rates over the pairs of games: ``step 2 decided a control`` (the second step of
    the control tie-break separated first and second place at least once, in either game),
    ``games differ`` (any difference in length, scores or scorings), ``winner differs``,
    ``winner differs (of games that differ)``, and, for comparison, ``winner differs
    (unrelated games)`` (game i against game i+1 of the first list).

    Raises:
        InvalidInput: lists of different lengths or seeds, or records without statistics.
    """
    check_records(first, "tiebreak_effect", stats=True)
    check_records(second, "tiebreak_effect", stats=True)
    if [r.seed for r in first] != [r.seed for r in second]:
        raise InvalidInput("tiebreak_effect compares games dealt from the same seeds: "
                           "simulate both lists from the same specs but their options")

    def second_step(r: GameRecord) -> bool:
        decided = r.stats["decided_by"]  # type: ignore[index]
        return decided.get("towns", 0) + decided.get("villages", 0) > 0

    def course(r: GameRecord) -> tuple[Any, ...]:
        # The two readings name their second step differently: the same game counts its
        # towns-decisions under "towns" in one list and under "villages" in the other.
        stats = dict(r.stats)  # type: ignore[arg-type]
        decided = dict(stats.pop("decided_by"))
        decided["step 2"] = decided.pop("towns", 0) + decided.pop("villages", 0)
        return r.length, r.scores, r.winners, sorted(decided.items()), sorted(
            (k, sorted(v.items()) if isinstance(v, dict) else v) for k, v in stats.items())

    pairs = list(zip(first, second))
    differ = [(a, b) for a, b in pairs if course(a) != course(b)]
    out = {
        "step 2 decided a control": wilson(
            sum(second_step(a) or second_step(b) for a, b in pairs), len(pairs)),
        "games differ": wilson(len(differ), len(pairs)),
        "winner differs": wilson(sum(a.winners != b.winners for a, b in pairs), len(pairs)),
    }
    if differ:
        out["winner differs (of games that differ)"] = wilson(
            sum(a.winners != b.winners for a, b in differ), len(differ))
    if len(first) > 1:
        out["winner differs (unrelated games)"] = wilson(
            sum(a.winners != b.winners for a, b in zip(first, first[1:])), len(first) - 1)
    return out


def city_state_scoring(records: Sequence[GameRecord]) -> dict[str, dict[str, Estimate]]:
    """Per city-state: times scored a game, times scored first (the most important), and
    times nobody was there to control it, each a mean over games with its normal interval
    (`mean_interval`: these are means of small counts over many games)."""
    check_records(records, "city_state_scoring", stats=True)
    if len(records) < 2:
        raise InvalidInput("city_state_scoring needs at least two games")
    stats = [r.stats for r in records]
    ids = list(stats[0]["scored"])  # type: ignore[index]
    return {
        "scored": {cs: mean_interval([s["scored"][cs] for s in stats]) for cs in ids},
        "scored first": {cs: mean_interval([s["first"][cs] for s in stats]) for cs in ids},
        "nobody there": {cs: mean_interval([s["scored"][cs] - s["controlled"][cs]
                                            for s in stats]) for cs in ids},
    }
