"""End to end in a real JupyterLab: open 01-sumeria and run it once, then

- click a trader on the "play now" board, see the highlights, click a destination, and check in
  the kernel that the game changed;
- solve the board task "into-eridu" by clicks: first a move that misses (the board says so),
  *Start again*, then the move that reaches Eridu (the board says "Done!").

Clicks today: a click on one's own trader selects it and lights its destinations; a click on a
lit destination plays the move. (The `boards` branch keeps that for moves; it only adds a
confirmation before *adding* on an empty place, which these tests never do.)
"""

from __future__ import annotations

import json

import pytest

from tests.browser.classroom import (
    find_board,
    fits_a_projector,
    level_is_chosen_and_the_bot_moves,
    refusal_keeps_its_place,
)
from tests.browser.keys import audit, enter_map, focused, walk_to
from tests.browser.lab import kernel_eval, run_notebook

BOARD = '.sumer-board[data-name="play"]'
TASK = '.sumer-board[data-name="task-into-eridu"]'

# The task boards are not kept in a variable: the kernel finds one by its name.
FIND_TASK = """
import json
from ipywidgets.widgets.widget import _instances
board = next(w for w in list(_instances.values()) if getattr(w, "name", "") == "task-into-eridu")
print(json.dumps({"status": board.task["status"], "why": board.task["why"],
                  "moves": [str(m) for m in board.game.moves], "error": board.error,
                  "ply": len(board.game.moves)}))
"""


@pytest.fixture(scope="module")
def notebook(browser, lab, browser_context_args):
    """01-sumeria opened and run once in JupyterLab, for every test of this module."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    run_notebook(page, lab, "01-sumeria.ipynb")
    yield page
    context.close()


def test_a_click_on_the_board_plays_a_move_in_the_kernel(notebook):
    page = notebook
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
game = play.game
choices = play.choices
trader = next(t for t, d in choices["traders"].items() if d)
print(json.dumps({"trader": trader, "dests": sorted(choices["traders"][trader]),
                  "moves": len(game.moves), "ply": choices["ply"]}))
"""))
    page.click(f'{BOARD} [data-loc="{before["trader"]}"]')
    page.wait_for_selector(f"{BOARD} circle.sumer-dest")
    drawn = page.eval_on_selector_all(f"{BOARD} circle.sumer-dest",
                                      "nodes => nodes.map(n => n.dataset.dest).sort()")
    assert drawn == before["dests"]
    destination = before["dests"][0]
    page.click(f'{BOARD} [data-loc="{destination}"]')
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[BOARD, str(before["ply"])])
    after = json.loads(kernel_eval(page, f"""
print(json.dumps({{"move": str(game.moves[{before["moves"]}]), "moves": len(game.moves),
                  "error": play.error}}))
"""))
    assert after["error"] == ""
    assert after["move"] == f"move {before['trader']} {destination}"
    assert after["moves"] > before["moves"]


def _move_by_clicks(page, origin: str, destination: str, ply: int) -> None:
    page.click(f'{TASK} [data-loc="{origin}"]')
    page.wait_for_selector(f'{TASK} circle.sumer-dest[data-dest="{destination}"]')
    page.click(f'{TASK} [data-loc="{destination}"]')
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[TASK, str(ply)])


@pytest.mark.slow
def test_a_board_task_is_solved_by_clicks(notebook):
    page = notebook
    page.locator(f"{TASK} svg").scroll_into_view_if_needed(timeout=60_000)
    start = json.loads(kernel_eval(page, FIND_TASK))
    assert start["status"] == "todo" and start["moves"] == []
    # A miss first: the trader stops in Nippur, and the board says why that is not the goal.
    _move_by_clicks(page, "kish.village1", "nippur.village1", 0)
    missed = json.loads(kernel_eval(page, FIND_TASK))
    assert missed["status"] == "missed" and "Nippur" in missed["why"]
    assert missed["moves"] == ["move kish.village1 nippur.village1"]
    page.wait_for_function("sel => document.querySelector(sel).innerText.includes('Missed')",
                           arg=TASK)
    # Start again, then the journey through the occupied city of Kish into Eridu.
    page.click(f"{TASK} button.sumer-task-reset")
    page.wait_for_function(
        "sel => document.querySelector(sel + ' .sumer-host').dataset.ply === '0'", arg=TASK)
    _move_by_clicks(page, "kish.village1", "eridu.village2", 0)
    done = json.loads(kernel_eval(page, FIND_TASK))
    assert done["status"] == "done" and done["error"] == ""
    assert done["moves"] == ["move kish.village1 eridu.village2"]
    page.wait_for_function("sel => document.querySelector(sel).innerText.includes('Done!')",
                           arg=TASK)


def test_keyboard_alone_plays_a_move_and_is_refused_one(notebook):
    """Arrow keys to one's trader, Enter (its destinations light up), Escape (they go out),
    Enter again, arrows to another player's trader, Enter: refused, with the reason on the
    page; then arrows to a destination, Enter: the move is played in the kernel, and the
    focus stays on the place it went to."""
    page = notebook
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
choices = play.choices
trader = next(t for t, d in sorted(choices["traders"].items()) if d)
board = play.game.state.board
occupied = play.game.state.occupied
x, y = board.location(trader).x, board.location(trader).y
# The nearest other player's trader: the refusal's target (an empty place would be an add).
far = min((loc for loc in occupied if loc not in choices["traders"]),
          key=lambda loc: (board.location(loc).x - x) ** 2 + (board.location(loc).y - y) ** 2)
print(json.dumps({"trader": trader, "dest": sorted(choices["traders"][trader])[0], "far": far,
                  "moves": len(play.game.moves), "ply": choices["ply"]}))
"""))
    enter_map(page, BOARD)
    walk_to(page, BOARD, f'[data-loc="{before["trader"]}"]')
    assert focused(page)["label"].startswith(
        page.get_attribute(f'{BOARD} [data-loc="{before["trader"]}"]', "aria-label"))
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{BOARD} circle.sumer-dest")
    page.keyboard.press("Escape")
    assert page.locator(f"{BOARD} circle.sumer-dest").count() == 0
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{BOARD} circle.sumer-dest")

    walk_to(page, BOARD, f'[data-loc="{before["far"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{BOARD} .sumer-error:not([hidden])")
    refused = json.loads(kernel_eval(page, "print(json.dumps([len(play.game.moves), play.error]))"))
    assert refused[0] == before["moves"] and refused[1]
    assert page.inner_text(f"{BOARD} .sumer-error") == f"Refused: {refused[1]}"

    walk_to(page, BOARD, f'[data-loc="{before["trader"]}"]')
    page.keyboard.press("Enter")
    walk_to(page, BOARD, f'[data-loc="{before["dest"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[BOARD, str(before["ply"])])
    after = json.loads(kernel_eval(page, f"""
print(json.dumps({{"move": str(play.game.moves[{before["moves"]}]), "error": play.error}}))
"""))
    assert after == {"move": f"move {before['trader']} {before['dest']}", "error": ""}
    assert page.evaluate("document.activeElement.dataset.loc") == before["dest"]


def test_the_board_passes_an_accessibility_audit(notebook):
    page = notebook
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    page.focus(f'{BOARD} .sumer-host svg [tabindex="0"]')
    page.keyboard.press("Enter")  # a selection drawn too: lit destinations, prompt buttons
    assert audit(page, BOARD) == []
    page.keyboard.press("Escape")


# Open (issue 18): after the keyboard and classroom branches met, the level check in this
# notebook run did not see the easy bot's move; the projector and refusal checks before it pass.
def test_the_board_suits_a_class(notebook):
    """Projector size, a refusal that moves nothing, and the bots' level (tests/browser/
    classroom.py): another player's trader is explained, not refused as a move."""
    page = notebook
    fits_a_projector(page, BOARD)
    other = json.loads(kernel_eval(page, find_board("play") + """
state = board.game.state
print(json.dumps(next(loc.id for loc in state.board.locations
                      if state.trader_at(loc.id) not in (None, state.to_move))))
"""))
    said = refusal_keeps_its_place(page, BOARD, f'[data-loc="{other}"]')
    assert "trader, not one of yours. You play Blue" in said
    level_is_chosen_and_the_bot_moves(page, BOARD, "play")
