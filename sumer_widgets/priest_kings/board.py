"""`CampaignMap`: run a Priest-Kings of God campaign on a map of Sumer, in JupyterLab.

With a campaign, the map takes the cities' turns in their activation order. Where the order is
rolled at the table (option ``activation="recorded"``), each turn starts by entering it: click the
cities on the map (or their buttons) in the order rolled. The city to choose
picks its activity above the map: *Attack…* lights up the cities it may attack (click one, or
its button), *Make sacrifices*, or *Reorganize* a corps. Once every city has chosen, each
attacker settles its battle: *Fight it with the dice* (the dice model; every die and every
reroll is shown in the battle report) or *Record the table result* of a battle fought with
DBMM (whose army broke, the points each side scored — checked by the engine). Bots play their
cities by themselves (or on "Bot moves"); undo, the history slider and the log work as on every
Sumer board, and `save`/`load` keep a real campaign between sessions.

Without a campaign it is an *explorer* of a map — the standard one or any map file: click a
city to see whom it may attack, and make cities vassals to see how a realm reaches further.

What is legal, and why something is not, always comes from the engine (`engine.priest_kings`).

The board's decisions are `CampaignCore`'s (``core.py``, plain Python, which the browser-only
site's board page wraps too); this is the widget: its front end (``board.js``) and its values
as synced traits.
"""

from __future__ import annotations

import traitlets

from sumer_widgets.base import BoardWidget, front_end, styles
from sumer_widgets.priest_kings.core import CampaignCore


class CampaignMap(CampaignCore, BoardWidget):
    """An interactive Priest-Kings campaign map.

    Args:
        game: a `priest_kings.Game` to play; leave it out for the explorer.
        campaign_map: the explorer's map: an `engine.priest_kings.CampaignMap`, its dict form,
            or the path of a map file (default: the standard map). A campaign on another map
            is made with ``priest_kings.new_game(campaign_map=...)``.
        overlords: the explorer's starting realms, ``{vassal id: overlord id}``.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
    """

    _esm = front_end(__file__)
    _css = styles(__file__)

    battles = traitlets.List([]).tag(sync=True)
    """Reports of the latest turn's battles up to the position shown, oldest first: each
    bound's meetings with both dice, the rerolls, morale, the result and its consequences,
    and ``ply``, the position right after the battle."""
