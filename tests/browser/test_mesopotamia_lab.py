"""End to end in a real JupyterLab: open 03-mesopotamia, run it, click one of Blue's natives,
see its reachable fields light up, click one, and check in the kernel that the game changed."""

from __future__ import annotations

import json

from tests.browser.lab import kernel_eval, run_notebook

BOARD = '.sumer-board[data-name="play"]'


def test_moving_a_native_by_clicks_plays_the_move_in_the_kernel(page, lab):
    run_notebook(page, lab, "03-mesopotamia.ipynb")
    page.locator(f"{BOARD} svg").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
natives = board.choices["natives"]
key = next(k for k, n in sorted(natives.items()) if n["go"])
print(json.dumps({"key": key, "go": natives[key]["go"], "moves": len(game.moves),
                  "ply": board.choices["ply"]}))
"""))
    page.click(f'{BOARD} [data-native="{before["key"]}"]')
    page.wait_for_selector(f"{BOARD} polygon.meso-dest")
    drawn = page.eval_on_selector_all(f"{BOARD} polygon.meso-dest",
                                      "nodes => nodes.map(n => n.dataset.field).sort()")
    assert drawn == sorted(before["go"])
    destination = max(sorted(before["go"]), key=lambda f: before["go"][f][0])
    page.click(f'{BOARD} .sumer-host [data-field="{destination}"]:not([data-native])')
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[BOARD, str(before["ply"])])
    after = json.loads(kernel_eval(page, f"""
print(json.dumps({{"move": str(game.moves[{before["moves"]}]), "error": board.error,
                  "points": game.history[{before["moves"]} + 1].points}}))
"""))
    field, _, token = before["key"].split("|")
    assert after["error"] == ""
    assert after["move"] == f"go {field} {token} {destination}"
    cost = before["go"][destination][0]
    assert after["points"] == 3 - cost, "Blue's first-round points, less the way's cost"
