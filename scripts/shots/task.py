"""The README's board-task picture: a Sumeria lesson task after a first try that missed the
goal, the board saying why and offering the hint and a fresh start."""

from __future__ import annotations

from pathlib import Path

from sumer_widgets.lessons import Lesson
from tests.browser.harness import mount

TASK = "umma-first"


def shoot(page, images: Path) -> None:
    """The `umma-first` task after one of its misses."""
    lesson = Lesson("sumeria")
    board = lesson.task(TASK)
    task = lesson.tasks[TASK]
    verdict = task.solve(board, task.misses[0])
    assert not verdict.done, "a miss of the task must not reach its goal"
    mount(page, board)
    page.locator(".sumer-board").screenshot(path=str(images / "sumeria-task.png"))
