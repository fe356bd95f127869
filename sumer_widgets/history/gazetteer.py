"""The places of Sumer the history layer draws, the two rivers and the shores of the Gulf.

Read from ``places.json`` beside this file, whose ``source`` and ``sources`` say where each
position and line comes from: the cities at the latitudes and longitudes the project already
uses (Pleiades), the rivers and shores drawn by the project and approximate. Places are
projected as the campaign map of Priest-Kings projects its cities (equirectangular about the
middle latitude, kilometres east and south of the north-west corner), and measured with the
project's one distance function, `engine.geo.great_circle_km`.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path

from engine.geo import EARTH_RADIUS_KM, great_circle_km

#: What a place is on the map: a place of antiquity, or a city of today drawn for orientation.
KINDS = ("ancient", "today")


@dataclass(frozen=True)
class Place:
    """A place on the map; `label` is where its name goes (``n``, ``s``, ``e`` or ``w``)."""

    id: str
    name: str
    lat: float
    lon: float
    kind: str
    label: str


@dataclass(frozen=True)
class Point:
    lat: float
    lon: float


@dataclass(frozen=True)
class Gazetteer:
    """The map's data: places by id, rivers as courses of (lat, lon) with where their names
    go (a share of the way along, and the side: -1 left of the course, 1 right), the shores,
    where the Gulf's and the marshes' names go, the extent (``north``, ``south``, ``west``,
    ``east`` in degrees) and the sources."""

    source: str
    places: dict[str, Place]
    rivers: dict[str, tuple[tuple[float, float], ...]]
    river_labels: dict[str, float]
    river_sides: dict[str, int]
    shore_then: tuple[tuple[float, float], ...]
    shore_year: int
    shore_today: tuple[tuple[float, float], ...]
    gulf_label: tuple[float, float]
    marsh_label: tuple[float, float]
    extent: dict[str, float]
    sources: dict[str, str]

    @property
    def middle_lat(self) -> float:
        return (self.extent["north"] + self.extent["south"]) / 2

    def km_xy(self, lat: float, lon: float) -> tuple[float, float]:
        """Kilometres east and south of the map's north-west corner."""
        k = math.pi / 180 * EARTH_RADIUS_KM
        return ((lon - self.extent["west"]) * k * math.cos(math.radians(self.middle_lat)),
                (self.extent["north"] - lat) * k)

    def size_km(self) -> tuple[float, float]:
        return self.km_xy(self.extent["south"], self.extent["east"])

    def km(self, a: str, b: str) -> float:
        """The great-circle distance between two places, by id."""
        return great_circle_km(self.places[a], self.places[b])

    def km_along_middle(self, degrees: float = 1.0) -> float:
        """How many kilometres `degrees` of longitude span along the map's middle latitude,
        by the project's distance function: what the scale bar is drawn from."""
        return great_circle_km(Point(self.middle_lat, self.extent["west"]),
                               Point(self.middle_lat, self.extent["west"] + degrees))


@functools.cache
def gazetteer() -> Gazetteer:
    """The shipped gazetteer (``places.json``)."""
    data = json.loads((Path(__file__).parent / "places.json").read_text(encoding="utf-8"))
    places = {}
    for item in data["places"]:
        place = Place(item["id"], item["name"], float(item["lat"]), float(item["lon"]),
                      item["kind"], item["label"])
        if place.kind not in KINDS or place.label not in ("n", "s", "e", "w"):
            raise ValueError(f"places.json: {place.id} has kind {place.kind!r} and label "
                             f"{place.label!r}")
        places[place.id] = place

    def line(points):
        return tuple((float(lat), float(lon)) for lat, lon in points)

    return Gazetteer(
        source=data["source"], places=places,
        rivers={river["id"]: line(river["course"]) for river in data["rivers"]},
        river_labels={river["id"]: float(river["label_at"]) for river in data["rivers"]},
        river_sides={river["id"]: int(river["label_side"]) for river in data["rivers"]},
        shore_then=line(data["shores"]["ancient"]["line"]),
        shore_year=int(data["shores"]["ancient"]["year"]),
        shore_today=line(data["shores"]["today"]["line"]),
        gulf_label=line([data["shores"]["ancient"]["label_at"]])[0],
        marsh_label=line([data["shores"]["ancient"]["marsh_at"]])[0],
        extent={key: float(value) for key, value in data["extent"].items()},
        sources=dict(data["sources"]))
