"""The visible layer of Sumeria: its board (`board`; in the page ``board.js``),
its picture (`picture`), its values told in words (`readers`), its lesson (`lesson`) and its
plots (`plots`). `CARD` tells the shared parts about it (`sumer_widgets.games`).
"""

from sumer_widgets.games import Card
from sumer_widgets.sumeria.board import SumeriaBoard
from sumer_widgets.sumeria.picture import render

CARD = Card(
    title="Sumeria",
    board=SumeriaBoard,
    picture=render,
    notebook="01-sumeria",
    blurb=("Eight city-states, traders moving along trade routes, and a row of importance that"
           " shifts with every move."),
    players=3,
    instructions=("You are Blue. Click an empty place to put a trader there; later click one "
                  "of your traders, then a ringed place to move it. The bots play the other "
                  "colours."),
)

__all__ = ["CARD", "SumeriaBoard", "render"]
