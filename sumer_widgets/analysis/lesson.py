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
2. Sumeria — `first-player-four`, `intervals-missed-by-luck` (how many of the city-states'
   32 intervals miss by luck alone; the picture is its reveal);
3. the bots and the length of a game — `expert-against-greedy`, `shared-win-rate` (read
   from a ladder's figures), `stopped-games-median`;
4. variants, cards and battles — `english-support`, `winners-draw` (a prediction: the
   cards' picture is its reveal), `reroll-points`;
5. the Royal Game of Ur — `ur-head-start` (a prediction: what the games of equal players show
   about going first; its slips are written for the file's answer, "only the experts", and
   `Exercises` refuses them by name if a re-run moves it);
6. luck or choices — `luck-two-experts` and `luck-or-choices`, predictions answered by the
   coach's luck meter on seeded 3-piece games (`sumer_widgets.analysis.luck`).
"""

from __future__ import annotations

import math
from typing import Any

from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.plots.analysis import Pairs, mean_interval, paired_difference, wilson
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


#: The city-states' intervals `intervals-missed-by-luck` counts (its words say 32: eight
#: city-states, two figures, two numbers of players), and its options with the number of
#: intervals each stands for.
INTERVALS = 32
MISSED = {"none": 0.0, "1-2": 1.5, "8": 8.0, "16": 16.0}


def _missed_by_luck() -> str:
    """The option nearest to the intervals of sumeria.json's city-states a 95 % interval misses
    by luck alone, one in twenty.

    Raises:
        ValueError: the file holds another number of intervals than the question's words say.
    """
    scoring = read_result("sumeria")["figures"]["scoring"]
    intervals = sum(len(values) for figures in scoring.values() for values in figures.values())
    if intervals != INTERVALS:
        raise ValueError(f"sumeria.json has {intervals} city-state intervals; the words of "
                         f"intervals-missed-by-luck say {INTERVALS}")
    return min(MISSED, key=lambda option: abs(MISSED[option] - intervals / 20))


def _winners_draw() -> str:
    """Whether the winners drew more cards than the others beyond chance, fewer, or cannot
    tell (mesopotamia-cards.json)."""
    drawn = read_result("mesopotamia-cards")["figures"]["cards"]["cards drawn"]
    return {"above": "more", "below": "fewer"}.get(_beyond(drawn, 0.0), "cannot tell")


def _luck_share() -> str:
    """How much of the winner's gain luck brought in the seeded game of two experts: all of
    it, most, about half, or none (its choices are worth nothing only if every move was the
    best; `sumer_widgets.analysis.luck`)."""
    split = _luck_game()
    share = split.luck / (split.result - split.start)
    return ("all" if share > 0.99 else "most" if share > 0.6 else "half" if share > 0.4
            else "none")


def _luck_or_choices() -> str:
    """What brings the expert more against a random player, a game on average, beyond chance:
    luck or choices (or about as much, where the interval of their difference contains 0)."""
    difference = mean_interval([s.choices - s.luck for s in _expert_against_random()])
    return ("choices" if difference.low > 0 else "luck" if difference.high < 0 else "same")


def _luck_game() -> Any:
    """The winner's split in the seeded game of two experts (imported only when asked)."""
    from sumer_widgets.analysis.luck import winner_split

    return winner_split("expert", "expert")


def _expert_against_random() -> Any:
    """The expert's splits in its seeded games against a random player."""
    from sumer_widgets.analysis.luck import pairing_games

    return pairing_games("expert", "random")


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
        id="intervals-missed-by-luck",
        answer=_missed_by_luck,
        kind="choice",
        predict=True,
        options=lambda: list(MISSED),
        wrong=lambda: [v for v in MISSED if v != _missed_by_luck()],
        rules=("S-ROUND-1",),
        tells=(r"\b1\.6\b", r"32 ?[÷/] ?20"),
        # What luck alone gives among many intervals, as a notebook would say it.
        facts=((r"luck|chance", r"one or two|1 or 2|a couple"),
               (r"interval", r"one in twenty of (?:the )?32|1\.6")),
        reveal=lambda lang: _seen("city_states_by_luck", read_result("sumeria"), lang),
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
        id="winners-draw",
        answer=_winners_draw,
        kind="choice",
        predict=True,
        options=lambda: ["more", "fewer", "cannot tell"],
        wrong=lambda: [v for v in ("more", "fewer", "cannot tell") if v != _winners_draw()],
        rules=("M-DRAW-1",),
        tells=(r"cards drawn: .{0,30}\]", r"winners? drew (?:fewer|more|less)"),
        facts=((r"winners?", r"dr[ae]w (?:fewer|more|less)|fewer cards|more cards"),
               (r"draws? (?:most )?often", r"little else|rarely (?:build|give)")),
        reveal=lambda lang: _seen("cards", read_result("mesopotamia-cards")),
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
    Exercise(
        id="luck-two-experts",
        answer=_luck_share,
        kind="choice",
        predict=True,
        options=lambda: ["all", "most", "half", "none"],
        wrong=lambda: [v for v in ("all", "most", "half", "none") if v != _luck_share()],
        rules=("U-THROW-1",),
        tells=(r"the choices (?:add |brought |bring )?(?:0|nothing|\+?0\.0)\b",),
        # The rule of the meter that settles it, and the verdict, as a notebook might put them.
        facts=((r"best move|best one", r"costs? (?:its player )?(?:nothing|0)|loses nothing"),
               (r"perfect|experts?", r"all luck|only luck|dice alone|dice decide|whole gain")),
        reveal=lambda lang: _seen("luck_game", _luck_game(), lang),
    ),
    Exercise(
        id="luck-or-choices",
        answer=_luck_or_choices,
        kind="choice",
        predict=True,
        options=lambda: ["luck", "choices", "same"],
        wrong=lambda: [v for v in ("luck", "choices", "same") if v != _luck_or_choices()],
        rules=("U-THROW-1",),
        tells=(r"Luck, a game on average", r"Choices, a game on average"),
        facts=((r"luck|throws?", r"averages? out|adds? up to (?:about )?(?:nothing|0|zero)"),
               (r"choices|moves", r"(?:bring|add)s? (?:the expert )?more than (?:the )?(?:luck|"
                r"throws)")),
        reveal=lambda lang: _seen("luck_games", _expert_against_random(), lang),
    ),
], words=__file__)

TASKS = Tasks()
