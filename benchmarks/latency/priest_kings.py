"""Latency scenario for the Priest-Kings campaign map (hot seat, so every choice is a click)."""

from __future__ import annotations

import json

from benchmarks.latency import time_click
from tests.browser.lab import kernel_eval

SETUP = """
from engine import priest_kings as pk
from sumer_widgets.priest_kings.board import CampaignMap
bench = CampaignMap(pk.new_game(seed=5), name="bench")
bench
"""

BOARD = '.sumer-board[data-name="bench"]'
REDRAWN = f"(before) => document.querySelector('{BOARD} .sumer-host').dataset.drawn !== before"


def measure(page, clicks: int) -> dict[str, list[float]]:
    """Click one's own city (targets lit), then a target or the dice (board redrawn)."""
    lit: list[float] = []
    attack: list[float] = []
    dice: list[float] = []
    page.wait_for_selector(f"{BOARD} svg.pk-map")
    while len(attack) < clicks or len(dice) < clicks // 3:
        choices = json.loads(kernel_eval(page, "import json; print(json.dumps(bench.choices))"))
        if choices.get("over") or choices.get("mode") != "game":
            kernel_eval(page, "bench.game = pk.new_game(seed=len(bench.game.moves) + 7); "
                              "bench.refresh()")
            continue
        drawn = page.get_attribute(f"{BOARD} .sumer-host", "data-drawn")
        if choices["phase"] == "battles":
            dice.append(time_click(page, f"{BOARD} button.pk-dice", REDRAWN, drawn))
            continue
        if not choices["attack"]:
            page.click(f"{BOARD} button.pk-sacrifice")
            page.wait_for_function(REDRAWN, arg=drawn)
            continue
        city = choices["city"]
        lit.append(time_click(page, f'{BOARD} [data-city="{city}"] .pk-city-mark',
                              f"() => document.querySelectorAll('{BOARD} circle.pk-lit')"
                              f".length === {len(choices['attack'])}"))
        target = choices["attack"][0]["target"]
        attack.append(time_click(page, f'{BOARD} [data-city="{target}"] .pk-city-mark',
                                 REDRAWN, drawn))
    return {"Priest-Kings: click own city → targets lit": lit,
            "Priest-Kings: click target → board redrawn": attack,
            "Priest-Kings: dice battle → board redrawn": dice}
