"""Latency scenario for the Mesopotamia board (hot-seat on a grown map, so every move is a
click): a click on a native until its reachable fields are drawn — the page alone, from the
synced choices — and a click on one of them until the board is redrawn — a round trip through
the kernel."""

from __future__ import annotations

import json

from benchmarks.latency import time_click
from scripts.shots.mesopotamia import GROWN
from tests.browser.lab import kernel_eval

# The README's grown map (the kernel runs outside the repository: the position is written out).
SETUP = f"""
from engine import mesopotamia
from sumer_widgets.mesopotamia.board import MesopotamiaBoard
game = mesopotamia.Game(mesopotamia.position(3, seed=3, **{GROWN!r}))
bench = MesopotamiaBoard(game, name="bench")
bench
"""

BOARD = '.sumer-board[data-name="bench"]'

# Moves the scenario makes in the kernel where the page has nothing to click: the last legal
# move ends phase I ("end") and phase II ("done" or a card); inside a discovery, the first.
ADVANCE = """
moves = bench.game.legal_moves()
bench.play(moves[-1] if bench.game.state.phase in ("move", "action") else moves[0])
"""


def measure(page, clicks: int) -> dict[str, list[float]]:
    """Click a native (its reachable fields drawn), then a field (board redrawn), `clicks`
    times; the native with the most reachable fields each time."""
    highlight: list[float] = []
    redraw: list[float] = []
    page.wait_for_selector(f"{BOARD} svg")
    while len(redraw) < clicks:
        choices = json.loads(kernel_eval(page, "import json; print(json.dumps(bench.choices))"))
        natives = {k: n for k, n in (choices.get("natives") or {}).items() if n["go"]}
        if choices.get("phase") != "move" or not natives:
            kernel_eval(page, ADVANCE)
            continue
        key = max(sorted(natives), key=lambda k: len(natives[k]["go"]))
        go = natives[key]["go"]
        highlight.append(time_click(
            page, f'{BOARD} [data-native="{key}"]',
            f"() => document.querySelectorAll('{BOARD} polygon.meso-dest').length === {len(go)}"))
        drawn = page.get_attribute(f"{BOARD} .sumer-host", "data-drawn")
        dest = sorted(go)[len(redraw) % len(go)]
        redraw.append(time_click(
            page, f'{BOARD} .sumer-host [data-field="{dest}"]:not([data-native])',
            f"(before) => document.querySelector('{BOARD} .sumer-host').dataset.drawn "
            "!== before", drawn))
    return {"Mesopotamia: click native → reachable fields drawn": highlight,
            "Mesopotamia: click field → board redrawn": redraw}
