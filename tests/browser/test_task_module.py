"""The board task panel in the page: it shows the goal and Python's verdict, and asks for the
hint and a fresh start only by intents (the page never judges the goal itself)."""

from __future__ import annotations

import pytest

from sumer_widgets.lessons import Lesson
from tests.browser.harness import mount, push

pytestmark = pytest.mark.browser


def test_the_task_panel_shows_the_goal_the_verdict_and_sends_its_intents(page):
    lesson = Lesson("sumeria")
    board = lesson.task("umma-first")
    mount(page, board)
    panel = page.locator("section.sumer-task")
    assert panel.is_visible()
    assert "Umma becomes first" in panel.inner_text()
    assert panel.get_attribute("data-status") == "todo"
    assert not page.locator(".sumer-task-hint").is_visible()
    page.click("button.sumer-task-hint-button")
    page.click("button.sumer-task-reset")
    assert page.evaluate("window.sent") == [{"intent": "task_hint"}, {"intent": "task_reset"}]
    lesson.tasks["umma-first"].solve(board)
    push(page, board)
    assert panel.get_attribute("data-status") == "done"
    assert "Done!" in page.locator(".sumer-task-verdict").inner_text()
    assert page.locator(".sumer-task-verdict").get_attribute("role") == "status"


def test_a_board_without_a_task_shows_no_panel(page):
    board = Lesson("sumeria").task("umma-first")
    board.set_task(None)
    mount(page, board)
    assert not page.locator("section.sumer-task").is_visible()
