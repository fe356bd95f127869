"""The visible layer of Tigris & Euphrates: its board (`board`; in the page ``board.js`` and
``board.css``), its picture (`picture`), its values told in words (`readers`), its lesson
(`lesson`) and its plots (`plots`). `CARD` tells the shared parts about it (`sumer_widgets.games`).
"""

from sumer_widgets.games import Card
from sumer_widgets.tigris.board import TigrisBoard
from sumer_widgets.tigris.picture import render

CARD = Card(
    title="Tigris & Euphrates",
    board=TigrisBoard,
    picture=render,
    notebook="02-tigris-euphrates",
    blurb=("Tiles, leaders and kingdoms: revolts, wars, monuments and treasures on the land "
           "between the rivers."),
    players=2,
    instructions=("You are the Bull. Click a tile or a leader of yours, then a lit square to "
                  "place it; in a revolt or a war, choose your support with the buttons. The "
                  "bot plays the Urn."),
)

__all__ = ["CARD", "TigrisBoard", "render"]
