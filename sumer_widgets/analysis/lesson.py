"""The analysis lesson (notebook 05-analysis): reading intervals and samples.

The answers are computed from the full runs' result files (``benchmarks/results/``, read by
`sumer_widgets.plots.results`) and from the Wilson interval itself, so an exercise's answer
follows the files if they are made again. The notebook names the exercises by id
(``lesson.ask("games-for-half-width")``); there are no board tasks here.

**Commit before reveal.** The notebook shows a question's figures without its verdict (the
first player's interval, the two supports, the two counts of broken defenders); what answers
it — the picture with its sentences — is the exercise's ``reveal``, drawn by
`sumer_widgets.analysis.questions.seen` once the learner has answered.

The foreseen slips of `reroll-points` are the file's own figures (the two rates, the count of
battles between them): a re-run that moves them makes `Exercises` refuse the slips of
``words.en.toml`` by name, and they are to be mended there.

Parts of the notebook and what they practise:

1. one game, many games — `games-for-half-width`;
2. Sumeria — `first-player-four`;
3. the bots and the length of a game — `expert-against-greedy`, `shared-win-rate` (read
   from a ladder's figures), `stopped-games-median`;
4. variants, cards and battles — `english-support`, `reroll-points`;
5. the Royal Game of Ur — `ur-head-start` (a prediction: what the games of equal players show
   about going first; its slips are written for the file's answer, "only the experts", and
   `Exercises` refuses them by name if a re-run moves it).
"""

from __future__ import annotations

import math
from typing import Any

from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.plots.analysis import Pairs, paired_difference, wilson
from sumer_widgets.plots.results import read_lengths, read_result
from sumer_widgets.tasks import Tasks

#: The win rate and sample of `games-for-half-width`, and the sizes it offers.
RATE, GAMES, OFFERED = 0.35, 200, (100, 400, 800, 2000)


def _seen(function: str, *args: Any, **kwargs: Any) -> Any:
    """A reveal: one of `questions`' pictures with its sentences (imported only when shown)."""
    from sumer_widgets.analysis import questions

    return questions.seen(getattr(questions, function), *args, **kwargs)


def _width(games: int) -> float:
    rate = wilson(round(RATE * games), games)
    return rate.high - rate.low


def _games_for_half_width() -> int:
    """The offered number of games whose Wilson interval, at the same rate, is closest to half
    as wide as the 200 games' (by the square-root law 4 × 200; the Wilson interval follows it
    closely: 13.1 points for 70 of 200 games, 6.6 for 280 of 800)."""
    return min(OFFERED, key=lambda games: abs(_width(games) - _width(GAMES) / 2))


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
    # The variant is found by its first word: its full label is the result file's to choose.
    english = next(figures for name, figures in conflicts.items()
                   if name.startswith("English"))["support a conflict"]
    standard = conflicts["standard"]["support a conflict"]
    if english.high < standard.low:
        return "lower"
    if english.low > standard.high:
        return "higher"
    return "cannot tell"


def _reroll_pairs() -> Pairs:
    """The defender's breaks with and without the reroll (no corps), battle by battle."""
    for row in read_result("priest_kings")["figures"]["paired"]:
        if (row["reroll"], row["corps"]) == (True, 0):
            return row["defender breaks"]
    raise KeyError("priest_kings.json has no pairs of the reroll without corps")


def _reroll_points() -> int:
    return round(100 * paired_difference(_reroll_pairs()).value)


def _reroll_slips() -> list[int]:
    """The two rates themselves, the count of battles between them, and no effect at all."""
    pairs = _reroll_pairs()
    return [round(100 * pairs.first.value), round(100 * pairs.second.value),
            pairs.first_only - pairs.second_only, 0]


#: The options of `ur-head-start`: where light, who throws first, wins more than half the games
#: beyond chance, among the pairs of equal players of royal_ur.json (every pair, the experts
#: only, the random players only, none; their labels are ``[question.ur-head-start.choices]``).
HEAD_START = ("every", "skill", "luck", "none")
#: The three verdicts an interval allows against a share, as `_beyond` names them.
VERDICTS = ("above", "below", "cannot tell")


def _ur_head_start() -> str:
    """Which of `HEAD_START` the 7-piece games of royal_ur.json show.

    Raises:
        ValueError: a pattern no option names (random and expert above the even share but
            greedy not): the question is to be written anew for such a file.
    """
    seven = read_result("royal_ur")["figures"]["7 pieces"]
    above = {bot for bot, figures in seven.items()
             if _beyond(figures["light wins"], 0.5) == "above"}
    if above == set(seven):
        return "every"
    if not above:
        return "none"
    if "expert" in above and "random" not in above:
        return "skill"
    if "random" in above and "expert" not in above:
        return "luck"
    raise ValueError(f"royal_ur.json: light is ahead for {sorted(above)}, which no option of "
                      "ur-head-start names")


#: The pairing of `expert-against-greedy`: Priest-Kings' expert against greedy cities.
PK_PAIRING = ("expert", "greedy")
#: The pairing of `shared-win-rate`: the expert against random cities, whose wins are shared.
SHARED_PAIRING = ("expert", "random")


def _pk_ladder() -> dict[str, Any]:
    from sumer_widgets.plots.results import read_ladder

    return read_ladder("priest_kings")


def _pairing(bot: str, opponent: str) -> dict[str, Any]:
    from sumer_widgets.analysis.questions import pairing

    return pairing(_pk_ladder(), bot, opponent)


def _expert_against_greedy() -> str:
    """Where the expert's interval against greedy cities stands to a fair share (a quarter)."""
    return _beyond(_pairing(*PK_PAIRING)["rate"], 1 / _pk_ladder()["players"])


def _shared_win_rate() -> int:
    """The expert's win rate against random cities as the ladder counts it, a shared win as
    half, in whole per cent."""
    found = _pairing(*SHARED_PAIRING)
    return round(100 * (found["wins"] + found.get("draws", 0) / 2) / found["games"])


def _shared_slips() -> list[int]:
    """The slips of `shared-win-rate`: the share among the winners and the share alone, each
    rounded both ways (78.5 % may be written 78 or 79)."""
    found = _pairing(*SHARED_PAIRING)
    among = 100 * (found["wins"] + found.get("draws", 0)) / found["games"]
    alone = 100 * found["wins"] / found["games"]
    slips = {math.floor(among), math.ceil(among), math.floor(alone), math.ceil(alone)}
    return sorted(slips - {_shared_win_rate()})


EXERCISES = Exercises([
    Exercise(
        id="games-for-half-width",
        answer=_games_for_half_width,
        kind="choice",
        options=lambda: list(OFFERED),
        wrong=lambda: [n for n in OFFERED if n != _games_for_half_width()],
        tells=(r"(?<![\w.,/-])800(?![\w]|[.,]\d)", r"\b(?:four|4) times (?:as many|the|more)",
               r"about 800 games"),
        reveal=lambda lang: _seen("shrinking", RATE, (GAMES, 4 * GAMES, 16 * GAMES),
                                  widths=True),
    ),
    Exercise(
        id="first-player-four",
        answer=_first_player_four,
        kind="choice",
        options=lambda: list(VERDICTS),
        wrong=lambda: [v for v in VERDICTS if v != _first_player_four()],
        rules=("S-SETUP-5",),
        tells=(r"first player: above", r"whole interval is above the even share",
               r"[Ww]ith four,? the first player wins"),
        reveal=lambda lang: _seen("first_player", read_result("sumeria"), ["4 players"]),
    ),
    Exercise(
        id="expert-against-greedy",
        answer=_expert_against_greedy,
        kind="choice",
        options=lambda: list(VERDICTS),
        wrong=lambda: [v for v in VERDICTS if v != _expert_against_greedy()],
        rules=("P-END-2",),
        reveal=lambda lang: _seen("one_pairing", _pk_ladder(), *PK_PAIRING),
        tells=(r"no difference we can see", r"contains 25 ?%"),
        # Priest-Kings' line of the ladder, as `ladder_sentences` words it (the other games'
        # experts beat greedy play clearly: their lines say nothing of this one).
        facts=((r"expert against greedy", r"no difference|contains 25 ?%|cannot tell"),),
    ),
    Exercise(
        id="shared-win-rate",
        answer=_shared_win_rate,
        wrong=_shared_slips,
        rules=("P-END-2",),
        reveal=lambda lang: _seen("one_pairing", _pk_ladder(), *SHARED_PAIRING),
        # The ladder's own line for the pairing: its rate, about 45 %, is the answer.
        facts=((r"expert against random", r"\b4\d(?:[.,]\d+)? ?%"),),
    ),
    Exercise(
        id="stopped-games-median",
        answer=lambda: "too low",
        kind="choice",
        options=lambda: ["too low", "too high", "the same"],
        wrong=lambda: ["too high", "the same"],
        rules=("M-END-1",),
        tells=(r"\btoo low\b", r"higher still", r"make the typical game longer",
               r"the longest games are the ones left out"),
        reveal=lambda lang: _seen("capped_lengths", read_lengths("mesopotamia-lengths")),
    ),
    Exercise(
        id="english-support",
        answer=_english_support,
        kind="choice",
        options=lambda: ["lower", "higher", "cannot tell"],
        wrong=lambda: [v for v in ("lower", "higher", "cannot tell") if v != _english_support()],
        rules=("T-VAR-ENGLISH-1",),
        tells=(r"support a conflict: .{0,80}— (?:lower|higher|cannot tell)",
               r"Lower, beyond chance", r"less (?:hopeless )?support"),
        reveal=lambda lang: _seen("support", read_result("tigris")),
    ),
    Exercise(
        id="reroll-points",
        answer=_reroll_points,
        wrong=_reroll_slips,
        rules=("P-SACRIFICE-1",),
        tells=(r"(?<![\w.,])(?:\+|by )?7 (?:percentage )?points\b", r"(?<![\w.,])6\.8 points",
               r"reroll adds"),
        reveal=lambda lang: _seen("reroll", read_result("priest_kings")),
    ),
    Exercise(
        id="ur-head-start",
        answer=_ur_head_start,
        kind="choice",
        predict=True,
        options=lambda: list(HEAD_START),
        wrong=lambda: [v for v in HEAD_START if v != _ur_head_start()],
        rules=("U-SETUP-1",),
        # The lines of the reveal that settle it, whatever they say.
        tells=(r"two (?:random players|greedy players|experts): light won .{0,40}— "
               r"(?:above|below|the interval contains)",
               r"both sides play (?:well|at random) does light win"),
        facts=((r"interval", r"contains? 50|contains the value of no advantage|cannot see an "
                r"advantage"),
               (r"random|greedy|expert", r"above 50|more than half|beyond chance|contains? 50"),
               (r"depends on|whether it shows", r"play")),
        reveal=lambda lang: _seen("head_start", read_result("royal_ur")),
    ),
], words=__file__)

TASKS = Tasks()
