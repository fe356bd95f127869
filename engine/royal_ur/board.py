"""The board of the Royal Game of Ur: its 20 squares, the five rosettes and the players' paths.

Covers the rule text's "Board and pieces" and "The path" (Finkel's rules, catalogued in
``docs/rules/royal_ur.md``), and the two other paths its sources name (ruling R-U3):

- ``"bell"`` (default, R. C. Bell's, with Finkel's rules): the player's own block of four
  (squares 1–4, from the gap to the far corner), the whole middle row (5–12), the player's own
  block of two (13–14); a piece leaves with the move that would bring it to square 15.
- ``"masters"`` (James Masters', RoyalUr.net's "Masters" and "Blitz"): the block of four
  (1–4), the middle row but its last square (5–11), round the far end through the *other*
  player's block of two (12–13), the middle row's last square (14) and home through the own
  block of two (15–16); off at 17.
- ``"murray"`` (H. J. R. Murray's, as Ludii's "Murray" ruleset draws it): the block of four
  (1–4), the middle row but its last square (5–11), the own block of two (12–13), the middle
  row's last square (14), the other player's block of two (15–16), back down the middle row
  (17–23) and through the own block of four again (24–27); off at 28. It is the one path
  that passes squares twice.

The board is drawn as three rows of eight columns, as the British Museum's board lies with
its block of four on the left: row 3 (top) is dark's, row 2 the middle, row 1 (bottom)
light's; columns ``a``–``h`` from the left, ``e`` and ``f`` missing in the outer rows (the
gap). A square is named by column and row: ``d2`` is the central rosette, ``a1`` the corner of
light's block of four. Cells are ``(row index, column index)`` pairs, row index 0 the top.

Each player counts its own path from 1; a square number always belongs to the player whose
path it is on. `Path` holds one path pair: every lookup the rules make (the cell of a square,
whether it is a rosette, which of the opponent's squares shares it) is a tuple index.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from engine.core import InvalidInput, shown

ROWS, COLUMNS = 3, 8
COLUMN_NAMES = "abcdefgh"
GAP = (4, 5)
#: Every square of the board as (row index, column index), row 0 the top (dark's) row.
CELLS = tuple((r, c) for r in range(ROWS) for c in range(COLUMNS) if r == 1 or c not in GAP)
#: The five rosettes: each outer row's far corner and the square beside the gap in its block
#: of two, and the middle row's fourth square from the left (the central rosette).
ROSETTES = frozenset({(0, 0), (2, 0), (1, 3), (0, 6), (2, 6)})
#: The central rosette, the only one on Bell's path both players pass.
CENTRAL_ROSETTE = (1, 3)
#: Each player's own row (light 0, dark 1).
HOME_ROWS = (2, 0)
PATH_NAMES = ("bell", "masters", "murray")

# Light's paths, square 1 first, as cell names; dark's is the mirror image (rows 1 and 3
# swapped).
_LIGHT_PATHS = {
    "bell": "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 h2 h1 g1",
    "masters": "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 g3 h3 h2 h1 g1",
    "murray": "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 g1 h1 h2 h3 g3 g2 f2 e2 d2 c2 b2 a2 a1 b1 c1 d1",
}


def cell_name(cell: tuple[int, int]) -> str:
    """``(1, 3)`` -> ``"d2"``."""
    return f"{COLUMN_NAMES[cell[1]]}{ROWS - cell[0]}"


def cell_of(name: Any) -> tuple[int, int]:
    """``"d2"`` -> ``(1, 3)``.

    Raises:
        InvalidInput: not the name of one of the 20 squares.
    """
    if (isinstance(name, str) and len(name) == 2 and name[0].lower() in COLUMN_NAMES
            and name[1] in "123"):
        cell = (ROWS - int(name[1]), COLUMN_NAMES.index(name[0].lower()))
        if cell in CELLS:
            return cell
    raise InvalidInput(f"{shown(name)} is not a square of the board: columns a–h, rows 1–3, "
                       "and e and f exist only in the middle row (e2, f2)")


class Path(NamedTuple):
    """A path pair: how both players' pieces run over the board.

    Attributes:
        name: ``"bell"``, ``"masters"`` or ``"murray"``.
        length: the squares of a player's path (14, 16 or 27); a piece bears off with the
            move to square ``length + 1``.
        cells: ``cells[player][square]``: the cell of each square (index 0 unused).
        rosettes: ``rosettes[square]``: whether the square is a rosette (the same for both
            players: the paths mirror each other).
        shared: ``shared[square]``: whether the other player's path passes this cell too.
        meets: ``meets[square]``: the other player's squares on this cell (for a capture).
    """

    name: str
    length: int
    cells: tuple[tuple[tuple[int, int] | None, ...], tuple[tuple[int, int] | None, ...]]
    rosettes: tuple[bool, ...]
    shared: tuple[bool, ...]
    meets: tuple[tuple[int, ...], ...]

    def cell(self, player: int, square: int) -> tuple[int, int]:
        """The cell of `player`'s `square` (1 to `length`)."""
        return self.cells[player][square]  # type: ignore[return-value]

    def squares_of(self, player: int, cell: tuple[int, int]) -> tuple[int, ...]:
        """`player`'s squares on `cell`, ascending (none, one, or two on Murray's path)."""
        return tuple(s for s in range(1, self.length + 1) if self.cells[player][s] == cell)

    @property
    def visits_once(self) -> bool:
        """Whether each path passes each cell at most once (Bell's and Masters')."""
        return len(set(self.cells[0][1:])) == self.length

    @property
    def safe_squares(self) -> frozenset[int]:
        """The rosettes both players pass: where safe rosettes matter."""
        return frozenset(s for s in range(1, self.length + 1)
                         if self.rosettes[s] and self.shared[s])


def _mirror(cell: tuple[int, int]) -> tuple[int, int]:
    return (ROWS - 1 - cell[0], cell[1])


@functools.cache
def path(name: str) -> Path:
    """The path pair called `name` (see the module docstring).

    Raises:
        InvalidInput: an unknown path name.
    """
    if not isinstance(name, str) or name not in _LIGHT_PATHS:
        raise InvalidInput(f"path must be one of {', '.join(map(repr, PATH_NAMES))}, "
                           f"not {shown(name)}")
    light = tuple(cell_of(n) for n in _LIGHT_PATHS[name].split())
    dark = tuple(_mirror(c) for c in light)
    length = len(light)
    cells = ((None, *light), (None, *dark))
    dark_cells = set(dark)
    meets = [()] + [tuple(s + 1 for s, c in enumerate(dark) if c == cell) for cell in light]
    return Path(name=name, length=length, cells=cells,
                rosettes=(False, *(c in ROSETTES for c in light)),
                shared=(False, *(c in dark_cells for c in light)),
                meets=tuple(meets))


@functools.cache
def board_graph(name: str = "bell") -> Any:
    """The board as a networkx ``MultiDiGraph`` for teaching and drawing: one node per square
    (its name, with ``cell``, ``rosette`` attributes) and, for each player, an edge from each
    square of its path to the next, with attributes ``player`` and ``squares`` (the square
    numbers it joins). The rules never walk it."""
    import networkx as nx

    pair = path(name)
    graph = nx.MultiDiGraph(path=name)
    for cell in CELLS:
        graph.add_node(cell_name(cell), cell=cell, rosette=cell in ROSETTES)
    for player in (0, 1):
        for square in range(1, pair.length):
            graph.add_edge(cell_name(pair.cell(player, square)),
                           cell_name(pair.cell(player, square + 1)),
                           player=player, squares=(square, square + 1))
    return graph
