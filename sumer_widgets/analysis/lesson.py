"""The analysis lesson (notebook 05-analysis): reading intervals and samples.

The answers are computed from the full runs' result files (``benchmarks/results/``, read by
`sumer_widgets.plots.results`) and from the Wilson interval itself, so an exercise's answer
follows the files if they are made again. The notebook names the exercises by id
(``lesson.ask("games-for-half-width")``); there are no board tasks here.

Parts of the notebook and what they practise:

1. one game, many games — `games-for-half-width`;
2. Sumeria — `first-player-four`;
3. the bots and the length of a game — `stopped-games-median`;
4. variants, cards and battles — `english-support`, `reroll-points`.
"""

from __future__ import annotations

from typing import Any

from sumer_widgets.exercises import Exercise, Exercises, labels
from sumer_widgets.plots.results import read_result
from sumer_widgets.tasks import Tasks


def _games_for_half_width() -> int:
    """By the square-root law, half the width takes 2² = 4 times the games. (The Wilson interval
    follows it closely: 13.1 points for 70 of 200 games, 6.6 for 280 of 800.)"""
    return 4 * 200


def _beyond(rate: Any, expected: float) -> str:
    if rate.low > expected:
        return "above"
    if rate.high < expected:
        return "below"
    return "cannot tell"


def _first_player_four() -> str:
    seats = read_result("sumeria")["figures"]["seats"]["4 players"]
    return _beyond(seats["rates"][0], seats["fair"])


def _english_support() -> str:
    conflicts = read_result("tigris")["figures"]["conflicts"]
    english, standard = (conflicts[k]["support a conflict"]
                         for k in ("English war support", "standard"))
    if english.high < standard.low:
        return "lower"
    if english.low > standard.high:
        return "higher"
    return "cannot tell"


def _reroll_odds() -> tuple[Any, Any]:
    battles = {(b["reroll"], b["corps"]): b["outcomes"]["defender breaks"]
               for b in read_result("priest_kings")["figures"]["battles"]}
    return battles[(True, 0)], battles[(False, 0)]


def _reroll_points() -> int:
    rerolled, plain = _reroll_odds()
    return round(100 * (rerolled.value - plain.value))


EXERCISES = Exercises([
    Exercise(
        id="games-for-half-width",
        kind="number",
        answer=_games_for_half_width,
        wrong=lambda: [400, 100, 2000],
    ),
    Exercise(
        id="first-player-four",
        answer=_first_player_four,
        kind="choice",
        options=lambda: labels({"above": "Yes: the whole interval is above the even share",
                                "below": "No: the whole interval is below it",
                                "cannot tell": "These games cannot tell: the interval "
                                               "contains the even share"}),
        wrong=lambda: [v for v in ("above", "below", "cannot tell")
                       if v != _first_player_four()],
        rules=("S-SETUP-5",),
    ),
    Exercise(
        id="stopped-games-median",
        answer=lambda: "too low",
        kind="choice",
        options=lambda: labels({"too low": "too low", "too high": "too high",
                                "the same": "the same"}),
        wrong=lambda: ["too high", "the same"],
    ),
    Exercise(
        id="english-support",
        answer=_english_support,
        kind="choice",
        options=lambda: labels({"lower": "Lower, beyond chance", "higher": "Higher, beyond "
                                "chance", "cannot tell": "These games cannot tell them apart"}),
        wrong=lambda: [v for v in ("lower", "higher", "cannot tell") if v != _english_support()],
        rules=("T-VAR-ENGLISH-1",),
    ),
    Exercise(
        id="reroll-points",
        answer=_reroll_points,
        wrong=lambda: [round(100 * r.value) for r in _reroll_odds()] + [0],
        rules=("P-SACRIFICE-1",),
    ),
], words=__file__)

TASKS = Tasks()
