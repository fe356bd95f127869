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
        question="A player won 70 of 200 games: 35 % [29 %, 42 %], an interval 13 points wide. "
                 "About how many games, at the same rate, give an interval half as wide?",
        answer=_games_for_half_width,
        hint="Look at the picture of the shrinking interval: ten times the games did not make "
             "it ten times narrower. The width shrinks with the square root of the games.",
        explanation="Four times as many, 800: the width shrinks like 1/√n, and √4 = 2. "
                    "280 of 800 games is 35 % [32 %, 38 %].",
        wrong=lambda: [400, 100, 2000],
    ),
    Exercise(
        id="first-player-four",
        question="With four random players, does the first player win more often than an even "
                 "share, beyond chance?",
        answer=_first_player_four,
        kind="choice",
        options=lambda: labels({"above": "Yes: the whole interval is above the even share",
                                "below": "No: the whole interval is below it",
                                "cannot tell": "These games cannot tell: the interval "
                                               "contains the even share"}),
        hint="Read the first bar of the 4-player picture against the dashed line, or the "
             "sentence under it.",
        explanation="The first player's interval lies wholly above the dashed line of no "
                    "advantage: a small advantage, beyond chance, under random play.",
        wrong=lambda: [v for v in ("above", "below", "cannot tell")
                       if v != _first_player_four()],
        rules=("S-SETUP-5",),
    ),
    Exercise(
        id="stopped-games-median",
        question="Some Mesopotamia games were stopped before anyone placed four markers. "
                 "Compared with the median length of all the games, had they been played to the "
                 "end, the median of the finished games is …",
        answer=lambda: "too low",
        kind="choice",
        options=lambda: labels({"too low": "too low", "too high": "too high",
                                "the same": "the same"}),
        hint="A stopped game would have gone on: is it a short game or a long one?",
        explanation="The stopped games are the longest ones, and they are left out: the "
                    "finished games are the shorter ones, so their median is too low.",
        wrong=lambda: ["too high", "the same"],
    ),
    Exercise(
        id="english-support",
        question="With the English war support, is the support committed to a conflict "
                 "different from the standard game's?",
        answer=_english_support,
        kind="choice",
        options=lambda: labels({"lower": "Lower, beyond chance", "higher": "Higher, beyond "
                                "chance", "cannot tell": "These games cannot tell them apart"}),
        hint="Find the line 'support a conflict' under the English war support, and compare "
             "the two intervals.",
        explanation="The two intervals do not overlap, and the English rule's is the lower: it "
                    "forbids support that cannot win, which random players throw in.",
        wrong=lambda: [v for v in ("lower", "higher", "cannot tell") if v != _english_support()],
        rules=("T-VAR-ENGLISH-1",),
    ),
    Exercise(
        id="reroll-points",
        question="In the dice battles without reorganized corps, by how many percentage points "
                 "does a sacrifice reroll raise the chance that the defender breaks? (A whole "
                 "number.)",
        answer=_reroll_points,
        hint="Take the rate with a reroll minus the rate without one, from the sentence under "
             "the battle picture.",
        explanation="The two rates differ by about 7 points, and their intervals do not "
                    "overlap: the reroll helps, beyond chance.",
        wrong=lambda: [round(100 * r.value) for r in _reroll_odds()] + [0],
        rules=("P-SACRIFICE-1",),
    ),
])

TASKS = Tasks()
