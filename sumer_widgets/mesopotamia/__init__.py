"""The visible layer of Mesopotamia: its board (`core`, its decisions; `board`, the widget; in the
page ``board.js`` and ``board.css``), its picture (`picture`), its values told in words
(`readers`), its lesson (`lesson`) and its plots (`plots`). `CARD` tells the shared parts about
it (`sumer_widgets.games`), from ``card.json``.
"""

from sumer_widgets.games import Card

# Imported for what it registers: its values' readers, its log's teller and its pictures'
# context, which `show`, `told` and `attempt` use.
from sumer_widgets.mesopotamia import readers  # noqa: F401
from sumer_widgets.mesopotamia.picture import render

CARD = Card.read(__file__, board="MesopotamiaBoard", core="MesopotamiaCore", picture=render)

__all__ = ["CARD", "MesopotamiaBoard", "render"]

#: `MesopotamiaBoard` is imported when it is first asked for (`Card.widget`).
__getattr__ = CARD.widget
