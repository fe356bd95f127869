"""Figures of simulated Mesopotamia games that 05-analysis shows: how long games last,
stopped games included (`length_figures`), and which cards winners play more
(`card_differences`), each with its interval (`sumer_widgets.plots.analysis`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import InvalidInput, derive_seed
from engine.simulate import GameRecord
from sumer_widgets.plots.analysis import (
    Estimate,
    bootstrap,
    check_records,
    mean,
    median,
    wilson,
)


def length_figures(records: Sequence[GameRecord], *, resamples: int = 2000,
                   seed: int = 0) -> dict[str, Any]:
    """The length of a set of games of one player count, stopped games included.

    Needs records with ``stats["rounds"]`` (Mesopotamia's ``final_stats`` or ``game_stats``).
    Returns ``finished`` (a `Rate`), ``median rounds`` and ``median decisions`` (over all
    games, a stopped one counting at its cap: right as long as fewer than half were stopped,
    else only a lower bound, which ``median is a lower bound`` says), each an `Estimate`, and
    the ``rounds`` and ``finished flags`` for `survival`.
    """
    check_records(records, "length_figures", stats=True)
    rounds = [r.stats["rounds"] for r in records]  # type: ignore[index]
    flags = [r.finished for r in records]
    return {
        "finished": wilson(sum(flags), len(records)),
        "median rounds": bootstrap(rounds, median, resamples=resamples,
                                   seed=derive_seed(seed, "rounds")),
        "median decisions": bootstrap([r.length for r in records], median,
                                      resamples=resamples, seed=derive_seed(seed, "decisions")),
        "median is a lower bound": 2 * sum(not f for f in flags) >= len(flags),
        "rounds": rounds,
        "finished flags": flags,
    }


def card_differences(records: Sequence[GameRecord], *, per_rounds: int = 100,
                     resamples: int = 2000, seed: int = 0) -> dict[str, Estimate]:
    """For each card: how much more often the winner played it than the other players.

    Per finished game with a single winner: the winner's plays of the card per `per_rounds`
    rounds minus the mean of the other players', averaged over games with a bootstrap
    interval. ``cards drawn`` is the same difference for the cards drawn. Needs Mesopotamia's
    ``game_stats``. A difference is an association under the play that made the games, not
    proof that the card causes wins.
    """
    check_records(records, "card_differences", stats=True)
    games = [r for r in records if r.finished and len(r.winners) == 1]
    if not games:
        raise InvalidInput("card_differences needs finished games with a single winner")
    cards = list(games[0].stats["played"][0])  # type: ignore[index]

    def difference(r: GameRecord, counts: Sequence[float]) -> float:
        scale = per_rounds / r.stats["rounds"]  # type: ignore[index]
        winner = r.winners[0]
        others = [c for p, c in enumerate(counts) if p != winner]
        return (counts[winner] - mean(others)) * scale

    def played(r: GameRecord, card: str) -> list[int]:
        return [p[card] for p in r.stats["played"]]  # type: ignore[index]

    out = {card: bootstrap([difference(r, played(r, card)) for r in games],
                           resamples=resamples, seed=derive_seed(seed, "card", card))
           for card in cards}
    out["cards drawn"] = bootstrap(
        [difference(r, r.stats["drawn"]) for r in games],  # type: ignore[index]
        resamples=resamples, seed=derive_seed(seed, "drawn"))
    return out
