"""`SumeriaBoard`: play Sumeria, or explore where traders can go, in JupyterLab.

With a game, the board takes turns: click one of your traders and its destinations light up
with the hops that reach each; click a destination to move there, an empty location to add a
trader, or “Remove this trader”; at scoring, choose your tiles. Bots move by themselves (or on
“Bot moves”); undo, the history slider and the log work as in every Sumer board.

Without a game it is an *explorer*: place and remove traders of any colour freely on the
standard board or any board file, and watch every trader's reachability update.

The board's decisions are `SumeriaCore`'s (``core.py``, plain Python, which the browser-only
site's board page wraps too); this is the widget: its front end (``board.js``) and its values
as synced traits.
"""

from __future__ import annotations

import traitlets

from sumer_widgets.base import BoardWidget, front_end, styles
from sumer_widgets.sumeria.core import SumeriaCore


class SumeriaBoard(SumeriaCore, BoardWidget):
    """An interactive Sumeria board.

    Args:
        game: a `sumeria.Game` to play; leave it out for the explorer.
        board: the explorer's board: a `Board`, its dict form, or the path of a board file
            (default: the standard board).
        traders: the explorer's starting traders, ``{location id: player}``.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
    """

    _esm = front_end(__file__)
    _css = styles(__file__)

    brush = traitlets.Int(0).tag(sync=True)
    """The explorer: the colour of the traders a click places."""
