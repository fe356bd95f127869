"""The README's Sumeria picture: a mid-game board with one trader's reachability drawn."""

from __future__ import annotations

from pathlib import Path

from engine import sumeria
from sumer_widgets import SumeriaBoard
from tests.browser.harness import mount


def shoot(page, images: Path) -> None:
    """A mid-game Sumeria board with one trader's reachability drawn."""
    game = sumeria.new_game(3, seed=7)
    while game.state.round < 2 or game.state.phase != "turns":
        moves = game.legal_moves()
        game.play(moves[(len(game.moves) * 5) % len(moves)])
    board = SumeriaBoard(game, name="readme")
    trader = max(board.choices["traders"], key=lambda t: len(board.choices["traders"][t]))
    mount(page, board)
    page.click(f'[data-loc="{trader}"]')
    page.locator(".sumer-board").screenshot(path=str(images / "sumeria-reach.png"))
