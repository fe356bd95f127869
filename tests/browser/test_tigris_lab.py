"""End to end in a real JupyterLab: open 02-tigris-euphrates, run it, and solve its board task
"war-attacker" by clicks alone — the red temple in the hand lights its squares, a click on h5
joins the two kingdoms, each side's support is a button of the conflict prompt — until the task
panel says "Done!"; then check the game in the kernel.

The clicks are today's (a hand tile, then a lit square; a prompt's option buttons). On the
"play now" board the same is done by keyboard alone (a move played, one refused with its reason
shown), and axe-core audits the board."""

from __future__ import annotations

import json

import pytest

from tests.browser.classroom import (
    fits_a_projector,
    level_is_chosen_and_the_bot_moves,
    refusal_keeps_its_place,
)
from tests.browser.keys import audit, enter_map, walk_to
from tests.browser.lab import kernel_eval, run_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOARD = '.sumer-board[data-name="task-war-attacker"]'
# The board a notebook cell showed, found in the kernel by its name (the cell keeps no variable).
FIND = """
import gc, json
from sumer_widgets.tigris.board import TigrisBoard
board = next(o for o in gc.get_objects()
             if isinstance(o, TigrisBoard) and o.name == "task-war-attacker")
"""


def wait_for_ply(page, ply: int) -> None:
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply === ply",
        arg=[BOARD, str(ply)])


@pytest.fixture(scope="module")
def notebook(browser, lab, browser_context_args):
    """02-tigris-euphrates opened and run once in JupyterLab, for every test of this module."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    run_notebook(page, lab, "02-tigris-euphrates.ipynb")
    yield page
    context.close()


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


PLAY = '.sumer-board[data-name="play"]'
FIND_PLAY = """
import gc, json
from sumer_widgets.tigris.board import TigrisBoard
board = next(o for o in gc.get_objects() if isinstance(o, TigrisBoard) and o.name == "play")
"""


def test_keyboard_alone_plays_a_tile_and_is_refused_one(notebook):
    """Arrows to a tile in the hand, Enter (its squares light up), Escape (they go out), Enter
    again, arrows to a square it may not go on, Enter: refused, the reason shown; arrows to a
    lit square, Enter: the tile is played in the kernel, and the focus stays on its square."""
    page = notebook
    page.locator(f"{PLAY} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, FIND_PLAY + """
from engine.tigris.board import cell_name, parse_cell
choices = board.choices
colour, cells = next((c, cells) for c, cells in sorted(choices["tiles"].items()) if cells)
lit = sorted(cells)[0]
col, row = parse_cell(lit) % 16, parse_cell(lit) // 16
# The nearest square the tile may not go on (and no leader of one's own stands on).
barred = min((cell_name(n) for n in range(176) if cell_name(n) not in cells
              and cell_name(n) not in choices.get("board_leaders", {})),
             key=lambda name: abs(parse_cell(name) % 16 - col) + abs(parse_cell(name) // 16 - row))
print(json.dumps({"colour": colour, "lit": lit, "cells": sorted(cells), "barred": barred,
                  "moves": len(board.game.moves), "ply": choices["ply"]}))
"""))
    enter_map(page, PLAY)
    walk_to(page, PLAY, f'[data-hand="{before["colour"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{PLAY} rect.tg-lit")
    drawn = page.eval_on_selector_all(f"{PLAY} rect.tg-lit", "ns => ns.map(n => n.dataset.lit)")
    assert sorted(drawn) == before["cells"]
    page.keyboard.press("Escape")
    assert page.locator(f"{PLAY} rect.tg-lit").count() == 0
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{PLAY} rect.tg-lit")

    walk_to(page, PLAY, f'[data-cell="{before["barred"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{PLAY} .sumer-error:not([hidden])")
    refused = json.loads(kernel_eval(page, FIND_PLAY + """
print(json.dumps([len(board.game.moves), board.error]))
"""))
    assert refused[0] == before["moves"] and refused[1]
    assert page.inner_text(f"{PLAY} .sumer-error") == f"Refused: {refused[1]}"

    # The refused tile is still chosen: straight on to a lit square.
    walk_to(page, PLAY, f'[data-cell="{before["lit"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[PLAY, str(before["ply"])])
    after = json.loads(kernel_eval(page, FIND_PLAY + f"""
print(json.dumps([str(board.game.moves[{before["moves"]}]), board.error]))
"""))
    assert after == [f"tile {before['colour']} {before['lit']}", ""]
    assert page.evaluate("document.activeElement.dataset.cell") == before["lit"]


def test_the_board_passes_an_accessibility_audit(notebook):
    page = notebook
    page.locator(f"{PLAY} svg").scroll_into_view_if_needed(timeout=60_000)
    page.focus(f'{PLAY} [data-hand]')
    page.keyboard.press("Enter")  # a tile chosen: lit squares, the prompt's buttons
    assert audit(page, PLAY) == []
    page.keyboard.press("Escape")


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
