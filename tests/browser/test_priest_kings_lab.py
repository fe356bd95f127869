"""End to end in a real JupyterLab: open 04-priest-kings, run it, choose an attack by clicks on
the campaign map (the targets light up), fight the battle with the dice, and check in the kernel
that the campaign changed — and that the page shows the same dice the kernel rolled."""

from __future__ import annotations

import json

from tests.browser.lab import kernel_eval, run_notebook

BOARD = '.sumer-board[data-name="play"]'


def test_an_attack_chosen_by_clicks_is_fought_in_the_kernel(page, lab):
    run_notebook(page, lab, "04-priest-kings.ipynb")
    page.locator(f"{BOARD} svg.pk-map").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
c = play.choices
print(json.dumps({"city": c["city"], "targets": [a["target"] for a in c["attack"]],
                  "moves": len(game.moves), "ply": c["ply"], "human": c["human"]}))
"""))
    assert before["human"] and before["city"] == "kish" and before["moves"] == 0

    # A click on one's own city lights up the targets at once, from `choices`.
    page.click(f'{BOARD} [data-city="kish"] .pk-city-mark')
    page.wait_for_selector(f"{BOARD} circle.pk-lit")
    lit = page.eval_on_selector_all(f"{BOARD} circle.pk-lit",
                                    "nodes => nodes.map(n => n.dataset.target)")
    assert lit == before["targets"]

    target = before["targets"][0]
    page.click(f'{BOARD} [data-city="{target}"] .pk-city-mark')
    # The bots choose after Kish; Kish's battle is the first declared, so the page asks Kish.
    page.wait_for_selector(f"{BOARD} button.pk-dice", timeout=60_000)
    ply = page.get_attribute(f"{BOARD} .sumer-host", "data-ply")
    page.click(f"{BOARD} button.pk-dice")
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[BOARD, ply])
    page.wait_for_selector(f"{BOARD} details.pk-report[open] tr.pk-duel")

    after = json.loads(kernel_eval(page, """
import json
from engine import priest_kings as pk
battle = next(r for r in play.battles if r["number"] == 1)
print(json.dumps({"first": str(game.moves[0]), "dice": sum(isinstance(m, pk.DiceBattle)
                                                              for m in game.moves),
                  "fought": game.state.battles_fought, "error": play.error,
                  "attacker": battle["attacker"], "defender": battle["defender"],
                  "dice_rolled": [v for b in battle["bounds"] for d in b["duels"]
                                  for v in (d["attacker"]["die"], d["defender"]["die"])]}))
"""))
    assert after["error"] == ""
    assert after["first"] == f"attack {target}"
    assert after["dice"] >= 1 and after["fought"] >= 1
    assert after["attacker"] == "Kish"
    # The report the page shows is the kernel's battle, die for die. (If the bots fought
    # battles after Kish's, the report opens on the latest: pick battle 1.)
    tab = page.locator(f"{BOARD} button.pk-report-tab", has_text="1")
    if tab.count():
        tab.first.click()
    page.wait_for_selector(f'{BOARD} .pk-report-body[data-battle="1"]')
    dice = page.eval_on_selector_all(f"{BOARD} tr.pk-duel svg.pk-die:not(.pk-die-first)",
                                     "nodes => nodes.map(n => Number(n.dataset.die))")
    assert dice == after["dice_rolled"]
