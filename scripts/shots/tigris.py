"""The README's Tigris & Euphrates picture: a war in mid-game, the attacker's support committed
and the defender about to answer."""

from __future__ import annotations

from pathlib import Path

from engine import tigris
from engine.bots import RandomBot
from sumer_widgets.tigris.board import TigrisBoard
from tests.browser.harness import MOUNT, synced_state

SEED = 9  # a game whose first war after move 50 is a war of two good-sized kingdoms


def war_game() -> tigris.Game:
    """A seeded game played at random up to its first war after move 50, then the attacker's
    support (as much as it holds)."""
    game = tigris.new_game(2, seed=SEED)
    bot = RandomBot(seed=SEED)
    while True:
        state = game.state
        if (len(game.moves) > 50 and state.phase == "support" and state.conflict[0] == 1
                and state.conflict[6] < 0):
            break
        game.play(bot.choose(state.view(game.to_move)))
    game.play(game.legal_moves()[-1])
    return game


def shoot(page, images: Path) -> None:
    """The war on the board, drawn for the defender: both strengths, the supporters marked."""
    board = TigrisBoard(war_game(), name="readme")
    page.set_content("<!doctype html><html><body><div id='root'></div></body></html>")
    state = {**synced_state(board), "open_hands": board.open_hands, "seat": board.seat}
    page.evaluate(MOUNT, {"esm": board._esm, "css": board._css, "state": state})
    page.locator(".sumer-board").screenshot(path=str(images / "tigris-war.png"))
