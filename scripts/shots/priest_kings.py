"""The README's Priest-Kings picture: a campaign in its second turn — a realm with a vassal, an
attack declared, reorganized armies — with the targets of the city to choose lit up."""

from __future__ import annotations

from pathlib import Path

from engine import priest_kings as pk
from engine.bots import GreedyBot
from sumer_widgets.priest_kings.board import CampaignMap
from tests.browser.harness import MOUNT, synced_state

SEED = 17
MOVES = 7  # greedy bots' moves into the campaign: turn 2, Kish to choose, Lagash its vassal


def shoot(page, images: Path) -> None:
    """Greedy bots play the first moves; then Kish's targets are lit as a click lights them."""
    game = pk.new_game(seed=SEED)
    bots = [GreedyBot(SEED * 10 + p) for p in range(4)]
    while len(game.moves) < MOVES:
        player = game.to_move
        game.play(bots[player].choose(game.state.view(player)))
    board = CampaignMap(game, name="readme")
    page.set_content("<!doctype html><html><body><div id='root'></div></body></html>")
    page.evaluate(MOUNT, {"esm": board._esm, "css": board._css,
                          "state": {**synced_state(board), "battles": board.battles}})
    page.click("button.pk-attack")
    # The log of every die is long: the picture is about the map.
    page.locator(".sumer-log-box").evaluate("box => { box.open = false; }")
    page.locator(".sumer-board").screenshot(path=str(images / "priest-kings.png"))
