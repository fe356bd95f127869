"""The visible layer of the Royal Game of Ur: its board (`core`, its decisions; `board`, the
widget; in the page ``board.js``), its picture (`picture`), its values told in words
(`readers`), its lesson (`lesson`) and its plots (`plots`). `CARD` tells the shared parts about
it (`sumer_widgets.games`), from ``card.json``.
"""

from sumer_widgets.games import Card
from sumer_widgets.royal_ur.picture import render

CARD = Card.read(__file__, board="RoyalUrBoard", core="RoyalUrCore", picture=render)

__all__ = ["CARD", "RoyalUrBoard", "render"]

#: `RoyalUrBoard` is imported when it is first asked for (`Card.widget`).
__getattr__ = CARD.widget
