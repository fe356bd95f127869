"""The lessons of the notebooks: each game's exercises, board tasks and teaching positions.

``sumer_widgets.<game>.lesson`` (for every game of `engine.core.RULESETS`, and
``sumer_widgets.analysis.lesson`` for 05-analysis, which has no board) defines
``EXERCISES`` (an `Exercises`) and ``TASKS`` (a `Tasks`), each answer computed by the engine.
A notebook opens its lesson once —
``lesson = Lesson(game, lang="en")`` — and then only names things:
``lesson.ask(exercise_id)`` shows an exercise's form, ``lesson.task(task_id)``
a board with a goal. The answers never appear in a notebook cell; the teacher's answer keys
(``docs/answers/``) are printed from the same objects by ``scripts/answer_keys.py``.
"""

from __future__ import annotations

import importlib
import json
import time
from pathlib import Path
from typing import Any

from engine.core import InvalidInput
from sumer_widgets.exercises import Exercises, Question
from sumer_widgets.games import LESSONS
from sumer_widgets.progress import Progress, lesson_items
from sumer_widgets.record import Record, RecordStore, clean_name, name_key
from sumer_widgets.tasks import Tasks

#: Every lesson: one per game, and the analysis notebook's.
GAMES = LESSONS


def module(game: str) -> Any:
    """The lesson module of `game`."""
    if game not in GAMES:
        raise InvalidInput(f"no lesson for {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(f"sumer_widgets.{game}.lesson")


class Lesson:
    """One game's exercises and tasks, asked in one language; its board tasks played by the
    ruleset options the notebook plays by (`options`, e.g. ``{"tiebreak": "villages"}`` in the
    Dutch Sumeria notebook).

    The lesson keeps the learner's record (`sumer_widgets.record`) as they work: this run of the
    notebook is a session of it, and every answer, hint and task move is written to the
    learner's file at once, once they have given their name (`set_learner`, the name box of
    `learner`); until then it is kept in memory and written when the name comes. `records`:
    the folder of the records (default: `sumer_widgets.record.default_folder`).
    """

    def __init__(self, game: str, lang: str = "en", options: dict[str, Any] | None = None,
                 records: str | Path | None = None):
        self.game = game
        self.lang = lang
        self.options = dict(options or {})
        self.module = module(game)
        self.exercises: Exercises = self.module.EXERCISES
        self.tasks: Tasks = self.module.TASKS
        self._asked: dict[str, Question] = {}
        self._boards: dict[str, Any] = {}
        self._warm: dict[tuple[str, str], Any] = {}
        self._opened = time.monotonic()
        self.store = RecordStore(records)
        self.learner = ""
        self.record = Record("")
        self.session = self.record.start_session(game, lang)
        #: Called after the learner's name changes (the warm-up redraws for them).
        self.learner_listeners: list[Any] = []
        #: Called after each change to the record (a part's stars redraw).
        self.change_listeners: list[Any] = []

    # The learner and the record ---------------------------------------------------------

    def set_learner(self, name: str) -> str:
        """Keep this lesson's work as `name`'s, with what they did before (their record);
        returns the name as kept.

        Raises:
            InvalidInput: not a name a file can keep (the reason says why).
        """
        name = clean_name(name)
        if self.learner and name_key(name) == name_key(self.learner):
            return self.learner
        kept = self.store.load(name)
        mine = Record(name, dict(self.record.sessions), dict(self.record.attempts),
                      dict(self.record.reviews))
        self.record = kept.merge(mine)
        self.learner = name
        self.save()
        for listener in list(self.learner_listeners):
            listener(self)
        return name

    def learner_box(self) -> Any:
        """The name box: who is learning, so their work is kept for the next lesson."""
        from sumer_widgets.course import LearnerBox

        return LearnerBox(self)

    def save(self) -> None:
        """Bring the record up to date with this session, and write it if the learner is
        known. A file that cannot be written is said where the name box shows, never raised."""
        record, session = self.record, self.session
        for ex_id, question in self._asked.items():
            record.note_question(session, ex_id, question.record())
        for task_id, board in self._boards.items():
            record.note_task(session, task_id, board.task_record)
        for (kind, item_id), shown in self._warm.items():
            if kind == "question":
                record.note_question(session, item_id, shown.record(), warmup=True)
            else:
                record.note_task(session, item_id, shown.task_record, warmup=True)
        record.note_session(session, minutes=self.minutes(), parts=self.parts_reached())
        self.save_problem = ""
        if self.learner:
            try:
                self.store.save(record)
            except OSError as exc:
                self.save_problem = exc.strerror or type(exc).__name__
        for listener in list(self.change_listeners):
            listener(self)

    def progress(self) -> Progress:
        """What the record says of the learner in this game (`sumer_widgets.progress`)."""
        return Progress(self.record, self.game, lesson_items(self),
                        on=self.record.sessions[self.session]["date"])

    def warm_up(self) -> Any:
        """The warm-up: what the learner missed in earlier lessons, back for another try."""
        from sumer_widgets.course import WarmUp

        return WarmUp(self)

    def part_stars(self, number: int) -> Any:
        """What the learner earned in part `number`: its tasks' stars and its questions right
        at the first try, redrawn as they work."""
        from sumer_widgets.course import PartStars

        return PartStars(self, number)

    def _changed(self, *_args: Any) -> None:
        self.save()

    # What the notebook shows ------------------------------------------------------------

    def ask(self, exercise_id: str) -> Question:
        """The exercise `exercise_id`, as a form to answer (Check, Hint, Show the answer)."""
        question = self._asked.get(exercise_id)
        if question is None:
            question = self._asked[exercise_id] = self.exercises[exercise_id].bind(self.lang)
            question.listeners.append(self._changed)
        return question

    def task(self, task_id: str, **board: Any) -> Any:
        """A board showing the task `task_id`'s goal, at its start, played by the lesson's
        ruleset `options` (`board`: keywords for the board)."""
        shown = self.tasks[task_id].under(self.options).board(lang=self.lang, **board)
        self._boards[task_id] = shown
        shown.observe(self._changed, names=["task"])
        return shown

    def own_task(self, task: Any, key: str) -> Any:
        """A board showing a teacher's `task` (from a task file), kept in the learner's record
        as the item `key`."""
        named = {} if "name" in task.options else {"name": f"task-{task.id}"}
        shown = task.board(lang=self.lang, **named)
        self._boards[key] = shown
        shown.observe(self._changed, names=["task"])
        return shown

    def keep_reviews(self, board: Any) -> Any:
        """Keep the reviews made on `board` (a closing game's: its "Review this game") in
        the learner's record: the learner's accuracy and key moments with their positions
        (`sumer_widgets.record`, "Reviews"); a review of the same game made again (later in
        it, or once more) replaces its earlier one, a new game's is kept beside it. Returns
        the board."""
        kept: dict[str, Any] = {}

        def note(reviewed: Any) -> None:
            data = reviewed.review_record()
            if data is None:
                return
            # The same game: the same first position (a game's copies share its states).
            start = reviewed.game.history[0]
            earlier = kept.get("key") if kept.get("start") is start else None
            kept["key"] = self.record.note_review(self.session, self.game, data, key=earlier)
            kept["start"] = start
            self.save()

        board.review_listeners.append(note)
        return board

    def record_data(self) -> dict[str, Any]:
        """How the learner got on in this session, as plain data: per question asked the first
        answer and whether it was right, tries, hints and whether the answer was shown; per
        board task shown whether it was done, with its tries."""
        return {"exercises": {ex_id: question.record() for ex_id, question in self._asked.items()},
                "tasks": {task_id: board.task_record for task_id, board in self._boards.items()}}

    def minutes(self) -> int:
        """Whole minutes since the lesson was opened (in this run of the notebook)."""
        return int((time.monotonic() - self._opened) // 60)

    def parts(self) -> list[dict[str, Any]]:
        """The numbered parts of the lesson's notebook in its language, each with its number,
        title and the exercises and tasks it asks (``parts.json``, written from the notebooks
        by ``scripts/notebook_parts.py --parts``); [] where there is none."""
        path = Path(self.module.__file__).with_name("parts.json")
        if not path.exists():
            return []
        found = json.loads(path.read_text(encoding="utf-8"))
        return found.get(self.lang) or found.get("en", [])

    def parts_reached(self) -> list[int]:
        """The numbers of the parts where the learner answered a question or tried a task."""
        record = self.record_data()
        done = {ex_id for ex_id, entry in record["exercises"].items()
                if entry["tries"] or entry["answer_shown"]}
        done |= {task_id for task_id, entry in record["tasks"].items() if entry["tries"]}
        return [part["number"] for part in self.parts()
                if done & {*part["exercises"], *part["tasks"]}]

    def __repr__(self) -> str:
        return (f"<Lesson {self.game} ({self.lang}): {len(self.exercises)} exercises, "
                f"{len(self.tasks)} board tasks>")
