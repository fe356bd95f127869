"""The campaign map of Priest-Kings of God: four cities and the avenues between them.

Implements "Map" of the rule text ("The dark green lines are the communication avenues to be used
to attack neighbors"). The printed map is an image nobody could read, so the shipped map
(`CampaignMap.standard()`, ``data/sumer.json``) is our reconstruction (docs/research.md §4, ruling
R-P1) and its ``source`` field says so. Maps are data: `CampaignMap.from_dict` reads any map a
group draws and refuses a malformed one with `InvalidInput`.

A map has exactly four cities — the rule text's four players, numbered 0 to 3 in file order —
and avenues joining pairs of them; every city must be reachable from every other, or the
campaign could never end. Cities carry their latitude and longitude; the drawing position
``pos`` of each node is an equirectangular projection of them (kilometres east and south of the
map's north-west corner, so y grows downwards as in SVG). Each avenue carries its great-circle
length in kilometres (``km``). Landmarks (other cities of Sumer) are drawn only.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import networkx as nx

from engine.core import InvalidInput, Message, check_keys, dumps, field, loads, shown
from engine.geo import EARTH_RADIUS_KM, great_circle_km
from engine.priest_kings.refusals import TEXT

#: The rule text's players: "each controlling the city states of Kish, Lagash, Uruk and Ur".
CITIES = 4

_MAP_KEYS = ("name", "source", "cities", "avenues", "landmarks")
_SITE_KEYS = ("id", "name", "lat", "lon")


@dataclass(frozen=True, slots=True)
class Site:
    """A place on the map: a playing city or a landmark. `x`, `y` are drawing kilometres."""

    id: str
    name: str
    lat: float
    lon: float
    x: float
    y: float


class CampaignMap:
    """An immutable campaign map. Build it with `from_dict` or `standard`, never by hand.

    Attributes:
        graph: a `networkx.Graph` of the city ids; nodes carry ``name``, ``index`` (the
            player number), ``lat``, ``lon`` and ``pos``; each edge (an avenue) carries ``km``.
        cities: the four playing cities, in player order.
        landmarks: places drawn for orientation only.
        avenues: the avenues as pairs of player numbers, in file order.
        neighbours: for each player number, the player numbers joined to it by an avenue.
    """

    __slots__ = ("_digest", "_index", "avenues", "cities", "graph", "landmarks", "name",
                 "neighbours", "source")

    def __init__(self, data: Mapping[str, Any]):
        """Validate `data` (the form of `to_dict`). Prefer `CampaignMap.from_dict`."""
        self._load(data)

    # Construction ---------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CampaignMap:
        """A map from plain data.

        Raises:
            InvalidInput: naming the first problem — not exactly four cities, an unknown or
                duplicate id, a latitude or longitude out of range, an avenue that does not join
                two different known cities or is listed twice, a city no avenue reaches.
        """
        return cls(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> CampaignMap:
        """A map from the JSON text of a map file."""
        return cls(loads(text, "map file"))

    @staticmethod
    @functools.cache
    def standard() -> CampaignMap:
        """The shipped map: our labelled reconstruction (docs/research.md §4, ruling R-P1)."""
        text = resources.files("engine.priest_kings").joinpath("data/sumer.json").read_text(
            "utf-8")
        return CampaignMap.from_json(text)

    def _load(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise InvalidInput(f"a campaign map must be an object, not {type(data).__name__}")
        check_keys(data, _MAP_KEYS, "map")
        self.name = _text(data.get("name", "custom map"), "map name")
        self.source = _text(data.get("source", ""), "map source")
        raw_cities = field(data, "cities", list, "map")
        if len(raw_cities) != CITIES:
            raise InvalidInput(f"a campaign map has exactly {CITIES} cities, one per player "
                               f"(the rule text's Kish, Lagash, Uruk and Ur), not "
                               f"{len(raw_cities)}")
        raw_landmarks = data.get("landmarks", [])
        if not isinstance(raw_landmarks, list):
            raise InvalidInput("map landmarks must be a list of places")
        seen: set[str] = set()
        places = [_site(item, f"map cities[{n}]", seen) for n, item in enumerate(raw_cities)]
        landmarks = [_site(item, f"map landmarks[{n}]", seen)
                     for n, item in enumerate(raw_landmarks)]
        index = {site.id: n for n, site in enumerate(places)}

        avenues: list[tuple[int, int]] = []
        for n, pair in enumerate(field(data, "avenues", list, "map")):
            if not (isinstance(pair, list) and len(pair) == 2
                    and all(isinstance(c, str) for c in pair)):
                raise InvalidInput(f"map avenue {n} must be a pair of city ids, not {shown(pair)}")
            for city in pair:
                if city not in index:
                    raise InvalidInput(f"map avenue {n} names unknown city {shown(city)}; "
                                       f"cities: {', '.join(index)}")
            a, b = index[pair[0]], index[pair[1]]
            if a == b:
                raise InvalidInput(f"map avenue {n} joins {shown(pair[0])} to itself")
            if (a, b) in avenues or (b, a) in avenues:
                raise InvalidInput(f"map avenue {n} joins {shown(pair[0])} and "
                                   f"{shown(pair[1])} again")
            avenues.append((a, b))

        # Project onto a plane for drawing: kilometres east and south of the north-west corner.
        all_sites = places + landmarks
        lat0 = sum(s.lat for s in all_sites) / len(all_sites)
        west, north = min(s.lon for s in all_sites), max(s.lat for s in all_sites)
        scale = math.pi / 180 * EARTH_RADIUS_KM

        def project(site: Site) -> Site:
            x = (site.lon - west) * scale * math.cos(math.radians(lat0))
            y = (north - site.lat) * scale
            return Site(site.id, site.name, site.lat, site.lon, round(x, 1), round(y, 1))

        self.cities = tuple(project(s) for s in places)
        self.landmarks = tuple(project(s) for s in landmarks)
        self.avenues = tuple(avenues)
        self._index = index
        graph = nx.Graph(name=self.name)
        for n, city in enumerate(self.cities):
            graph.add_node(city.id, name=city.name, index=n, lat=city.lat, lon=city.lon,
                           pos=(city.x, city.y))
        for a, b in avenues:
            graph.add_edge(self.cities[a].id, self.cities[b].id,
                           km=round(great_circle_km(self.cities[a], self.cities[b]), 1))
        if not nx.is_connected(graph):
            parts = sorted(sorted(part) for part in nx.connected_components(graph))
            raise InvalidInput("every city must be reachable along the avenues, or the "
                               "campaign could never end; this map falls apart into "
                               + " | ".join(", ".join(p) for p in parts))
        self.graph = graph
        self.neighbours = tuple(
            tuple(sorted(index[other] for other in graph.neighbors(city.id)))
            for city in self.cities)
        self._digest = hashlib.sha256(dumps(self.to_dict()).encode()).hexdigest()

    # Data -----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The map as plain data (the form `from_dict` reads)."""
        return {
            "name": self.name,
            "source": self.source,
            "cities": [_site_dict(s) for s in self.cities],
            "avenues": [[self.cities[a].id, self.cities[b].id] for a, b in self.avenues],
            "landmarks": [_site_dict(s) for s in self.landmarks],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @property
    def is_standard(self) -> bool:
        return self == CampaignMap.standard()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CampaignMap) and (
            other is self or other._digest == self._digest)

    def __hash__(self) -> int:
        return hash(self._digest)

    def __repr__(self) -> str:
        return (f"<CampaignMap {self.name!r}: {', '.join(c.name for c in self.cities)}; "
                f"{len(self.avenues)} avenues>")

    # Look-ups -------------------------------------------------------------------------------

    def index_of(self, city_id: str) -> int:
        """The player number of a city; raises `InvalidInput` for an unknown id."""
        try:
            return self._index[city_id]
        except (KeyError, TypeError):
            raise InvalidInput(Message(TEXT, "unknown_city", value=shown(city_id), map=self.name,
                                       cities=", ".join(self._index))) from None

    def city_id(self, player: int) -> str:
        return self.cities[player].id

    def city_name(self, player: int) -> str:
        return self.cities[player].name

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cities)

    def joined(self, a: int, b: int) -> bool:
        """Whether an avenue joins the cities of players `a` and `b`."""
        return b in self.neighbours[a]

    def km(self, a: int, b: int) -> float:
        """The great-circle distance between two cities, in kilometres."""
        return great_circle_km(self.cities[a], self.cities[b])


def _site(item: Any, where: str, seen: set[str]) -> Site:
    if not isinstance(item, Mapping):
        raise InvalidInput(f"{where} must be an object")
    check_keys(item, _SITE_KEYS, where)
    site_id = field(item, "id", str, where)
    if not site_id or site_id != site_id.strip() or any(c.isspace() for c in site_id):
        raise InvalidInput(f"{where}: id {shown(site_id)} must be non-empty with no spaces")
    if site_id in seen:
        raise InvalidInput(f"duplicate place id {shown(site_id)} on the map")
    seen.add(site_id)
    name = field(item, "name", str, where) if "name" in item else site_id
    lat, lon = _degrees(item, "lat", 90, where), _degrees(item, "lon", 180, where)
    return Site(site_id, name, lat, lon, 0.0, 0.0)


def _degrees(item: Mapping[str, Any], key: str, limit: float, where: str) -> float:
    value = item.get(key)
    # The range first: isfinite cannot take an int of thousands of digits.
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not -limit <= value <= limit or not math.isfinite(value)):
        raise InvalidInput(f"{where}.{key} must be a number of degrees from {-limit} to "
                           f"{limit}, not {shown(value)}")
    return float(value)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{what} must be a string, not {shown(value)}")
    return value


def _site_dict(site: Site) -> dict[str, Any]:
    return {"id": site.id, "name": site.name, "lat": site.lat, "lon": site.lon}
