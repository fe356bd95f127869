"""The visible layer of Mesopotamia: its board (`board`; in the page ``board.js`` and
``board.css``), its picture (`picture`), its values told in words (`readers`), its lesson
(`lesson`) and its plots (`plots`). `CARD` tells the shared parts about it (`sumer_widgets.games`).
"""

from sumer_widgets.games import Card
from sumer_widgets.mesopotamia.board import MesopotamiaBoard
from sumer_widgets.mesopotamia.picture import render

CARD = Card(
    title="Mesopotamia",
    board=MesopotamiaBoard,
    picture=render,
    notebook="03-mesopotamia",
    blurb=("Explore a growing land of hexes: natives carry lumber and stone, build huts and "
           "holy places, and bring sacrifices to the temple."),
    players=3,
    instructions=("You are Blue. Click one of your natives, then a lit field to move it there "
                  "(the number is what the way costs); the buttons below the map do the rest "
                  "of a turn."),
)

__all__ = ["CARD", "MesopotamiaBoard", "render"]
