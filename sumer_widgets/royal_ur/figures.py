"""Figures of simulated Royal Game of Ur games that 05-analysis shows: how often light, who
always throws first, wins between two players of the same strength (`head_start`), and the
same chance under perfect play where the game is solved (`exact_head_start`).

`head_start` reads game records of `engine.simulate` (``stats="ruleset:final_stats"``, which
keeps the fast path of all-random games): light's wins as a Wilson `Rate`, and the throws a
game (both players' throws, the pass after a 0 included) as a mean with its normal interval
and as the median and range.

Limits: a game's winner is seat 0 or 1 (light or dark), never shared; games stopped by a
`max_moves` cap have no winner and are refused, since leaving them out would bias both
figures towards the shorter games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import royal_ur
from engine.core import InvalidInput
from engine.simulate import GameRecord
from sumer_widgets.plots.analysis import check_records, mean_interval, median, wilson


def head_start(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Light's share of the wins and the length of the games, over finished games.

    Returns:
        ``light wins`` (a `Rate`), ``throws a game`` (an `Estimate` of the mean), ``median
        throws``, ``fewest throws`` and ``most throws``.

    Raises:
        InvalidInput: no records, records of another ruleset or without ``final_stats``, or a
            game that did not finish.
    """
    check_records(records, "head_start", stats=True)
    if any(r.ruleset != "royal_ur" for r in records):
        raise InvalidInput("head_start reads Royal Game of Ur games only")
    if not all(r.finished for r in records):
        raise InvalidInput("head_start needs every game played to its end (no max_moves)")
    throws = [r.stats["throws"] for r in records]  # type: ignore[index]
    return {"light wins": wilson(sum(r.winners == (royal_ur.LIGHT,) for r in records),
                                 len(records)),
            "throws a game": mean_interval(throws), "median throws": median(throws),
            "fewest throws": min(throws), "most throws": max(throws)}


def exact_head_start(pieces: int) -> float:
    """Light's chance of winning from the start when both play perfectly, from the solved
    table of Finkel's game of `pieces` pieces (`engine.royal_ur.win_chance`).

    Raises:
        InvalidInput: that game is not solved (the 7-piece game is too large to ship).
    """
    chance = royal_ur.win_chance(royal_ur.new_state(seed=0, pieces=pieces), royal_ur.LIGHT)
    if chance is None:
        raise InvalidInput(f"the {pieces}-piece game is not solved: no exact chance")
    return chance
