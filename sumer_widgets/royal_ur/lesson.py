"""The Royal Game of Ur lesson (notebook 06-royal-game-of-ur): positions, exercises, board tasks.

Every answer is computed by the engine — the board's squares, the dice's chances, the rules'
refusals, the solved table's chances of winning — from the positions below; the notebook only
names the exercises and tasks by id (``lesson.ask("commonest-throw")``,
``lesson.task("rosette-again")``). The words are in ``words.<lang>.toml`` beside it.

**Commit before reveal.** What shows an answer — the picture of a move played, the engine's
refusal, the table of each move's chance — is the exercise's `reveal`, made once the learner
has answered; no notebook cell shows it.

Parts of the notebook and what they practise:

1. the board and the race — `squares-on-board`, `shared-squares`, task `rosette-again`;
2. the dice — `commonest-throw`, `ways-to-throw-2`, `reach-rosette`;
3. captures, the safe rosette, bearing off — `safe-rosette`, `bear-off-throw`, task
   `capture-dark`;
4. was this the best move? — `best-move`, task `play-best`;
5. who has the advantage — `first-player` (predicted: nothing before it tells);
6. for programmers — `head-start-size` (predicted before the game is solved live; its reveal
   gives the table's chance);
7. a whole game against the bots (`against_bots()`).
"""

from __future__ import annotations

from math import comb
from typing import Any

from engine import royal_ur
from engine.royal_ur import CELLS, MovePiece
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.taskfile import lesson_tasks
from sumer_widgets.words import Section, Told

#: The sentences the reveals say (``[lesson.<name>]`` of the words files).
LESSON = Section(__file__, "lesson")

# Positions -----------------------------------------------------------------------------------


def rosette_start() -> royal_ur.State:
    """Light has a piece on square 1 and has thrown 3: entering lands on 3, the piece on 1
    reaches the rosette on 4."""
    return royal_ur.position(light=[1], dark=[], throw=3, pieces=3)


def capture_start() -> royal_ur.State:
    """Light has a piece on square 4 and has thrown 2; dark's piece stands on square 6, a
    shared square: the piece on 4 can capture it."""
    return royal_ur.position(light=[4], dark=[6], throw=2, pieces=3)


def safe_start() -> royal_ur.State:
    """Light's piece on square 6 has thrown 2; dark's piece sits on the central rosette (8)."""
    return royal_ur.position(light=[6], dark=[8], throw=2, pieces=3)


def best_move_start() -> royal_ur.State:
    """A 3-piece position where the moves differ clearly in their chance of winning: light has
    thrown 3 with pieces on 7 and 9 and one waiting; dark's piece stands on 12, three squares
    ahead of light's piece on 9."""
    return royal_ur.position(light=[7, 9], dark=[12], throw=3, pieces=3)


def against_bots(lang: str = "en", seed: int = 7, level: str = "medium", pieces: int = 7,
                 name: str = "play", say_why: bool = False, **options: Any) -> Any:
    """A board on which the learner plays Light against a bot of `level` playing Dark."""
    from engine.bots import bot_for_level
    from sumer_widgets.royal_ur.board import RoyalUrBoard

    game = royal_ur.new_game(seed=seed, pieces=pieces, **options)
    board = RoyalUrBoard(game, bots={1: bot_for_level("royal_ur", level, seed=seed)},
                         lang=lang, name=name, chances=pieces <= 3)
    board.why_bots = say_why
    return board


def _values(state: royal_ur.State) -> dict[Any, float]:
    values = royal_ur.move_values(state)
    if values is None:
        raise ValueError("the lesson's position must be one the table solves")
    return values


def best_move(state: royal_ur.State) -> str:
    """The move (in notation) with the best chance of winning in `state`."""
    values = _values(state)
    return str(max(values, key=values.__getitem__))


def _move_options(state: royal_ur.State) -> list[tuple[str, Told]]:
    from sumer_widgets.royal_ur.readers import move_text

    return [(str(move), Told(lambda lang, move=move: move_text(move, state, lang)))
            for move in royal_ur.legal_moves(state)]


# Reveals -------------------------------------------------------------------------------------


def _picture_after(state: royal_ur.State, move: str, lang: str) -> Any:
    from sumer_widgets.royal_ur.picture import render

    after, _ = royal_ur.apply(state, royal_ur.parse_move(move))
    return render(after, lang=lang)


def _reveal_safe(lang: str) -> Any:
    from sumer_widgets.display import refusal

    try:
        royal_ur.apply(safe_start(), MovePiece(6))
    except royal_ur.IllegalMove as exc:
        return refusal(exc, lang)
    raise ValueError("the safe rosette's move was allowed: the lesson's position is wrong")


def _reveal_best(lang: str) -> Any:
    from sumer_widgets.royal_ur.readers import moves_table

    return moves_table(best_move_start(), lang)


def _reveal_paths(lang: str) -> Any:
    from sumer_widgets.royal_ur.picture import render

    return render(royal_ur.new_state(seed=0), lang=lang, paths=(0, 1))


def _reveal_head_start(lang: str) -> Any:
    from sumer_widgets.display import Sentence

    chance = _three_piece_chance()
    mark = LESSON.table("head-start").get(lang, LESSON.table("head-start")["en"])["mark"]
    said = LESSON.say("head-start", "told", percent=f"{100 * chance:.2f}".replace(".", mark),
                      points=f"{100 * (chance - 0.5):.2f}".replace(".", mark))
    return Sentence(said.describe(lang))


def _can_move_from_6(state: royal_ur.State) -> str:
    return "yes" if MovePiece(6) in royal_ur.legal_moves(state) else "no"


def _three_piece_chance() -> float:
    """Light's chance of winning the 3-piece game from the start under perfect play."""
    chance = royal_ur.win_chance(royal_ur.new_state(pieces=3))
    if chance is None:
        raise ValueError("the 3-piece game's table is missing")
    return chance


def _first_player() -> str:
    chance = _three_piece_chance()
    return "light" if chance > 0.5 else "dark" if chance < 0.5 else "even"


#: How far above a half light's chance may be, in points: each band and its upper bound
#: (its words: ``[question.head-start-size.choices]``).
HEAD_START_BANDS = (("under-2", 2), ("2-to-5", 5), ("5-to-10", 10), ("over-10", 100))


def _head_start_band() -> str:
    """The band of `HEAD_START_BANDS` that holds light's head start in the 3-piece game under
    perfect play (points above a half, from the solved table)."""
    points = 100 * (_three_piece_chance() - 0.5)
    return next(band for band, below in HEAD_START_BANDS if points < below)


def _shared_squares() -> int:
    pair = royal_ur.path("bell")
    return sum(pair.shared[1:])


EXERCISES = Exercises([
    # Part 1 — the board and the race
    Exercise(
        id="squares-on-board",
        answer=lambda: sum(1 for row, _ in CELLS if row != 1),
        wrong=lambda: [8, 16, 6, 20],
        rules=("U-BOARD-1",),
        # The path's squares 5–12 are no giveaway; a count of the outer rows' squares is.
        tells=(r"\b12 (?:squares|velden)\b", r"\b2 × (?:\(4 \+ 2\)|6)", r"\b6 \+ 6\b"),
    ),
    Exercise(
        id="shared-squares",
        # The shared stretch is squares 5 to 12: eight squares, however a cell says it.
        facts=((r"shar|both", r"\b(?:8|eight) squares\b"),
               (r"squares? 5 (?:to|[-–]) ?12|5[-–]12", r"shar|both"),
               r"shared squares? (?:are|is|:) ?5"),
        answer=_shared_squares,
        wrong=lambda: [14, 6, 20, 4],
        rules=("U-PATH-1",),
        reveal=_reveal_paths,
    ),
    # Part 2 — the dice
    Exercise(
        id="commonest-throw",
        answer=lambda: max(range(5), key=lambda k: comb(4, k)),
        kind="choice",
        options=lambda: [(k, str(k)) for k in range(5)],
        wrong=lambda: [4, 0, 1, 3],
        rules=("U-THROW-1",),
        tells=(r"6\s*/\s*16", r"\b6 (?:of|van) (?:the )?16\b"),
    ),
    Exercise(
        id="ways-to-throw-2",
        answer=lambda: comb(4, 2),
        wrong=lambda: [4, 2, 8, 16],
        rules=("U-THROW-1",),
        tells=(r"6\s*/\s*16", r"\b6 (?:of|van) (?:the )?16\b"),
    ),
    Exercise(
        id="reach-rosette",
        answer=lambda: comb(4, 2),
        wrong=lambda: [1, 4, 2, 8],
        rules=("U-THROW-1", "U-ROSETTE-1"),
    ),
    # Part 3 — captures, the safe rosette, bearing off
    Exercise(
        id="safe-rosette",
        # The central rosette is safe: nobody may land there while it is held.
        facts=((r"central rosette|middle rosette|rosette", r"\bsafe\b"),
               r"(?:standing there|on it|there) is\s+safe",
               (r"rosette", r"nobody may land|may not land|cannot be captured|can't be captured")),
        answer=lambda: _can_move_from_6(safe_start()),
        kind="choice",
        options=lambda: ["yes", "no"],
        wrong=lambda: ["yes"],
        rules=("U-ROSETTE-2", "U-CAPTURE-1"),
        predict=True,
        reveal=_reveal_safe,
    ),
    Exercise(
        id="bear-off-throw",
        # From square 13 the exact throw to square 15 is a 2.
        facts=((r"\b13\b", r"needs? (?:a )?(?:2|two)\b"),
               (r"\b14\b[^.]{0,20}\bneeds? (?:a )?(?:1|one)\b",
                r"\b12\b[^.]{0,20}\b(?:3|three)\b")),
        answer=lambda: royal_ur.path("bell").length + 1 - 13,
        wrong=lambda: [1, 3, 4],
        rules=("U-BEAR-1",),
    ),
    # Part 4 — was this the best move?
    Exercise(
        id="best-move",
        answer=lambda: best_move(best_move_start()),
        kind="choice",
        options=lambda: _move_options(best_move_start()),
        wrong=lambda: [str(m) for m in royal_ur.legal_moves(best_move_start())
                       if str(m) != best_move(best_move_start())],
        rules=("U-CAPTURE-1", "U-ROSETTE-1"),
        predict=True,
        reveal=_reveal_best,
    ),
    # Part 5 — who has the advantage
    Exercise(
        id="first-player",
        # Light, who throws first, wins more than half under perfect play.
        facts=((r"head start|throws first|light|first player",
                r"worth something|advantage|wins? more than half|more often|above 50"),
               51.62, 51.6),
        answer=_first_player,
        kind="choice",
        options=lambda: ["light", "even", "dark"],
        wrong=lambda: ["even", "dark"],
        rules=("U-SETUP-1",),
        predict=True,
    ),
    # Part 6 — for programmers
    Exercise(
        id="head-start-size",
        # Light wins 51.62 % of the 3-piece game: less than 2 points more than half.
        facts=(51.62, 51.6, (r"light", r"\b5[01](?:[.,]\d+)? ?%")),
        answer=_head_start_band,
        kind="choice",
        options=lambda: [band for band, _ in HEAD_START_BANDS],
        wrong=lambda: [band for band, _ in HEAD_START_BANDS if band != _head_start_band()],
        rules=("U-SETUP-1", "U-OPT-PIECES-1"),
        predict=True,
        reveal=_reveal_head_start,
    ),
], words=__file__)


# Board tasks ---------------------------------------------------------------------------------

#: The start positions the lesson's tasks (``tasks.toml``) name.
POSITIONS = {"rosette_start": rosette_start, "capture_start": capture_start,
             "best_move_start": best_move_start}

TASKS = lesson_tasks(__file__, POSITIONS)
