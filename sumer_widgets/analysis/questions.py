"""05-analysis's questions, each drawn and told from its result file: one call per notebook
cell, so that a learner reads a picture and a few sentences, not the code that makes them.

Each function takes what `sumer_widgets.plots.results` read from ``benchmarks/results/``,
draws its picture (`_show`), then prints what the figures say, with their 95 % intervals, in
words — and says so when a sample is too small to conclude (`sample_note`). Only what is in
the files is printed, so a notebook cell's output changes only when a file does. Where
matplotlib is missing the pictures leave their note and the sentences still print.

**Commit before reveal.** What answers one of the lesson's questions is drawn only once the
learner has answered it: `seen` runs such a function into a `Seen` (its pictures as images,
its sentences as text), which the question's ``reveal`` returns (`sumer_widgets.analysis.
lesson`). The functions that come before a question (`seat_figures`, `measure`,
`reroll_counts`) give its figures without the verdict the learner is asked for.

Every sentence and label they show is in ``words.en.toml`` beside this module
(``[questions.SAY]``, ``[questions.LUCK]``, ...), its ``{slots}`` filled here; the names of the
figures (``"support a conflict"``) are the result files' own keys and are shown as they are.

Limits: the sentences state what the intervals allow (higher, lower, cannot tell apart); what
the figures *mean* for the games is said in the notebook's own text.
"""

from __future__ import annotations

import base64
import contextlib
import html
import io
import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sumer_widgets.plots import results
from sumer_widgets.plots.analysis import (
    COLOURS,
    Estimate,
    Pairs,
    Rate,
    difference,
    mean_interval,
    median,
    paired_difference,
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
from sumer_widgets.plots.standin import HAVE_MATPLOTLIB, plotting, plt
from sumer_widgets.words import words

#: The luck meter's sentences and labels (``[questions.LUCK]`` of the words files).
LUCK = words(__file__)["LUCK"]
#: The sentence of reading many intervals at once (``[questions.MANY]``).
MANY = words(__file__)["MANY"]
#: Every other sentence and label of the pictures and printed results (``[questions.SAY]``);
#: the analysis lesson is in English.
SAY = words(__file__)["SAY"]["en"]

__all__ = [
    "Seen", "battles", "campaigns", "capped_lengths", "cards", "city_states",
    "city_states_by_luck", "first_player",
    "game_lengths", "head_start", "ladders", "list_results", "luck_game", "luck_games",
    "measure", "one_game", "read_ladders",
    "read_lengths", "read_result", "reroll", "reroll_counts", "seat_figures", "seen",
    "shared_wins", "shrinking", "support", "tiebreak", "tigris_variants", "two_rates", "verdict",
]

ORDINALS = SAY["ordinals"]


# ---------------------------------------------------------------- pictures, now or revealed


#: While `seen` runs a function: the pictures it drew, as PNG in base64 (else None).
_collected: list[str] | None = None


def _show() -> None:
    """Show the pictures drawn so far: in the cell (``plt.show()``), or — while `seen` runs —
    kept for the `Seen` it makes."""
    if _collected is None:
        plt.show()
        return
    if not HAVE_MATPLOTLIB:
        plt.close("all")
        return
    for number in plt.get_fignums():
        figure = plt.figure(number)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
        _collected.append(base64.b64encode(buffer.getvalue()).decode("ascii"))
        plt.close(figure)


#: Where matplotlib is missing, a reveal says so (the shipped notebook cannot show its picture:
#: a reveal is never stored).
NO_PICTURE = SAY["no-picture"]


class Seen:
    """What a question's reveal shows: the pictures and sentences of one of these functions,
    made once the learner has answered (`seen`)."""

    def __init__(self, pictures: Sequence[str], text: str):
        self.pictures = list(pictures)
        self.text = text

    def _repr_html_(self) -> str:
        images = "".join(f'<img src="data:image/png;base64,{png}" style="max-width:100%">'
                         for png in self.pictures)
        if not HAVE_MATPLOTLIB:
            images = f"<p><i>{html.escape(NO_PICTURE)}</i></p>"
        text = f"<pre>{html.escape(self.text.rstrip())}</pre>" if self.text.strip() else ""
        return f"<div>{images}{text}</div>"

    def __repr__(self) -> str:
        return self.text.rstrip()


def seen(draw: Callable[..., Any], *args: Any, **kwargs: Any) -> Seen:
    """``draw(*args, **kwargs)`` (one of this module's functions) made into a `Seen`: its
    pictures kept as images and its printed sentences as text, instead of shown in a cell."""
    global _collected
    outer, _collected = _collected, []
    try:
        with contextlib.redirect_stdout(io.StringIO()) as printed:
            draw(*args, **kwargs)
        return Seen(_collected, printed.getvalue())
    finally:
        _collected = outer


def _pct(rate: Rate) -> str:
    return f"{rate.value:.0%} [{rate.low:.0%}, {rate.high:.0%}]"


def _points(change: Estimate) -> str:
    """A difference of two rates in percentage points, with its interval."""
    def p(x: float) -> str:
        return f"{100 * x:.1f}".replace("-", "−")
    return SAY["points"].format(value=p(change.value), low=p(change.low), high=p(change.high))


def verdict(rate: Rate, expected: float) -> str:
    """Whether a rate differs from what we would expect (`expected`), in words."""
    note = sample_note(rate)
    if note:
        return note
    said = "above" if rate.low > expected else "below" if rate.high < expected else "contains"
    return SAY[said].format(expected=expected)


def list_results(folder: Any = None) -> None:
    """One line per result file: its name, the games behind it, and the command that made it."""
    folder = results_folder() if folder is None else folder
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "pairings" in data:
            size = SAY["in-pairings"].format(games=sum(p["games"] for p in data["pairings"]),
                                             pairings=len(data["pairings"]))
        elif "games" in data and isinstance(data["games"], list):
            size = SAY["games"].format(games=len(data["games"]))
        else:
            size = ", ".join(f"{v:,} {k}" for k, v in data.get("sizes", {}).items())
        print(SAY["result-file"].format(name=path.name, size=size, indent=" " * 27,
                                        command=data.get("generated_by", "?")))


def one_game(record: Any) -> None:
    """A game's record told in words: who sat where, the scores, the winners, the length."""
    seats = ", ".join(SAY["seat"].format(n=n, bot=bot, score=score) for n, (bot, score)
                      in enumerate(zip(record.bots, record.scores)))
    winners = SAY["winners-and"].join(SAY["winner"].format(n=w) for w in record.winners) \
        or SAY["nobody"]
    print(SAY["one-game"].format(ruleset=record.ruleset, seed=record.seed, seats=seats))
    print(SAY["won-by"].format(winners=winners, length=record.length))


# ------------------------------------------------------------------------------- part 1


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
    ax.set_xlabel(SAY["games-played"])
    ax.set_ylabel(SAY["win-rate-axis"])
    ax.set_ylim(0, 100)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def shrinking(rate: float = 0.35, sizes: Sequence[int] = (5, 10, 20, 50, 200, 1000, 5000), *,
              widths: bool = False) -> None:
    """The same win rate seen in more and more games: how its interval narrows (with
    `widths`, how wide each interval is, in percentage points)."""
    rates = [wilson(round(rate * n), n) for n in sizes]
    _shrinking_plot(rates)
    _show()
    for r in rates:
        note = sample_note(r)
        wide = SAY["points-wide"].format(width=100 * (r.high - r.low)) if widths else ""
        said = SAY["shrinking"].format(n=r.n, rate=_pct(r), wide=wide)
        print(SAY["noted"].format(said=said, note=note) if note else said)


def two_rates(first: Rate, second: Rate, names: tuple[str, str] = ("A", "B")) -> None:
    """Two rates from separate samples, and the interval of their difference: why intervals
    that overlap a little can still differ beyond chance."""
    change = difference(second, first)
    _, (left, right) = plt.subplots(1, 2, figsize=(8, 2.8),
                                    gridspec_kw={"width_ratios": [2, 1]})
    plot_intervals({SAY["win-rate"]: dict(zip(names, (first, second)))}, ax=left, percent=True,
                   ylabel=SAY["games-won"], bars=False, title=SAY["the-two-rates"])
    plot_intervals({SAY["difference"]: {f"{names[1]} − {names[0]}": change}}, ax=right,
                   percent=True, baseline=0, ylabel=SAY["points-axis"], bars=False,
                   title=SAY["their-difference"])
    plt.tight_layout()
    _show()
    for name, rate in zip(names, (first, second)):
        print(SAY["won-of"].format(name=name, successes=rate.successes, n=rate.n,
                                   rate=_pct(rate)))
    apart = change.low > 0 or change.high < 0
    print(SAY["difference-leaves-out" if apart else "difference-contains"].format(
        change=f"{names[1]} − {names[0]}", points=_points(change)))


# ------------------------------------------------------------------------------- Sumeria


def first_player(data: Mapping[str, Any], counts: Sequence[str] | None = None) -> None:
    """Sumeria: how often the player in each position after the first is among the winners
    (for the player counts `counts`, e.g. ``["3 players"]``; all by default)."""
    seats = {label: figures for label, figures in data["figures"]["seats"].items()
             if counts is None or label in counts}
    fig, axes = plt.subplots(1, len(seats), figsize=(4.5 * len(seats), 3.3), sharey=True)
    for ax, (label, figures) in zip(_flat(axes), seats.items()):
        plot_intervals({SAY["games-won"]: dict(zip(ORDINALS, figures["rates"]))}, ax=ax,
                       baseline=figures["fair"], baseline_label=SAY["no-advantage"],
                       percent=True, ylabel=SAY["games-won"],
                       title=SAY["sumeria-count"].format(count=label))
        ax.set_xlabel(SAY["position-axis"])
    _show()
    for label, figures in seats.items():
        rates = figures["rates"]
        print(SAY["first-and-last"].format(count=label, n=rates[0].n, first=_pct(rates[0]),
                                           last=_pct(rates[-1]), fair=figures["fair"]))
        print(SAY["first-and-last-verdict"].format(first=verdict(rates[0], figures["fair"]),
                                                   last=verdict(rates[-1], figures["fair"])))


def seat_figures(data: Mapping[str, Any], count: str) -> None:
    """Sumeria: the first player's win rate for `count` (e.g. ``"4 players"``) and the even
    share, as figures only — what a learner reads to answer whether it is beyond chance."""
    figures = data["figures"]["seats"][count]
    first = figures["rates"][0]
    print(SAY["between-random"].format(count=count, n=first.n))
    print(SAY["first-won"].format(successes=first.successes, rate=_pct(first),
                                  value=first.value, low=first.low, high=first.high))
    print(SAY["even-share"].format(fair=figures["fair"]))


def tiebreak(data: Mapping[str, Any]) -> None:
    """Sumeria: what changes between games of the same deals under the two tie-breaks."""
    effects = data["figures"]["tiebreak"]
    plot_intervals(effects, percent=True, ylabel=SAY["pairs-of-games"],
                   title=SAY["tiebreak-title"])
    _show()
    for label, figures in effects.items():
        print(SAY["heading"].format(label=label))
        for name, rate in figures.items():
            note = sample_note(rate)
            said = SAY["tiebreak-rate"].format(name=name, rate=_pct(rate), n=rate.n)
            print(SAY["noted"].format(said=said, note=note) if note else said)
    for label, figures in data["figures"]["seats"].items():
        print(compare(figures["rates"][0], figures["villages"][0], percent=True,
                      what=SAY["first-player-wins"].format(count=label),
                      names=(SAY["under-towns"], SAY["under-villages"])))


def city_states(data: Mapping[str, Any]) -> None:
    """Sumeria: how often each city-state is scored, and scored first, in a game."""
    scoring = data["figures"]["scoring"]
    fig, axes = plt.subplots(2, 1, figsize=(9, 5.6), sharex=True)
    for ax, (key, fair) in zip(_flat(axes), (("scored", 18 / 8), ("scored first", 6 / 8))):
        plot_intervals({label: figures[key] for label, figures in scoring.items()}, ax=ax,
                       baseline=fair, baseline_label=SAY["all-alike"],
                       ylabel=SAY["times"].format(key=key), bars=False)
    _flat(axes)[0].set_title(SAY["city-states-title"])
    _show()
    for label, figures in scoring.items():
        for key, fair in (("scored", 18 / 8), ("scored first", 6 / 8)):
            values = figures[key]
            apart = [f"{name} {e.format(2)}" for name, e in values.items()
                     if e.low > fair or e.high < fair]
            low, high = min(values.values()), max(values.values())
            half = max((e.high - e.low) / 2 for e in values.values())
            told = SAY["apart"].format(apart=", ".join(apart)) if apart else \
                SAY["none-apart"]
            print(SAY["scored"].format(count=label, key=key, fair=fair, low=low.value,
                                       high=high.value, half=half, verdict=told))


def city_states_by_luck(data: Mapping[str, Any], lang: str = "en") -> None:
    """`city_states`, then how many of its intervals luck alone would put beside the line (one
    in twenty), against how many are there."""
    city_states(data)
    scoring = data["figures"]["scoring"]
    fair = {"scored": 18 / 8, "scored first": 6 / 8}
    estimates = [(e, fair[key]) for figures in scoring.values() for key, values in figures.items()
                 for e in values.values()]
    apart = sum(e.low > line or e.high < line for e, line in estimates)
    print(MANY[lang]["by luck"].format(intervals=len(estimates),
                                       expected=f"{len(estimates) / 20:.1f}", apart=apart))


# ------------------------------------------------------------------ the bots, the lengths


def ladders(ladders: Mapping[str, Mapping[str, Any]],
            only: Sequence[str] | None = None) -> None:
    """The rulesets' ladders (`only` those named, if given) in one picture, then each pairing
    in words."""
    shown = {name: ladder for name, ladder in ladders.items() if only is None or name in only}
    rows = 2 if len(shown) > 3 else 1
    cols = math.ceil(len(shown) / rows)
    fig, axes = plt.subplots(rows, cols, figsize=(11, 3.3 * rows))
    flat = _flat(axes)
    for ax, (ruleset, ladder) in zip(flat, shown.items()):
        plot_ladder(ladder, ax=ax, title=ruleset.replace("_", "-"))
    for ax in flat[len(shown):]:
        ax.set_visible(False)
    fig.tight_layout()
    _show()
    for ruleset, ladder in shown.items():
        told = [SAY["players"].format(players=ladder["players"])] if "players" in ladder else []
        told += [f"{name}={value}" for name, value in (ladder.get("options") or {}).items()]
        told.append(SAY["made-by"].format(command=ladder.get("generated_by", "?")))
        print(SAY["ladder"].format(ruleset=ruleset, told="; ".join(told)))
        for sentence in ladder_sentences(ladder):
            print("  " + sentence)


def pairing(ladder: Mapping[str, Any], bot: str, opponent: str) -> Mapping[str, Any]:
    """The pairing of `bot` against `opponent` in `ladder`.

    Raises:
        KeyError: the ladder has no such pairing.
    """
    for each in ladder["pairings"]:
        if (each["bot"], each["opponent"]) == (bot, opponent):
            return each
    raise KeyError(f"the ladder has no pairing of {bot} against {opponent}")


def pairing_figures(ladder: Mapping[str, Any], bot: str, opponent: str) -> None:
    """One pairing of a ladder as figures only — its games, wins alone and shared, and its win
    rate with the interval — without saying how it stands to a fair share (a question asks)."""
    found = pairing(ladder, bot, opponent)
    rate = found["rate"]
    print(SAY["pairing-figures"].format(
        ruleset=ladder["ruleset"].replace("_", "-"), players=ladder["players"], bot=bot,
        opponent=opponent, games=found["games"], wins=found["wins"],
        draws=found.get("draws", 0), value=rate.value, low=rate.low, high=rate.high))


def one_pairing(ladder: Mapping[str, Any], bot: str, opponent: str) -> None:
    """One pairing of a ladder in a picture and in words: its rate against a fair share."""
    alone = {**ladder, "pairings": [pairing(ladder, bot, opponent)]}
    plot_ladder(alone, title=ladder["ruleset"].replace("_", "-"))
    _show()
    for sentence in ladder_sentences(alone):
        print(sentence)


def shared_wins(ladder: Mapping[str, Any], bot: str, opponent: str) -> None:
    """A pairing of a ladder where wins are often shared: how often the bot was among the
    winners, and how often the only one."""
    for pairing in ladder["pairings"]:
        if (pairing["bot"], pairing["opponent"]) == (bot, opponent):
            games = pairing["games"]
            among = wilson(pairing["wins"] + pairing.get("draws", 0), games)
            alone = wilson(pairing["wins"], games)
            print(SAY["shared-wins"].format(bot=bot, opponent=opponent, games=games,
                                            among=among.successes, among_rate=_pct(among),
                                            alone=alone.successes, alone_rate=_pct(alone)))
            return
    print(SAY["no-pairing"].format(bot=bot, opponent=opponent))


def game_lengths(data: Mapping[str, Any]) -> None:
    """Mesopotamia: the rounds of the games in the lengths file, one outline per group."""
    plot_lengths(data, title=SAY["lengths-title"])
    _show()
    bots = sorted({"/".join(sorted(set(g["bots"]))) for g in data["games"] if "bots" in g})
    print(SAY["lengths"].format(games=len(data["games"]),
                                bots=SAY["of-bots"].format(bots=", ".join(bots)) if bots else "",
                                command=data.get("generated_by", "?")))
    # What leaving the stopped games out does to the median is a question of the lesson.
    for sentence in length_sentences(data, stopped_effect=False):
        print(sentence)


@plotting
def _capped_plot(finished: Sequence[int], stopped: Sequence[int], cap: int, label: str) -> Any:
    _, ax = plt.subplots(figsize=(7.5, 3.2))
    # Bins of 10 decisions with an edge at the cap: no bin holds finished and stopped games.
    start = cap + 1 - 10 * math.ceil((cap + 1 - min(finished)) / 10)
    edges = range(start, max(stopped or finished) + 11, 10)
    ax.hist([finished, stopped], bins=list(edges), stacked=True, color=[COLOURS[0], "#bbbbbb"],
            label=[SAY["finished-by-then"].format(count=len(finished)),
                   SAY["stopped-at-cap"].format(count=len(stopped))])
    ax.axvline(cap, color="#444444", linestyle="--", linewidth=1)
    ax.annotate(SAY["cap"].format(cap=cap), (cap, ax.get_ylim()[1] * 0.92), xytext=(4, 0),
                textcoords="offset points", fontsize=8)
    ax.set_xlabel(SAY["decisions-axis"])
    ax.set_ylabel(SAY["games-axis"])
    ax.set_title(SAY["capped-title"].format(count=label))
    ax.legend(fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def capped_lengths(data: Mapping[str, Any], group: str = "3 players",
                   share: float = 0.6) -> None:
    """Mesopotamia: the games of `group`, all played to their end, cut as if a simulation had
    stopped them at a cap (the length that `share` of them reach, rounded): how much shorter
    the finished games' median is than the median of them all."""
    games = [g for g in data["games"] if f"{g.get('players')} players" == group
             and g.get("finished", True)]
    if len(games) < FEW_GAMES:
        print(SAY["too-few-for-cap"].format(count=group, games=len(games)))
        return
    lengths = sorted(g["decisions"] for g in games)
    cap = lengths[min(len(lengths) - 1, int(share * len(lengths)))]
    finished = [d for d in lengths if d <= cap]
    stopped = [d for d in lengths if d > cap]
    _capped_plot(finished, stopped, cap, group)
    _show()
    print(SAY["all-played"].format(count=group, games=len(lengths), median=median(lengths)))
    print(SAY["capped"].format(cap=cap, stopped=len(stopped), finished=len(finished),
                               median=median(finished),
                               fewer=median(lengths) - median(finished)))


# -------------------------------------------------------------------- Tigris & Euphrates


#: The figure of the English war support's question, drawn only once it is answered.
SUPPORT = "support a conflict"


def tigris_variants(data: Mapping[str, Any], leave_out: Sequence[str] = (SUPPORT,)) -> None:
    """T&E: the conflicts and scores of the standard game and the two variants (all but the
    figures in `leave_out`, which a question asks about)."""
    conflicts = data["figures"]["conflicts"]
    groups = ((SAY["how-many"], ("revolts a game", "wars a game")),
              (SAY["how-large"], ("size of a conflict", SUPPORT, "tiles removed a war")),
              (SAY["final-scores"], ("winner's score", "loser's score")))
    groups = tuple((title, tuple(n for n in names if n not in leave_out))
                   for title, names in groups)
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.6), gridspec_kw={"width_ratios": [
        max(1, len(names)) for _, names in groups]})
    for n, (ax, (title, names)) in enumerate(zip(_flat(axes), groups)):
        plot_intervals({label: {name: figures[name] for name in names}
                        for label, figures in conflicts.items()}, ax=ax, title=title)
        if n and ax.get_legend() is not None:
            ax.get_legend().remove()
    fig.tight_layout()
    _show()
    standard = conflicts["standard"]
    print(SAY["games-of-each"].format(games=standard["revolts a game"].n))
    for variant, figures in conflicts.items():
        if variant == "standard":
            continue
        print(SAY["against-standard"].format(variant=variant))
        for name in figures:
            if name not in leave_out:
                print("  " + compare(figures[name], standard[name], what=name, digits=2))


def measure(data: Mapping[str, Any], name: str = SUPPORT) -> None:
    """T&E: one figure of every variant, with its interval, and no verdict."""
    conflicts = data["figures"]["conflicts"]
    print(SAY["measured"].format(name=name, games=conflicts["standard"][name].n))
    for variant, figures in conflicts.items():
        print(SAY["measured-variant"].format(variant=variant, value=figures[name].format(2)))


def support(data: Mapping[str, Any]) -> None:
    """T&E: the support committed to a conflict, each variant against the standard game, with
    the interval of each difference."""
    conflicts = data["figures"]["conflicts"]
    standard = conflicts["standard"][SUPPORT]
    changes = {variant: difference(figures[SUPPORT], standard)
               for variant, figures in conflicts.items() if variant != "standard"}
    _, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2),
                                    gridspec_kw={"width_ratios": [3, 2]})
    plot_intervals({SUPPORT: {v: f[SUPPORT] for v, f in conflicts.items()}}, ax=left,
                   bars=False, ylabel=SAY["tiles-axis"], title=SUPPORT)
    plot_intervals({SAY["difference"]: changes}, ax=right, baseline=0, bars=False,
                   ylabel=SAY["tiles-axis"], title=SAY["from-standard"])
    plt.tight_layout()
    _show()
    for variant, figures in conflicts.items():
        if variant != "standard":
            print(compare(figures[SUPPORT], standard,
                          what=SAY["variant-support"].format(variant=variant, name=SUPPORT),
                          digits=2, names=("", "standard")))


# --------------------------------------------------------------------------- Mesopotamia


def cards(data: Mapping[str, Any]) -> None:
    """Mesopotamia: how much more often the winner played each card than the others did."""
    figures = data["figures"]
    values: dict[str, Estimate] = figures["cards"]
    plot_intervals({SAY["winner-minus"]: values}, bars=False, baseline=0,
                   ylabel=SAY["plays-axis"], title=SAY["cards-title"])
    _show()
    n = figures["games with one winner"]
    print(SAY["one-winner"].format(games=n, played=figures["games"]))
    few = n < FEW_GAMES
    if few:
        print(SAY["few-cards"].format(games=n))
    for card, e in sorted(values.items(), key=lambda item: -item[1].value):
        side = ("" if few else SAY["card-more"] if e.low > 0
                else SAY["card-fewer"] if e.high < 0 else SAY["card-contains"])
        print(SAY["card"].format(card=card, value=e.format(2), side=side))


# --------------------------------------------------------------------------- Priest-Kings


def _odds(data: Mapping[str, Any]) -> dict[tuple[bool, int], dict[str, Rate]]:
    return {(b["reroll"], b["corps"]): b["outcomes"] for b in data["figures"]["battles"]}


def _pairs(data: Mapping[str, Any], reroll: bool, corps: int) -> Pairs:
    """The defender's breaks of (`reroll`, `corps`) against the plain army, battle by battle."""
    for row in data["figures"].get("paired", ()):
        if (row["reroll"], row["corps"]) == (reroll, corps):
            return row["defender breaks"]
    raise results.ResultsMissing(SAY["no-pairs"])


def battles(data: Mapping[str, Any]) -> None:
    """Priest-Kings: the dice battle's odds as the attacker reorganizes corps (no reroll), each
    against the plain army battle by battle."""
    odds = _odds(data)
    counts = sorted(c for reroll, c in odds if not reroll)
    plot_intervals({outcome: {SAY["corps"].format(count=c): odds[(False, c)][outcome]
                              for c in counts}
                    for outcome in ("defender breaks", "attacker breaks")}, percent=True,
                   bars=False, ylabel=SAY["battles-axis"], title=SAY["battles-title"])
    _show()
    plain = odds[(False, 0)]["defender breaks"]
    print(SAY["each-choice"].format(battles=plain.n))
    print(SAY["no-corps"].format(rate=_pct(plain)))
    for c in counts[1:]:
        pairs = _pairs(data, False, c)
        print(SAY["with-corps"].format(
            count=c, rate=_pct(pairs.first), paired=_points(paired_difference(pairs)),
            separate=_points(difference(pairs.first, pairs.second))))


def reroll_counts(data: Mapping[str, Any]) -> None:
    """Priest-Kings: how many battles broke the defender with and without a sacrifice reroll
    (no corps reorganized), as counts only."""
    pairs = _pairs(data, True, 0)
    print(SAY["fought-twice"].format(battles=pairs.n))
    print(SAY["broke-without"].format(count=pairs.second.successes))
    print(SAY["broke-with"].format(count=pairs.first.successes))


def reroll(data: Mapping[str, Any]) -> None:
    """Priest-Kings: what a sacrifice reroll does to the defender's chance of breaking, by a
    paired comparison (the same battles with and without it) and, for contrast, as if the two
    rates came from separate battles."""
    pairs = _pairs(data, True, 0)
    paired = paired_difference(pairs)
    separate = difference(pairs.first, pairs.second)
    _, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2))
    plot_intervals({SAY["defender-breaks"]: {SAY["with-reroll"]: pairs.first,
                                             SAY["without"]: pairs.second}}, ax=left,
                   percent=True, bars=False, ylabel=SAY["battles-axis"],
                   title=SAY["the-two-rates"])
    plot_intervals({SAY["difference"]: {SAY["paired"]: paired,
                                        SAY["as-if-separate"]: separate}}, ax=right,
                   percent=True, baseline=0, bars=False, ylabel=SAY["points-axis"],
                   title=SAY["reroll-adds"])
    plt.tight_layout()
    _show()
    print(SAY["reroll-changed"].format(battles=pairs.n,
                                       changed=pairs.first_only + pairs.second_only,
                                       broke=pairs.first_only, held=pairs.second_only))
    print(SAY["reroll-rates"].format(with_reroll=_pct(pairs.first), without=_pct(pairs.second),
                                     paired=_points(paired)))
    print(SAY["reroll-separate"].format(separate=_points(separate)))
    best = _odds(data)[(True, max(c for _, c in _odds(data)))]
    print(SAY["best-army"].format(defender=_pct(best["defender breaks"]),
                                  attacker=_pct(best["attacker breaks"])))


def campaigns(data: Mapping[str, Any]) -> None:
    """Priest-Kings: how long a campaign lasts between random and between greedy cities."""
    runs = data["figures"]["campaigns"]
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.4), gridspec_kw={"width_ratios": [3, 2]})
    left, right = _flat(axes)
    top = max(t for run in runs.values() for t in run["turns"])
    for n, (label, run) in enumerate(runs.items()):
        left.hist(run["turns"], bins=range(1, top + 2), density=True, histtype="step",
                  linewidth=2, color=COLOURS[n % len(COLOURS)], label=label)
    left.set_xlabel(SAY["turns-axis"])
    left.set_ylabel(SAY["campaigns-axis"])
    left.legend(frameon=False)
    plot_intervals({label: run["figures"] for label, run in runs.items()}, ax=right,
                   title=SAY["campaigns-title"])
    fig.tight_layout()
    _show()
    for label, run in runs.items():
        figures = run["figures"]
        print(SAY["campaigns"].format(label=label, count=len(run["turns"]), figures="; ".join(
            f"{name} {e}" for name, e in figures.items())))
    names = list(runs)
    if len(names) == 2:
        a, b = names
        print(compare(runs[a]["figures"]["mean turns"], runs[b]["figures"]["mean turns"],
                      what=SAY["mean-turns"], names=(a, b), games=SAY["campaigns-word"]))
        thrown = runs[a]["reroll thrown"]
        print(SAY["reroll-thrown"].format(side=a, rate=_pct(thrown), battles=thrown.n))


# ------------------------------------------------------------------ the Royal Game of Ur


#: The strengths of royal_ur.json in words, as pairs of equal players.
PAIRS_OF = words(__file__)["PAIRS_OF"]["en"]
PERFECT = SAY["perfect"]


@plotting
def _head_start_plot(rates: Mapping[str, Rate], throws: Mapping[str, Estimate],
                     exact: float) -> Any:
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.4),
                                      gridspec_kw={"width_ratios": [3, 2]})
    plot_intervals({SAY["lights-wins"]: rates}, ax=left, baseline=0.5,
                   baseline_label=SAY["no-advantage"], percent=True, bars=False,
                   ylabel=SAY["won-by-light"], title=SAY["head-start-title"])
    # The exact chance beside the last category (the solved game), not hiding its dot.
    last = len(rates) - 1
    left.plot([last + 0.2], [exact * 100], marker="D", linestyle="none", color="#444444",
              markerfacecolor="white", label=SAY["exact"].format(exact=exact))
    left.legend(fontsize=8, framealpha=0.9, edgecolor="#dddddd", loc="upper left")
    # Zoomed on the intervals: on a scale of 0 to 100 % they would be dots.
    ends = [r.low * 100 for r in rates.values()] + [r.high * 100 for r in rates.values()]
    bottom, top = min(45.0, min(ends) - 1), max(56.0, max(ends) + 1)
    left.set_ylim(bottom, top)
    left.axvline(last - 0.5, color="#bbbbbb", linewidth=0.8)
    for x, label in ((last - 0.6, SAY["seven-pieces"]), (last - 0.4, SAY["three-pieces"])):
        left.annotate(label, (x, bottom + 0.4), ha="right" if x < last - 0.5 else "left",
                      fontsize=8, color="#555555")
    plot_intervals({SAY["throws-axis"]: throws}, ax=right, bars=True,
                   ylabel=SAY["throws-axis"], title=SAY["game-length-title"])
    fig.tight_layout()
    return left


def head_start(data: Mapping[str, Any]) -> None:
    """The Royal Game of Ur: how often light, who throws first, wins between two players of
    the same strength (7 pieces), and under perfect play in the solved 3-piece game against
    its exact chance; how many throws a game lasts."""
    figures = data["figures"]
    seven, three = figures["7 pieces"], figures["3 pieces"]
    exact = three["exact"]
    labels = {bot: PAIRS_OF.get(bot, bot) for bot in seven}
    rates = {labels[bot]: f["light wins"] for bot, f in seven.items()}
    rates[PERFECT] = three["perfect play"]["light wins"]
    throws = {labels[bot]: f["throws a game"] for bot, f in seven.items()}
    throws[PERFECT] = three["perfect play"]["throws a game"]
    _head_start_plot(rates, throws, exact)
    _show()
    games = {f["light wins"].n for f in seven.values()}
    print(SAY["seven-piece-game"].format(games=", ".join(f"{n:,}" for n in sorted(games))))
    for bot, f in seven.items():
        rate = f["light wins"]
        print(SAY["light-won"].format(pair=labels[bot], value=rate.value, low=rate.low,
                                      high=rate.high, verdict=verdict(rate, 0.5)))
    if "random" in seven:
        for bot in seven:
            if bot != "random":
                print("  " + compare(seven[bot]["light wins"], seven["random"]["light wins"],
                                     percent=True, what=SAY["lights-wins-against"].format(
                                         pair=labels[bot], random=labels["random"])))
    perfect = three["perfect play"]["light wins"]
    inside = perfect.low <= exact <= perfect.high
    print(SAY["solved"].format(
        exact=exact, games=perfect.n, value=perfect.value, low=perfect.low, high=perfect.high,
        inside=SAY["inside" if inside else "outside"],
        half=SAY["half-inside" if perfect.low <= 0.5 <= perfect.high else "half-outside"]))
    print(SAY["throws"].format(throws="; ".join(f"{label} {e.format(1)}"
                                                for label, e in throws.items())))


# ------------------------------------------------------------------ luck and choices


def _signed(chance: float) -> str:
    """A change of a chance in percentage points, with its sign (−5.2, +12.0; a rounding
    error's −0.0 as 0.0)."""
    points = round(100 * chance, 1)
    return "0.0" if points == 0 else f"{points:+.1f}".replace("-", "−")


def _signed_interval(e: Estimate) -> str:
    return f"{_signed(e.value)} [{_signed(e.low)}, {_signed(e.high)}]"


@plotting
def _luck_steps_plot(split: Any, said: Mapping[str, str]) -> Any:
    """The winner's chance as a staircase: the start, what luck added, what the choices
    added, the result (in per cent)."""
    _, ax = plt.subplots(figsize=(6.4, 3.0))
    start, luck, choices = 100 * split.start, 100 * split.luck, 100 * split.choices
    bottoms = (0.0, start, start + luck, 0.0)
    heights = (start, luck, choices, 100 * split.result)
    names = (said["start"], said["luck"], said["choices"], said["result"])
    colours = ("#bbbbbb", COLOURS[1], COLOURS[0], "#444444")
    ax.bar(range(4), heights, bottom=bottoms, color=colours, width=0.6)
    for x, (bottom, height) in enumerate(zip(bottoms, heights)):
        ax.annotate(_signed(height / 100) if x in (1, 2) else f"{height:.0f} %",
                    (x, bottom + max(height, 0)), ha="center", va="bottom", fontsize=9)
    ax.set_xticks(range(4), names, fontsize=9)
    ax.set_ylim(0, 112)
    ax.set_ylabel(said["axis"])
    ax.set_title(said["one title"], fontsize=10)
    return ax


def luck_game(split: Any, lang: str = "en") -> None:
    """One player's result in one game (a `sumer_widgets.analysis.luck.Split`), split into
    luck and choices: a picture and a sentence."""
    said = LUCK[lang]
    _luck_steps_plot(split, said)
    _show()
    side = said["light"] if split.light else said["dark"]
    print(said["one game"].format(side=side, start=f"{100 * split.start:.0f}",
                                  result=f"{100 * split.result:.0f}",
                                  luck=_signed(split.luck), choices=_signed(split.choices)))


@plotting
def _luck_games_plot(luck: Estimate, choices: Estimate, each: Sequence[Any],
                     said: Mapping[str, str]) -> Any:
    """Left, the mean luck and the mean choices a game with their intervals; right, each
    game's luck and choices."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2),
                                      gridspec_kw={"width_ratios": [2, 3]})
    means = (luck, choices)
    left.bar((0, 1), [100 * e.value for e in means], color=(COLOURS[1], COLOURS[0]),
             width=0.6, yerr=[[100 * (e.value - e.low) for e in means],
                              [100 * (e.high - e.value) for e in means]], capsize=6)
    left.axhline(0, color="#444444", linewidth=0.8)
    left.set_xticks((0, 1), (said["luck"], said["choices"]), fontsize=9)
    left.set_ylabel(said["axis points"])
    left.set_title(said["mean title"], fontsize=10)
    bins = [x / 10 for x in range(-15, 16)]
    right.hist([100 * s.luck for s in each], bins=[100 * b for b in bins], alpha=0.7,
               color=COLOURS[1], label=said["luck"])
    right.hist([100 * s.choices for s in each], bins=[100 * b for b in bins], alpha=0.7,
               color=COLOURS[0], label=said["choices"])
    right.axvline(0, color="#444444", linewidth=0.8)
    right.set_xlabel(said["axis points"])
    right.set_ylabel(said["games"])
    right.set_title(said["each title"], fontsize=10)
    right.legend(fontsize=8)
    fig.tight_layout()
    return left


def luck_games(each: Sequence[Any], lang: str = "en") -> None:
    """The expert's luck and choices over many games (`sumer_widgets.analysis.luck.Split`s):
    their means with intervals, each game's, and the expert's wins with their interval."""
    said = LUCK[lang]
    luck = mean_interval([s.luck for s in each])
    choices = mean_interval([s.choices for s in each])
    _luck_games_plot(luck, choices, each, said)
    _show()
    games = len(each)
    print(said["many games"].format(games=games, rate=_pct(wilson(sum(s.won for s in each),
                                                                   games))))
    print(said["mean luck"].format(interval=_signed_interval(luck),
                                   zero=said["contains 0" if luck.low <= 0 <= luck.high
                                             else "leaves out 0"]))
    print(said["mean choices"].format(interval=_signed_interval(choices),
                                      zero=said["contains 0" if choices.low <= 0 <= choices.high
                                                else "leaves out 0"]))
    larger = sum(abs(s.luck) > abs(s.choices) for s in each)
    print(said["luck larger"].format(count=larger, games=games))


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
