"""Figures of simulated Tigris & Euphrates games that 05-analysis shows: the conflicts and
scores of a set of games (`conflict_figures`), each with its interval
(`sumer_widgets.plots.analysis`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import derive_seed
from engine.simulate import GameRecord
from sumer_widgets.plots.analysis import Estimate, bootstrap, check_records, mean, ratio


def conflict_figures(records: Sequence[GameRecord], *, resamples: int = 2000,
                     seed: int = 0) -> dict[str, Estimate]:
    """The conflicts and scores of a set of T&E games, each with its interval.

    Returns ``revolts a game``, ``wars a game``, ``size of a conflict`` (both sides' strength,
    board plus support), ``support a conflict`` (tiles committed), ``tiles removed a war``,
    ``winner's score`` and ``loser's score`` (the best and worst final score of a game).
    Ratios are pooled over the games (total size over total conflicts) and resampled by game.
    """
    check_records(records, "conflict_figures", stats=True)

    def stat(r: GameRecord) -> dict[str, Any]:
        return r.stats  # type: ignore[return-value]

    def boot(statistic: Callable[[Sequence[GameRecord]], float], salt: str) -> Estimate:
        return bootstrap(records, statistic, resamples=resamples, seed=derive_seed(seed, salt))

    def conflicts(r: GameRecord) -> int:
        return len(stat(r)["sizes"])

    return {
        "revolts a game": boot(lambda rs: mean([stat(r)["revolts"] for r in rs]), "revolts"),
        "wars a game": boot(lambda rs: mean([stat(r)["wars"] for r in rs]), "wars"),
        "size of a conflict": boot(ratio(lambda r: sum(stat(r)["sizes"]), conflicts), "size"),
        "support a conflict": boot(ratio(lambda r: sum(stat(r)["support"]), conflicts),
                                   "support"),
        "tiles removed a war": boot(ratio(lambda r: sum(stat(r)["war_tiles_removed"]),
                                           lambda r: len(stat(r)["war_tiles_removed"])),
                                    "removed"),
        "winner's score": boot(lambda rs: mean([max(r.scores) for r in rs]), "best"),
        "loser's score": boot(lambda rs: mean([min(r.scores) for r in rs]), "worst"),
    }
