"""`RoyalUrBoard`: play the Royal Game of Ur in JupyterLab, hot-seat or against bots.

A turn is two clicks' worth of decisions, as in the rules: “Throw the dice” (the engine throws
from the game's seed; a game played at a real board may type the throw in), then a piece.
Click one of your pieces — or your waiting pieces in the gap beside square 1 — and the square it
lands on is ringed at once, from `choices` (no round trip); click that square (or press Enter on
it) to play. A throw that allows no move offers “Pass”. On request the board traces each
player's path (`show_paths`) and labels every possible move with its chance of winning under
perfect play (`show_chances`), from the solved table where one exists (the 3-piece game, and
the endgames of larger games). Bots, undo, the history slider, save and load and the log work
as on every Sumer board. Python decides everything; the page only draws and forwards clicks.

The board's decisions are `RoyalUrCore`'s (``core.py``, plain Python, which the browser-only
site's board page wraps too); this is the widget: its front end (``board.js``) and its values
as synced traits.
"""

from __future__ import annotations

import traitlets

from sumer_widgets.base import BoardWidget, front_end, styles
from sumer_widgets.royal_ur.core import RoyalUrCore


class RoyalUrBoard(RoyalUrCore, BoardWidget):
    """An interactive Royal Game of Ur board.

    Args:
        game: a `royal_ur.Game` to play (default: a new game with Finkel's rules).
        paths: ``"light"``, ``"dark"``, ``"both"`` or ``"none"`` (default): whose path to trace.
        chances: label each possible move with its chance of winning, where the game is solved.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
    """

    _esm = front_end(__file__)
    _css = styles(__file__)

    show_paths = traitlets.List([]).tag(sync=True)
    """The players whose paths the picture traces (0 light, 1 dark)."""
    show_chances = traitlets.Bool(False).tag(sync=True)
    """Whether each possible move is labelled with its chance of winning (from the table)."""
