"""Questions answered by simulation: intervals, ratings, the questions' tallies, and plots.

Used by ``notebooks/05-analysis.ipynb``; every function works on `engine.simulate` records (or
on the dice battles of Priest-Kings) and returns plain numbers with their uncertainty:

- **Intervals.** `wilson` for a rate (k successes in n trials: a `Rate`); `bootstrap` for
  anything else computed from whole games (a mean, a ratio of sums, a median: an `Estimate`),
  resampling games so that what happens within one game stays together; `mean_interval`
  (mean ± 1.96 standard errors) for plain means of many games, where it is as good and instant.
- **Differences.** Two figures whose intervals overlap a little can still differ beyond chance:
  what decides is the interval of their difference. `difference` gives it for figures from
  separate samples (Newcombe's square-and-add); `paired_difference` for two yes/no outcomes
  seen on the same trials (the same dice, the same seeds: `Pairs`, counted by `pair_up`), from
  the trials where the two disagree (Newcombe's interval for paired data, as McNemar's test
  counts them) — narrower than two separate intervals would allow, which is the point of
  pairing.
- **Ratings.** `tournament_specs` seats every ordered choice of bots in turn; `bradley_terry`
  fits one strength per bot from every pair of seats in every game and reports it as Elo
  points above an anchor bot; `elo_ratings` adds bootstrap intervals.
- **What every game's tallies need**: `seat_win_rates` (the first player's advantage),
  `survival` (games stopped at a cap), and the small pieces the games' own figures
  (``sumer_widgets.<game>.figures``) are built from: `check_records`, `ratio`, `median`.
- **Plots**: `plot_intervals`, `plot_ratings`, `plot_survival` draw on the `ax` they are given
  (or a new one, `axes_for`) and return it.

Everything is computed with Python's own `random.Random` and `math`, never numpy's generators,
so the same seeds give the same figures on every machine and library version.

Limits: intervals are 95 % unless asked otherwise; the bootstrap is the plain percentile
bootstrap (fine for the means and rates here, rough for medians of a few games); `difference`
takes the two samples as independent (for samples that share seeds and so go together, its
interval is if anything too wide); ratings fit pairwise results and so ignore how far apart the
scores were.
"""

from __future__ import annotations

import itertools
import math
import random
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from engine.core import InvalidInput, derive_seed
from engine.simulate import GameRecord, GameSpec
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.words import words

__all__ = [
    "Estimate", "Pairs", "Rate", "axes_for", "bootstrap", "bradley_terry", "check_records",
    "difference", "elo_ratings", "mean", "mean_interval", "median", "pair_up",
    "paired_difference", "pairwise_results", "plot_intervals", "plot_ratings", "plot_survival",
    "ratio", "seat_win_rates", "survival", "tournament_specs", "wilson",
]

#: How a rate is written, per language (``words.<lang>.toml`` beside this module).
RATE_WORDS = words(__file__)["RATE"]
#: The pictures' axis labels (``[analysis.LABELS]``).
LABELS = words(__file__)["LABELS"]
#: The normal quantile for a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Okabe–Ito colours (readable with every common colour-vision deficiency), as on the boards.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")


# ------------------------------------------------------------------------------- intervals


class Rate(NamedTuple):
    """A proportion: `successes` of `n`, its `value` and a Wilson interval."""

    successes: float
    n: int
    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str = "en") -> str:
        """The rate as a learner reads it in `lang`: "35% [29%, 42%] of 200"."""
        told = RATE_WORDS.get(lang, RATE_WORDS["en"])
        return told["rate"].format(value=f"{self.value:.0%}", low=f"{self.low:.0%}",
                                   high=f"{self.high:.0%}", n=self.n)


class Estimate(NamedTuple):
    """A figure computed from `n` games, with its interval (bootstrap or normal)."""

    value: float
    low: float
    high: float
    n: int

    def format(self, digits: int = 1) -> str:
        return f"{self.value:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"

    def __str__(self) -> str:
        return self.format()


def wilson(successes: float, n: int, z: float = Z95) -> Rate:
    """The rate `successes`/`n` with its Wilson score interval.

    Unlike ``p ± z·√(p(1−p)/n)``, the Wilson interval stays inside [0, 1] and does not shrink
    to nothing at 0 or n successes, which matters for the small samples of a quick run.

    Raises:
        InvalidInput: `n` below 1, or `successes` outside 0 to `n`.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidInput(f"a rate needs at least one trial, not n={n!r}")
    if not 0 <= successes <= n:
        raise InvalidInput(f"successes must be between 0 and n={n}, not {successes!r}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At 0 or n successes the bound is exactly 0 or 1; rounding must not move it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Rate(successes, n, p, low, high)


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (NaN for no values, so that an empty group shows as a gap)."""
    return sum(values) / len(values) if values else math.nan


def bootstrap(items: Sequence[Any], statistic: Callable[[Sequence[Any]], float] = mean, *,
              resamples: int = 2000, seed: int = 0, level: float = 0.95) -> Estimate:
    """`statistic` of `items` with a percentile bootstrap interval.

    The items are resampled with replacement `resamples` times (whole games, when the items
    are games), the statistic computed on each resample, and the middle `level` of those
    values is the interval: the range the figure would wander over if we had drawn other
    games like these.

    Raises:
        InvalidInput: no items, fewer than 10 resamples, or a level outside (0, 1).
    """
    items = list(items)
    if not items:
        raise InvalidInput("the bootstrap needs at least one item")
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 10:
        raise InvalidInput(f"resamples must be a whole number ≥ 10, not {resamples!r}")
    if not 0 < level < 1:
        raise InvalidInput(f"level must be between 0 and 1, not {level!r}")
    rng = random.Random(derive_seed(seed, "bootstrap"))
    n = len(items)
    values = [statistic([items[rng.randrange(n)] for _ in range(n)]) for _ in range(resamples)]
    # A resample can lack what a ratio divides by (no war at all): it says nothing, so it goes.
    values = sorted(v for v in values if not math.isnan(v)) or [math.nan]
    tail = (1 - level) / 2
    low = values[min(len(values) - 1, int(tail * len(values)))]
    high = values[max(0, math.ceil((1 - tail) * len(values)) - 1)]
    return Estimate(statistic(items), low, high, n)


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of `values` with the normal interval mean ± z·s/√n.

    For means of many games (hundreds or more) this is as good as the bootstrap and instant;
    for a few dozen games prefer `bootstrap`.

    Raises:
        InvalidInput: fewer than two values.
    """
    values = list(values)
    n = len(values)
    if n < 2:
        raise InvalidInput(f"a mean's interval needs at least two values, not {n}")
    centre = sum(values) / n
    spread = math.sqrt(sum((v - centre) ** 2 for v in values) / (n - 1))
    half = z * spread / math.sqrt(n)
    return Estimate(centre, centre - half, centre + half, n)


def ratio(numerator: Callable[[Any], float], denominator: Callable[[Any], float]
           ) -> Callable[[Sequence[Any]], float]:
    """A statistic: the sum of `numerator` over the items divided by that of `denominator`
    (e.g. tiles removed per war over many games)."""

    def statistic(items: Sequence[Any]) -> float:
        below = sum(denominator(i) for i in items)
        return sum(numerator(i) for i in items) / below if below else math.nan

    return statistic


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return math.nan
    middle = n // 2
    return ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2


# ---------------------------------------------------------------------------- differences


def difference(first: Rate | Estimate, second: Rate | Estimate) -> Estimate:
    """``first − second`` with its interval, the two figures drawn from separate samples.

    Newcombe's square-and-add (for rates with Wilson intervals, his method 10 of 1998; for
    other figures the same construction, Zou and Donner's MOVER): each end of the difference's
    interval is as far from the difference as the two figures' own interval ends that pull
    that way, added as squares. It is narrower than the two intervals side by side — both
    samples would have to be unlucky together — which is why two intervals that overlap a
    little can still give a difference whose interval leaves out 0. `n` is the smaller sample.

    Raises:
        InvalidInput: a figure without an interval (NaN).
    """
    figures = (first.value, first.low, first.high, second.value, second.low, second.high)
    if any(math.isnan(x) for x in figures):
        raise InvalidInput("a difference needs two figures with their intervals")
    value = first.value - second.value
    low = value - math.hypot(first.value - first.low, second.high - second.value)
    high = value + math.hypot(first.high - first.value, second.value - second.low)
    return Estimate(value, low, high, min(first.n, second.n))


class Pairs(NamedTuple):
    """A yes/no outcome seen on the same trials under two conditions (the same dice in both):
    how many trials said yes under `both`, under the first only, the second only, `neither`.

    Only the trials where the two conditions disagree (`first_only`, `second_only`) say which
    condition gives more yeses; the others are the same either way.
    """

    both: int
    first_only: int
    second_only: int
    neither: int

    @property
    def n(self) -> int:
        return self.both + self.first_only + self.second_only + self.neither

    @property
    def first(self) -> Rate:
        return wilson(self.both + self.first_only, self.n)

    @property
    def second(self) -> Rate:
        return wilson(self.both + self.second_only, self.n)


def pair_up(first: Iterable[bool], second: Iterable[bool]) -> Pairs:
    """The `Pairs` of two equally long series of yes/no outcomes, trial by trial.

    Raises:
        InvalidInput: no trials, or series of different lengths.
    """
    first, second = [bool(x) for x in first], [bool(x) for x in second]
    if len(first) != len(second):
        raise InvalidInput(f"paired outcomes need one of each per trial, not {len(first)} "
                           f"and {len(second)}")
    if not first:
        raise InvalidInput("paired outcomes need at least one trial")
    both = sum(a and b for a, b in zip(first, second))
    first_only = sum(a and not b for a, b in zip(first, second))
    second_only = sum(b and not a for a, b in zip(first, second))
    return Pairs(both, first_only, second_only, len(first) - both - first_only - second_only)


def paired_difference(pairs: Pairs, z: float = Z95) -> Estimate:
    """The first condition's rate minus the second's, on the same trials, with Newcombe's
    interval for paired proportions (his method 10, 1998).

    The difference is ``(first_only − second_only) / n``. Its interval is built like
    `difference`'s from the two rates' Wilson intervals, less the part that the two rates
    share because they were measured on the same trials (their correlation φ, with Newcombe's
    continuity correction): the more alike the two conditions' outcomes, the narrower it is.
    """
    n = pairs.n
    if n < 1:
        raise InvalidInput("paired outcomes need at least one trial")
    a, b, c, d = pairs
    one, two = wilson(a + b, n, z), wilson(a + c, n, z)
    spread = (a + b) * (c + d) * (a + c) * (b + d)
    cross = a * d - b * c
    shared = cross - n / 2 if cross > n / 2 else min(cross, 0)
    phi = shared / math.sqrt(spread) if spread else 0.0
    below_one, above_one = one.value - one.low, one.high - one.value
    below_two, above_two = two.value - two.low, two.high - two.value
    value = (b - c) / n
    low = value - math.sqrt(max(0.0, below_one ** 2 - 2 * phi * below_one * above_two
                                + above_two ** 2))
    high = value + math.sqrt(max(0.0, above_one ** 2 - 2 * phi * above_one * below_two
                                 + below_two ** 2))
    return Estimate(value, max(-1.0, low), min(1.0, high), n)


# -------------------------------------------------------------------------------- ratings


def tournament_specs(ruleset: str, players: int, lineup: Sequence[str], games: int, *,
                     seed: int = 0, options: Mapping[str, Any] | None = None,
                     max_moves: int | None = None) -> list[GameSpec]:
    """Games between different bots of `lineup`, every ordered seating in turn.

    Game g seats the g-th (modulo their number) of all ordered choices of `players` distinct
    bots, so each bot meets each other bot equally often and in every seat.

    Raises:
        InvalidInput: fewer bots than seats, repeated bots, or fewer than one game.
    """
    lineup = tuple(lineup)
    if len(set(lineup)) != len(lineup):
        raise InvalidInput(f"the lineup repeats a bot: {', '.join(lineup)}")
    if len(lineup) < players:
        raise InvalidInput(f"{players} seats need at least {players} different bots, "
                           f"not {len(lineup)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidInput(f"games must be at least 1, not {games!r}")
    seatings = list(itertools.permutations(lineup, players))
    return [GameSpec(ruleset, players, derive_seed(seed, ruleset, "tournament", g) % 2**31,
                     seatings[g % len(seatings)], dict(options or {}), max_moves)
            for g in range(games)]


def _standing(record: GameRecord, seat: int) -> tuple[bool, float]:
    """How a seat did: a winner beats every non-winner; between the rest, the higher score."""
    return seat in record.winners, record.scores[seat]


def pairwise_results(records: Iterable[GameRecord]) -> dict[tuple[str, str], list[float]]:
    """For each pair of bots (a, b), ``[a's wins over b, comparisons]`` from every pair of
    seats in every game; a draw counts half a win to each. Only one of (a, b) and (b, a)
    appears."""
    table: dict[tuple[str, str], list[float]] = {}
    for record in records:
        for s, t in itertools.combinations(range(record.players), 2):
            a, b = record.bots[s], record.bots[t]
            if a == b:
                continue
            sa, sb = _standing(record, s), _standing(record, t)
            win = 1.0 if sa > sb else 0.0 if sa < sb else 0.5
            if (a, b) not in table and (b, a) in table:
                a, b, win = b, a, 1 - win
            row = table.setdefault((a, b), [0.0, 0])
            row[0] += win
            row[1] += 1
    return table


def bradley_terry(records: Sequence[GameRecord], *, anchor: str = "random", prior: float = 1.0,
                  bots: Sequence[str] | None = None) -> dict[str, float]:
    """Each bot's Elo rating relative to `anchor` (0), fitted by Bradley–Terry.

    Every pair of seats in every game is one comparison (`pairwise_results`). The model gives
    each bot a strength s, with P(a beats b) = s_a / (s_a + s_b); Elo points are
    400·log10(s / s_anchor), so 200 points above means winning about 3 comparisons in 4.
    `prior` adds that many drawn comparisons between every pair of bots, which keeps ratings
    finite when a bot won or lost everything (and pulls small samples toward equality).

    Raises:
        InvalidInput: the anchor never played (and is not among `bots`), or a negative prior.
    """
    if prior < 0:
        raise InvalidInput(f"prior must be ≥ 0, not {prior!r}")
    table = pairwise_results(records)
    names = list(bots) if bots is not None else sorted({b for pair in table for b in pair})
    if anchor not in names:
        raise InvalidInput(f"the anchor bot {anchor!r} did not play; bots: {', '.join(names)}")
    index = {b: i for i, b in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    for (a, b), (w, n) in table.items():
        if a in index and b in index:
            wins[index[a]][index[b]] += w
            wins[index[b]][index[a]] += n - w
    for i in range(k):
        for j in range(k):
            if i != j:
                wins[i][j] += prior / 2
    strength = [1.0] * k
    # Hunter's MM iteration: s_i ← W_i / Σ_j n_ij / (s_i + s_j), which climbs the likelihood.
    for _ in range(10_000):
        new = []
        for i in range(k):
            total = sum(wins[i])
            below = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j])
                        for j in range(k) if j != i)
            new.append(total / below if below else strength[i])
        scale = math.exp(sum(math.log(max(s, 1e-300)) for s in new) / k)
        new = [max(s / scale, 1e-300) for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength))
        strength = new
        # 1e-9 in log strength is a millionth of an Elo point.
        if change < 1e-9:
            break
    base = strength[index[anchor]]
    return {b: 400 * math.log10(strength[index[b]] / base) for b in names}


def elo_ratings(records: Sequence[GameRecord], *, anchor: str = "random", prior: float = 1.0,
                resamples: int = 500, seed: int = 0) -> dict[str, Estimate]:
    """`bradley_terry` ratings with bootstrap intervals (games resampled whole).

    Raises:
        InvalidInput: fewer than 10 resamples, or what `bradley_terry` refuses.
    """
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 10:
        raise InvalidInput(f"resamples must be a whole number ≥ 10, not {resamples!r}")
    records = list(records)
    names = sorted({b for r in records for b in r.bots})
    point = bradley_terry(records, anchor=anchor, prior=prior, bots=names)
    rng = random.Random(derive_seed(seed, "elo"))
    n = len(records)
    samples: dict[str, list[float]] = {b: [] for b in names}
    for _ in range(resamples):
        fit = bradley_terry([records[rng.randrange(n)] for _ in range(n)], anchor=anchor,
                            prior=prior, bots=names)
        for b in names:
            samples[b].append(fit[b])
    out = {}
    for b in names:
        values = sorted(samples[b])
        low = values[int(0.025 * len(values))] if values else math.nan
        high = values[max(0, math.ceil(0.975 * len(values)) - 1)] if values else math.nan
        out[b] = Estimate(point[b], low, high, n)
    return out


# ---------------------------------------------------------------------------------- Sumeria


def check_records(records: Sequence[GameRecord], what: str, stats: bool = False) -> None:
    if not records:
        raise InvalidInput(f"{what} needs at least one game record")
    if stats and any(r.stats is None for r in records):
        raise InvalidInput(f"{what} needs records with statistics: simulate with "
                           "stats='ruleset'")


def seat_win_rates(records: Sequence[GameRecord]) -> tuple[list[Rate], float]:
    """How often the player in each position after the first player is among the winners.

    Returns:
        one `Rate` per position (0 is the first player, 1 the next, ...), and the rate every
        position would have if the order did not matter: the mean number of winners a game
        divided by the players (above 1/players when games can end in a shared win).

    Raises:
        InvalidInput: no records, mixed player counts, or a ruleset without a first player.
    """
    check_records(records, "seat_win_rates")
    players = {r.players for r in records}
    if len(players) != 1:
        raise InvalidInput(f"seat_win_rates needs one player count, not {sorted(players)}")
    if any(r.first_player is None for r in records):
        raise InvalidInput("seat_win_rates needs records of a ruleset that draws a first player")
    n = players.pop()
    wins = [0] * n
    for r in records:
        for seat in r.winners:
            wins[(seat - r.first_player) % n] += 1  # type: ignore[operator]
    fair = sum(len(r.winners) for r in records) / len(records) / n
    return [wilson(w, len(records)) for w in wins], fair


def survival(durations: Sequence[float], finished: Sequence[bool]
             ) -> tuple[list[float], list[float]]:
    """The Kaplan–Meier curve: the share of games still running after each duration.

    A game that was stopped (not finished) counts as running up to its duration and is then
    left out, rather than counted as ending there: the honest way to use a cap.

    Returns:
        the times and the share still running just after each, starting at (0, 1).
    """
    if len(durations) != len(finished):
        raise InvalidInput("survival needs one 'finished' flag per duration")
    times, shares = [0.0], [1.0]
    at_risk = len(durations)
    share = 1.0
    for t, group in itertools.groupby(sorted(zip(durations, finished)), key=lambda p: p[0]):
        group = list(group)
        ended = sum(1 for _, f in group if f)
        if ended:
            share *= 1 - ended / at_risk
            times.append(float(t))
            shares.append(share)
        at_risk -= len(group)
    return times, shares


# ------------------------------------------------------------------------------------ plots


def axes_for(ax: Any, size: tuple[float, float]) -> Any:
    if ax is None:
        _, ax = plt.subplots(figsize=size)
    return ax


@plotting
def plot_intervals(series: Mapping[str, Mapping[str, Rate | Estimate]], *, ax: Any = None,
                   baseline: float | None = None, baseline_label: str = "",
                   percent: bool = False, ylabel: str = "", title: str = "",
                   bars: bool = True) -> Any:
    """Values with their intervals: one group per category, one colour per series.

    Args:
        series: ``{series label: {category: Rate or Estimate}}``; every series should name
            the same categories (missing ones are left out).
        baseline: a dashed line to compare with (e.g. the rate of no advantage).
        percent: show rates as percentages (the axis label says "(%)" unless it names the
            unit already).
        bars: bars with error bars (else points with error bars).
    """
    ax = axes_for(ax, (7.5, 3.6))
    categories: list[str] = []
    for values in series.values():
        categories.extend(c for c in values if c not in categories)
    width = 0.8 / max(len(series), 1)
    scale = 100 if percent else 1
    for s, (label, values) in enumerate(series.items()):
        xs, ys, lows, highs = [], [], [], []
        for c, category in enumerate(categories):
            if category in values:
                v = values[category]
                xs.append(c - 0.4 + width * (s + 0.5))
                ys.append(v.value * scale)
                lows.append(max(0.0, (v.value - v.low) * scale))
                highs.append(max(0.0, (v.high - v.value) * scale))
        colour = COLOURS[s % len(COLOURS)]
        if bars:
            ax.bar(xs, ys, width=width * 0.92, color=colour, alpha=0.85, label=label,
                   yerr=[lows, highs], capsize=3, error_kw={"elinewidth": 1.2})
        else:
            ax.errorbar(xs, ys, yerr=[lows, highs], fmt="o", color=colour, capsize=3,
                        label=label)
    if baseline is not None:
        ax.axhline(baseline * scale, color="#444444", linestyle="--", linewidth=1,
                   label=baseline_label or None)
    ax.set_xticks(range(len(categories)))
    # Wrapped, level labels read better than slanted ones and stay inside the figure.
    wrap = max(8, int(70 / max(len(categories), 1)))
    ax.set_xticklabels([textwrap.fill(c, wrap, break_long_words=False) for c in categories],
                       fontsize=8)
    ax.set_ylabel(ylabel + (" (%)" if percent and ylabel and "%" not in ylabel else ""))
    if title:
        ax.set_title(title)
    if len(series) > 1 or baseline_label:
        # A framed legend stays readable where it has to sit on the bars.
        ax.legend(fontsize=8, framealpha=0.9, edgecolor="#dddddd")
    ax.spines[["top", "right"]].set_visible(False)
    return ax


@plotting
def plot_ratings(ratings: Mapping[str, Estimate], *, ax: Any = None, title: str = "",
                 anchor: str = "random") -> Any:
    """Elo ratings with their intervals, one row per bot, strongest on top."""
    ax = axes_for(ax, (4.2, 2.6))
    order = sorted(ratings, key=lambda b: ratings[b].value)
    ys = range(len(order))
    values = [ratings[b].value for b in order]
    lows = [max(0.0, ratings[b].value - ratings[b].low) for b in order]
    highs = [max(0.0, ratings[b].high - ratings[b].value) for b in order]
    ax.errorbar(values, list(ys), xerr=[lows, highs], fmt="o", color=COLOURS[0], capsize=3)
    ax.axvline(0, color="#888888", linewidth=0.8)
    ax.set_yticks(list(ys))
    ax.set_yticklabels(order)
    ax.set_xlabel(LABELS["en"]["elo"].format(anchor=anchor))
    if title:
        ax.set_title(title)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


@plotting
def plot_survival(curves: Mapping[str, tuple[Sequence[float], Sequence[bool]]], *,
                  ax: Any = None, xlabel: str = "rounds", title: str = "") -> Any:
    """Kaplan–Meier curves: the share of games still running, one line per label.

    Args:
        curves: ``{label: (durations, finished flags)}``; stopped games are marked with a
            cross at the point where they were stopped.
    """
    ax = axes_for(ax, (7, 3.4))
    for n, (label, (durations, finished)) in enumerate(curves.items()):
        times, shares = survival(durations, finished)
        colour = COLOURS[n % len(COLOURS)]
        last = max(durations, default=0)
        ax.step([*times, last], [*shares, shares[-1]], where="post", color=colour,
                label=label)
        stopped = [d for d, f in zip(durations, finished) if not f]
        if stopped:
            ax.plot(stopped, [shares[-1]] * len(stopped), "x", color=colour, markersize=7)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(LABELS["en"]["survival"])
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


