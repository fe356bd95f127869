"""The visible layer of Sumeria: its board (`core`, its decisions; `board`, the widget; in the page
``board.js``), its picture (`picture`), its values told in words (`readers`), its lesson
(`lesson`) and its plots (`plots`). `CARD` tells the shared parts about it
(`sumer_widgets.games`), from ``card.json``.
"""

from sumer_widgets.games import Card
from sumer_widgets.sumeria.picture import render

CARD = Card.read(__file__, board="SumeriaBoard", core="SumeriaCore", picture=render)

__all__ = ["CARD", "SumeriaBoard", "render"]

#: `SumeriaBoard` is imported when it is first asked for (`Card.widget`).
__getattr__ = CARD.widget
