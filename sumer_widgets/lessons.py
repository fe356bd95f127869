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

from engine.core import RULESETS, InvalidInput
from sumer_widgets.exercises import Exercises, Question
from sumer_widgets.tasks import Tasks

#: Every lesson: one per game, and the analysis notebook's.
GAMES = (*RULESETS, "analysis")


def module(game: str) -> Any:
    """The lesson module of `game`."""
    if game not in GAMES:
        raise InvalidInput(f"no lesson for {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(f"sumer_widgets.{game}.lesson")


class Lesson:
    """One game's exercises and tasks, asked in one language; its board tasks played by the
    ruleset options the notebook plays by (`options`, e.g. ``{"tiebreak": "villages"}`` in the
    Dutch Sumeria notebook)."""

    def __init__(self, game: str, lang: str = "en", options: dict[str, Any] | None = None):
        self.game = game
        self.lang = lang
        self.options = dict(options or {})
        self.module = module(game)
        self.exercises: Exercises = self.module.EXERCISES
        self.tasks: Tasks = self.module.TASKS
        self._asked: dict[str, Question] = {}
        self._boards: dict[str, Any] = {}
        self._opened = time.monotonic()

    def ask(self, exercise_id: str) -> Question:
        """The exercise `exercise_id`, as a form to answer (Check, Hint, Show the answer)."""
        question = self._asked.get(exercise_id)
        if question is None:
            question = self._asked[exercise_id] = self.exercises[exercise_id].bind(self.lang)
        return question

    def task(self, task_id: str, **board: Any) -> Any:
        """A board showing the task `task_id`'s goal, at its start, played by the lesson's
        ruleset `options` (`board`: keywords for the board)."""
        shown = self.tasks[task_id].under(self.options).board(lang=self.lang, **board)
        self._boards[task_id] = shown
        return shown

    def record(self) -> dict[str, Any]:
        """How the learner got on, as plain data: per question asked the first answer and
        whether it was right, tries, hints and whether the answer was shown; per board task
        shown whether it was done, with its tries."""
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
        record = self.record()
        done = {ex_id for ex_id, entry in record["exercises"].items()
                if entry["tries"] or entry["answer_shown"]}
        done |= {task_id for task_id, entry in record["tasks"].items() if entry["tries"]}
        return [part["number"] for part in self.parts()
                if done & {*part["exercises"], *part["tasks"]}]

    def __repr__(self) -> str:
        return (f"<Lesson {self.game} ({self.lang}): {len(self.exercises)} exercises, "
                f"{len(self.tasks)} board tasks>")
