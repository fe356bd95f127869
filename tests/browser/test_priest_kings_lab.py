"""End to end in a real JupyterLab: open 04-priest-kings and run it once, then

- on the "play now" map, choose an attack by clicks (a click on Kish lights its targets, a click
  on a lit city attacks it), fight the battle with the dice, and check in the kernel that the
  campaign changed — and that the page shows the same dice the kernel rolled;
- solve the board task "make-uruk-a-vassal" by clicks: first a miss (Ur makes sacrifices: the
  board says "Missed" and why), *Start again*, then *Attack…*, Uruk, and *Fight it with the
  dice* (the board says "Done!").

Clicks today: the first click on the map lights up the targets of the city to choose, a click on
a lit city attacks it; the activities and the battle are buttons above the map. (The `boards`
branch keeps these clicks, says what a click on a city means before attacking, and adds
keyboard play; the task is solved here with the buttons, which both keep.)
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
TASK = '.sumer-board[data-name="task-make-uruk-a-vassal"]'


@pytest.fixture(scope="module")
def notebook(browser, lab, browser_context_args):
    """04-priest-kings opened and run once in JupyterLab, for every test of this module."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    run_notebook(page, lab, "04-priest-kings.ipynb")
    yield page
    context.close()


def _wait_for_new_ply(page, board: str, ply) -> None:
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host').dataset.ply !== ply",
        arg=[board, str(ply)])


def test_an_attack_chosen_by_clicks_is_fought_in_the_kernel(notebook):
    page = notebook
    page.locator(f"{BOARD} svg.pk-map").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, """
import json
c = play.choices
print(json.dumps({"city": c["city"], "targets": [a["target"] for a in c["attack"]],
                  "moves": len(play.game.moves), "ply": c["ply"], "human": c["human"]}))
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
    _wait_for_new_ply(page, BOARD, ply)
    page.wait_for_selector(f"{BOARD} details.pk-report[open] tr.pk-duel")

    after = json.loads(kernel_eval(page, """
import json
from engine import priest_kings as pk
game = play.game
battle = next(r for r in play.battles if r["number"] == 1)
print(json.dumps({"first": str(game.moves[0]), "dice": sum(isinstance(m, pk.DiceBattle)
                                                              for m in game.moves),
                  "fought": game.state.battles_fought, "error": play.error,
                  "attacker": battle["attacker"],
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
    page.wait_for_selector(f'{BOARD} .pk-report-body[data-battle="1"] tr.pk-duel')
    dice = page.eval_on_selector_all(f"{BOARD} tr.pk-duel .pk-die:not(.pk-die-first)",
                                     "nodes => nodes.map(n => Number(n.dataset.die))")
    assert dice == after["dice_rolled"]


@pytest.mark.slow
def test_a_board_task_is_solved_by_clicks(notebook):
    page = notebook
    page.locator(f"{TASK} svg.pk-map").scroll_into_view_if_needed(timeout=60_000)
    name = "task-make-uruk-a-vassal"
    assert task_state(page, name)["status"] == "todo"
    # A miss first: Ur makes sacrifices, so no battle can make Uruk its vassal this turn.
    page.click(f"{TASK} button.pk-sacrifice")
    _wait_for_new_ply(page, TASK, 0)
    board_says(page, TASK, "Missed")
    missed = task_state(page, name)
    assert missed["status"] == "missed" and missed["moves"] == ["sacrifice"]
    assert "Only a battle against Uruk" in missed["why"]
    # Start again; Attack… lights the targets, Uruk is attacked, the battle fought by the dice.
    restart_task(page, TASK)
    page.click(f"{TASK} button.pk-attack")
    page.click(f'{TASK} button.pk-target[data-target="uruk"]')
    page.wait_for_selector(f"{TASK} button.pk-dice")
    board_says(page, TASK, "Not yet")
    page.click(f"{TASK} button.pk-dice")
    board_says(page, TASK, "Done!")
    done = task_state(page, name)
    assert done["status"] == "done" and done["error"] == ""
    assert done["moves"] == ["attack uruk", "dice"]
    assert "Uruk is not eliminated" in done["why"]


KEYS = '.sumer-board[data-name="task-attack-ur-from-kish"]'
FIND_KEYS = """
import json
from ipywidgets.widgets.widget import _instances
board = next(w for w in list(_instances.values())
             if getattr(w, "name", "") == "task-attack-ur-from-kish")
"""


def test_keyboard_alone_attacks_and_is_refused_an_attack(notebook):
    """On a board task no other test touches: arrows to Kish, Enter (its targets light up),
    Escape (they go out), Enter again, arrows to Uruk (no avenue leads there), Enter: refused,
    the reason shown; Enter on Kish and arrows to Ur, Enter: the attack is played in the
    kernel."""
    page = notebook
    page.locator(f"{KEYS} svg.pk-map").scroll_into_view_if_needed(timeout=60_000)
    before = json.loads(kernel_eval(page, FIND_KEYS + """
c = board.choices
print(json.dumps({"city": c["city"], "targets": sorted(a["target"] for a in c["attack"]),
                  "moves": len(board.game.moves), "ply": c["ply"], "human": c["human"]}))
"""))
    assert before["human"] and before["city"] == "kish" and before["moves"] == 0
    assert before["targets"] == ["lagash", "ur"]
    enter_map(page, KEYS)
    walk_to(page, KEYS, '[data-city="kish"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} circle.pk-lit")
    lit = page.eval_on_selector_all(f"{KEYS} circle.pk-lit", "ns => ns.map(n => n.dataset.target)")
    assert sorted(lit) == before["targets"]
    page.keyboard.press("Escape")
    assert page.locator(f"{KEYS} circle.pk-lit").count() == 0
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} circle.pk-lit")

    walk_to(page, KEYS, '[data-city="uruk"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} .sumer-error:not([hidden])")
    refused = json.loads(kernel_eval(page, FIND_KEYS + """
print(json.dumps([len(board.game.moves), board.error]))
"""))
    assert refused[0] == 0 and refused[1]
    assert page.inner_text(f"{KEYS} .sumer-error") == f"Refused: {refused[1]}"

    walk_to(page, KEYS, '[data-city="kish"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{KEYS} circle.pk-lit")
    walk_to(page, KEYS, '[data-city="ur"]')
    page.keyboard.press("Enter")
    _wait_for_new_ply(page, KEYS, before["ply"])
    after = json.loads(kernel_eval(page, FIND_KEYS + """
print(json.dumps([str(board.game.moves[0]), board.error]))
"""))
    assert after == ["attack ur", ""]
    assert page.evaluate("document.activeElement.dataset.city") == "ur"


def test_the_map_passes_an_accessibility_audit(notebook):
    page = notebook
    page.locator(f"{BOARD} svg.pk-map").scroll_into_view_if_needed(timeout=60_000)
    assert audit(page, BOARD) == []
    page.locator(f"{KEYS} svg.pk-map").scroll_into_view_if_needed(timeout=60_000)
    assert audit(page, KEYS) == []  # after the keyboard test: a battle prompt and buttons


# Open (issue 18): after the keyboard and classroom branches met, the level check in this
# notebook run did not see the easy bot's move; the projector and refusal checks before it pass.
def test_the_board_suits_a_class(notebook):
    """Projector size, a refusal that moves nothing, and the bots' level (tests/browser/
    classroom.py): a city that will not light up says why."""
    page = notebook
    fits_a_projector(page, BOARD)
    dark = json.loads(kernel_eval(page, find_board("play") + """
from engine import priest_kings as pk
game = board.game
while not game.is_over and (game.state.phase != "orders" or game.to_move in board.bots):
    if game.to_move in board.bots:
        board.bot_move()
    else:
        board.play(game.legal_moves()[0])
print(json.dumps(next(c for c, why in board.choices["why_not"].items()
                      if why and c != board.choices["city"])))
"""))
    said = refusal_keeps_its_place(page, BOARD, f'[data-city="{dark}"] .pk-city-mark')
    assert " is not lit, so it cannot be attacked now: " in said
    level_is_chosen_and_the_bot_moves(page, BOARD, "play")
