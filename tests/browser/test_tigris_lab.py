"""End to end in a real JupyterLab: open 02-tigris-euphrates, run it, and solve its board task
"war-attacker" by clicks alone — the red temple in the hand lights its squares, a click on h5
joins the two kingdoms, each side's support is a button of the conflict prompt — until the task
panel says "Done!"; then check the game in the kernel.

The clicks are today's (a hand tile, then a lit square; a prompt's option buttons); the boards
branch adds keyboard play beside them."""

from __future__ import annotations

import json

import pytest

from tests.browser.classroom import (
    fits_a_projector,
    level_is_chosen_and_the_bot_moves,
    refusal_keeps_its_place,
)
from tests.browser.lab import kernel_eval, run_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOARD = '.sumer-board[data-name="task-war-attacker"]'
# The board a notebook cell showed, found in the kernel by its name (the cell keeps no variable).
FIND = """
import gc, json
from sumer_widgets.tigris import TigrisBoard
board = next(o for o in gc.get_objects()
             if isinstance(o, TigrisBoard) and o.name == "task-war-attacker")
"""


@pytest.fixture(scope="module")
def notebook(browser, lab, browser_context_args):
    """02-tigris-euphrates opened and run once in JupyterLab, for every test of this module."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    run_notebook(page, lab, "02-tigris-euphrates.ipynb")
    yield page
    context.close()


def wait_for_ply(page, ply: int) -> None:
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply === ply",
        arg=[BOARD, str(ply)])


def test_a_board_task_solved_by_clicks(notebook):
    page = notebook
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    page.wait_for_selector(f"{BOARD} section.sumer-task[data-status]")
    panel = page.locator(f"{BOARD} section.sumer-task")
    assert "whatever Urn commits" in panel.text_content()
    assert panel.get_attribute("data-status") == "todo"
    before = json.loads(kernel_eval(page, FIND + """
print(json.dumps({"cells": board.choices["tiles"]["r"], "moves": len(board.game.moves)}))
"""))
    assert before["moves"] == 0 and "h5" in before["cells"]

    page.click(f'{BOARD} [data-hand="r"]')
    page.wait_for_selector(f"{BOARD} rect.tg-lit")
    drawn = page.eval_on_selector_all(f"{BOARD} rect.tg-lit", "ns => ns.map(n => n.dataset.lit)")
    assert drawn == before["cells"]
    page.click(f'{BOARD} [data-cell="h5"]')
    wait_for_ply(page, 1)
    assert "Bull attacks with 2, Urn defends with 3" in page.inner_text(f"{BOARD} .tg-conflict")

    page.click(f"{BOARD} button.tg-option >> text='+3 = 5'")  # Bull, the attacker
    wait_for_ply(page, 2)
    assert "Urn: how many black tiles" in page.inner_text(f"{BOARD} .sumer-prompt")
    page.click(f"{BOARD} button.tg-option >> text='+1 = 4'")  # Urn, the defender, gives all
    wait_for_ply(page, 3)
    page.wait_for_function(
        "sel => document.querySelector(sel + ' section.sumer-task').dataset.status === 'done'",
        arg=BOARD)
    assert "Done!" in page.inner_text(f"{BOARD} .sumer-task-verdict")
    assert "Bull wins the war (5 against 4)." in page.inner_text(f"{BOARD} .sumer-log")

    after = json.loads(kernel_eval(page, FIND + """
print(json.dumps({"moves": [str(m) for m in board.game.moves], "task": board.task["status"],
                  "bull": board.game.state.influence[0], "error": board.error}))
"""))
    assert after == {"moves": ["tile r h5", "support 3", "support 1"], "task": "done",
                     "bull": [4, 0, 0, 0], "error": ""}


def test_the_board_suits_a_class(notebook):
    """Projector size, a refusal that moves nothing, and the bots' level (tests/browser/
    classroom.py) on the "play now" board: a click on the board with nothing chosen says what
    to choose first."""
    page = notebook
    play = '.sumer-board[data-name="play"]'
    fits_a_projector(page, play)
    said = refusal_keeps_its_place(page, play, '[data-cell="a1"]')
    assert said.startswith("Refused: first choose what to play from your hand")
    level_is_chosen_and_the_bot_moves(page, play, "play")
