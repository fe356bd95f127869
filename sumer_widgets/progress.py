"""What a learner's record says about their progress in one game (`sumer_widgets.record`).

`Progress(record, game, items)` — `items` being the lesson's questions and tasks with the rules
each practises (`lesson_items`) — gives:

- `lessons`: the days the learner worked on the game, in order (lesson 1, 2, …), and
  `current_lesson`: today's, or the one after the last;
- `due`: the questions and tasks the warm-up brings back now — the Leitner box counted in
  lessons: an item missed (not right at the first try: a wrong first answer, the answer shown,
  a task not reached at once without a hint) in lesson L comes back in lesson L + 1; missed
  again in that warm-up (lesson M), it comes back in lesson M + 2; right at the first try in a
  warm-up, it is done. An item due in a lesson the learner missed stays due;
- `levels`: each rule's level, ``tried`` < ``familiar`` < ``mastered`` (see the record's
  module), and `mastered` — the rules mastered;
- `summary`: the counts a hand-in's message and the class report show: questions answered and
  right at the first try, tasks tried and done, stars, parts reached.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sumer_widgets.record import Record, today

TRIED, FAMILIAR, MASTERED = "tried", "familiar", "mastered"
#: How a teacher's own task (a task file's) is named in the record.
OWN = "own-"
LEVELS = (TRIED, FAMILIAR, MASTERED)


@dataclass(frozen=True)
class Item:
    """A question or task of a lesson: its kind, id, the rules it practises, its part."""

    kind: str
    id: str
    rules: tuple[str, ...] = ()
    part: int | None = None


def lesson_items(lesson: Any) -> list[Item]:
    """Every question and task of `lesson` (a `sumer_widgets.lessons.Lesson`), with its rules
    and the part of the notebook that asks it."""
    part_of = {}
    for part in lesson.parts():
        for item_id in (*part["exercises"], *part["tasks"]):
            part_of.setdefault(item_id, part["number"])
    return [*(Item("question", ex.id, tuple(ex.rules), part_of.get(ex.id))
              for ex in lesson.exercises),
            *(Item("task", task.id, tuple(task.rules), part_of.get(task.id))
              for task in lesson.tasks)]


class Progress:
    """One learner's progress in one game, read from their record."""

    def __init__(self, record: Record, game: str, items: Iterable[Item],
                 on: str | None = None):
        self.record = record
        self.game = game
        self.items = {(item.kind, item.id): item for item in items}
        self.sessions = {key: s for key, s in record.sessions.items() if s["game"] == game}
        self.lessons = sorted({s["date"] for s in self.sessions.values()})
        self.today = on or today()
        number = {date: n for n, date in enumerate(self.lessons, start=1)}
        self._lesson_of = {key: number[s["date"]] for key, s in self.sessions.items()}
        self.attempts = [a for a in record.attempts.values() if a["session"] in self.sessions]

    @property
    def current_lesson(self) -> int:
        """The number of today's lesson of this game."""
        if self.today in self.lessons:
            return self.lessons.index(self.today) + 1
        return len([date for date in self.lessons if date < self.today]) + 1

    def lesson_of(self, attempt: Mapping[str, Any]) -> int:
        return self._lesson_of[attempt["session"]]

    def history(self, kind: str, item_id: str) -> list[Mapping[str, Any]]:
        """The attempts at an item, in the order they were made (by lesson; in a lesson the
        warm-up comes first)."""
        found = [a for a in self.attempts if a["kind"] == kind and a["item"] == item_id]
        return sorted(found, key=lambda a: (self.lesson_of(a), not a["warmup"]))

    def due_in(self, kind: str, item_id: str) -> int | None:
        """The lesson whose warm-up brings the item back (None if it is not coming back)."""
        tried = [a for a in self.history(kind, item_id) if a["tries"] or a["answer_shown"]
                 or a["hints"]]
        if not tried:
            return None
        last = tried[-1]
        if missed(last) is False:
            return None
        return self.lesson_of(last) + (2 if last["warmup"] else 1)

    @property
    def due(self) -> list[Item]:
        """The items the warm-up of the current lesson brings back, oldest miss first."""
        now = self.current_lesson
        found = []
        for (kind, item_id), item in self.items.items():
            when = self.due_in(kind, item_id)
            if when is not None and when <= now:
                found.append((when, item))
        return [item for _, item in sorted(found, key=lambda pair: pair[0])]

    @property
    def levels(self) -> dict[str, str]:
        """Each rule practised so far, with its level."""
        levels: dict[str, int] = {}
        for attempt in self.attempts:
            item = self.items.get((attempt["kind"], attempt["item"]))
            if item is None or not (attempt["tries"] or attempt["answer_shown"]):
                continue
            level = 0
            if attempt["first_right"] is True:
                level = 2 if attempt["warmup"] else 1
            for rule in item.rules:
                levels[rule] = max(levels.get(rule, 0), level)
        return {rule: LEVELS[level] for rule, level in sorted(levels.items())}

    @property
    def mastered(self) -> list[str]:
        return [rule for rule, level in self.levels.items() if level == MASTERED]

    def summary(self) -> dict[str, Any]:
        """Counts of the learner's work in this game."""
        questions = {item.id for item in self.items.values() if item.kind == "question"}
        tasks = {item.id for item in self.items.values() if item.kind == "task"}
        answered, first_right, tried, done, stars = set(), set(), set(), set(), {}
        for attempt in self.attempts:
            item_id = attempt["item"]
            if attempt["kind"] == "question" and item_id in questions and (
                    attempt["tries"] or attempt["answer_shown"]):
                answered.add(item_id)
            elif attempt["kind"] == "task" and item_id in tasks and attempt["tries"]:
                tried.add(item_id)
                if attempt["done"]:
                    done.add(item_id)
                    stars[item_id] = max(stars.get(item_id, 0), attempt["stars"] or 0)
        for item_id in answered:
            # Right at the first try: the first time it was ever tried (a restart that asks
            # it again does not make a first try of a second one).
            tried = [a for a in self.history("question", item_id)
                     if (a["tries"] or a["answer_shown"]) and not a["warmup"]]
            if tried and tried[0]["first_right"] is True:
                first_right.add(item_id)
        parts = sorted({p for s in self.sessions.values() for p in s["parts"]})
        own: dict[str, bool] = {}
        for attempt in self.attempts:
            if attempt["kind"] == "task" and attempt["item"].startswith(OWN) and \
                    attempt["tries"]:
                own[attempt["item"]] = own.get(attempt["item"], False) or attempt["done"]
        return {"questions": len(questions), "answered": len(answered),
                "first_right": len(first_right), "tasks": len(tasks), "tried": len(tried),
                "done": len(done), "stars": sum(stars.values()), "most_stars": 3 * len(tasks),
                "parts": parts, "lessons": len(self.lessons),
                "minutes": sum(s["minutes"] for s in self.sessions.values()),
                "mastered": len(self.mastered), "own_tried": len(own),
                "own_done": sum(own.values())}


def missed(attempt: Mapping[str, Any]) -> bool:
    """Whether an attempt counts as missed: not right at the first try (for a task: not
    reached at its first try without a hint)."""
    return attempt["first_right"] is not True


def spans(numbers: Iterable[int]) -> str:
    """Part numbers as a reader says them: ``1–3, 5``."""
    found = sorted(set(numbers))
    runs: list[list[int]] = []
    for number in found:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run))
                     for run in runs)

