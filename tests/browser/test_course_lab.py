"""A course in a real JupyterLab (issues 40 and 41): a notebook run and saved reopens on its
pictures (never "Error displaying widget" or "Loading widget"); one learner's two sessions, a
kernel restart between, give one hand-in holding both, which the class report reads; a task
made by clicking in the task maker is saved, opened in the tasks notebook and solved.

The notebooks are small (a lesson's set-up and a few of its cells) so each test takes seconds
of notebook, not a whole lesson's minute."""

from __future__ import annotations

import json
import shutil

import pytest

from engine import royal_ur
from engine.royal_ur.board import cell_name
from sumer_widgets.record import read_record
from tests.browser.conftest import ROOT
from tests.browser.lab import kernel_eval, run_notebook

pytestmark = pytest.mark.slow

STUCK = ("Error displaying widget", "Loading widget")


def write_notebook(lab, name: str, cells: list[str]) -> str:
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                       "language": "python"}},
                "cells": [{"cell_type": "code", "id": f"c{n}", "metadata": {},
                           "execution_count": None, "outputs": [], "source": source}
                          for n, source in enumerate(cells)]}
    path = lab.root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return name


LESSON = ['from sumer_widgets.lessons import Lesson\nlesson = Lesson("royal_ur")',
          "lesson.learner_box()", "lesson.warm_up()", 'lesson.ask("commonest-throw")',
          'lesson.task("capture-dark")', "lesson.part_stars(3)",
          "from sumer_widgets.handin import HandIn\nHandIn(lesson)"]


def keep_name(page, name: str) -> None:
    box = page.locator(".sumer-learner")
    box.locator("input[type=text]").fill(name)
    box.get_by_role("button", name="Keep my work").click()
    page.wait_for_function("([el, name]) => el.innerText.includes('kept as ' + name)",
                           arg=[box.element_handle(), name])


def answer_choice(page, label: str) -> str:
    form = page.locator(".sumer-exercise").first
    said = form.locator(".widget-html").nth(1)
    before = said.inner_text()
    form.get_by_label(label, exact=True).check()
    form.get_by_role("button", name="Check").click()
    page.wait_for_function("([el, b]) => el.innerText.trim() !== '' && el.innerText !== b",
                           arg=[said.element_handle(), before])
    return said.inner_text()


def stuck_outputs(page) -> list[str]:
    """The outputs of the open notebook that show a widget JupyterLab cannot display."""
    texts = page.evaluate("""() => [...document.querySelectorAll('.jp-OutputArea-output')]
        .map(node => node.innerText.trim())""")
    return [text for text in texts if text.startswith(STUCK)]


def test_a_notebook_run_and_saved_reopens_on_its_pictures(browser, lab, browser_context_args):
    name = write_notebook(lab, "saved-view.ipynb", LESSON)
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, name)
        keep_name(page, "Saved View")
        answer_choice(page, "3")
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(
            "() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
        page.evaluate("""async () => {
            const session = window.jupyterapp.shell.currentWidget.sessionContext;
            await session.shutdown(); }""")
        page.close()
        page = context.new_page()
        page.goto(lab.notebook_url(name))
        page.wait_for_selector(".jp-Notebook .jp-OutputArea-output")
        page.wait_for_timeout(3000)  # long enough for a widget renderer to give up
        assert stuck_outputs(page) == []
        text = page.locator(".jp-Notebook").inner_text()
        for line in ("Run this cell to type your name", "Run this cell to answer here",
                     "Run this cell to play on this board", "Run this cell to see your stars"):
            assert line in text, line
        assert page.locator(".jp-Notebook img, .jp-Notebook svg").count()
    finally:
        context.close()
    saved = json.loads((lab.root / name).read_text(encoding="utf-8"))
    views = [output for cell in saved["cells"] for output in cell.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in output.get("data", {})]
    assert views == []


def test_two_sessions_with_a_restart_give_one_hand_in_the_report_reads(
        browser, lab, browser_context_args):
    name = write_notebook(lab, "course.ipynb", LESSON)
    student = "Ada Course"
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, name)
        keep_name(page, student)
        assert answer_choice(page, "4").startswith("✗")  # a miss, for the warm-up
        # The kernel restarts: everything in it is gone, the record is not.
        page.evaluate("""async () => {
            await window.jupyterapp.shell.currentWidget.sessionContext.session.kernel
                .restart(); }""")
        run_notebook(page, lab, name)
        # The name box offers the name last used here; the learner keeps it.
        box = page.locator(".sumer-learner input[type=text]")
        assert box.input_value() == student
        keep_name(page, student)
        assert answer_choice(page, "2").startswith("✓")
        hand_in = page.locator(".sumer-hand-in")
        hand_in.scroll_into_view_if_needed()
        hand_in.get_by_role("button", name="Hand in").click()
        page.wait_for_function("el => el.innerText.includes('Handed in')",
                               arg=hand_in.element_handle())
        file = kernel_eval(page, "import glob; print(glob.glob('teacher/hand-ins/*.json')[0])")
    finally:
        context.close()
    record = read_record((lab.root / file.strip()).read_bytes())
    assert record.student == student and len(record.sessions) == 2
    answers = sorted(a["first_answer"] for a in record.attempts.values()
                     if a["item"] == "commonest-throw")
    assert answers == [2, 4]

    teacher = lab.root / "teacher"
    shutil.copy(ROOT / "notebooks" / "teacher" / "class-report.ipynb", teacher)
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, "teacher/class-report.ipynb")
        row = page.locator("table.sumer-report tbody tr", has_text=student)
        row.wait_for()
        cells = [cell.strip() for cell in row.locator("td").all_inner_texts()]
        assert cells[:2] == [student, "royal_ur"] and cells[4] == "0 / 1"
    finally:
        context.close()


def select(page, description: str, label: str) -> None:
    dropdown = page.locator(".widget-dropdown", has_text=description).locator("select")
    dropdown.select_option(label=label)


def test_a_task_made_by_clicking_is_opened_in_the_tasks_notebook_and_solved(
        browser, lab, browser_context_args):
    (lab.root / "teacher").mkdir(exist_ok=True)
    shutil.copy(ROOT / "notebooks" / "teacher" / "make-tasks.ipynb", lab.root / "teacher")
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, "teacher/make-tasks.ipynb")
        maker = page.locator(".sumer-task-maker")
        select(page, "Start from", "capture_start")
        page.wait_for_function("() => document.querySelector("
                               "'.sumer-board[data-name=\"task-maker\"] .sumer-host')"
                               ".dataset.ply === '0'")
        kinds = page.locator(".widget-dropdown", has_text="Goal kind").locator("select")
        kinds.select_option(value=kinds.locator("option", has_text="capture —")
                            .get_attribute("value"))
        maker.locator("textarea").first.fill("Light has thrown 2. Capture dark's piece.")
        maker.locator(".widget-text", has_text="Task id").locator("input").fill("take-it")
        maker.get_by_role("button", name="Save the task").click()
        page.wait_for_function("el => el.innerText.includes('Saved: take-it')",
                               arg=maker.element_handle())
    finally:
        context.close()
    made = lab.root / "teacher" / "my-tasks-royal_ur.toml"
    assert made.exists()
    # The teacher hands the file out: it lands in the class's tasks/ folder.
    (lab.root / "tasks").mkdir(exist_ok=True)
    shutil.copy(made, lab.root / "tasks" / "thursday.toml")
    shutil.copy(ROOT / "notebooks" / "07-tasks.ipynb", lab.root)
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, "07-tasks.ipynb")
        book = page.locator(".sumer-task-book")
        select(page, "Task file", "tasks/thursday.toml")
        book.get_by_role("button", name="Open").click()
        board = '.sumer-board[data-name="task-take-it"]'
        page.wait_for_selector(f"{board} svg")
        path = royal_ur.path("bell")
        piece, target = cell_name(path.cells[0][4]), cell_name(path.cells[0][6])
        page.locator(f'{board} .sumer-host [data-cell="{piece}"]').first.click(force=True)
        page.wait_for_selector(f'{board} rect.sumer-dest[data-dest="{target}"]')
        page.locator(f'{board} .sumer-host [data-cell="{target}"]').first.click(force=True)
        page.wait_for_function("sel => document.querySelector(sel).innerText.includes('Done!')",
                               arg=board)
        assert "★★★" in page.inner_text(board)
    finally:
        context.close()
