"""The boards turn the picture on the page into the new one in place (base.js `morph`): after
every move, and when the history goes back and forth, the page shows exactly the picture Python
drew — however many pieces a move adds or takes away."""

from __future__ import annotations

import random

import pytest

from engine import mesopotamia, priest_kings, sumeria, tigris
from sumer_widgets import CampaignMap, MesopotamiaBoard, SumeriaBoard, TigrisBoard
from tests.browser.harness import mount, push

# The picture on the page, less the highlights drawn over it, against the one Python sent. The
# page moves the keyboard's tab stop from piece to piece (tabindex): that is the page's own.
SAME_PICTURE = """() => {
  const shown = document.querySelector(".sumer-host svg").cloneNode(true);
  shown.querySelector("g.sumer-overlay")?.remove();
  const sent = document.createElement("template");
  sent.innerHTML = window.modelState.svg;
  const drawn = sent.content.firstElementChild;
  for (const picture of [shown, drawn]) {
    for (const node of picture.querySelectorAll("[tabindex]")) node.removeAttribute("tabindex");
  }
  return shown.isEqualNode(drawn);
}"""

BOARDS = {
    "sumeria": lambda: SumeriaBoard(sumeria.new_game(players=3, seed=4)),
    "tigris": lambda: TigrisBoard(tigris.new_game(seed=4)),
    "mesopotamia": lambda: MesopotamiaBoard(mesopotamia.new_game(players=3, seed=4)),
    "priest_kings": lambda: CampaignMap(priest_kings.new_game(seed=4)),
}


@pytest.mark.parametrize("ruleset", sorted(BOARDS))
def test_the_page_shows_pythons_picture_after_every_move_and_in_the_history(page, ruleset):
    board = BOARDS[ruleset]()
    board.autoplay = False
    mount(page, board)
    rng = random.Random(7)
    drawn = 0
    for _ in range(40):
        moves = board.game.legal_moves()
        if not moves:
            break
        board.play(moves[rng.randrange(len(moves))])
        push(page, board)
        assert page.evaluate(SAME_PICTURE), f"after move {len(board.game.moves)}"
        drawn += 1
    # Back and forth through the history: pieces come off the picture and go back on.
    for ply in (0, drawn // 2, drawn, 3, drawn - 1):
        board.ply = ply
        push(page, board)
        assert page.evaluate(SAME_PICTURE), f"at ply {ply}"
