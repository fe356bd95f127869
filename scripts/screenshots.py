"""Make the README's pictures with the browser test tooling (headless Chromium, the boards' own
front end fed by a real widget).

    .venv/bin/python scripts/screenshots.py     # writes docs/images/*.png
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from engine import sumeria  # noqa: E402
from sumer_widgets import SumeriaBoard  # noqa: E402
from tests.browser.harness import mount  # noqa: E402
from tests.browser.lab import CHROMIUM, LAUNCH_ARGS  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def sumeria_reach(page) -> None:
    """A mid-game Sumeria board with one trader's reachability drawn."""
    game = sumeria.new_game(3, seed=7)
    while game.state.round < 2 or game.state.phase != "turns":
        moves = game.legal_moves()
        game.play(moves[(len(game.moves) * 5) % len(moves)])
    board = SumeriaBoard(game, name="readme")
    trader = max(board.choices["traders"], key=lambda t: len(board.choices["traders"][t]))
    mount(page, board)
    page.click(f'[data-loc="{trader}"]')
    page.locator(".sumer-board").screenshot(path=str(IMAGES / "sumeria-reach.png"))


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 1200}, device_scale_factor=1)
        sumeria_reach(page)
        browser.close()
    print("wrote", *sorted(p.name for p in IMAGES.glob("*.png")))


if __name__ == "__main__":
    main()
