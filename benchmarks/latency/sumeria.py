"""Latency scenario for the Sumeria board (hot-seat, so every move is a click)."""

from __future__ import annotations

import json

from benchmarks.latency import time_click
from tests.browser.lab import kernel_eval

SETUP = """
from engine import sumeria
from sumer_widgets import SumeriaBoard
game = sumeria.new_game(players=3, seed=11)
while game.state.phase == "placement":
    game.play(game.legal_moves()[(len(game.moves) * 7) % len(game.legal_moves())])
bench = SumeriaBoard(game, name="bench")
bench
"""

BOARD = '.sumer-board[data-name="bench"]'


def measure(page, clicks: int) -> dict[str, list[float]]:
    """Click a trader (destinations drawn), then a destination (board redrawn), `clicks` times."""
    highlight: list[float] = []
    redraw: list[float] = []
    page.wait_for_selector(f"{BOARD} svg")
    while len(redraw) < clicks:
        choices = json.loads(kernel_eval(page, "import json; print(json.dumps(bench.choices))"))
        if choices.get("phase") == "scoring":
            kernel_eval(page, "bench.play(bench.game.legal_moves()[0])")
            continue
        if choices.get("phase") != "turns":
            kernel_eval(page, "game = sumeria.new_game(players=3, seed=len(game.moves))\n"
                              "while game.state.phase == 'placement':\n"
                              "    game.play(game.legal_moves()[0])\n"
                              "bench.game = game; bench.refresh()")
            continue
        trader, paths = next((t, d) for t, d in choices["traders"].items() if d)
        highlight.append(time_click(page, f'{BOARD} [data-loc="{trader}"]',
                                    f"() => document.querySelectorAll('{BOARD} circle.sumer-dest')"
                                    f".length === {len(paths)}"))
        drawn = page.get_attribute(f"{BOARD} .sumer-host", "data-drawn")
        redraw.append(time_click(page, f'{BOARD} [data-loc="{sorted(paths)[0]}"]',
                                 f"(before) => document.querySelector('{BOARD} .sumer-host')"
                                 ".dataset.drawn !== before", drawn))
    return {"Sumeria: click trader → destinations drawn": highlight,
            "Sumeria: click destination → board redrawn": redraw}
