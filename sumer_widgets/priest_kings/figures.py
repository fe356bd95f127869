"""Figures of Priest-Kings of God that 05-analysis shows: the dice battle's odds under
sacrifices and reorganizations (`battle_odds`) and the length of simulated campaigns
(`campaign_figures`), each with its interval (`sumer_widgets.plots.analysis`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core import InvalidInput, derive_seed
from engine.simulate import GameRecord
from sumer_widgets.plots.analysis import (
    Estimate,
    Rate,
    bootstrap,
    check_records,
    median,
    wilson,
)


def battle_odds(battles: int, *, seed: int = 0, reorganized: Sequence[int] = (0, 1, 2, 3)
                ) -> dict[tuple[bool, int], dict[str, Rate]]:
    """The dice battle's odds for an attacker with or without a sacrifice reroll and with
    0, 1, 2 or 3 corps reorganized, against the standard army without a reroll.

    Each condition fights `battles` battles of `engine.priest_kings.battle.fight`; battle i
    uses the same dice seed in every condition (common random numbers), so the differences
    between conditions are measured more sharply than their levels.

    Returns:
        ``{(reroll, corps reorganized): {"defender breaks": Rate, "attacker breaks": Rate,
        "attacker beaten": Rate}}`` ("breaks" includes both armies breaking; "beaten" is
        scoring fewer points, R-P3).
    """
    from engine.priest_kings import Army, fight

    if isinstance(battles, bool) or not isinstance(battles, int) or battles < 1:
        raise InvalidInput(f"battles must be a whole number ≥ 1, not {battles!r}")
    standard = Army.standard()
    corps = standard.reorganizable()
    out: dict[tuple[bool, int], dict[str, Rate]] = {}
    for count in reorganized:
        if not 0 <= count <= len(corps):
            raise InvalidInput(f"at most {len(corps)} corps can be reorganized once each, "
                               f"not {count}")
        army = standard
        for corps_id in corps[:count]:
            army = army.reorganize(corps_id)
        for reroll in (False, True):
            tally = {"defender breaks": 0, "attacker breaks": 0, "attacker beaten": 0}
            for i in range(battles):
                outcome = fight(army, standard, (reroll, False),
                                random.Random(derive_seed(seed, "battle", i)))
                tally["defender breaks"] += outcome.broken in ("defender", "both")
                tally["attacker breaks"] += outcome.broken in ("attacker", "both")
                tally["attacker beaten"] += outcome.attacker_points < outcome.defender_points
            out[(reroll, count)] = {k: wilson(v, battles) for k, v in tally.items()}
    return out


def campaign_figures(records: Sequence[GameRecord], *, resamples: int = 2000,
                     seed: int = 0) -> dict[str, Estimate]:
    """``mean turns``, ``median turns`` and ``mean battles`` of a set of Priest-Kings
    campaigns, each with its interval (needs ``final_stats`` or ``game_stats``)."""
    check_records(records, "campaign_figures", stats=True)
    turns = [r.stats["turns"] for r in records]  # type: ignore[index]
    battles = [r.stats["battles"] for r in records]  # type: ignore[index]
    return {
        "mean turns": bootstrap(turns, resamples=resamples, seed=derive_seed(seed, "turns")),
        "median turns": bootstrap(turns, median, resamples=resamples,
                                  seed=derive_seed(seed, "median")),
        "mean battles": bootstrap(battles, resamples=resamples,
                                  seed=derive_seed(seed, "battles")),
    }
