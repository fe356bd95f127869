"""End to end in a real JupyterLab: open 02-tigris-euphrates, run it, and on its hot-seat war
board place the tile that joins two kings by clicks — the hand tile lights its cells, the cell
plays it — then commit each side's support by clicks, and check the game in the kernel."""

from __future__ import annotations

import json

from tests.browser.lab import kernel_eval, run_notebook

BOARD = '.sumer-board[data-name="war"]'


def wait_for_ply(page, ply: int) -> None:
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply === ply",
        arg=[BOARD, str(ply)])


def test_a_war_placed_and_resolved_by_clicks(page, lab):
    run_notebook(page, lab, "02-tigris-euphrates.ipynb")
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
print(json.dumps({"cells": war_board.choices["tiles"]["k"], "moves": len(war_game.moves)}))
"""))
    assert before["moves"] == 0 and "h5" in before["cells"]

    page.click(f'{BOARD} [data-hand="k"]')
    page.wait_for_selector(f"{BOARD} rect.tg-lit")
    drawn = page.eval_on_selector_all(f"{BOARD} rect.tg-lit", "ns => ns.map(n => n.dataset.lit)")
    assert drawn == before["cells"]
    page.click(f'{BOARD} [data-cell="h5"]')
    wait_for_ply(page, 1)
    assert "Bull attacks with 1, Urn defends with 1" in page.inner_text(f"{BOARD} .tg-conflict")

    page.click(f"{BOARD} button.tg-option >> text='+2 = 3'")  # Bull, the attacker
    wait_for_ply(page, 2)
    assert "Urn: how many black tiles" in page.inner_text(f"{BOARD} .sumer-prompt")
    page.click(f"{BOARD} button.tg-option >> text='+1 = 2'")  # Urn, the defender
    wait_for_ply(page, 3)

    after = json.loads(kernel_eval(page, """
state = war_game.state
print(json.dumps({"moves": [str(m) for m in war_game.moves], "phase": state.phase,
                  "bull": state.influence[0], "j5": str(state).splitlines()[6].split()[10],
                  "error": war_board.error}))
"""))
    assert after == {"moves": ["tile k h5", "support 2", "support 1"], "phase": "action",
                     "bull": [2, 0, 0, 0], "j5": ".", "error": ""}
    assert "Bull wins the war (3 against 2)." in page.inner_text(f"{BOARD} .sumer-log")
