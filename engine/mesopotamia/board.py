"""Mesopotamia's map: hexagon fields in axial coordinates, growing as land is discovered.

Implements "The Hexagon Fields" of the rule text (41 fields: 1 temple place, 5 volcanoes,
6 forests, 7 quarries, 22 plains — docs/research.md §3) and the start setup of the folding sheet
("differently for 2, 3 or 4 players"), read from ``data/layouts.json``: the 4-player layout is
from docs/research.md, the 2- and 3-player ones are our reconstruction and the file says so
(docs/rulings.md R-M1).

Coordinates are axial ``(q, r)`` with flat-topped hexes; a field is written ``"q,r"`` (e.g.
``"-1,0"``). The temple place is ``(0, 0)``. The map is not a fixed board: the fields placed so
far live in the state; `graph` builds a `networkx.Graph` of them for teaching and drawing, while
the rules use the plain tuples and dicts here (the hot path never touches networkx).
"""

from __future__ import annotations

import functools
import json
from collections import deque
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

import networkx as nx

from engine.core import InvalidInput, Message, Named, shown
from engine.mesopotamia.refusals import TEXT

Coord = tuple[int, int]

#: The six neighbours of a hex, clockwise from north (flat-topped, r grows southwards).
DIRECTIONS: tuple[Coord, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
TEMPLE: Coord = (0, 0)

#: Field kinds by letter, and how many of each the game has.
KINDS = {"T": "temple place", "V": "volcano", "F": "forest", "Q": "quarry", "P": "plain"}
KIND_NAMES = {
    "en": {"T": "temple place", "V": "volcano", "F": "forest", "Q": "quarry", "P": "plain"},
    "nl": {"T": "tempelplaats", "V": "vulkaan", "F": "bos", "Q": "steengroeve", "P": "vlakte"},
}
WORD_OF = {"temple": "T", "volcano": "V", "forest": "F", "quarry": "Q", "plain": "P"}
LETTER_WORD = {letter: word for word, letter in WORD_OF.items()}
FIELD_COUNTS = {"T": 1, "V": 5, "F": 6, "Q": 7, "P": 22}
FIELDS = sum(FIELD_COUNTS.values())  # 41


def neighbours(c: Coord) -> tuple[Coord, ...]:
    q, r = c
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Coord, b: Coord) -> int:
    """Hex distance on the plane (ignores which fields exist)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def fmt(c: Coord) -> str:
    """``(1, -2)`` → ``"1,-2"``."""
    return f"{c[0]},{c[1]}"


def parse_coord(text: Any, what: str | Named | None = None) -> Coord:
    """``"1,-2"`` → ``(1, -2)``; raises `InvalidInput` naming `what` (a field, by default)."""
    what = Message(TEXT, "field") if what is None else what
    if not isinstance(text, str):
        raise InvalidInput(Message(TEXT, "coord_form", what=what, value=shown(text)))
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        q, r = int(parts[0]), int(parts[1])
    except ValueError:
        raise InvalidInput(Message(TEXT, "coord_form", what=what, value=shown(text))) from None
    if abs(q) > 99 or abs(r) > 99:
        raise InvalidInput(Message(TEXT, "coord_far", what=what, value=shown(text)))
    return (q, r)


def pixel(c: Coord, size: float = 1.0) -> tuple[float, float]:
    """Centre of a flat-topped hex in drawing units (y grows downwards, as in SVG)."""
    q, r = c
    return (size * 1.5 * q, size * (3 ** 0.5) * (r + q / 2))


# ------------------------------------------------------------------------------- layouts


@functools.lru_cache(maxsize=1)
def layouts() -> Mapping[str, Any]:
    """The start layouts (``data/layouts.json``), checked once."""
    text = resources.files("engine.mesopotamia").joinpath("data/layouts.json").read_text()
    data = json.loads(text)
    for key in ("2", "3", "4"):
        layout = data["layouts"][key]
        seats = sorted(p for _, _, ps in layout["start"] for p in ps)
        if seats != list(range(int(key))):
            raise InvalidInput(f"layouts.json: the {key}-player layout must seat each player once")
    return data


def start_tiles() -> tuple[tuple[Coord, str], ...]:
    return tuple(((q, r), k) for q, r, k in layouts()["tiles"])


def layout(players: int) -> Mapping[str, Any]:
    return layouts()["layouts"][str(players)]


# ----------------------------------------------------------------------------- geometry


def edge_places(tiles: Mapping[Coord, str]) -> list[Coord]:
    """Empty places next to at least one field, in a stable (sorted) order."""
    out = set()
    for c in tiles:
        for n in neighbours(c):
            if n not in tiles:
                out.add(n)
    return sorted(out)


def reach(tiles: Mapping[Coord, str], start: Coord, limit: int,
          through_temple: bool) -> dict[Coord, tuple[int, Coord]]:
    """Fields a native on `start` can reach within `limit` steps: ``{field: (cost, previous)}``.

    Volcanoes are never entered. With ``through_temple=False`` the temple place may be the end
    of a move but not a field passed through (a native carrying raw material, or a sacrifice
    marker it may place). `previous` is the field the native comes from on a shortest path
    (the first found in `DIRECTIONS` order): where it is pushed back to from the temple place.
    """
    out: dict[Coord, tuple[int, Coord]] = {}
    if limit <= 0:
        return out
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        c, d = frontier.popleft()
        if d >= limit:
            continue
        if c == TEMPLE and c != start and not through_temple:
            continue
        q, r = c
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n in seen:
                continue
            kind = tiles.get(n)
            if kind is None or kind == "V":
                continue
            seen.add(n)
            out[n] = (d + 1, c)
            frontier.append((n, d + 1))
    return out


def graph(tiles: Iterable[tuple[Coord, str]]) -> nx.Graph:
    """The map as a networkx graph: nodes ``"q,r"`` with ``kind`` and ``pos``; an edge between
    every two neighbouring fields, with ``passable`` False where either is a volcano."""
    tiles = dict(tiles)
    g = nx.Graph()
    for c, kind in tiles.items():
        g.add_node(fmt(c), kind=LETTER_WORD[kind], coord=c, pos=pixel(c))
    for c, kind in tiles.items():
        for n in neighbours(c):
            if n in tiles and fmt(n) not in g[fmt(c)]:
                g.add_edge(fmt(c), fmt(n), passable=kind != "V" and tiles[n] != "V")
    return g


def is_connected(tiles: Mapping[Coord, str]) -> bool:
    if not tiles:
        return False
    start = next(iter(tiles))
    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in tiles and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(tiles)
