"""The visible layer of Tigris & Euphrates: its board (`core`, its decisions; `board`, the widget;
in the page ``board.js`` and ``board.css``), its picture (`picture`), its values told in words
(`readers`), its lesson (`lesson`, its tasks in ``tasks.toml``), the goals a task may set
(`goals`) and its plots (`plots`). Every sentence a learner reads is in ``words.<lang>.toml``.
`CARD` tells the shared parts about it (`sumer_widgets.games`), from ``card.json``.
"""

from sumer_widgets.games import Card
from sumer_widgets.tigris.picture import render

CARD = Card.read(__file__, board="TigrisBoard", core="TigrisCore", picture=render)

__all__ = ["CARD", "TigrisBoard", "render"]

#: `TigrisBoard` is imported when it is first asked for (`Card.widget`).
__getattr__ = CARD.widget
