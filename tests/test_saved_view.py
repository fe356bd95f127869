"""The saved view (issue 27): a notebook exported to HTML as it is stored, with no kernel — as on
GitHub, in nbviewer or in JupyterLab before anything is run — shows every question's text with
its choices, every board task's goal beside its start position, and on every board a line
saying that running the cell makes it live; never a question's answer."""

from __future__ import annotations

import html
import re

import pytest
from nbconvert import HTMLExporter

from scripts.notebook_parts import ASK, ROOT, TASK, lesson_of, read, source
from sumer_widgets.lessons import Lesson
from sumer_widgets.tasks import say
from tests.test_learner_prose import marked

NOTEBOOKS = sorted(path for path in (ROOT / "notebooks").glob("0*.ipynb")
                   if lesson_of(read(path)) is not None)


def exported(path) -> str:
    body, _ = HTMLExporter().from_notebook_node(_node(path))
    return html.unescape(re.sub(r"\s+", " ", body))


def _node(path):
    import nbformat

    return nbformat.read(path, as_version=4)


def plain(text: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", text))


@pytest.mark.parametrize("path", marked(NOTEBOOKS))
def test_the_saved_notebook_shows_every_question_and_every_goal(path):
    notebook = read(path)
    game, lang = lesson_of(notebook)
    lesson = Lesson(game, lang=lang)
    page = exported(path)
    code = [source(cell) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    asked = [i for text in code for i in ASK.findall(text)]
    tasks = [i for text in code for i in TASK.findall(text)]
    assert asked, f"{path.name} asks no question"
    for ex_id in asked:
        exercise = lesson.exercises[ex_id]
        assert plain(say(exercise.question, lang)) in page, f"{path.name}: {ex_id}'s question"
        for _, label in exercise.choices():
            assert plain(say(label, lang)) in page, f"{path.name}: {ex_id}'s choice {label}"
    for task_id in tasks:
        goal = plain(say(lesson.tasks[task_id].goal, lang))
        assert goal in page, f"{path.name}: the goal of {task_id}"
    live = "▶ Voer deze cel uit" if lang == "nl" else "▶ Run this cell"
    assert page.count(live) >= len(asked) + len(tasks)
