"""The course around the lessons: who is learning (`LearnerBox`), and the warm-up that brings
back what they missed (`WarmUp`).

A game notebook asks for the learner's name once, near its top (``lesson.learner_box()``):
from then on every answer is kept in their record (`sumer_widgets.record`) for every later
lesson, across kernel restarts. The box offers the name last used on this computer (or in
this browser), and says how far the learner has come.

The warm-up (``lesson.warm_up()``), at the top of each notebook, brings back up to
`WARM_UP_ITEMS` questions and tasks the learner missed in earlier lessons (the Leitner box of
`sumer_widgets.progress`): a question asked again, a task on a fresh position where its goal
kind allows one (`sumer_widgets.goals.fresh_task`), else at its own start. What the learner
does there is recorded as a warm-up attempt: a right first try there is what makes a rule
*mastered*. One line says why the items are there.

Both show as text where no kernel runs (GitHub, a saved notebook): the box's and the warm-up's
line on running the cell.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from engine.core import InvalidInput
from sumer_widgets.progress import spans
from sumer_widgets.tasks import say
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]
#: The most items one warm-up brings back (a few minutes at the start of a lesson).
WARM_UP_ITEMS = 4


def _words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def progress_line(lesson: Any) -> str:
    """What the learner has done in this game, in one sentence (the record's counts)."""
    told = _words(lesson.lang)
    summary = lesson.progress().summary()
    return told["progress"].format(
        answered=summary["answered"], questions=summary["questions"], done=summary["done"],
        tasks=summary["tasks"], stars=summary["stars"], most_stars=summary["most_stars"],
        parts=spans(summary["parts"]) or told["none"], lessons=summary["lessons"],
        mastered=summary["mastered"])


class LearnerBox(widgets.VBox):
    """The learner's name, kept for every lesson (see the module)."""

    def __init__(self, lesson: Any):
        self.lesson = lesson
        told = _words(lesson.lang)
        offered = lesson.learner or lesson.store.last_learner()
        self.name_box = widgets.Text(value=offered, placeholder=told["placeholder"],
                                     description=told["name"],
                                     layout=widgets.Layout(width="22em"))
        self.button = widgets.Button(description=told["keep"], button_style="primary")
        self.button.on_click(lambda _button: self.keep())
        self.name_box.on_submit(lambda _box: self.keep())
        self.said = widgets.HTML(html.escape(told["kept_as"].format(name=lesson.learner))
                                 if lesson.learner else html.escape(told["who"]))
        super().__init__([widgets.HTML(f"<b>{html.escape(told['title'])}.</b> "
                                       f"{html.escape(told['intro'])}"),
                          widgets.HBox([self.name_box, self.button]), self.said])
        self.add_class("sumer-learner")

    def keep(self) -> str:
        """Keep the lesson's work under the name in the box; returns what the box says."""
        told = _words(self.lesson.lang)
        try:
            name = self.lesson.set_learner(self.name_box.value)
        except InvalidInput as exc:
            self.said.value = html.escape(exc.describe(self.lesson.lang))
            return self.said.value
        said = f"{told['kept_as'].format(name=name)} {progress_line(self.lesson)}"
        if self.lesson.save_problem:
            said += " " + told["not_saved"].format(why=self.lesson.save_problem)
        self.said.value = html.escape(said)
        return self.said.value

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        told = _words(self.lesson.lang)
        data["text/html"] = (f"<p><b>{html.escape(told['title'])}.</b> "
                             f"{html.escape(told['intro'])}</p><p><i>"
                             f"{html.escape(told['static'])}</i></p>")
        data["text/plain"] = f"{told['title']}: {told['intro']}"
        return data


class WarmUp(widgets.VBox):
    """What came back from earlier lessons (see the module)."""

    def __init__(self, lesson: Any):
        self.lesson = lesson
        self.items = widgets.VBox([])
        told = _words(lesson.lang)
        self.line = widgets.HTML("")
        super().__init__([widgets.HTML(f"<b>{html.escape(told['warm_title'])}.</b>"),
                          self.line, self.items])
        self.add_class("sumer-warm-up")
        lesson.learner_listeners.append(lambda _lesson: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        """Draw the warm-up for the learner the lesson has now."""
        lesson, told = self.lesson, _words(self.lesson.lang)
        if not lesson.learner:
            self.line.value = html.escape(told["warm_who"])
            self.items.children = ()
            return
        progress = lesson.progress()
        due = progress.due[:WARM_UP_ITEMS]
        moment = last_moment(lesson)
        if not due and moment is None:
            key = "warm_first" if len(progress.lessons) <= 1 else "warm_none"
            self.line.value = html.escape(told[key])
            self.items.children = ()
            return
        self.line.value = html.escape(told["warm_why"].format(count=len(due)) if due else
                                      told["warm_moment"])
        shown = []
        for n, item in enumerate(due):
            if item.kind == "question":
                question = lesson.exercises[item.id].bind(lesson.lang)
                question.listeners.append(lesson._changed)
                lesson._warm[("question", item.id)] = question
                shown.append(question.widget())
            else:
                board = _warm_task(lesson, item.id, seed=len(progress.lessons) * 100 + n)
                board.observe(lesson._changed, names=["task"])
                lesson._warm[("task", item.id)] = board
                shown.append(board)
        if moment is not None:
            board = _warm_moment(lesson, moment)
            if board is not None:
                if due:
                    shown.append(widgets.HTML(html.escape(told["warm_moment"])))
                shown.append(board)
        self.items.children = tuple(shown)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        told = _words(self.lesson.lang)
        data["text/html"] = (f"<p><b>{html.escape(told['warm_title'])}.</b> "
                             f"{html.escape(told['warm_static'])}</p>")
        data["text/plain"] = f"{told['warm_title']}: {told['warm_static']}"
        return data


def _warm_task(lesson: Any, task_id: str, seed: int) -> Any:
    """A task's board for a warm-up: on a fresh position where its goal kind finds one (the
    kind's own goal sentence then says what to do), else at the task's own start."""
    from dataclasses import replace

    from sumer_widgets.goals import fresh_task

    task = lesson.tasks[task_id].under(lesson.options)
    fresh = fresh_task(task, seed)
    shown = fresh if fresh is not None else replace(task)
    name = f"warm-{task_id}"
    return shown.board(lang=lesson.lang, name=name)


def last_moment(lesson: Any) -> dict[str, Any] | None:
    """The costliest key moment of the learner's latest game of this lesson's game reviewed
    in an earlier session (`Record.reviews`), or None."""
    record = lesson.record
    if record is None:
        return None
    reviews = [review for review in record.reviews.values()
               if review.get("game") == lesson.game and review.get("session") != lesson.session
               and review.get("moments")]
    if not reviews:
        return None
    latest = reviews[-1]  # a record keeps its reviews in the order they were made
    return max(latest["moments"], key=lambda moment: moment.get("lost", 0))


def _warm_moment(lesson: Any, moment: dict[str, Any]) -> Any:
    """A board on the position of a stored key moment, its puzzle open; None where the
    position does not load any more (a record from an older version of the rules)."""
    from engine.core import SumerError
    from sumer_widgets.games import card
    from sumer_widgets.record import moment_game

    try:
        board = card(lesson.game).board(moment_game(lesson.game, moment), lang=lesson.lang,
                                        name="warm-moment")
        board.open_moment(moment)
    except SumerError:
        return None
    return board


class PartStars(widgets.HTML):
    """The end of a part: the stars of its board tasks and its questions right at the first
    try, in this session (redrawn with every answer and move)."""

    def __init__(self, lesson: Any, number: int):
        self.lesson = lesson
        self.number = number
        part = next((p for p in lesson.parts() if p["number"] == number), None)
        if part is None:
            raise InvalidInput(f"the lesson has no part {number}")
        self.part = part
        super().__init__("")
        self.add_class("sumer-part-stars")
        lesson.change_listeners.append(lambda _lesson: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        from sumer_widgets.record import stars

        lesson, told = self.lesson, _words(self.lesson.lang)
        tasks = []
        for task_id in self.part["tasks"]:
            board = lesson._boards.get(task_id)
            record = board.task_record if board is not None else None
            earned = stars(record["done"], record["hints"], record["missed"]) if record else 0
            goal = html.escape(say(lesson.tasks[task_id].goal, lesson.lang))
            tasks.append(f"{'★' * earned}{'☆' * (3 - earned)} {goal}")
        asked = [lesson._asked[ex_id] for ex_id in self.part["exercises"]
                 if ex_id in lesson._asked and lesson._asked[ex_id].tries]
        right = sum(question.first_right is True for question in asked)
        line = told["part_stars"].format(part=self.number, right=right,
                                         answered=len(asked),
                                         questions=len(self.part["exercises"]))
        items = "".join(f"<li>{task}</li>" for task in tasks)
        self.value = f"<p><b>{html.escape(line)}</b></p>" + (
            f'<ul style="list-style:none;padding-left:0.5em">{items}</ul>' if items else "")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        told = _words(self.lesson.lang)
        data["text/html"] = f"<p><i>{html.escape(told['stars_static'])}</i></p>"
        data["text/plain"] = told["stars_static"]
        return data
