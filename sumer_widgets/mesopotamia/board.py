"""`MesopotamiaBoard`: play Mesopotamia on a growing hex map in JupyterLab.

The board takes turns as the rules do. In phase I click one of your natives: the fields it can
reach with the movement points left light up at once, each with its cost (hover one to see the
way), and the empty edge places beside it where it may discover land. Click a lit field to move
there, an edge place to discover it. Picking up, putting down, stealing, taking up a sacrifice
marker, placing one at the temple, playing a card and ending the movement are buttons in the
action panel below the map, which always lists what is possible now. A drawn volcano, the new
lumber or stones of a forest or quarry, and the Land card ask their question on the map or in
the panel. In phase II the building sites light up: click one (or a button) to build a hut,
erect a holy place or give birth, or draw a card.

Everything the page highlights comes from the engine's legal moves (`choices`); every click
that is not among them is still sent to Python, which answers with the engine's reason. Bots
move by themselves (or on “Bot moves”); undo, the history slider and the log work as on every
Sumer board. Hidden information stays hidden: the map shows what the human to move may see.

The board's decisions are `MesopotamiaCore`'s (``core.py``, plain Python, which the browser-only
site's board page wraps too); this is the widget: its front end (``board.js``) and its values
as synced traits.
"""

from __future__ import annotations

from sumer_widgets.base import BoardWidget, front_end, styles
from sumer_widgets.mesopotamia.core import MesopotamiaCore


class MesopotamiaBoard(MesopotamiaCore, BoardWidget):
    """An interactive Mesopotamia board.

    Args:
        game: a `mesopotamia.Game` to play (default: a new 4-player game for hot-seat play).
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
        viewer: whose eyes the map shows: None (the default) for the human to move — or the
            only human, while bots move; a player number; or ``"all"`` to show every hidden
            marker value and card (for lessons).
    """

    _esm = front_end(__file__)
    _css = styles(__file__)

__all__ = ["MesopotamiaBoard"]
