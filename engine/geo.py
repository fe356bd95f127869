"""Places on the Earth: the great-circle distance between two of them, in kilometres.

Every map of the project measures with this one function — the Priest-Kings campaign map's
avenues (`engine.priest_kings.board`) and the history layer's map of Sumer with its scale bar
(`sumer_widgets.history`) — so that a distance printed on one picture is the distance on the
other. The Earth is taken as a sphere of radius `EARTH_RADIUS_KM` (the mean radius): good to
about half a per cent, far finer than the positions of ancient sites.
"""

from __future__ import annotations

import math
from typing import Protocol

EARTH_RADIUS_KM = 6371.0


class Located(Protocol):
    """Anything with a latitude and a longitude in degrees."""

    @property
    def lat(self) -> float: ...

    @property
    def lon(self) -> float: ...


def great_circle_km(a: Located, b: Located) -> float:
    """Haversine distance between two places, in kilometres."""
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    dp, dl = p2 - p1, math.radians(b.lon - a.lon)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))
