"""The Royal Game of Ur lesson agrees with itself: each board task's goal states the throw its
board starts with (in every language and in the notebooks' prose above it), the head start is
predicted before anything shows it, and its reveal gives the table's chance."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import royal_ur
from sumer_widgets.lessons import Lesson
from sumer_widgets.royal_ur import lesson as ur_lesson
from sumer_widgets.tasks import say

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = {"en": ROOT / "notebooks" / "06-royal-game-of-ur.ipynb",
             "nl": ROOT / "notebooks" / "06-royal-game-of-ur-nl.ipynb"}
#: How each language states the throw a task starts with.
STATED_THROW = {"en": re.compile(r"\bthrown (\d)\b"), "nl": re.compile(r"\b(\d) gegooid\b")}
TASK_CALL = re.compile(r"lesson\.task\(\s*[\"']([\w-]+)[\"']")


def stated_throws(text: str, lang: str) -> list[int]:
    return [int(n) for n in STATED_THROW[lang].findall(text)]


@pytest.mark.parametrize("lang", sorted(STATED_THROW))
@pytest.mark.parametrize("task", list(ur_lesson.TASKS), ids=lambda task: task.id)
def test_each_task_states_the_throw_its_board_starts_with(task, lang):
    start = task.new_game().state
    assert start.throw is not None, f"{task.id} starts before a throw: its goal needs no throw"
    assert stated_throws(say(task.goal, lang), lang) == [start.throw]


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("lang", sorted(NOTEBOOKS))
def test_the_notebooks_prose_above_a_task_states_the_same_throw(lang):
    """The markdown just above ``lesson.task(...)`` ("Board task. Light has thrown 3.") may not
    name a throw other than the task's own."""
    notebook = cells(NOTEBOOKS[lang])
    checked = 0
    for index, cell in enumerate(notebook):
        found = TASK_CALL.search("".join(cell["source"])) if cell["cell_type"] == "code" else None
        if not found:
            continue
        throw = ur_lesson.TASKS[found.group(1)].new_game().state.throw
        above = notebook[index - 1]
        assert above["cell_type"] == "markdown"
        said = stated_throws("".join(above["source"]), lang)
        assert said in ([], [throw]), f"{found.group(1)}: the prose above says {said}"
        checked += 1
    assert checked == len(ur_lesson.TASKS)


def test_the_head_start_is_predicted_and_its_reveal_gives_the_tables_chance():
    lesson = Lesson("royal_ur")
    first = lesson.exercises["first-player"]
    size = lesson.exercises["head-start-size"]
    assert first.predict and size.predict
    question = lesson.ask("head-start-size")
    assert question.revealed() is None
    question.check(size.expected())
    chance = royal_ur.win_chance(royal_ur.new_state(pieces=3))
    assert f"{100 * chance:.2f} %" in str(question.revealed())
    dutch = Lesson("royal_ur", lang="nl").ask("head-start-size")
    dutch.show_answer()
    assert f"{100 * chance:.2f} %".replace(".", ",") in str(dutch.revealed())


def test_the_answer_keys_state_each_tasks_throw_in_their_language():
    for name, lang, goal_word in (("royal_ur.md", "en", "Goal"), ("royal_ur-nl.md", "nl", "Doel")):
        key = (ROOT / "docs" / "answers" / name).read_text(encoding="utf-8")
        for task in ur_lesson.TASKS:
            goal = re.search(rf"### \d+\. `{task.id}`\n\n\*\*{goal_word}:\*\* (.+)", key)
            assert goal, (name, task.id)
            assert stated_throws(goal.group(1), lang) == [task.new_game().state.throw]
