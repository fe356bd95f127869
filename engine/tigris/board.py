"""Tigris & Euphrates boards: the 16 × 11 grid, its rivers, starting temples and treasures.

Implements the board of the rule text and docs/research.md §2: the standard board (10 starting
temples with treasures, 4 of them behind the special border whose treasures are taken first)
and the advanced board of the variant "Game Board - Advanced Board" (14 treasures, 6 special).
Both layouts are data — a grid of characters, ``.`` land, ``~`` river, ``T`` a starting temple
with a treasure, ``S`` one with the special border — checked cell for cell against
docs/research.md §2 by the tests.

Cells are integers ``row * 16 + column`` (row 0 is the top row, column 0 the left column), so
that the rules work on tuples and precomputed neighbour tables. People name a cell by its
column letter ``a``–``p`` and its row number ``1``–``11`` counted from the top: ``a1`` is the
top-left corner, ``p11`` the bottom-right one. `Board.graph` holds the same grid as a networkx
graph for teaching and drawing; the rules never walk it (it is too slow for the hot path).
"""

from __future__ import annotations

import functools
from typing import Any

from engine.core import InvalidInput, Message, parse_whole, shown
from engine.tigris.refusals import TEXT

WIDTH, HEIGHT = 16, 11
SIZE = WIDTH * HEIGHT
COLUMNS = "abcdefghijklmnop"
BOARDS = ("standard", "advanced")

LAYOUTS = {
    # docs/research.md §2, agreed cell for cell by four independent implementations.
    "standard": (
        "....~~~~~.T.~...",
        ".S..~.......~..S",
        "...~~T......~~..",
        "~~~~.........~~~",
        ".............T~~",
        "..............~.",
        "~~~~....T...~~~.",
        ".S.~~~~.....~...",
        "......~~~~~~~.S.",
        ".....T..........",
        "..........T.....",
    ),
    # docs/research.md §2: one source (BGA's implementation and artwork); the special border on
    # row 10 is at column 9, as the artwork shows.
    "advanced": (
        "..~~T....T.....~",
        "..~~..........T~",
        ".S~~...........~",
        "..~...T....T~~~~",
        "..~.........~...",
        "..~T........~..S",
        "..~~........~~..",
        "S..~~~.T....T~..",
        ".....~~~.....~..",
        "....S.~~~~~~~~..",
        "......~..S....S.",
    ),
}


def cell_name(cell: int) -> str:
    """The name of a cell: column letter and row number from the top, e.g. ``a1``."""
    return f"{COLUMNS[cell % WIDTH]}{cell // WIDTH + 1}"


def parse_cell(text: Any) -> int:
    """The cell named `text` (``a1`` … ``p11``).

    Raises:
        InvalidInput: not a cell name on the 16 × 11 board.
    """
    if isinstance(text, str) and 2 <= len(text) <= 3:
        column = COLUMNS.find(text[0].lower())
        digits = text[1:]
        row = parse_whole(digits) if digits[:1] in tuple("123456789") else None
        if column >= 0 and row is not None and 1 <= row <= HEIGHT:
            return (row - 1) * WIDTH + column
    raise InvalidInput(Message(TEXT, "unknown_cell", value=shown(text)))


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, WIDTH)
    out = []
    if row > 0:
        out.append(cell - WIDTH)
    if col > 0:
        out.append(cell - 1)
    if col < WIDTH - 1:
        out.append(cell + 1)
    if row < HEIGHT - 1:
        out.append(cell + WIDTH)
    return tuple(out)


#: The orthogonal neighbours of every cell ("common edges, not diagonal"), ascending.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(SIZE))


def _ring(cell: int) -> tuple[int, ...]:
    """The 8 cells around `cell` in ring order N, NE, E, SE, S, SW, W, NW (-1 off the board):
    each is edge-adjacent to the next."""
    row, col = divmod(cell, WIDTH)
    out = []
    for dr, dc in ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)):
        r, c = row + dr, col + dc
        out.append(r * WIDTH + c if 0 <= r < HEIGHT and 0 <= c < WIDTH else -1)
    return tuple(out)


#: For each cell, the ring of its 8 surrounding cells (see `_ring`).
RINGS: tuple[tuple[int, ...], ...] = tuple(_ring(c) for c in range(SIZE))


def _squares() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell, the 2 × 2 squares holding it, each as its four cells (top-left first)."""
    out: list[list[tuple[int, ...]]] = [[] for _ in range(SIZE)]
    for row in range(HEIGHT - 1):
        for col in range(WIDTH - 1):
            top_left = row * WIDTH + col
            square = (top_left, top_left + 1, top_left + WIDTH, top_left + WIDTH + 1)
            for cell in square:
                out[cell].append(square)
    return tuple(tuple(sorted(s)) for s in out)


#: For each cell, the 2 × 2 squares that contain it (a monument covers one).
SQUARES = _squares()


def _crosses() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell, the five-cell crosses (a centre and its four neighbours) holding it."""
    out: list[list[tuple[int, ...]]] = [[] for _ in range(SIZE)]
    for centre in range(SIZE):
        if len(NEIGHBOURS[centre]) == 4:
            cross = (centre, *NEIGHBOURS[centre])
            for cell in cross:
                out[cell].append(cross)
    return tuple(tuple(sorted(c)) for c in out)


#: For each cell, the wonder's crosses that contain it (centre first in each).
CROSSES = _crosses()


class Board:
    """One of the two printed boards: river cells, starting temples, special borders.

    Attributes:
        name: ``"standard"`` or ``"advanced"``.
        river: for each cell, True where it is river.
        temples: the starting temples, each holding a treasure, ascending.
        special: the starting temples with the special border (their treasures go first).
        rows: the layout as text, one string per row.
    """

    __slots__ = ("_graph", "name", "river", "river_cells", "rows", "special", "temples")

    def __init__(self, name: str):
        if name not in LAYOUTS:
            raise InvalidInput(f"board must be one of {', '.join(map(repr, BOARDS))}, "
                               f"not {shown(name)}")
        rows = LAYOUTS[name]
        self.name = name
        self.rows = rows
        text = "".join(rows)
        self.river = tuple(ch == "~" for ch in text)
        self.river_cells = frozenset(i for i, ch in enumerate(text) if ch == "~")
        self.temples = tuple(i for i, ch in enumerate(text) if ch in "TS")
        self.special = frozenset(i for i, ch in enumerate(text) if ch == "S")
        self._graph: Any = None

    @staticmethod
    @functools.cache
    def get(name: str) -> Board:
        """The shared board of that name (boards are static data)."""
        return Board(name)

    @property
    def graph(self) -> Any:
        """A `networkx.Graph` of the 176 cells (built on first use), for teaching and drawing.

        Nodes are cell numbers with attributes ``name`` (``"a1"``), ``pos`` (column, row),
        ``river`` (bool), ``temple`` (a starting temple) and ``special`` (its special border);
        edges join orthogonal neighbours.
        """
        if self._graph is None:
            import networkx as nx

            graph = nx.Graph(name=f"Tigris & Euphrates, {self.name} board")
            for cell in range(SIZE):
                graph.add_node(cell, name=cell_name(cell), pos=(cell % WIDTH, cell // WIDTH),
                               river=self.river[cell], temple=cell in self.temples,
                               special=cell in self.special)
            for cell in range(SIZE):
                for other in NEIGHBOURS[cell]:
                    if other > cell:
                        graph.add_edge(cell, other)
            self._graph = graph
        return self._graph

    def __repr__(self) -> str:
        return f"Board({self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Board.get, (self.name,))
