"""Checks of a board as a class uses it, in a real JupyterLab (issue 18 "projector size",
issue 19 "bot difficulty on the boards"), shared by the lab test modules: each module calls
them on its notebook's "play now" board inside its one notebook run.

- `fits_a_projector`: at 1280×720 (the pages' viewport) the board's root element is at most
  1280 px wide and 720 px tall, and its *Full screen* button shows the board alone.
- `refusal_keeps_its_place`: a click that Python refuses (or explains) shows the reason and moves
  neither the clicked element nor the picture (bounding boxes before and after, within 0.5 px).
- `level_is_chosen_and_the_bot_moves`: the toolbar's *Bots* menu seats `bot_for_level`'s bot
  for the level chosen in the kernel, and *Bot moves* then plays that bot's move.
"""

from __future__ import annotations

import json

from engine.bots import LEVEL_BLUNDERS
from tests.browser.lab import kernel_eval

VIEWPORT = {"width": 1280, "height": 720}


def find_board(name: str) -> str:
    """Kernel code that binds `board` to the newest board called `name`."""
    return f"""
import json
from ipywidgets.widgets.widget import _instances
board = [w for w in list(_instances.values()) if getattr(w, "name", "") == {name!r}][-1]
"""


def fits_a_projector(page, selector: str) -> None:
    assert page.viewport_size == VIEWPORT, "the browser tests run at a projector's size"
    page.locator(f"{selector} svg").first.scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    assert box["width"] <= 1280 and box["height"] <= 720, f"the board is {box}"
    full = page.locator(selector).get_by_role("button", name="Full screen")
    full.click()
    page.wait_for_function("sel => document.fullscreenElement === document.querySelector(sel)",
                           arg=selector)
    picture = page.locator(f"{selector} .sumer-host svg").bounding_box()
    assert picture["height"] <= 720 and picture["width"] <= 1280
    assert full.get_attribute("aria-pressed") == "true"
    page.evaluate("() => document.exitFullscreen()")
    page.wait_for_function("() => document.fullscreenElement === null")


def refusal_keeps_its_place(page, selector: str, target: str) -> str:
    """Click `target` (inside the board), which Python answers with a reason; returns it."""
    clicked = page.locator(f"{selector} {target}").first
    clicked.scroll_into_view_if_needed()
    picture = page.locator(f"{selector} .sumer-host")
    assert page.locator(f"{selector} .sumer-error").is_hidden()
    clicked.hover()  # measured under the pointer: a hover style may widen a mark's outline
    before = (clicked.bounding_box(), picture.bounding_box())
    clicked.click()
    page.wait_for_function("sel => document.querySelector(sel + ' .sumer-error').innerText",
                           arg=selector)
    after = (clicked.bounding_box(), picture.bounding_box())
    for a, b in zip(before, after):
        assert all(abs(a[k] - b[k]) < 0.5 for k in ("x", "y", "width", "height")), (a, b)
    return page.inner_text(f"{selector} .sumer-error")


def level_is_chosen_and_the_bot_moves(page, selector: str, name: str) -> None:
    find = find_board(name)
    seat = json.loads(kernel_eval(page, find + """
from engine.bots import RandomBot
board.autoplay = False
# The learner's moves, at random: a fixed first choice may pick up and put down for ever.
stand_in = RandomBot(seed=1)
for _ in range(2_000):
    if board.game.is_over or board.game.to_move in board.bots:
        break
    board.play(stand_in.choose(board.game.state.view(board.game.to_move)))
print(json.dumps({"seat": board.game.to_move, "moves": len(board.game.moves)}))
"""))
    # The page has drawn the kernel's last move and offers the bot's.
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply === ply"
        " && !document.querySelector(sel + ' button.sumer-bot').disabled",
        arg=[selector, str(seat["moves"])])
    level = page.locator(f"{selector} select.sumer-level")
    level.scroll_into_view_if_needed()
    level.select_option("easy")
    page.wait_for_function("sel => document.querySelector(sel + ' select.sumer-level').value"
                           " === 'easy' && document.querySelector(sel + ' select.sumer-level')"
                           ".options[0].hidden", arg=selector)
    page.locator(f"{selector} button.sumer-bot").click()
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply === ply",
        arg=[selector, str(seat["moves"] + 1)])
    after = json.loads(kernel_eval(page, find + """
print(json.dumps({"level": board.level, "error": board.error, "moves": len(board.game.moves),
                  "bots": sorted({f"{type(b).__name__} {getattr(b, 'blunder', '-')}"
                                  for b in board.bots.values()})}))
board.autoplay = True
"""))
    assert after == {"level": "easy", "error": "", "moves": seat["moves"] + 1,
                     "bots": [f"ExpertBot {LEVEL_BLUNDERS['easy']}"]}
