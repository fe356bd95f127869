"""End to end in a real JupyterLab: open 03-mesopotamia and run it once, then

- click one of Blue's natives on the "play now" board, see its reachable fields light up, click
  one, and check in the kernel that the game changed;
- solve the board task "carry-to-the-temple" by clicks: first the marker straight into the
  temple (pushed back: the board says "Not yet" and why), *Start again*, then the stone into the
  temple, its "unload" button, and the marker in (the board says "Done!").

Clicks today: a click on one's own native selects it and lights the fields it can reach; a click
on a lit field moves it there; free actions (unloading a stone) are buttons above the map. (The
`boards` branch keeps that for moves and adds keyboard play; this test uses clicks only.)
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
from tests.browser.keys import audit, enter_map, walk_to
from tests.browser.lab import board_says, kernel_eval, restart_task, run_notebook, task_state

BOARD = '.sumer-board[data-name="play"]'
TASK = '.sumer-board[data-name="task-carry-to-the-temple"]'

@pytest.fixture(scope="module")
def notebook(browser, lab, browser_context_args):
    """03-mesopotamia opened and run once in JupyterLab, for every test of this module."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    run_notebook(page, lab, "03-mesopotamia.ipynb")
    yield page
    context.close()


def _wait_for_new_ply(page, board: str, ply) -> None:
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[board, str(ply)])


def test_moving_a_native_by_clicks_plays_the_move_in_the_kernel(notebook):
    page = notebook
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
game = play.game
natives = play.choices["natives"]
key = next(k for k, n in sorted(natives.items()) if n["go"])
print(json.dumps({"key": key, "go": natives[key]["go"], "moves": len(game.moves),
                  "ply": play.choices["ply"]}))
"""))
    page.click(f'{BOARD} [data-native="{before["key"]}"]')
    page.wait_for_selector(f"{BOARD} polygon.meso-dest")
    drawn = page.eval_on_selector_all(f"{BOARD} polygon.meso-dest",
                                      "nodes => nodes.map(n => n.dataset.field).sort()")
    assert drawn == sorted(before["go"])
    destination = max(sorted(before["go"]), key=lambda f: before["go"][f][0])
    page.click(f'{BOARD} .sumer-host [data-field="{destination}"]:not([data-native])')
    _wait_for_new_ply(page, BOARD, before["ply"])
    after = json.loads(kernel_eval(page, f"""
print(json.dumps({{"move": str(game.moves[{before["moves"]}]), "error": play.error,
                  "points": game.history[{before["moves"]} + 1].points}}))
"""))
    field, _, token = before["key"].split("|")
    assert after["error"] == ""
    assert after["move"] == f"go {field} {token} {destination}"
    cost = before["go"][destination][0]
    assert after["points"] == 5 - cost, "Blue's 5 points (every turn: M-TURN-2), less the cost"


def _walk(page, native: str, field: str, ply: int) -> None:
    """Click a native of the task board, then the lit field it should go to."""
    page.click(f'{TASK} [data-native="{native}"]')
    page.wait_for_selector(f'{TASK} polygon.meso-dest[data-field="{field}"]')
    page.click(f'{TASK} .sumer-host [data-field="{field}"]:not([data-native])')
    _wait_for_new_ply(page, TASK, ply)


@pytest.mark.slow
def test_a_board_task_is_solved_by_clicks(notebook):
    page = notebook
    page.locator(f"{TASK} svg").scroll_into_view_if_needed(timeout=60_000)
    name = "task-carry-to-the-temple"
    assert task_state(page, name)["status"] == "todo"
    # A miss first: the marker goes in with 3 mana, costs 4, and the native is pushed back.
    _walk(page, "-1,0|0|M4", "0,0", 0)
    pushed = task_state(page, name)
    assert pushed["status"] == "todo" and "Pushed back" in pushed["why"]
    assert pushed["moves"] == ["go -1,0 M4 0,0"]
    board_says(page, TASK, "Pushed back")
    # Start again; the stone into the temple, unloaded with its button; then the marker.
    restart_task(page, TASK)
    _walk(page, "1,0|0|S", "0,0", 0)
    page.click(f'{TASK} button.meso-do[data-group="0,0"]')
    _wait_for_new_ply(page, TASK, 1)
    _walk(page, "-1,0|0|M4", "0,0", 2)
    done = task_state(page, name)
    assert done["status"] == "done" and done["error"] == ""
    assert done["moves"] == ["go 1,0 S 0,0", "drop 0,0 S", "go -1,0 M4 0,0"]
    board_says(page, TASK, "Done!")


KEYS = '.sumer-board[data-name="task-discover-a-forest"]'
FIND_KEYS = """
import json
from engine.mesopotamia import fmt, parse_coord
from ipywidgets.widgets.widget import _instances
board = next(w for w in list(_instances.values())
             if getattr(w, "name", "") == "task-discover-a-forest")
"""


def test_keyboard_alone_moves_a_native_and_is_refused_a_move(notebook):
    """On a board task no other test touches: arrows to a native, Enter (its fields light up),
    Escape (they go out), Enter again, arrows to a field it cannot reach, Enter: refused, the
    reason shown; arrows to a lit field, Enter: moved in the kernel, the focus on that field."""
    page = notebook
    page.locator(f"{KEYS} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, FIND_KEYS + """
natives = board.choices["natives"]
key = next(k for k, n in sorted(natives.items()) if n["go"])
me = natives[key]
q, r = parse_coord(me["field"])
def far(c):
    return max(abs(c[0] - q), abs(c[1] - r), abs(c[0] + c[1] - q - r))
barred = min((fmt(c) for c in dict(board.game.state.tiles) if fmt(c) not in me["go"]
              and fmt(c) != me["field"] and fmt(c) not in me["discover"]), key=lambda f: (
              far(parse_coord(f)), f))
print(json.dumps({"key": key, "field": me["field"], "token": me["token"],
                  "dest": sorted(me["go"])[0], "go": sorted(me["go"]), "barred": barred,
                  "moves": len(board.game.moves), "ply": board.choices["ply"]}))
"""))
    enter_map(page, KEYS)
    walk_to(page, KEYS, f'[data-native="{before["key"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} polygon.meso-dest")
    drawn = page.eval_on_selector_all(f"{KEYS} polygon.meso-dest",
                                      "nodes => nodes.map(n => n.dataset.field).sort()")
    assert drawn == before["go"]
    page.keyboard.press("Escape")
    assert page.locator(f"{KEYS} polygon.meso-dest").count() == 0
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} polygon.meso-dest")

    walk_to(page, KEYS, f'.field[data-field="{before["barred"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} .sumer-error:not([hidden])")
    refused = json.loads(kernel_eval(page, FIND_KEYS + """
print(json.dumps([len(board.game.moves), board.error]))
"""))
    assert refused[0] == before["moves"] and refused[1]
    assert page.inner_text(f"{KEYS} .sumer-error") == f"Refused: {refused[1]}"

    walk_to(page, KEYS, f'[data-native="{before["key"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} polygon.meso-dest")
    walk_to(page, KEYS, f'.field[data-field="{before["dest"]}"]')
    page.keyboard.press("Enter")
    _wait_for_new_ply(page, KEYS, before["ply"])
    after = json.loads(kernel_eval(page, FIND_KEYS + f"""
print(json.dumps([str(board.game.moves[{before["moves"]}]), board.error]))
"""))
    assert after == [f"go {before['field']} {before['token']} {before['dest']}", ""]
    assert page.evaluate("document.activeElement.dataset.field") == before["dest"]


def test_the_board_passes_an_accessibility_audit(notebook):
    page = notebook
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    assert audit(page, BOARD) == []
    page.focus(f"{KEYS} .sumer-host [data-native]")
    page.keyboard.press("Enter")  # a native chosen: lit fields, the panel's buttons
    assert audit(page, KEYS) == []
    page.keyboard.press("Escape")


# Open (issue 18): after the keyboard and classroom branches met, the level check in this
# notebook run did not see the easy bot's move; the projector and refusal checks before it pass.
def test_the_board_suits_a_class(notebook):
    """Projector size, a refusal that moves nothing, and the bots' level (tests/browser/
    classroom.py): another player's native is explained."""
    page = notebook
    fits_a_projector(page, BOARD)
    other = json.loads(kernel_eval(page, find_board("play") + """
import re
keys = re.findall(r'data-native="([^"]+)"', board.svg)
mine = {k.split("|")[0] for k in keys if k.split("|")[1] == str(board.game.to_move)}
# A native alone with the other players' (under one of Blue's, the click would select Blue's).
print(json.dumps(next(k for k in keys if k.split("|")[1] != str(board.game.to_move)
                      and k.split("|")[0] not in mine)))
"""))
    said = refusal_keeps_its_place(page, BOARD, f'[data-native="{other}"]')
    assert ", not yours: you play Blue" in said
    level_is_chosen_and_the_bot_moves(page, BOARD, "play")
