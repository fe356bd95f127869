"""Issue 30's "done when", end to end in a real JupyterLab: a student answers two questions and
does one board task in 01-sumeria, hands in, and the teacher's class report reads the file and
shows that student's row.

The two questions are answered one right at the first try and one wrong first, so the report's
"right at the first try" column has something to tell apart; the board task is the journey
into Eridu of Part 2, solved by two clicks.
"""

from __future__ import annotations

import json
import shutil

import pytest

from tests.browser.conftest import ROOT
from tests.browser.lab import run_notebook, task_state

pytestmark = pytest.mark.slow

TASK = '.sumer-board[data-name="task-into-eridu"]'
STUDENT = "Ada Test"
HANDED = "hand-in-sumeria-ada-test.json"


def answer(page, question: str, value: str) -> str:
    """Type `value` into the form of the question whose text is `question`, press *Check*, and
    return what the form says back."""
    form = page.locator(".sumer-exercise", has_text=question)
    form.scroll_into_view_if_needed()
    said = form.locator(".widget-html").nth(1)
    before = said.inner_text()
    form.locator("input[type=text]").fill(value)
    form.get_by_role("button", name="Check").click()
    page.wait_for_function("([el, before]) => el.innerText.trim() && el.innerText !== before",
                           arg=[said.element_handle(), before])
    return said.inner_text()


def test_a_hand_in_reaches_the_class_report(browser, lab, browser_context_args):
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    run_notebook(page, lab, "01-sumeria.ipynb")

    first = answer(page, "How many towns are there on the whole board?", "24")
    assert "Right" in first
    wrong = answer(page, "How many traders are on the board after the set-up of a 4-player game?",
                   "21")
    right = answer(page, "How many traders are on the board after the set-up of a 4-player game?",
                   "20")
    assert "Right" not in wrong and "Right" in right

    page.locator(f"{TASK} svg").scroll_into_view_if_needed()
    page.click(f'{TASK} [data-loc="kish.village1"]')
    page.wait_for_selector(f"{TASK} circle.sumer-dest")
    page.click(f'{TASK} [data-loc="eridu.village2"]')
    page.wait_for_function("sel => document.querySelector(sel).innerText.includes('Done!')",
                           arg=TASK)
    assert task_state(page, "task-into-eridu")["status"] == "done"

    hand_in = page.locator(".sumer-hand-in")
    hand_in.scroll_into_view_if_needed()
    hand_in.locator("input[type=text]").fill(STUDENT)
    hand_in.get_by_role("button", name="Hand in").click()
    page.wait_for_function("el => el.innerText.includes('Handed in')",
                           arg=hand_in.element_handle())
    context.close()

    # JupyterLab writes the file beside the notebook; the teacher collects it into the report's
    # folder, as a class's files would be gathered from a shared drive.
    written = lab.root / HANDED
    data = json.loads(written.read_text(encoding="utf-8"))
    assert data["student"] == STUDENT and data["parts"] == [1, 2]
    assert data["questions"]["towns-on-board"]["first_right"] is True
    assert data["questions"]["traders-after-setup"] == {
        "first_answer": "21", "first_right": False, "tries": 2, "right": True, "hints": 0,
        "answer_shown": False}
    assert data["tasks"]["into-eridu"]["done"] is True
    teacher = lab.root / "teacher"
    shutil.copytree(ROOT / "notebooks" / "teacher", teacher, dirs_exist_ok=True)
    (teacher / "hand-ins").mkdir(exist_ok=True)
    shutil.copy(written, teacher / "hand-ins" / HANDED)

    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    run_notebook(page, lab, "teacher/class-report.ipynb")
    table = page.locator("table.sumer-report")
    table.wait_for()
    row = table.locator("tbody tr", has_text=STUDENT)
    cells = [cell.strip() for cell in row.locator("td").all_inner_texts()]
    assert cells[:5] == [STUDENT, "sumeria", "1, 2", "1 of 2", "1 of 1"]
    assert "1 hand-in" in page.locator(".jp-Notebook").inner_text()
    # The question missed at the first try is listed with the answer key's reasoning.
    assert "Each of the four players places five traders" in page.inner_text(".jp-Notebook")
    context.close()
