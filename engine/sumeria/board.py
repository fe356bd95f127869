"""Sumeria boards: city-states, locations, trade routes, and where a trader may move.

Implements the board of the rule text ("8 City-States, each with one city, 3 towns, and 3
villages, all connected by trade routes") and the movement rule of "Move one of your traders on
the board". Boards are data: `Board.from_dict` reads any board a teacher draws (routes of any
length, junctions where a location lies on several routes) and refuses a malformed one with
`InvalidInput`. `Board.standard()` is our reconstruction of the printed board
(docs/research.md §1): no public copy of its route network exists, and the data file says so.

Coordinates are drawing units with y growing downwards, as in SVG.

Movement, generalised to any board: a trader leaves along either direction of any route through
its location; it jumps occupied locations and stops at the first empty one; when it reaches an
occupied *city* it may continue along any route leaving that city; elsewhere it keeps to its
route; a route's end that is not an occupied city is a dead end. The start counts as vacated, so
a branch that comes back to it stops there and yields nothing: a trader never ends where it
started (docs/rulings.md, R-S2).
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

import networkx as nx

from engine.bitmask import bits
from engine.core import InvalidInput, Message, Named, check_keys, dumps, field, shown

KINDS = ("city", "town", "village")
KIND_NAMES = {
    "en": {"city": "city", "town": "town", "village": "village", "city_state": "city-state"},
    "nl": {"city": "hoofdstad", "town": "stad", "village": "dorp", "city_state": "stadstaat"},
}

#: Refusing an unknown location, in each language (boards are named in English only).
_TEXT = {"en": {"unknown_location": "unknown location {location} on {board}",
                "unknown_city_state": "unknown city-state {city_state} on {board}"},
         "nl": {"unknown_location": "er is geen plaats {location} op {board}",
                "unknown_city_state": "er is geen stadstaat {city_state} op {board}"}}

#: The shipped board's name in the other languages (a board file names itself in one).
_STANDARD_NAMES = {"nl": "Sumeria — standaardbord (reconstructie)"}

_BOARD_KEYS = ("name", "source", "city_states", "locations", "routes", "river", "size")


@dataclass(frozen=True, slots=True)
class CityState:
    id: str
    name: str


class LocationName(NamedTuple):
    """A location as people name it: its city-state, its kind and its number among that kind."""

    city_state: str
    kind: str
    number: int

    def label(self, lang: str = "en") -> str:
        word = KIND_NAMES.get(lang, KIND_NAMES["en"])[self.kind]
        return f"{self.city_state} {word}" if self.kind == "city" else (
            f"{self.city_state} {word} {self.number}")


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    kind: str
    city_state: str
    x: float
    y: float


class Board:
    """An immutable Sumeria board. Build it with `from_dict` or `standard`, never by hand.

    Attributes:
        graph: a `networkx.Graph` of the locations; nodes carry ``kind``, ``city_state`` and
            ``pos``; each edge carries ``route``, the index of its route in `routes`.
        city_states, locations, routes: the data, in file order (a route as its location
            ids).
        bends: for each route, for each stretch between two of its locations, the points
            ``(x, y)`` its drawing bends through on the way (none: a straight line).
    """

    __slots__ = (
        "_by_cs", "_city_mask", "_city_of", "_cs_index", "_cs_of", "_digest", "_index",
        "_kind_of", "_names", "_rays", "_reach_cache", "bends", "city_states", "graph",
        "locations", "name", "river", "routes", "size", "source",
    )

    def __init__(self, data: Mapping[str, Any]):
        """Validate `data` (the form of `to_dict`). Prefer `Board.from_dict`."""
        self._load(data)

    # Construction ---------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        """A board from plain data (docs/architecture.md, "The engine contract").

        Raises:
            InvalidInput: naming the first problem found — an unknown or duplicate id, a
                city-state without exactly one city, a location on no route, a route with fewer
                than two locations or a repeated one, a bad kind or coordinate, a bend that is
                not an ``[x, y]`` point between two of its route's locations.

        A route may bend on its way between two locations: ``[x, y]`` points between their
        ids (``["kish.city", [120, 80], "kish.town1"]``) are where its line turns, so that it
        can go round a location it does not pass. Bends are drawing only: moves follow the
        locations alone.
        """
        return cls(data)

    @classmethod
    def from_json(cls, text: str) -> Board:
        """A board from the JSON text of a board file."""
        from engine.core import loads

        return cls(loads(text, "board file"))

    @staticmethod
    @functools.cache
    def standard() -> Board:
        """The shipped board: our labelled reconstruction of the printed one
        (docs/research.md §1)."""
        text = resources.files("engine.sumeria").joinpath("data/standard.json").read_text("utf-8")
        return Board.from_json(text)

    def _load(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise InvalidInput(f"a board must be an object, not {type(data).__name__}")
        check_keys(data, _BOARD_KEYS, "board")
        self.name = _text(data, "name", "custom board")
        self.source = _text(data, "source", "")

        raw_cs = field(data, "city_states", list, "board")
        if not raw_cs:
            raise InvalidInput("board has no city-states")
        city_states: list[CityState] = []
        for n, item in enumerate(raw_cs):
            where = f"board city_states[{n}]"
            check_keys(item if isinstance(item, Mapping) else {}, ("id", "name"), where)
            cs_id = _identifier(field(item, "id", str, where), where)
            if any(cs.id == cs_id for cs in city_states):
                raise InvalidInput(f"duplicate city-state id {shown(cs_id)}")
            city_states.append(CityState(cs_id, str(item.get("name", cs_id))))
        cs_ids = {cs.id for cs in city_states}

        raw_locs = field(data, "locations", list, "board")
        locations: list[Location] = []
        seen: set[str] = set()
        for n, item in enumerate(raw_locs):
            where = f"board locations[{n}]"
            check_keys(item if isinstance(item, Mapping) else {},
                       ("id", "kind", "city_state", "x", "y"), where)
            loc_id = _identifier(field(item, "id", str, where), where)
            if loc_id in seen:
                raise InvalidInput(f"duplicate location id {shown(loc_id)}")
            seen.add(loc_id)
            kind = field(item, "kind", str, where)
            if kind not in KINDS:
                raise InvalidInput(f"location {shown(loc_id)} has kind {shown(kind)}; "
                                   f"a kind is one of {', '.join(KINDS)}")
            cs = field(item, "city_state", str, where)
            if cs not in cs_ids:
                raise InvalidInput(f"location {shown(loc_id)} names unknown city-state {shown(cs)}")
            if "x" in item or "y" in item:
                x, y = (_coordinate(item, axis, loc_id) for axis in ("x", "y"))
            else:
                x = y = math.nan  # laid out below
            locations.append(Location(loc_id, kind, cs, x, y))
        for cs in city_states:
            cities = [loc.id for loc in locations if loc.city_state == cs.id and loc.kind == "city"]
            if len(cities) != 1:
                raise InvalidInput(f"city-state {shown(cs.id)} has {len(cities)} cities "
                                   f"({', '.join(cities) or 'none'}); it must have exactly one")

        raw_routes = field(data, "routes", list, "board")
        routes: list[tuple[str, ...]] = []
        bends: list[tuple[tuple[tuple[float, float], ...], ...]] = []
        edges: dict[frozenset[str], int] = {}
        for n, raw in enumerate(raw_routes):
            route, route_bends = _route(raw, n)
            if len(route) < 2:
                raise InvalidInput(f"route {n} has {len(route)} location(s); a route needs two "
                                   "or more")
            for loc_id in route:
                if loc_id not in seen:
                    raise InvalidInput(f"route {n} names unknown location {shown(loc_id)}")
            repeated = sorted({r for r in route if route.count(r) > 1})
            if repeated:
                raise InvalidInput(f"route {n} passes {', '.join(repeated)} more than once")
            for a, b in zip(route, route[1:]):
                other = edges.setdefault(frozenset((a, b)), n)
                if other != n:
                    raise InvalidInput(f"routes {other} and {n} both join {a} and {b}: two "
                                       "routes may not share a stretch")
            routes.append(tuple(route))
            bends.append(route_bends)
        locations = _lay_out(locations, [cs.id for cs in city_states])
        on_route = {loc_id for route in routes for loc_id in route}
        stranded = [loc.id for loc in locations if loc.id not in on_route]
        if stranded:
            raise InvalidInput(f"location(s) on no route: {', '.join(stranded)}")

        river = data.get("river", [])
        if not isinstance(river, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(_is_number(c) for c in p)
                for p in river):
            raise InvalidInput("board river must be a list of [x, y] points")
        size = data.get("size")
        if size is not None and not (isinstance(size, list) and len(size) == 2
                                     and all(_is_number(c) and c > 0 for c in size)):
            raise InvalidInput("board size must be [width, height] with both above 0")

        self.city_states = tuple(city_states)
        self.locations = tuple(locations)
        self.routes = tuple(routes)
        self.bends = tuple(bends)
        self.river = tuple((float(x), float(y)) for x, y in river)
        if size is None:
            size = (max(loc.x for loc in locations) + 60, max(loc.y for loc in locations) + 60)
        self.size = (float(size[0]), float(size[1]))
        self._index_tables()
        self._digest = hashlib.sha256(dumps(self.to_dict()).encode()).hexdigest()

    def _index_tables(self) -> None:
        """Integer tables for the fast paths: locations and city-states become indices."""
        self._index = {loc.id: i for i, loc in enumerate(self.locations)}
        self._cs_index = {cs.id: i for i, cs in enumerate(self.city_states)}
        self._kind_of = tuple(loc.kind for loc in self.locations)
        self._cs_of = tuple(self._cs_index[loc.city_state] for loc in self.locations)
        self._city_of = tuple(
            next(i for i, loc in enumerate(self.locations)
                 if loc.city_state == cs.id and loc.kind == "city")
            for cs in self.city_states)
        self._city_mask = sum(1 << i for i in self._city_of)
        self._by_cs = tuple(
            tuple(i for i, c in enumerate(self._cs_of) if c == n)
            for n in range(len(self.city_states)))
        rays: list[list[tuple[int, ...]]] = [[] for _ in self.locations]
        for route in self.routes:
            idx = [self._index[r] for r in route]
            for pos, loc in enumerate(idx):
                if pos + 1 < len(idx):
                    rays[loc].append(tuple(idx[pos + 1:]))
                if pos > 0:
                    rays[loc].append(tuple(reversed(idx[:pos])))
        self._rays = tuple(tuple(r) for r in rays)
        counters: dict[tuple[str, str], int] = {}
        names = []
        for loc in self.locations:
            key = (loc.city_state, loc.kind)
            number = counters[key] = counters.get(key, 0) + 1
            names.append(LocationName(self.city_state(loc.city_state).name, loc.kind, number))
        self._names = tuple(names)
        self._reach_cache: dict[tuple[int, int], int] = {}

        graph = nx.Graph(name=self.name)
        for loc in self.locations:
            graph.add_node(loc.id, kind=loc.kind, city_state=loc.city_state, pos=(loc.x, loc.y))
        for n, route in enumerate(self.routes):
            nx.add_path(graph, route, route=n)
        self.graph = graph

    # Data -----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The board as plain data (the form `from_dict` reads)."""
        return {
            "name": self.name,
            "source": self.source,
            "city_states": [{"id": cs.id, "name": cs.name} for cs in self.city_states],
            "locations": [{"id": loc.id, "kind": loc.kind, "city_state": loc.city_state,
                           "x": loc.x, "y": loc.y} for loc in self.locations],
            "routes": [_route_data(route, bends)
                       for route, bends in zip(self.routes, self.bends)],
            "river": [list(p) for p in self.river],
            "size": list(self.size),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def bends_between(self, a: str, b: str) -> tuple[tuple[float, float], ...]:
        """The bends of the stretch of route from location `a` to the next one, `b`, in the
        order a trader passes them (none where the stretch is straight, or `a` and `b` are
        not neighbours on a route)."""
        for route, bends in zip(self.routes, self.bends):
            for k, (here, there) in enumerate(zip(route, route[1:])):
                if (here, there) == (a, b):
                    return bends[k]
                if (here, there) == (b, a):
                    return tuple(reversed(bends[k]))
        return ()

    def route_points(self, n: int) -> list[tuple[float, float]]:
        """The points route `n` is drawn through: its locations, and its bends between."""
        route, bends = self.routes[n], self.bends[n]
        points = []
        for k, loc_id in enumerate(route):
            loc = self.location(loc_id)
            points.append((loc.x, loc.y))
            if k < len(bends):
                points.extend(bends[k])
        return points

    @property
    def is_standard(self) -> bool:
        return self == Board.standard()

    def title(self, lang: str = "en") -> str:
        """The board's name in `lang`: the shipped board has one in each language, a board
        file only its own."""
        if lang in _STANDARD_NAMES and self.is_standard:
            return _STANDARD_NAMES[lang]
        return self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (other is self or other._digest == self._digest)

    def __hash__(self) -> int:
        return hash(self._digest)

    def __repr__(self) -> str:
        return (f"<Board {self.name!r}: {len(self.city_states)} city-states, "
                f"{len(self.locations)} locations, {len(self.routes)} routes>")

    # Look-ups -------------------------------------------------------------------------------

    def location(self, loc_id: str) -> Location:
        """The location with id `loc_id`; raises `InvalidInput` for an unknown id."""
        return self.locations[self.index_of(loc_id)]

    def index_of(self, loc_id: str) -> int:
        try:
            return self._index[loc_id]
        except (KeyError, TypeError):
            raise InvalidInput(Message(_TEXT, "unknown_location", location=shown(loc_id),
                                       board=Named.of(self.title))) from None

    def city_state(self, cs_id: str) -> CityState:
        try:
            return self.city_states[self._cs_index[cs_id]]
        except (KeyError, TypeError):
            raise InvalidInput(Message(_TEXT, "unknown_city_state", city_state=shown(cs_id),
                                       board=Named.of(self.title))) from None

    def locations_of(self, cs_id: str) -> tuple[str, ...]:
        """The location ids of a city-state, in file order."""
        self.city_state(cs_id)
        return tuple(loc.id for loc in self.locations if loc.city_state == cs_id)

    def city(self, cs_id: str) -> str:
        """The id of a city-state's city."""
        return self.locations[self._city_of[self._cs_index[self.city_state(cs_id).id]]].id

    def name_of(self, loc_id: str) -> LocationName:
        """The readable name of a location, in any language (see `LocationName`)."""
        return self._names[self.index_of(loc_id)]

    def label(self, loc_id: str, lang: str = "en") -> str:
        """A readable name: ``"Kish town 2"`` (``"Kish stad 2"`` in Dutch)."""
        return self.name_of(loc_id).label(lang)

    # Movement -------------------------------------------------------------------------------

    def reachable(self, start: str, occupied: Iterable[str]) -> frozenset[str]:
        """Where a trader on `start` may move, given the ids in `occupied` that hold a trader.

        The start counts as vacated whether or not it is listed in `occupied`.

        Raises:
            InvalidInput: an unknown location id.
        """
        begin = self.index_of(start)
        mask = self.reach_mask(begin, self.mask_of(occupied) & ~(1 << begin))
        return frozenset(self.locations[i].id for i in bits(mask))

    def paths(self, start: str, occupied: Iterable[str]) -> dict[str, list[str]]:
        """For each destination of `reachable`, the locations on the way there, in order.

        Each path runs from `start` to the destination, both included, through every location
        jumped and every occupied city where the trader changed route: it is a walk in `graph`.
        Of several ways to a destination, the one passing fewest locations is given.
        """
        begin = self.index_of(start)
        occ = self.mask_of(occupied) & ~(1 << begin)
        return {self.locations[dest].id: [self.locations[i].id for i in path]
                for dest, path in sorted(self._paths(begin, occ).items())}

    def mask_of(self, ids: Iterable[str]) -> int:
        """A bitmask of location ids (bit i is location i)."""
        if isinstance(ids, str):
            raise InvalidInput("occupied must be a collection of location ids, not one string")
        mask = 0
        for loc_id in ids:
            mask |= 1 << self.index_of(loc_id)
        return mask

    def reach_mask(self, start: int, occ: int) -> int:
        """`reachable` on indices: `occ` is a bitmask without the start; returns a bitmask."""
        key = (start, occ)
        cached = self._reach_cache.get(key)
        if cached is None:
            cached = self.reach_scan(start, occ)[0]
            if len(self._reach_cache) > 50_000:
                self._reach_cache.clear()
            self._reach_cache[key] = cached
        return cached

    def reach_scan(self, start: int, occ: int) -> tuple[int, int]:
        """The destinations (a bitmask) and every location the search looked at.

        The answer depends on the occupancy of the looked-at locations only, so it stays valid
        while none of them changes: the fast path keeps answers on that condition.
        """
        rays = self._rays
        is_city = self._city_mask
        found = 0
        seen = 0
        looked = 0
        stack = list(rays[start])
        while stack:
            for loc in stack.pop():
                bit = 1 << loc
                looked |= bit
                if not occ & bit:
                    if loc != start:
                        found |= bit
                    break
                if is_city & bit:
                    if not seen & bit:
                        seen |= bit
                        stack.extend(rays[loc])
                    break
        return found, looked

    def _paths(self, start: int, occ: int) -> dict[int, list[int]]:
        """Shortest ways to each destination: Dijkstra over the start and occupied cities."""
        rays = self._rays
        is_city = self._city_mask
        best: dict[int, list[int]] = {}
        settled: set[int] = set()
        queue: list[tuple[int, int, list[int]]] = [(0, start, [start])]
        while queue:
            _, node, path = heapq.heappop(queue)
            if node in settled:
                continue
            settled.add(node)
            for ray in rays[node]:
                walk = list(path)
                for loc in ray:
                    walk.append(loc)
                    bit = 1 << loc
                    if not occ & bit:
                        if loc != start and (loc not in best or len(walk) < len(best[loc])):
                            best[loc] = walk
                        break
                    if is_city & bit:
                        if loc not in settled:
                            heapq.heappush(queue, (len(walk), loc, walk))
                        break
        return best


def _is_number(value: Any) -> bool:
    # Compared before isfinite, which cannot take an int of thousands of digits.
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and -1e9 < value < 1e9 and math.isfinite(value))


#: The most bends a route may make between two of its locations.
MAX_BENDS = 32


def _route(raw: Any, n: int) -> tuple[list[str], tuple[tuple[tuple[float, float], ...], ...]]:
    """A route's location ids, and for each stretch between two of them its bends."""
    if not isinstance(raw, list) or not all(
            isinstance(r, (str, list)) for r in raw):
        raise InvalidInput(f"route {n} must be a list of location ids (with [x, y] points "
                           "between them where it bends)")
    route: list[str] = []
    bends: list[list[tuple[float, float]]] = []
    for item in raw:
        if isinstance(item, str):
            route.append(item)
            bends.append([])
            continue
        if not route:
            raise InvalidInput(f"route {n} begins with a bend: a route begins and ends at a "
                               "location, and bends only between two")
        if len(item) != 2 or not all(_is_number(c) for c in item):
            raise InvalidInput(f"route {n}: a bend is an [x, y] point, two numbers, not "
                               f"{shown(item)}")
        if len(bends[-1]) >= MAX_BENDS:
            raise InvalidInput(f"route {n} bends more than {MAX_BENDS} times between two "
                               "locations")
        bends[-1].append((float(item[0]), float(item[1])))
    if raw and not isinstance(raw[-1], str):
        raise InvalidInput(f"route {n} ends with a bend: a route begins and ends at a "
                           "location, and bends only between two")
    return route, tuple(tuple(b) for b in bends[:-1])


def _route_data(route: tuple[str, ...],
                bends: tuple[tuple[tuple[float, float], ...], ...]) -> list[Any]:
    """A route as `from_dict` reads it: its ids, with its bends between them."""
    out: list[Any] = []
    for k, loc_id in enumerate(route):
        out.append(loc_id)
        if k < len(bends):
            out.extend([x, y] for x, y in bends[k])
    return out


def _text(data: Mapping[str, Any], key: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise InvalidInput(f"board {key} must be a string, not {shown(value)}")
    return value


def _lay_out(locations: list[Location], city_states: list[str]) -> list[Location]:
    """Give coordinates to locations that came without: city-states round a circle, each
    city-state's locations round its city. Locations with coordinates keep them."""
    if not any(math.isnan(loc.x) for loc in locations):
        return locations
    out = []
    count = len(city_states)
    for loc in locations:
        if not math.isnan(loc.x):
            out.append(loc)
            continue
        k = city_states.index(loc.city_state)
        angle = 2 * math.pi * k / count
        cx, cy = 500 + 330 * math.cos(angle), 330 + 250 * math.sin(angle)
        if loc.kind == "city":
            x, y = cx, cy
        else:
            mates = [m.id for m in locations if m.city_state == loc.city_state
                     and m.kind != "city"]
            turn = 2 * math.pi * mates.index(loc.id) / max(len(mates), 1)
            x, y = cx + 60 * math.cos(turn), cy + 60 * math.sin(turn)
        out.append(Location(loc.id, loc.kind, loc.city_state, round(x, 1), round(y, 1)))
    return out


def _coordinate(item: Mapping[str, Any], axis: str, loc_id: str) -> float:
    value = item.get(axis)
    if not _is_number(value):
        raise InvalidInput(f"location {shown(loc_id)} needs a number for {axis}, "
                           f"not {shown(value)}")
    return float(value)


def _identifier(value: str, where: str) -> str:
    if not value or value != value.strip() or any(c.isspace() for c in value):
        raise InvalidInput(f"{where}: id {shown(value)} must be non-empty with no spaces")
    return value
