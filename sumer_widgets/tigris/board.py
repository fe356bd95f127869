"""`TigrisBoard`: play Tigris & Euphrates in JupyterLab, hot-seat or against bots.

Click a tile, a leader or a catastrophe in your hand (or one of your leaders on the board) and
the cells where it may go light up at once — the engine computed them beforehand and they
travel with the picture (`choices`). Click a lit cell to play. Conflicts open a prompt with both
sides' strengths, and each side commits its support in turn; so do the order of several wars,
the treasure that stays, buildings, monuments and the wonder's point. Undo, the history slider,
the log and bots work as in every Sumer board, and every refusal is explained.

Hidden information: the board draws what one player may see — in hot-seat play the player to
move (in a conflict, the side that commits next), against bots the human seat — so the other
hands, and without open scoring the other players' points, are not on the page at all (not in
the picture, not in `choices`). ``open_hands=True`` shows everything, for teaching; a finished
game shows everything.

The board's decisions are `TigrisCore`'s (``core.py``, plain Python, which the browser-only
site's board page wraps too); this is the widget: its front end (``board.js``) and its values
as synced traits.
"""

from __future__ import annotations

import traitlets

from sumer_widgets.base import BoardWidget, front_end, styles
from sumer_widgets.tigris.core import TigrisCore


class TigrisBoard(TigrisCore, BoardWidget):
    """An interactive Tigris & Euphrates board.

    Args:
        game: a `tigris.Game`, or a `tigris.State` (e.g. from `tigris.position`) to start a game
            from; leave it out to show the empty `board`.
        board: ``"standard"`` or ``"advanced"``, only without a game.
        open_hands: show every hand and every player's points (teaching, watching bots). By
            default the board shows what the player it is drawn for may see.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`); the seats
            without a bot are played by people, in turn on this screen (hot-seat).

    Raises:
        TypeError: an unknown keyword (with a suggestion) or a game of another ruleset.
        InvalidInput: an unknown board.
    """

    _esm = front_end(__file__)
    _css = styles(__file__)

    open_hands = traitlets.Bool(False).tag(sync=True)
    """Show every hand and every player's points."""
    seat = traitlets.Int(-1).tag(sync=True)
    """The player the board is drawn for (-1: everything is shown)."""
