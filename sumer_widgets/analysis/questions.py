"""05-analysis's questions, each drawn and told from its result file: one call per notebook
cell, so that a learner reads a picture and a few sentences, not the code that makes them.

Each function takes what `sumer_widgets.plots.results` read from ``benchmarks/results/``,
draws its picture (``plt.show()``), then prints what the figures say, with their 95 %
intervals, in words — and says so when a sample is too small to conclude (`sample_note`).
Only what is in the files is printed, so a notebook cell's output changes only when a file
does. Where matplotlib is missing the pictures leave their note and the sentences still print.

Limits: the sentences state what the intervals allow (higher, lower, cannot tell apart); what
the figures *mean* for the games is said in the notebook's own text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sumer_widgets.plots import results
from sumer_widgets.plots.analysis import (
    COLOURS,
    Estimate,
    Rate,
    plot_intervals,
    wilson,
)
from sumer_widgets.plots.results import (
    FEW_GAMES,
    compare,
    ladder_sentences,
    length_sentences,
    plot_ladder,
    plot_lengths,
    read_ladder,
    read_result,
    results_folder,
    sample_note,
)
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.priest_kings.plots import plot_battle_conditions

__all__ = [
    "battles", "campaigns", "cards", "city_states", "first_player", "game_lengths", "ladders",
    "list_results", "one_game", "read_ladders", "read_lengths", "read_result", "shrinking",
    "tiebreak", "tigris_variants", "verdict",
]

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def _pct(rate: Rate) -> str:
    return f"{rate.value:.0%} [{rate.low:.0%}, {rate.high:.0%}]"


def verdict(rate: Rate, expected: float) -> str:
    """Whether a rate differs from what we would expect (`expected`), in words."""
    note = sample_note(rate)
    if note:
        return note
    if rate.low > expected:
        return f"above {expected:.1%}, beyond chance"
    if rate.high < expected:
        return f"below {expected:.1%}, beyond chance"
    return f"the interval contains {expected:.1%}: no difference we can detect"


def list_results(folder: Any = None) -> None:
    """One line per result file: its name, the games behind it, and the command that made it."""
    folder = results_folder() if folder is None else folder
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "pairings" in data:
            size = f"{sum(p['games'] for p in data['pairings']):,} games in " \
                   f"{len(data['pairings'])} pairings"
        elif "games" in data and isinstance(data["games"], list):
            size = f"{len(data['games']):,} games"
        else:
            size = ", ".join(f"{v:,} {k}" for k, v in data.get("sizes", {}).items())
        print(f"{path.name:<26} {size}\n{'':<26} made by: {data.get('generated_by', '?')}")


def one_game(record: Any) -> None:
    """A game's record told in words: who sat where, the scores, the winners, the length."""
    seats = ", ".join(f"seat {n} ({bot}) {score}" for n, (bot, score)
                      in enumerate(zip(record.bots, record.scores)))
    winners = " and ".join(f"seat {w}" for w in record.winners) or "nobody"
    print(f"{record.ruleset}, seed {record.seed}: {seats}.")
    print(f"Won by {winners}, after {record.length} decisions.")


@plotting
def _shrinking_plot(rates: Sequence[Rate]) -> Any:
    _, ax = plt.subplots(figsize=(7, 3))
    xs = range(len(rates))
    for x, r in zip(xs, rates):
        # Hollow: too few games to conclude (`sample_note`), as in every picture here.
        ax.errorbar([x], [r.value * 100], yerr=[[(r.value - r.low) * 100],
                                               [(r.high - r.value) * 100]],
                    fmt="o", color=COLOURS[0], capsize=4,
                    markerfacecolor="white" if sample_note(r) else COLOURS[0])
    ax.set_xticks(list(xs))
    ax.set_xticklabels([f"{r.n:,}" for r in rates])
    ax.set_xlabel("games played")
    ax.set_ylabel("win rate (%), with 95 % interval")
    ax.set_ylim(0, 100)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def shrinking(rate: float = 0.35, sizes: Sequence[int] = (5, 10, 20, 50, 200, 1000, 5000)
              ) -> None:
    """The same win rate seen in more and more games: how its interval narrows."""
    rates = [wilson(round(rate * n), n) for n in sizes]
    _shrinking_plot(rates)
    plt.show()
    for r in rates:
        note = sample_note(r)
        print(f"{r.n:>5} games: {_pct(r)}" + (f" — {note}" if note else ""))


def first_player(data: Mapping[str, Any]) -> None:
    """Sumeria: how often the player in each position after the first is among the winners."""
    seats = data["figures"]["seats"]
    fig, axes = plt.subplots(1, len(seats), figsize=(9, 3.3), sharey=True)
    for ax, (label, figures) in zip(_flat(axes), seats.items()):
        plot_intervals({"games won": dict(zip(ORDINALS, figures["rates"]))}, ax=ax,
                       baseline=figures["fair"], baseline_label="no advantage", percent=True,
                       ylabel="games won", title=f"Sumeria, {label}")
        ax.set_xlabel("position, from the first player")
    plt.show()
    for label, figures in seats.items():
        rates = figures["rates"]
        print(f"{label}, {rates[0].n:,} games: the first player won {_pct(rates[0])}, the "
              f"last {_pct(rates[-1])}; with no advantage {figures['fair']:.1%}.")
        print(f"  first player: {verdict(rates[0], figures['fair'])}; last: "
              f"{verdict(rates[-1], figures['fair'])}.")


def tiebreak(data: Mapping[str, Any]) -> None:
    """Sumeria: what changes between games of the same deals under the two tie-breaks."""
    effects = data["figures"]["tiebreak"]
    plot_intervals(effects, percent=True, ylabel="pairs of games",
                   title="towns (English) against villages (Dutch), same deals")
    plt.show()
    for label, figures in effects.items():
        print(f"{label}:")
        for name, rate in figures.items():
            note = sample_note(rate)
            print(f"  {name}: {_pct(rate)} of {rate.n:,}" + (f" — {note}" if note else ""))
    for label, figures in data["figures"]["seats"].items():
        print(compare(figures["rates"][0], figures["villages"][0], percent=True,
                      what=f"{label}, the first player wins",
                      names=("under towns", "under villages")))


def city_states(data: Mapping[str, Any]) -> None:
    """Sumeria: how often each city-state is scored, and scored first, in a game."""
    scoring = data["figures"]["scoring"]
    fig, axes = plt.subplots(2, 1, figsize=(9, 5.6), sharex=True)
    for ax, (key, fair) in zip(_flat(axes), (("scored", 18 / 8), ("scored first", 6 / 8))):
        plot_intervals({label: figures[key] for label, figures in scoring.items()}, ax=ax,
                       baseline=fair, baseline_label="all alike", ylabel=f"times {key}",
                       bars=False)
    _flat(axes)[0].set_title("Sumeria: scorings a game, by city-state (random players)")
    plt.show()
    for label, figures in scoring.items():
        for key, fair in (("scored", 18 / 8), ("scored first", 6 / 8)):
            values = figures[key]
            apart = [name for name, e in values.items() if e.low > fair or e.high < fair]
            low, high = min(values.values()), max(values.values())
            print(f"{label}, {key}: from {low.value:.2f} to {high.value:.2f} times a game "
                  f"(all alike: {fair:.2f}); "
                  + (f"beyond chance: {', '.join(apart)}." if apart
                     else "every interval contains it."))


def ladders(ladders: Mapping[str, Mapping[str, Any]]) -> None:
    """Every ruleset's ladder in one picture, then each pairing in words."""
    fig, axes = plt.subplots(2, 2, figsize=(11, 6.2))
    for ax, (ruleset, ladder) in zip(_flat(axes), ladders.items()):
        plot_ladder(ladder, ax=ax, title=ruleset.replace("_", "-"))
    fig.tight_layout()
    plt.show()
    for ruleset, ladder in ladders.items():
        told = [f"{ladder['players']} players"] if "players" in ladder else []
        told += [f"{name}={value}" for name, value in (ladder.get("options") or {}).items()]
        told.append(f"made by: {ladder.get('generated_by', '?')}")
        print(f"{ruleset} ({'; '.join(told)})")
        for sentence in ladder_sentences(ladder):
            print("  " + sentence)


def tigris_variants(data: Mapping[str, Any]) -> None:
    """T&E: the conflicts and scores of the standard game and the two variants."""
    conflicts = data["figures"]["conflicts"]
    groups = (("how many", ("revolts a game", "wars a game")),
              ("how large", ("size of a conflict", "support a conflict", "tiles removed a war")),
              ("final scores", ("winner's score", "loser's score")))
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.6), gridspec_kw={"width_ratios": [2, 3, 2]})
    for n, (ax, (title, names)) in enumerate(zip(_flat(axes), groups)):
        plot_intervals({label: {name: figures[name] for name in names}
                        for label, figures in conflicts.items()}, ax=ax, title=title)
        if n and ax.get_legend() is not None:
            ax.get_legend().remove()
    fig.tight_layout()
    plt.show()
    standard = conflicts["standard"]
    print(f"{standard['revolts a game'].n:,} games of each, from the same seeds.")
    for variant, figures in conflicts.items():
        if variant == "standard":
            continue
        print(f"{variant}, against the standard game:")
        for name in figures:
            print("  " + compare(figures[name], standard[name], what=name, digits=2))


def game_lengths(data: Mapping[str, Any]) -> None:
    """Mesopotamia: the rounds of the games in the lengths file, one outline per group."""
    plot_lengths(data, title="Mesopotamia: how long games last")
    plt.show()
    bots = sorted({"/".join(sorted(set(g["bots"]))) for g in data["games"] if "bots" in g})
    print(f"{len(data['games']):,} games" + (f" of {', '.join(bots)} bots" if bots else "")
          + f" (made by: {data.get('generated_by', '?')}).")
    for sentence in length_sentences(data):
        print(sentence)


def cards(data: Mapping[str, Any]) -> None:
    """Mesopotamia: how much more often the winner played each card than the others did."""
    figures = data["figures"]
    values: dict[str, Estimate] = figures["cards"]
    plot_intervals({"winner minus the others": values}, bars=False, baseline=0,
                   ylabel="plays per 100 rounds",
                   title="Mesopotamia: how much more often the winner played each card")
    plt.show()
    n = figures["games with one winner"]
    print(f"{n} games with one winner (of {figures['games']} played).")
    few = n < FEW_GAMES
    if few:
        print(f"Only {n} games: too few to conclude anything about the cards.")
    for card, e in sorted(values.items(), key=lambda item: -item[1].value):
        side = ("" if few else " — more, beyond chance" if e.low > 0
                else " — fewer, beyond chance" if e.high < 0 else " — the interval contains 0")
        print(f"  {card:>12}: {e.format(2)}{side}")


def battles(data: Mapping[str, Any]) -> None:
    """Priest-Kings: the dice battle's odds with a reroll and reorganized corps."""
    odds = {(b["reroll"], b["corps"]): b["outcomes"] for b in data["figures"]["battles"]}
    plot_battle_conditions(odds)
    plt.title("Priest-Kings dice battles: the attacker's odds")
    plt.show()
    plain, rerolled = odds[(False, 0)], odds[(True, 0)]
    best = odds[(True, max(c for _, c in odds))]
    n = plain["defender breaks"].n
    print(f"{n:,} battles for each choice, with the same dice.")
    print(compare(rerolled["defender breaks"], plain["defender breaks"], percent=True,
                  what="the defender breaks", names=("with a reroll", "without"),
                  games="battles"))
    for corps in sorted({c for _, c in odds}):
        rate = odds[(False, corps)]["defender breaks"]
        print(f"  {corps} corps reorganized, no reroll: the defender breaks {_pct(rate)}")
    print(f"Three corps and a reroll: the defender breaks {_pct(best['defender breaks'])}, "
          f"the attacker {_pct(best['attacker breaks'])}.")


def campaigns(data: Mapping[str, Any]) -> None:
    """Priest-Kings: how long a campaign lasts between random and between greedy cities."""
    runs = data["figures"]["campaigns"]
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.4), gridspec_kw={"width_ratios": [3, 2]})
    left, right = _flat(axes)
    top = max(t for run in runs.values() for t in run["turns"])
    for n, (label, run) in enumerate(runs.items()):
        left.hist(run["turns"], bins=range(1, top + 2), density=True, histtype="step",
                  linewidth=2, color=COLOURS[n % len(COLOURS)], label=label)
    left.set_xlabel("turns until one city rules Sumer")
    left.set_ylabel("share of campaigns")
    left.legend(frameon=False)
    plot_intervals({label: run["figures"] for label, run in runs.items()}, ax=right,
                   title="turns and battles, with intervals")
    fig.tight_layout()
    plt.show()
    for label, run in runs.items():
        figures = run["figures"]
        print(f"{label} cities, {len(run['turns']):,} campaigns: "
              + "; ".join(f"{name} {e}" for name, e in figures.items()))
    names = list(runs)
    if len(names) == 2:
        a, b = names
        print(compare(runs[a]["figures"]["mean turns"], runs[b]["figures"]["mean turns"],
                      what="mean turns of a campaign", names=(a, b), games="campaigns"))
        thrown = runs[a]["reroll thrown"]
        print(f"A {a} side that went into battle with a reroll threw it in {_pct(thrown)} "
              f"of {thrown.n:,} battles.")


def _flat(axes: Any) -> list[Any]:
    """Matplotlib's grid of axes (or one axes, or the stand-in's grid) as a flat list."""
    return list(axes.flat) if hasattr(axes, "flat") else [axes]


def read_ladders(rulesets: Sequence[str] = ("sumeria", "tigris", "mesopotamia",
                                            "priest_kings")) -> dict[str, dict[str, Any]]:
    """The ladder file of each ruleset (see `sumer_widgets.plots.results.read_ladder`)."""
    return {ruleset: read_ladder(ruleset) for ruleset in rulesets}


def read_lengths(folder: Any = None) -> dict[str, Any]:
    """Mesopotamia's game lengths (see `sumer_widgets.plots.results.read_lengths`)."""
    return results.read_lengths("mesopotamia-lengths", folder)
