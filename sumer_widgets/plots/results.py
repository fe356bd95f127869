"""The full runs' result files (``benchmarks/results/*.json``): finding, writing and reading
them, saying in words what their samples can and cannot tell, and drawing the bot ladders and
the Mesopotamia game lengths.

``notebooks/05-analysis.ipynb`` only reads these files: the games behind them are played by
``python scripts/results.py`` (and the ladders by the bots' benchmark), which takes minutes to
hours, while the notebook runs in seconds. The files are plain JSON:

- the notebook's questions (``sumeria.json``, ``tigris.json``, ``mesopotamia-cards.json``,
  ``priest_kings.json``): ``{"question", "generated_by", "sizes", "seed", "figures"}``, where a
  figure is a rate (``{"kind": "rate", "successes", "n", "value", "low", "high"}``), an estimate
  (``{"kind": "estimate", "value", "low", "high", "n"}``), the pairs of a paired design
  (``{"kind": "pairs", "both", "first_only", "second_only", "neither"}``) or plain data;
- ``ladder-<ruleset>.json``: ``{"ruleset", "generated_by", "pairings": [{"bot", "opponent",
  "games", "wins", "draws", "win_rate", "ci95": [lo, hi], "seed"}, ...]}`` (optional keys:
  ``players``, ``options``, ``note``): `read_ladder`, `plot_ladder`, `ladder_sentences`;
- ``mesopotamia-lengths.json``: ``{"ruleset", "generated_by", "games": [{"rounds",
  "decisions", ...}, ...]}`` (optional per game: ``finished``, ``players``, ``bots``, ``seed``,
  ``label``): `read_lengths`, `plot_lengths`, `length_sentences`.

**Small samples.** A rate from a handful of games has an interval so wide that it says next to
nothing, and one from a single game none at all. `sample_note` says so in words: below
`FEW_GAMES` games, or with an interval wider than `WIDE` (a rate) — the plots mark such figures
with hollow markers.

The sentences and labels are in ``words.<lang>.toml`` beside this module
(``[results.WORDS]``); the notebook reads them in English.

Limits: `results_folder` finds the files from the current folder upwards (a notebook runs in
``notebooks/``) or beside the installed package (an editable install); a copy of the notebook
alone, without the repository, has no results to show and says so (`ResultsMissing`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core import InvalidInput
from sumer_widgets.plots.analysis import (
    COLOURS,
    Estimate,
    Pairs,
    Rate,
    difference,
    median,
    wilson,
)
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.words import words

#: The sentences and labels these results are told in (``[results.WORDS]`` of the words
#: files); the notebook that reads them is in English.
WORDS = words(__file__)["WORDS"]
_SAY = WORDS["en"]

__all__ = [
    "FEW_GAMES", "WIDE", "ResultsMissing", "compare", "decode", "encode", "ladder_sentences",
    "length_sentences", "plot_ladder", "plot_lengths", "read_ladder", "read_lengths",
    "read_result", "results_folder", "sample_note", "write_result",
]

#: Where the result files live, relative to the repository's root.
RESULTS = Path("benchmarks") / "results"
#: Below this many games a figure is flagged as too few to conclude.
FEW_GAMES = 30
#: A rate whose 95 % interval is wider than this (25 percentage points: about 60 games at an
#: even rate) is flagged too.
WIDE = 0.25


class ResultsMissing(InvalidInput):
    """A result file is not where it should be (a notebook copied without the repository)."""


# ---------------------------------------------------------------------------- the files


def results_folder(start: Path | str | None = None, *, beside_package: bool = True) -> Path:
    """The ``benchmarks/results`` folder: from `start` (the current folder) upwards, else (with
    `beside_package`) beside the package (the repository of an editable install).

    Raises:
        ResultsMissing: neither has one.
    """
    here = Path(start if start is not None else Path.cwd()).resolve()
    package_root = [Path(__file__).resolve().parents[2]] if beside_package else []
    for folder in (here, *here.parents, *package_root):
        if (folder / RESULTS).is_dir():
            return folder / RESULTS
    raise ResultsMissing(_SAY["no-folder"])


def encode(value: Any) -> Any:
    """Rates, estimates and pairs as tagged objects, tuples as lists, everything else as it
    is."""
    if isinstance(value, Rate):
        return {"kind": "rate", **value._asdict()}
    if isinstance(value, Estimate):
        return {"kind": "estimate", **value._asdict()}
    if isinstance(value, Pairs):
        return {"kind": "pairs", **value._asdict()}
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, float):
        # Six decimals are far finer than any interval here, and keep the files readable.
        return round(value, 6) if math.isfinite(value) else None
    return value


def decode(value: Any) -> Any:
    """The inverse of `encode`: tagged objects become `Rate`, `Estimate` and `Pairs` again."""
    if isinstance(value, Mapping):
        kind = value.get("kind")
        if kind == "rate":
            return Rate(value["successes"], value["n"], value["value"], value["low"],
                        value["high"])
        if kind == "estimate":
            return Estimate(*(math.nan if value[k] is None else value[k]
                              for k in ("value", "low", "high")), value["n"])
        if kind == "pairs":
            return Pairs(*(value[k] for k in Pairs._fields))
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def write_result(name: str, payload: Mapping[str, Any], folder: Path | str) -> Path:
    """Write ``<folder>/<name>.json`` (figures encoded, keys in order)."""
    path = Path(folder) / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_dumps(encode(payload)) + "\n", encoding="utf-8")
    return path


def _dumps(value: Any, indent: str = "") -> str:
    """JSON with every object or list that fits on one line (of 120) kept on it: a game, a
    figure or a pairing reads as one line, and a diff shows which changed."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + len(indent) <= 120 or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dumps(v, inner)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    return "[\n" + ",\n".join(inner + _dumps(v, inner) for v in value) + "\n" + indent + "]"


def read_result(name: str, folder: Path | str | None = None) -> dict[str, Any]:
    """The result file ``<name>.json``, figures decoded.

    Raises:
        ResultsMissing: there is no such file.
        InvalidInput: the file is not a JSON object.
    """
    path = Path(folder) / f"{name}.json" if folder is not None else results_folder() / (
        f"{name}.json")
    if not path.exists():
        raise ResultsMissing(_SAY["no-file"].format(path=RESULTS / path.name))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise InvalidInput(f"{path.name} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidInput(f"{path.name} must hold a JSON object")
    return decode(data)


# ------------------------------------------------------------------- small samples in words


def sample_note(figure: Rate | Estimate, *, games: str = "games") -> str:
    """Empty when `figure` rests on enough games; else a sentence saying why not to conclude."""
    if figure.n < 2:
        return _SAY["only-one"].format(n=figure.n,
                                       game=games[:-1] if games.endswith("s") else games)
    if figure.n < FEW_GAMES:
        return _SAY["only-few"].format(n=figure.n, games=games)
    if isinstance(figure, Rate) and figure.high - figure.low > WIDE:
        return _SAY["still-wide"].format(n=figure.n, games=games)
    return ""


def _undecided(rate: Rate, fair: float) -> bool:
    """Whether a rate is too uncertain to say how it stands to `fair`: too few games, or an
    interval that contains `fair` but is too wide to call the two even. (A wide interval that
    leaves `fair` out still decides: the bot is stronger or weaker.)"""
    if rate.n < FEW_GAMES:
        return True
    return rate.low <= fair <= rate.high and bool(sample_note(rate))


def _percent(rate: Rate) -> str:
    return f"{rate.value:.0%} [{rate.low:.0%}, {rate.high:.0%}]"


def compare(first: Rate | Estimate, second: Rate | Estimate, *, what: str,
            names: tuple[str, str] = ("", ""), percent: bool = False, digits: int = 1,
            games: str = "games", change: Estimate | None = None) -> str:
    """One sentence comparing two figures by the interval of their difference, flagging small
    samples: "`what`: A against B — higher by d [low, high] (the intervals do not overlap)",
    "— lower by …, beyond chance, though the intervals overlap", or "— cannot tell them
    apart: the difference, d [low, high], contains 0", said of the first against the second.

    `change` is the difference with its interval when it is known better than from the two
    intervals (a paired design: `paired_difference`); else it is `difference`'s. Percentages
    differ by percentage points.
    """
    scale = 100 if percent else 1
    places = 1 if percent else digits

    def number(x: float) -> str:
        return f"{x * scale:.{places}f}".replace("-", "−")

    def unit(told: str) -> str:
        return _SAY["points"].format(number=told) if percent else told

    def shown(x: Rate | Estimate, name: str) -> str:
        figure = (f"{x.value:.0%} [{x.low:.0%}, {x.high:.0%}]" if percent
                  else f"{x.value:.{digits}f} [{x.low:.{digits}f}, {x.high:.{digits}f}]")
        return f"{name} {figure}" if name else figure

    change = difference(first, second) if change is None else change
    overlap = first.low <= second.high and second.low <= first.high
    if change.low > 0 or change.high < 0:
        near, far = sorted((abs(change.low), abs(change.high)))
        size = f"{unit(number(abs(change.value)))} [{number(near)}, {number(far)}]"
        way = "higher" if change.low > 0 else "lower"
        verdict = _SAY[f"{way}-{'overlap' if overlap else 'apart'}"].format(size=size)
        apart = True
    else:
        sign = "+" if change.value > 0 else ""
        verdict = _SAY["not-apart"].format(
            difference=f"{unit(sign + number(change.value))} "
                       f"[{number(change.low)}, {number(change.high)}]")
        apart = False
    # A clear difference decides unless a sample is tiny; an undecided wide one says why.
    notes = [sample_note(x, games=games) for x in (first, second)
             if x.n < FEW_GAMES or not apart]
    notes = [n for n in notes if n]
    return _SAY["compared-but" if notes else "compared"].format(
        what=what, first=shown(first, names[0]), second=shown(second, names[1]),
        verdict=verdict, note=notes[0] if notes else "")


# ------------------------------------------------------------------------------- ladders


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_ladder(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, Mapping) or not isinstance(data.get("pairings"), list):
        raise InvalidInput(f"{where}: a ladder is an object with a list of pairings")
    for n, pairing in enumerate(data["pairings"]):
        if not isinstance(pairing, Mapping):
            raise InvalidInput(f"{where}: pairing {n} is not an object")
        missing = [k for k in ("bot", "opponent", "games", "wins", "win_rate", "ci95")
                   if k not in pairing]
        if missing:
            raise InvalidInput(f"{where}: pairing {n} has no {', '.join(missing)}")
        games, wins, draws = pairing["games"], pairing["wins"], pairing.get("draws", 0)
        if not (_whole(games) and games >= 1 and _whole(wins) and _whole(draws)
                and wins + draws <= games):
            raise InvalidInput(f"{where}: pairing {n} ({pairing['bot']} against "
                               f"{pairing['opponent']}) has impossible counts")
        ci = pairing["ci95"]
        rate = pairing["win_rate"]
        if not (isinstance(ci, (list, tuple)) and len(ci) == 2
                and 0 <= ci[0] <= rate <= ci[1] <= 1):
            raise InvalidInput(f"{where}: pairing {n} needs 0 ≤ ci95[0] ≤ win_rate ≤ ci95[1] "
                               "≤ 1")
    return dict(data)


def read_ladder(ruleset: str, folder: Path | str | None = None) -> dict[str, Any]:
    """``ladder-<ruleset>.json``, checked; each pairing gets its `Rate` as ``"rate"``.

    Raises:
        ResultsMissing: no such file; InvalidInput: a malformed ladder.
    """
    data = _check_ladder(read_result(f"ladder-{ruleset}", folder), f"ladder-{ruleset}.json")
    for pairing in data["pairings"]:
        low, high = pairing["ci95"]
        pairing["rate"] = Rate(pairing["wins"] + pairing.get("draws", 0) / 2,
                               pairing["games"], pairing["win_rate"], low, high)
    return data


def ladder_rate(wins: int, draws: int, games: int) -> tuple[float, list[float]]:
    """A pairing's win rate (a draw counts half) and its Wilson 95 % interval."""
    rate = wilson(wins + draws / 2, games)
    return rate.value, [rate.low, rate.high]


def _fair(ladder: Mapping[str, Any]) -> float:
    """The win rate of a bot no better than its opponents: 1/players (1/2 when not said)."""
    players = ladder.get("players")
    return 1 / players if isinstance(players, int) and players >= 2 else 0.5


@plotting
def plot_ladder(ladder: Mapping[str, Any], *, ax: Any = None, title: str | None = None) -> Any:
    """One row per pairing: the bot's win rate against its opponent with its 95 % interval.

    The dashed line is the rate of a bot no stronger than its opponents; hollow markers and
    "(too few)" flag pairings with too few games to say how the bot stands to that line.
    """
    pairings = ladder["pairings"]
    fair = _fair(ladder)
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 0.45 * len(pairings) + 1.2))
    for row, pairing in enumerate(reversed(pairings)):
        rate = pairing["rate"]
        small = _undecided(rate, fair)
        colour = COLOURS[0]
        ax.errorbar([rate.value * 100], [row],
                    xerr=[[(rate.value - rate.low) * 100], [(rate.high - rate.value) * 100]],
                    fmt="o", color=colour, capsize=3, markerfacecolor="white" if small else colour)
        ax.annotate(f"n = {rate.n}" + (_SAY["too-few-mark"] if small else ""),
                    (rate.high * 100, row), xytext=(6, 0), textcoords="offset points",
                    va="center", fontsize=8, color="#555555")
    ax.axvline(fair * 100, color="#444444", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(pairings)))
    ax.set_yticklabels([_SAY["versus"].format(bot=p["bot"], opponent=p["opponent"])
                        for p in reversed(pairings)],
                       fontsize=8)
    ax.set_xlim(0, 115)
    ax.set_xticks(range(0, 101, 25))
    ax.set_xlabel(_SAY["ladder-axis"])
    ax.set_title(title if title is not None else ladder.get("ruleset", ""), fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def ladder_sentences(ladder: Mapping[str, Any]) -> list[str]:
    """Each pairing in words: the win rate with its interval, and what it lets us conclude."""
    fair = _fair(ladder)
    out = []
    for pairing in ladder["pairings"]:
        rate = pairing["rate"]
        head = _SAY["pairing"].format(bot=pairing["bot"], opponent=pairing["opponent"],
                                      rate=_percent(rate), n=rate.n)
        note = sample_note(rate)
        if rate.n < FEW_GAMES or (note and _undecided(rate, fair)):
            said = "pairing-undecided"
        elif rate.low > fair:
            said = "stronger"
        elif rate.high < fair:
            said = "weaker"
        else:
            said = "no-difference"
        out.append(_SAY[said].format(pairing=head, note=note, fair=f"{fair:.0%}"))
    return out


# ------------------------------------------------------------------------------- lengths


def read_lengths(name: str, folder: Path | str | None = None) -> dict[str, Any]:
    """A game-lengths file ``<name>.json`` (Mesopotamia's ``mesopotamia-lengths``), checked:
    every game has whole ``rounds`` and ``decisions`` (``finished`` defaults to true).

    Raises:
        ResultsMissing: no such file; InvalidInput: a malformed file.
    """
    data = read_result(name, folder)
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise InvalidInput(f"{name}.json needs a non-empty list of games")
    for n, game in enumerate(games):
        if not (isinstance(game, Mapping) and _whole(game.get("rounds"))
                and _whole(game.get("decisions"))):
            raise InvalidInput(f"{name}.json: game {n} needs whole rounds and decisions")
    return data


def _groups(data: Mapping[str, Any]) -> dict[str, list[Mapping[str, Any]]]:
    """The games by their label (or player count, else all together), in file order."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for game in data["games"]:
        if "label" in game:
            label = str(game["label"])
        elif "players" in game:
            label = _SAY["players"].format(players=game["players"])
        else:
            label = _SAY["all-games"]
        groups.setdefault(label, []).append(game)
    return groups


@plotting
def plot_lengths(data: Mapping[str, Any], *, measure: str = "rounds", ax: Any = None,
                 bins: int = 30, title: str = "") -> Any:
    """A histogram of the finished games' `measure` (``rounds`` or ``decisions``), one outline
    per group; games stopped before their end are left out and counted in the legend."""
    if measure not in ("rounds", "decisions"):
        raise InvalidInput(f"measure is rounds or decisions, not {measure!r}")
    if ax is None:
        _, ax = plt.subplots(figsize=(7.5, 3.4))
    groups = _groups(data)
    finished = {label: [g[measure] for g in games if g.get("finished", True)]
                for label, games in groups.items()}
    values = [v for vs in finished.values() for v in vs]
    top, bottom = max(values, default=1), min(values, default=0)
    width = max(1, math.ceil((top - bottom + 1) / bins))
    start = bottom - bottom % width
    edges = list(range(start, top + 2 * width, width))
    for n, (label, games) in enumerate(groups.items()):
        count = len(finished[label])
        stopped = len(games) - count
        legend = _SAY["legend-one" if count == 1 else "legend-many"].format(label=label,
                                                                            count=count)
        if stopped:
            legend = _SAY["legend-stopped"].format(legend=legend, stopped=stopped)
        ax.hist(finished[label], bins=edges, histtype="step", linewidth=2,
                color=COLOURS[n % len(COLOURS)], label=legend)
    ax.set_xlabel(_SAY["lengths-axis"].format(measure=_SAY[measure]))
    ax.set_ylabel(_SAY["games"])
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def length_sentences(data: Mapping[str, Any], *, stopped_effect: bool = True) -> list[str]:
    """Per group: games, how many ended by the rule text, the median and range of rounds and
    decisions of those, and a flag when they are too few; with `stopped_effect`, what the
    games stopped unfinished do to that median (without, only how many there were)."""
    out = []
    for label, games in _groups(data).items():
        done = [g for g in games if g.get("finished", True)]
        head = _SAY["ended"].format(label=label, done=len(done), games=len(games))
        if not done:
            out.append(_SAY["none-ended"].format(ended=head))
            continue
        rounds = [g["rounds"] for g in done]
        decisions = [g["decisions"] for g in done]
        told = _SAY["median"].format(ended=head, rounds=f"{median(rounds):.0f}",
                                     least=min(rounds), most=max(rounds),
                                     decisions=f"{median(decisions):,.0f}")
        if len(done) < FEW_GAMES:
            told += _SAY["one-ended" if len(done) == 1 else "few-ended"].format(done=len(done))
        stopped = len(games) - len(done)
        if stopped:
            told += _SAY["stopped-higher" if stopped_effect else "stopped-left-out"].format(
                stopped=stopped)
        out.append(told + ".")
    return out
