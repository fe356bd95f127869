"""End to end in a real JupyterLab: open 01-sumeria, run it, click a trader, see the
highlights, click a destination, and check in the kernel that the game changed."""

from __future__ import annotations

import json

from tests.browser.lab import kernel_eval, run_notebook

BOARD = '.sumer-board[data-name="play"]'


def test_a_click_on_the_board_plays_a_move_in_the_kernel(page, lab):
    run_notebook(page, lab, "01-sumeria.ipynb")
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
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
