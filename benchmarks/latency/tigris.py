"""Latency scenario for the Tigris & Euphrates board (hot-seat, so every move is a click)."""

from __future__ import annotations

import json

from benchmarks.latency import time_click
from tests.browser.lab import kernel_eval

SETUP = """
from engine import tigris
from engine.bots import RandomBot
from sumer_widgets.tigris.board import TigrisBoard
game = tigris.new_game(players=3, seed=11)
warm_up = RandomBot(seed=4)
while len(game.moves) < 30 or game.state.phase != "action":
    game.play(warm_up.choose(game.state.view(game.to_move)))
bench = TigrisBoard(game, name="bench")
bench
"""

BOARD = '.sumer-board[data-name="bench"]'
RESTART = """
game = tigris.new_game(players=3, seed=len(game.moves))
while len(game.moves) < 30 or game.state.phase != "action":
    game.play(warm_up.choose(game.state.view(game.to_move)))
bench.game = game; bench.refresh()
"""


def measure(page, clicks: int) -> dict[str, list[float]]:
    """Click a hand tile (its legal cells drawn: the page alone, from the synced choices), then
    a lit cell (the board redrawn: a round trip through the kernel), `clicks` times."""
    highlight: list[float] = []
    redraw: list[float] = []
    page.wait_for_selector(f"{BOARD} svg")
    while len(highlight) < clicks:
        choices = json.loads(kernel_eval(page, "import json; print(json.dumps(bench.choices))"))
        if choices.get("phase") == "over":
            kernel_eval(page, RESTART)
            continue
        if choices.get("phase") != "action":
            # A conflict, a monument, a treasure: settle it from Python and go on.
            kernel_eval(page, "bench.play(bench.game.legal_moves()[0])")
            continue
        options = [(c, cells) for c, cells in choices["tiles"].items() if cells]
        if not options:
            kernel_eval(page, "bench.play(bench.game.legal_moves()[-1])")
            continue
        colour, cells = options[len(highlight) % len(options)]
        highlight.append(time_click(
            page, f'{BOARD} [data-hand="{colour}"]',
            f"() => document.querySelectorAll('{BOARD} rect.tg-lit').length === {len(cells)}"))
        drawn = page.get_attribute(f"{BOARD} .sumer-host", "data-drawn")
        target = cells[(len(redraw) * 7) % len(cells)]
        redraw.append(time_click(page, f'{BOARD} [data-cell="{target}"]',
                                 f"(before) => document.querySelector('{BOARD} .sumer-host')"
                                 ".dataset.drawn !== before", drawn))
    return {"Tigris: click hand tile → legal cells drawn": highlight,
            "Tigris: click a lit cell → board redrawn": redraw}
