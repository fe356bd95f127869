"""Perfect play: the Royal Game of Ur solved by value iteration, in pure Python.

Every position of a game is given the chance that the player to move wins it before throwing,
when both players play perfectly from there: the throws' chances averaged (`dice.CHANCES`),
the mover choosing the best move for each throw. A position is seen from the player to move
("me"): my pieces' path squares, the other player's, and the pieces each has borne off (pieces
waiting are what is left) — the two players' paths mirror each other, so light to move and
dark to move in mirrored positions have the same value and one table holds both. A move that
lands on a rosette keeps the turn (the value is mine again); any other move, or a pass, hands
it over (the value is one minus the other player's). Captures send pieces back, so the graph
of positions has cycles and the values are found by iteration to a tolerance rather than in
one backward pass:

- positions are solved in layers of the pieces borne off, most first: bearing off only ever
  leads to a layer already solved, so each layer is iterated on its own until no value moves
  by more than the tolerance;
- within a layer positions are updated in place (Gauss–Seidel), the most advanced first, so
  that a move forward reads a value already updated in this sweep; only captures and passes
  read values of the sweep before. A layer is done when a plain sweep of the whole layer moves
  no value by more than the tolerance (no over-relaxation: the values read "one minus the
  other player's", and over-relaxing made the sweeps diverge; under-relaxing slowed them).

A position's index is its rank among the positions in the order of their packed key (my
squares as bits 1 to the path's length, the other player's above them, then the two counts
borne off): `Table.index` finds it. `solve` works for any options whose path passes each square
once (Bell's and Masters'). Its cost grows fast with the pieces (see
``benchmarks/royal_ur_solver.py``): 1 and 2 pieces solve in a moment; 3 (Finkel's rules,
263,121 positions) in about 10 s of CPU in CPython 3.11 on the project's 2-core build machine
(the positions 0.3 s, the moves 1.7 s, 218 sweeps of the 36 layers — 3.2 million position
updates — 7.5 s; about 220 MiB), and two to three times that in the browser (Pyodide); more
pieces need the numpy builder ``scripts/royal_ur_table.py`` (the working list of values has
a cell for every pair of sides, about 9 million for 4 pieces). The 3-piece game of Finkel's rules
ships solved (``data/finkel-3.bin``, 16 bits a value: precision 1/65535), see `table_for`.

The public queries, for the expert, the boards and the notebooks: `Table.win_chance`,
`Table.move_values`, `Table.best_moves`, `Table.throw_values`; and, over every table at hand,
`win_chance`, `move_values` and `is_solved`, which never solve (a board asks them on every
click: "is there a table?" must not solve one). The tables at hand are the shipped ones (the
1- and 2-piece games of the three rule sets at 64 bits, the values of `solve` to the bit;
Finkel's 3-piece game at 16), every table solved in the process of a game that does not ship
(`solve` registers it: `register`), and the local cache
(`engine.royal_ur.cache`, for tables too large to list, built by the numpy builder).
`table_for` and `solved_table` solve a small game (`ON_DEMAND`) when asked to (the expert
does).

Bounds: `solve` refuses a tolerance below `MIN_TOLERANCE` (under the values' own rounding a
sweep never settles), a game of more than `SOLVE_LIMIT` positions (4 pieces and more: the
numpy builder), and stops with `InvalidInput` after `MAX_SWEEPS` sweeps of a layer.
"""

from __future__ import annotations

import functools
import time
from array import array
from collections.abc import Callable
from dataclasses import replace
from itertools import chain, compress, cycle, repeat
from operator import add, call, itemgetter, mul, or_, sub
from pathlib import Path as FilePath
from typing import Any

from engine.core import InvalidInput, is_int, shown
from engine.royal_ur.board import Path
from engine.royal_ur.dice import CHANCES
from engine.royal_ur.rules import ENTER, MOVES, PASS
from engine.royal_ur.state import Options, State

#: The default tolerance: no value moves by more than this in the last sweep of a layer (the
#: values are then within about as much of the exact ones; a shipped table keeps 16 bits).
TOLERANCE = 1e-6
#: What a successor code means when the move wins at once (the last piece borne off).
WIN = -1
#: The smallest tolerance `solve` takes. A sweep's values are sums of a few products of
#: numbers up to 1, rounded at about 1e-16 each, so a change below that can go on for ever
#: (``solve(1e-17)`` never ended); this is far above the rounding and far below any use.
MIN_TOLERANCE = 1e-12
#: The most sweeps (of a whole layer or of its unsettled part) `solve` makes in one layer
#: before it gives up: the 3-piece games need at most a few hundred.
MAX_SWEEPS = 20_000
#: The largest game `solve` takes, in positions: every 3-piece game (Masters' and Blitz's
#: 512,349 positions, about 4 minutes); 4 pieces (2.6 million positions and more) need the
#: numpy builder ``scripts/royal_ur_table.py``, whose tables the local cache keeps (`cache`).
SOLVE_LIMIT = 1_000_000
#: How far from the exact values a table saved at 16 bits may be: half a step.
PRECISION_16 = 0.5 / 65535
DATA = FilePath(__file__).parent / "data"
#: The solved tables that ship: file name -> the options they solve. ``.bin`` files hold 16
#: bits a value; ``.f64`` files the values of `solve` at `TOLERANCE` to the bit: the small
#: games, which boards and the expert read at once rather than solve while a player waits —
#: among them the endgames of Masters' and Blitz's games (their largest small game).
SHIPPED = {"finkel-3.bin": {"rules": "finkel", "pieces": 3},
           "finkel-2.f64": {"rules": "finkel", "pieces": 2},
           "finkel-1.f64": {"rules": "finkel", "pieces": 1},
           "masters-2.f64": {"rules": "masters", "pieces": 2},
           "masters-1.f64": {"rules": "masters", "pieces": 1},
           "blitz-2.f64": {"rules": "blitz", "pieces": 2},
           "blitz-1.f64": {"rules": "blitz", "pieces": 1}}
#: What decides a game's positions and moves (the rest of `Options` does not).
GAME_FIELDS = ("pieces", "path", "safe_rosettes", "dice", "capture_throw", "rosette_throw")
#: The largest game `table_for` solves on demand rather than giving up (a few seconds).
ON_DEMAND = 300_000


class Layout:
    """The positions of one set of options, and the moves between them (see the module).

    Attributes:
        options: the `Options` (what matters: pieces, path, safe_rosettes, dice,
            capture_throw).
        pieces, length: pieces per player and the path's length.
        keys: every position's packed key, ascending (the index is the rank).
    """

    def __init__(self, options: Options):
        self._prepare(options)
        self.keys = self._enumerate()
        self._rank = {key: i for i, key in enumerate(self.keys)}
        self.index = self._rank.__getitem__

    def _prepare(self, options: Options) -> None:
        """What every layout of `options` knows before its positions are listed."""
        pair = options.board_path
        if not pair.visits_once:
            raise InvalidInput(f"the solver handles paths that pass each square once (bell, "
                               f"masters), not {shown(pair.name)}")
        self.options = options
        self.pair: Path = pair
        self.pieces = options.pieces
        self.length = pair.length
        self.throws = tuple((t, float(p)) for t, p in CHANCES[options.dice])  # type: ignore[index]
        length = self.length
        # The other player's square on each of my squares' cells (0: none).
        self.meets = tuple((m[0] if m else 0) for m in pair.meets)
        shared = [s for s in range(1, length + 1) if pair.shared[s]]
        # Each player's pieces on the shared cells, as bits of one numbering of those cells.
        self._cell_bit = {s: 1 << k for k, s in enumerate(shared)}
        self._their_cell_bit = {self.meets[s]: 1 << k for k, s in enumerate(shared)}

    # Keys ------------------------------------------------------------------------------------

    def key(self, mine: int, theirs: int, my_off: int, their_off: int) -> int:
        length = self.length
        return mine | theirs << (length + 1) | my_off << (2 * length + 2) | their_off << (
            2 * length + 5)

    def unpack(self, key: int) -> tuple[int, int, int, int]:
        """``(mine, theirs, my_off, their_off)`` of a packed key (squares as bit masks)."""
        length = self.length
        full = (1 << (length + 1)) - 1
        return (key & full, key >> (length + 1) & full, key >> (2 * length + 2) & 7,
                key >> (2 * length + 5) & 7)

    def index(self, key: int) -> int:
        """The rank of a position's packed key among the game's keys (an instance attribute
        replaces this method: the rank's own lookup)."""
        return self._rank[key]

    def _enumerate(self) -> list[int]:
        length, pieces = self.length, self.pieces
        masks: list[tuple[int, int, int]] = []  # (mask, count, shared cells as bits)
        theirs_masks: list[tuple[int, int, int]] = []
        for mask in range(0, 1 << (length + 1), 2):  # bit 0 unused: squares start at 1
            count = mask.bit_count()
            if count <= pieces:
                masks.append((mask, count, self._cells(mask, self._cell_bit)))
                theirs_masks.append((mask, count, self._cells(mask, self._their_cell_bit)))
        keys = []
        for mine, n_mine, cells_mine in masks:
            for theirs, n_theirs, cells_theirs in theirs_masks:
                if cells_mine & cells_theirs:
                    continue
                for my_off in range(min(pieces - n_mine, pieces - 1) + 1):
                    for their_off in range(min(pieces - n_theirs, pieces - 1) + 1):
                        keys.append(self.key(mine, theirs, my_off, their_off))
        keys.sort()
        return keys

    @staticmethod
    def _cells(mask: int, bits: dict[int, int]) -> int:
        out = 0
        for square, bit in bits.items():
            if mask >> square & 1:
                out |= bit
        return out

    # Moves -----------------------------------------------------------------------------------

    def moves(self, mine: int, theirs: int, my_off: int, their_off: int,
              throw: int) -> list[tuple[int, int]]:
        """The moves of the player to move with `throw`: ``(source, successor code)`` pairs,
        `source` 0 for a piece entering; the code is ``2 * index + 1`` when the move keeps
        the turn (the successor is seen by the same player), ``2 * index`` when it hands it
        over (seen by the other), `WIN` when it wins. No move: ``[]``."""
        if throw == 0:
            return []
        pair = self.pair
        length, pieces = self.length, self.pieces
        rosettes, meets = pair.rosettes, self.meets
        safe = self.options.safe_rosettes
        capture_throw = self.options.capture_throw
        rosette_throw = self.options.rosette_throw
        rank = self.index
        key = self.key
        out = []
        sources = [s for s in range(1, length + 1) if mine >> s & 1]
        if pieces - len(sources) - my_off > 0:
            sources.insert(0, 0)
        for source in sources:
            target = source + throw
            if target > length + 1:
                continue
            rest = mine & ~(1 << source)
            if target == length + 1:
                if my_off + 1 == pieces:
                    out.append((source, WIN))
                else:
                    out.append((source, 2 * rank(key(theirs, rest, their_off, my_off + 1))))
                continue
            if mine >> target & 1:
                continue
            victim = meets[target]
            left = theirs
            if victim and theirs >> victim & 1:
                if safe and rosettes[target]:
                    continue
                left = theirs & ~(1 << victim)
            moved = rest | 1 << target
            if (rosettes[target] and rosette_throw) or (left != theirs and capture_throw):
                out.append((source, 2 * rank(key(moved, left, my_off, their_off)) + 1))
            else:
                out.append((source, 2 * rank(key(left, moved, their_off, my_off))))
        return out

    def swapped(self, index: int) -> int:
        """The index of the same position seen by the other player (a pass)."""
        mine, theirs, my_off, their_off = self.unpack(self.keys[index])
        return self._rank[self.key(theirs, mine, their_off, my_off)]

    def of_state(self, state: State) -> tuple[int, int, int, int]:
        """``(mine, theirs, my_off, their_off)`` of `state`, seen by the player to move."""
        player = state.to_move
        if player is None:
            raise InvalidInput("the game is over: nobody is to move")
        mine = sum(1 << s for s in state.squares[player])
        theirs = sum(1 << s for s in state.squares[1 - player])
        return mine, theirs, state.off[player], state.off[1 - player]


def _compatible(table_options: Options, options: Options) -> bool:
    return all(getattr(table_options, k) == getattr(options, k) for k in GAME_FIELDS)


class Table:
    """A solved game: the chance of winning of every position for the player to move, before
    the throw (see the module docstring). Build one with `solve` (or `table_for`).

    Attributes:
        layout: the positions (`Layout`).
        values: ``values[index]``, floats from 0 to 1.
        sweeps: the sweeps made in each layer, most pieces off first (empty for a loaded
            table); seconds: the time the solve took.
        tolerance: how far a value may be from the exact one: the solve's tolerance, or half
            a step of a table saved at 16 bits (`PRECISION_16`); which of two solved tables
            of one game `register` keeps.
        read: where the table was read from (``"package"``, ``"cache"``), or None for a table
            solved in this process; a table read is the reference `register` never replaces.
    """

    def __init__(self, layout: Layout, values: Any, sweeps: tuple[int, ...] = (),
                 seconds: float = 0.0, tolerance: float = 0.0, read: str | None = None):
        self.layout = layout
        self.values = values
        self.sweeps = sweeps
        self.seconds = seconds
        self.tolerance = tolerance
        self.read = read

    @property
    def options(self) -> Options:
        return self.layout.options

    def __len__(self) -> int:
        return len(self.values)

    def __repr__(self) -> str:
        return f"<royal_ur.solver.Table: {self.options.describe()}, {len(self):,} positions>"

    def _check(self, state: State) -> None:
        _check_state_type(state)
        if not _compatible(self.options, state.options):
            raise InvalidInput(f"this table solves the game of {self.options.describe()}, not "
                               f"{state.options.describe()}")

    def value(self, mine: int, theirs: int, my_off: int, their_off: int) -> float:
        """The chance of winning of the player to move before throwing, by the position's
        parts (see `Layout.unpack`)."""
        layout = self.layout
        return self.values[layout.index(layout.key(mine, theirs, my_off, their_off))]

    def _code_value(self, code: int) -> float:
        if code == WIN:
            return 1.0
        value = self.values[code >> 1]
        return value if code & 1 else 1.0 - value

    def win_chance(self, state: State, player: int | None = None) -> float:
        """The chance that `player` (default: the player to move) wins from `state` when both
        play perfectly: before the throw, over the throws to come; with a throw pending, by
        the best move for it; 1 or 0 once the game is over.

        Raises:
            InvalidInput: `state` is not of the game this table solves.
        """
        self._check(state)
        if state.is_over:
            return float(state.winner == player) if player is not None else 0.0
        mover = state.to_move
        if state.throw is None:
            chance = self.value(*self.layout.of_state(state))
        else:
            chance = max(self.move_values(state).values())
        return chance if player is None or player == mover else 1.0 - chance

    def move_values(self, state: State, throw: int | None = None) -> dict[Any, float]:
        """Each legal move's chance of winning for the player to move, with the throw pending
        in `state` (or, for a state before its throw, with `throw`): ``{Enter(): 0.61,
        MovePiece(5): 0.58, …}``; ``{Pass(): …}`` when no piece can move.

        Raises:
            InvalidInput: no throw is pending and none is given, or `throw` is not one the
                dice give, or `state` is not of this table's game.
        """
        self._check(state)
        if state.is_over:
            raise InvalidInput("the game is over: there is no move to value")
        throw = checked_throw(state, throw)
        layout = self.layout
        parts = layout.of_state(state)
        found = layout.moves(*parts, throw)
        if not found:
            mine, theirs, my_off, their_off = parts
            return {PASS: 1.0 - self.value(theirs, mine, their_off, my_off)}
        return {ENTER if source == 0 else MOVES[source]: self._code_value(code)
                for source, code in found}

    def best_moves(self, state: State, throw: int | None = None) -> list[Any]:
        """The moves of `move_values` that keep the best chance (within 1e-12), in legal order."""
        values = self.move_values(state, throw)
        best = max(values.values())
        return [m for m, v in values.items() if v >= best - 1e-12]

    def throw_values(self, state: State) -> dict[int, tuple[float, float]]:
        """For a state before its throw: ``{throw: (its chance, the mover's chance of winning
        after it with the best move)}``."""
        if state.throw is not None:
            raise InvalidInput("the throw is made already: use move_values")
        chances = dict(self.layout.throws)
        return {t: (chances[t], max(self.move_values(state, t).values()))
                for t in state.options.throw_values}

    @property
    def start_value(self) -> float:
        """The first player's chance of winning from the start under perfect play."""
        return self.value(0, 0, 0, 0)

    # Saving ----------------------------------------------------------------------------------

    def to_bytes(self, bits: int = 16) -> bytes:
        """The values at 16 bits each (round to the nearest 1/65535), little-endian; with
        ``bits=64``, exactly, as little-endian doubles (for the small tables that ship so that
        nothing is solved while a board waits: the same values as a solve, to the bit)."""
        if bits == 64:
            exact = array("d", self.values)
            if array("H", [1]).tobytes() != b"\x01\x00":
                exact.byteswap()
            return exact.tobytes()
        if bits != 16:
            raise InvalidInput(f"a table is saved at 16 or 64 bits, not {shown(bits)}")
        out = array("H", (round(v * 65535) for v in self.values))
        if out.itemsize != 2:
            raise RuntimeError("this platform has no 16-bit unsigned array")
        if array("H", [1]).tobytes() != b"\x01\x00":
            out.byteswap()
        return out.tobytes()

    @classmethod
    def from_bytes(cls, options: Options, data: bytes) -> Table:
        """A table saved by `to_bytes` for `options` (at 16 or 64 bits: told by the length).

        Raises:
            InvalidInput: the data does not hold one value per position of `options`.
        """
        layout = Layout(options)
        count = len(layout.keys)
        swap = array("H", [1]).tobytes() != b"\x01\x00"
        if len(data) == 8 * count:
            exact = array("d")
            exact.frombytes(data)
            if swap:
                exact.byteswap()
            return cls(layout, exact)
        if len(data) != 2 * count:
            raise InvalidInput(f"a table of {options.describe()} holds {count:,} "
                               f"values, not {len(data) // 2:,}")
        raw = array("H")
        raw.frombytes(data)
        if swap:
            raw.byteswap()
        return cls(layout, array("d", (v / 65535 for v in raw)), tolerance=PRECISION_16)


# ------------------------------------------------------------------------------------- solving


class _Game:
    """The solver's working form of a game: positions as pairs of *sides*, and each position's
    moves as readers of one list of values.

    A side is one player's pieces on the path (a bit mask) and borne off, numbered from 0 to
    ``ns - 1``; a position is (the mover's side, the other's side). The values live in one list
    ``w`` of ``ns * 2 ns`` cells (and two constants at the end, 1 and 0): row ``b`` holds, at
    column ``a``, one minus the value of position ``(b, a)``, and at column ``ns + a`` the value
    of position ``(a, b)``. A move that hands the turn over from ``(a, b)`` leads to ``(b, a')``,
    worth one minus its value to me; one that keeps it (a rosette) to ``(a', b)``, worth its
    value: both are in row ``b``, at a column that only my side and the throw decide. So where a
    throw's moves capture nothing, which cells they read is found once per side and throw, and
    only shifted by the row; captures (and a safe rosette that blocks a move) are worked out
    position by position."""

    def __init__(self, layout: Layout):
        self.layout = layout
        pair, options = layout.pair, layout.options
        length, pieces = layout.length, layout.pieces
        home = length + 1
        sides = []
        for mask in range(0, 1 << home, 2):  # bit 0 unused: squares start at 1
            count = mask.bit_count()
            if count <= pieces:
                sides.extend((mask, off) for off in range(min(pieces - count, pieces - 1) + 1))
        self.sides = sides
        self.side_of = side_of = {side: k for k, side in enumerate(sides)}
        ns = self.ns = len(sides)
        row = self.row = 2 * ns
        self.one, self.zero = ns * row, ns * row + 1
        # The getters' cell numbers, as one int object per cell, made in the cells' order:
        # the getters made of them read fewer scattered objects (a third faster sweeps).
        self.cell = list(range(ns * row + 2)).__getitem__
        self.passing = sum(c for t, c in layout.throws if t == 0)
        self.chances = [c for t, c in layout.throws if t > 0]
        rosettes, meets = pair.rosettes, layout.meets
        safe, capture_throw = options.safe_rosettes, options.capture_throw
        rosette_throw = options.rosette_throw
        # Per side and throw: (chance, a winning move?, the other side's squares my moves may
        # hit, the columns read where nothing is hit, each move's details for a hit).
        self.moves: list[list[tuple[Any, ...]]] = []
        for mask, off in sides:
            sources = [s for s in range(1, home) if mask >> s & 1]
            if pieces - len(sources) - off > 0:
                sources.insert(0, 0)
            per_throw = []
            for throw, chance in layout.throws:
                if throw == 0:
                    continue
                win, hits, cols, detail = False, 0, [], []
                for source in sources:
                    target = source + throw
                    rest = mask & ~(1 << source)
                    if target == home:
                        if off + 1 == pieces:
                            win = True
                            break
                        col = side_of[rest, off + 1]
                        cols.append(col)
                        detail.append((col, 0, False, col))
                    elif target < home and not mask >> target & 1:
                        after = side_of[rest | 1 << target, off]
                        rosette = rosettes[target]
                        again = rosette and rosette_throw
                        col = ns + after if again else after
                        cols.append(col)
                        victim = 1 << meets[target] if meets[target] else 0
                        hits |= victim
                        detail.append((col, victim, safe and rosette,
                                       ns + after if again or capture_throw else after))
                if cols:  # each throw reads `pieces` cells (its moves, the first again)
                    cols += [cols[0]] * (pieces - len(cols))
                per_throw.append((chance, win, hits, tuple(cols), tuple(detail)))
            self.moves.append(per_throw)
        # Which sides may face each other: no two pieces on one cell.
        mine_cells = [layout._cells(m, layout._cell_bit) for m, _ in sides]
        their_cells = [layout._cells(m, layout._their_cell_bit) for m, _ in sides]
        self.partners = [[b for b in range(ns) if not mine_cells[a] & their_cells[b]]
                         for a in range(ns)]

    def readers(self, a: int) -> tuple[list[tuple[int, ...]], list[float]]:
        """For side `a` to move against each of its partners: the cells its moves lead to,
        `pieces` cells for each throw but 0 (the moves, the first again to fill
        up; the constant 1 for a win, 0 for no move: the best of them is what the throw is
        worth), and the chance of a pass (no move: the throw 0 and any throw whose moves are
        all blocked)."""
        partners, sides, side_of, row = self.partners[a], self.sides, self.side_of, self.row
        cell, pieces = self.cell, self.layout.pieces
        bases = [b * row for b in partners]
        passes = [self.passing] * len(partners)
        columns: list[Any] = []
        hit_by: list[int] = []
        for chance, win, hits, cols, _ in self.moves[a]:
            if win or not cols:
                constant = cell(self.one if win else self.zero)
                columns.extend(repeat(constant, len(partners)) for _ in range(pieces))
                if not win:
                    passes = [p + chance for p in passes]
            else:
                columns.extend(map(cell, map(col.__add__, bases)) for col in cols)
                hit_by.append(hits)
        readings = list(zip(*columns))
        hits = functools.reduce(or_, hit_by, 0)
        if hits:
            # Where the other side stands where my moves land: work the throws out one by one.
            one, zero = cell(self.one), cell(self.zero)
            for k, b in enumerate(partners):
                theirs, their_off = sides[b]
                if not theirs & hits:
                    continue
                codes = []
                for chance, win, _, cols, detail in self.moves[a]:
                    if win or not cols:
                        codes.extend([one if win else zero] * pieces)
                        continue
                    found = []
                    for col, victim, blocked, hit_col in detail:
                        if not theirs & victim:
                            found.append(bases[k] + col)
                        elif not blocked:
                            found.append(side_of[theirs ^ victim, their_off] * row + hit_col)
                    if not found:
                        found = [self.zero]
                        passes[k] += chance
                    codes.extend(map(cell, found))
                    codes.extend([cell(found[0])] * (pieces - len(found)))
                readings[k] = tuple(codes)
        return readings, passes

    def layers(self) -> list[tuple[list[Any], list[tuple[Any, ...]]]]:
        """The layers (`layer_keys`), most pieces off first, each as its pairs of a position
        and its swapped twin, most advanced first (a move that captures nothing leads to a more
        advanced position, already updated in the sweep): the getters of the pairs' two
        positions in turn, and per pair its cells and pass terms (see `_sweep`)."""
        layout, sides, ns, row = self.layout, self.sides, self.ns, self.row
        tail = _tail(layout)
        progress = [(off + (mask & tail).bit_count(), off) for mask, off in sides]
        weight = [_weight(mask) for mask, _ in sides]
        readers = [self.readers(a) for a in range(ns)]
        where = [{b: k for k, b in enumerate(partners)} for partners in self.partners]
        by_layer: dict[tuple[int, ...], list[tuple[int, int, int, int, int]]] = {}
        for a, partners in enumerate(self.partners):
            me = progress[a]
            for k, b in enumerate(partners):
                if b < a:
                    continue
                them = progress[b]
                layer = (me[0] + them[0], me[1] + them[1], *max(me, them), *min(me, them))
                by_layer.setdefault(layer, []).append(
                    (weight[a] + weight[b], a, b, k, where[b][a]))
        out = []
        for layer in sorted(by_layer, reverse=True):
            entries = by_layer[layer]
            entries.sort(reverse=True)
            getters: list[Any] = []
            cells = []
            for _, a, b, k, m in entries:
                got_i, passes_i = readers[a]
                got_j, passes_j = readers[b]
                # Getters made in the order of the sweep read faster than in the sides' order.
                getters.append(itemgetter(*got_i[k]))
                getters.append(itemgetter(*got_j[m]))
                q_i, q_j = passes_i[k], passes_j[m]
                inverse = 1.0 / (1.0 - q_i * q_j)
                cells.append((b * row + ns + a, a * row + b, a * row + ns + b, b * row + a,
                              q_i * (1.0 - q_j) * inverse, inverse, q_i * inverse, q_j))
            out.append((getters, cells))
        return out

    def values(self, w: list[float]) -> array:
        """The positions' values in the layout's order (by `Table.index`)."""
        layout, side_of, ns, row = self.layout, self.side_of, self.ns, self.row
        length = layout.length
        full = (1 << (length + 1)) - 1
        shift_theirs, shift_mine_off, shift_their_off = length + 1, 2 * length + 2, 2 * length + 5
        return array("d", map(w.__getitem__, [
            side_of[key >> shift_theirs & full, key >> shift_their_off] * row + ns
            + side_of[key & full, key >> shift_mine_off & 7] for key in layout.keys]))


def solve(tolerance: float = TOLERANCE, **options: Any) -> Table:
    """Solve the game of `options` (as `new_game` takes them: ``pieces=3``,
    ``rules="masters"``, …) by value iteration; the last sweep of each layer is a whole plain
    Gauss–Seidel sweep of the layer that moves no value by more than `tolerance`.

    A position and its swapped twin (the same pieces, the other player to move) are updated
    together and exactly: a pass leads from one to the other, so ``v = a + q (1 - v')`` and
    ``v' = a' + q' (1 - v)`` (`a` what the throws with a move give, `q` the chance of a
    pass) are solved as a pair, which removes the slow back-and-forth of two players waiting
    for an exact throw to bear off.

    The table solved is registered (`register`): from then on the boards' `win_chance` and
    `move_values`, the expert and the coach of this process answer from it — unless the game
    ships its table (or the cache holds it), or a finer solve of it is at hand.

    Raises:
        InvalidInput: bad options, a path that passes a square twice (Murray's), a game of
            more than `SOLVE_LIMIT` positions (4 pieces or more: the numpy builder solves
            those), a tolerance outside `MIN_TOLERANCE` to 0.1, or values that do not settle
            within `MAX_SWEEPS` sweeps of a layer.
    """
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not (
            MIN_TOLERANCE <= tolerance < 0.1):
        raise InvalidInput(f"tolerance must be a small positive number from {MIN_TOLERANCE:g} "
                           f"(the values' own rounding allows no finer) to below 0.1, not "
                           f"{shown(tolerance)}")
    parsed = Options.from_keywords("Royal Game of Ur", options)
    if not parsed.board_path.visits_once:
        raise InvalidInput(f"the solver handles paths that pass each square once (bell, "
                           f"masters), not {shown(parsed.path)}")
    size = _size(parsed)
    if size > SOLVE_LIMIT:
        raise InvalidInput(f"the game of {parsed.describe()} has {size:,} positions, more than "
                           f"the {SOLVE_LIMIT:,} this solver takes (it would run for hours and "
                           f"gigabytes): build its table with scripts/royal_ur_table.py "
                           f"--pieces {parsed.pieces} --cache")
    started = time.perf_counter()
    game = _Game(Layout(parsed))
    w = [0.5] * (game.ns * game.row + 2)
    w[game.one], w[game.zero] = 1.0, 0.0
    sweeps = tuple(_iterate(getters, cells, game.chances, game.layout.pieces, w,
                            float(tolerance)) for getters, cells in game.layers())
    table = Table(game.layout, game.values(w), sweeps, time.perf_counter() - started,
                  float(tolerance))
    register(table)
    return table


def layer_keys(layout: Layout) -> list[tuple[int, ...]]:
    """Each position's layer, by index: positions of one layer lead only to each other and to
    layers earlier in ``sorted(set(...), reverse=True)``.

    A player's pieces borne off, and those in the *tail* — the squares after the last one
    both paths share, where no piece is ever captured and from which a piece only moves on
    to bear off — never decrease: a layer is a pair of ``(borne off + in the tail, borne
    off)``, one for each player, unordered (a move may hand the turn over). Bearing off, or
    a piece entering the tail, leads to a layer before."""
    tail = _tail(layout)
    out = []
    for key in layout.keys:
        mine, theirs, my_off, their_off = layout.unpack(key)
        me = (my_off + (mine & tail).bit_count(), my_off)
        them = (their_off + (theirs & tail).bit_count(), their_off)
        out.append((me[0] + them[0], me[1] + them[1], *max(me, them), *min(me, them)))
    return out


def _tail(layout: Layout) -> int:
    """The squares after the last one both paths share, as a bit mask (see `layer_keys`)."""
    pair = layout.pair
    last_shared = max(s for s in range(1, layout.length + 1) if pair.shared[s])
    return sum(1 << s for s in range(last_shared + 1, layout.length + 1))


@functools.cache
def _weight_table(bits: int) -> tuple[int, ...]:
    return tuple(sum(s for s in range(bits) if mask >> s & 1) for mask in range(1 << bits))


def _weight(mask: int) -> int:
    """The sum of the squares in a mask (a piece's advance)."""
    low = _weight_table(8)
    total = 0
    shift = 0
    while mask:
        total += low[mask & 255] + shift * (mask & 255).bit_count()
        mask >>= 8
        shift += 8
    return total


def _iterate(getters: list[Any], cells: list[tuple[Any, ...]], chances: list[float],
             width: int, w: list[float], tolerance: float) -> int:
    """Gauss–Seidel sweeps over one layer's pairs until a sweep of the whole layer moves no
    value by more than `tolerance`; returns the number of such sweeps.

    Most values settle in a few sweeps while a few, where captures come round again and
    again, take many: so between sweeps of the whole layer, the pairs that still moved by
    more than `tolerance` are swept on their own until they settle (while they are fewer
    than half the layer). The last sweep is always one of the whole layer.

    Raises:
        InvalidInput: more than `MAX_SWEEPS` sweeps, whole or partial, without settling.
    """
    sweeps = made = 0
    above = tolerance.__lt__
    while True:
        changes = _sweep(getters, cells, chances, width, w)
        sweeps += 1
        made += 1
        if max(changes) <= tolerance:
            return sweeps
        part_getters, part_cells = getters, cells
        moved = list(map(above, changes))
        count = sum(moved)
        while count and 2 * count < len(cells):
            part_getters = list(compress(part_getters, chain.from_iterable(zip(moved, moved))))
            part_cells = list(compress(part_cells, moved))
            moved = list(map(above, _sweep(part_getters, part_cells, chances, width, w)))
            count = sum(moved)
            made += 1
            if made > MAX_SWEEPS:
                break
        if made > MAX_SWEEPS:
            raise InvalidInput(f"the values did not settle to within {tolerance:g} in "
                               f"{MAX_SWEEPS:,} sweeps of a layer: choose a larger tolerance")


def _sweep(getters: list[Any], cells: list[tuple[Any, ...]], chances: list[float], width: int,
           w: list[float]) -> list[float]:
    """One Gauss–Seidel sweep over pairs, in order; returns each pair's change (the larger
    of its two values').

    `getters` holds, pair by pair, the getter of the position and of its twin (`_Game.readers`:
    `width` cells per throw). What each position's throws are worth is worked out for the whole
    sweep in one lazy chain of C-level maps, read pair by pair as the loop updates ``w``: the
    chain calls a position's getter only when the pairs before it are written, so a position
    reads the values of this sweep where they are updated already. (This is the solver's whole
    cost.)"""
    value_cells, twin_cells = [c[0] for c in cells], [c[2] for c in cells]
    before = list(map(w.__getitem__, value_cells))
    twin_before = list(map(w.__getitem__, twin_cells))
    read = chain.from_iterable(map(call, getters, repeat(w)))
    weighed = map(mul, map(max, zip(*[read] * width)), cycle(chances))
    worth = functools.reduce(functools.partial(map, add), [weighed] * len(chances))
    for (a_i, a_j), (i, not_i, j, not_j, k, alpha, beta, q_j) in zip(zip(worth, worth), cells):
        v_i = k + alpha * a_i - beta * a_j
        v_j = a_j + q_j - q_j * v_i
        w[i] = v_i
        w[not_i] = 1.0 - v_i
        w[j] = v_j
        w[not_j] = 1.0 - v_j
    return list(map(max, map(abs, map(sub, map(w.__getitem__, value_cells), before)),
                    map(abs, map(sub, map(w.__getitem__, twin_cells), twin_before))))


# ----------------------------------------------------------------------- the tables at hand


#: The tables at hand in this process, by game (`game_of`): the shipped ones and the local
#: cache's once read, and every table solved or registered.
_TABLES: dict[tuple[Any, ...], Table] = {}
#: Games whose table was looked for in the package and the cache and not found.
_ABSENT: set[tuple[Any, ...]] = set()


def game_of(options: Options) -> tuple[Any, ...]:
    """What decides a game's table: the values of `GAME_FIELDS`."""
    return tuple(getattr(options, f) for f in GAME_FIELDS)


#: Where tables beyond the package come from, asked in turn after the shipped ones: the local
#: cache adds itself here (`engine.royal_ur.cache`, imported with the package).
SOURCES: list[Callable[[Options], Table | None]] = []


def _read(options: Options) -> Table | None:
    """The game's table from the package (`SHIPPED`) or another source (`SOURCES`)."""
    for name, spec in SHIPPED.items():
        if _compatible(Options(**spec), options) and (DATA / name).exists():
            table = Table.from_bytes(options, (DATA / name).read_bytes())
            if name.endswith(".f64"):
                table.tolerance = TOLERANCE
            table.read = "package"
            return table
    for source in SOURCES:
        try:
            table = source(options)
        except InvalidInput:
            continue  # a damaged or foreign file: as if the source had none
        if table is not None:
            table.read = table.read or "cache"
            return table
    return None


def _at_hand(options: Options) -> Table | None:
    game = game_of(options)
    table = _TABLES.get(game)
    if table is None and game not in _ABSENT:
        table = _read(options)
        if table is None:
            _ABSENT.add(game)
        else:
            _TABLES[game] = table
    return table


def register(table: Table) -> Table:
    """Make `table` the one its game's questions are answered from in this process — the
    boards' `win_chance` and `move_values`, the expert, the coach — where no table is at hand
    yet, or where the one at hand was solved in this process less finely (a larger
    `Table.tolerance`). A table the package ships or the cache holds stays: it is the
    reference a notebook compares its own solve with. `solve` registers every table it
    solves. Returns the table kept.

    Raises:
        InvalidInput: `table` is not a `Table`.
    """
    if not isinstance(table, Table):
        raise InvalidInput(f"only a solved Table can be registered, not {shown(table)}")
    held = _at_hand(table.options)
    if held is not None and (held.read is not None or held.tolerance <= table.tolerance):
        return held
    _TABLES[game_of(table.options)] = table
    return table


def forget(options: Options) -> None:
    """Drop the table of the game of `options` from the tables at hand (the next question
    reads the package and the cache again)."""
    game = game_of(options)
    _TABLES.pop(game, None)
    _ABSENT.discard(game)


def _solved_now(options: Options) -> Table:
    return solve(**{f: getattr(options, f) for f in GAME_FIELDS})


def table_for(options: Options, *, solve: bool = True) -> Table | None:
    """The solved table of the game of `options`: the one at hand — registered (any table
    solved in this process), shipped (Finkel's rules with 1, 2 and 3 pieces) or in the local
    cache (`cache`, e.g. the 7-piece game built with the numpy builder) — else, with `solve`,
    solved now if the game is small (at most `ON_DEMAND` positions: a 2-piece game of another
    path or dice in about a second, a 3-piece game of Bell's path in about ten), else None.
    With ``solve=False`` it never solves: what a board may ask while a player waits."""
    table = _at_hand(options)
    if table is None and solve and options.board_path.visits_once and (
            _size(options) <= ON_DEMAND):
        table = _solved_now(options)
    return table


def endgame_for(options: Options, *, solve: bool = True) -> tuple[Table, int] | None:
    """The largest solved table (`table_for`, which solves a small one only with `solve`) of
    the same game with fewer pieces, and how many fewer: a position where both players have
    borne off at least that many pieces *is* a position of that game (the pieces borne off
    count less by as many; the pieces on the board and waiting are the same), so its value
    is exact. None if no smaller game is solved."""
    for fewer in range(1, options.pieces):
        table = table_for(replace(options, pieces=options.pieces - fewer), solve=solve)
        if table is not None:
            return table, fewer
    return None


def reduced(state: State, fewer: int) -> State | None:
    """`state` as a position of the game with `fewer` pieces fewer (see `endgame_for`), or
    None if a player has borne off fewer than that (or the game is over)."""
    if state.is_over or min(state.off) < fewer:
        return None
    return State(options=replace(state.options, pieces=state.pieces - fewer),
                 seed=state.seed, squares=state.squares,
                 off=(state.off[0] - fewer, state.off[1] - fewer), to_move=state.to_move,
                 throw=state.throw, throws=state.throws)


def solved_table(state: State, *, solve: bool = True) -> tuple[Table, State] | None:
    """The table that solves `state` and the state as that table's game: the game's own
    table (`table_for`), or a smaller game's once `state` is in its endgame (`endgame_for`,
    `reduced`); None if neither is solved (solving a small one only with `solve`)."""
    table = table_for(state.options, solve=solve)
    if table is not None:
        return table, state
    # Only a game with at most as many pieces fewer as each player has borne off can hold
    # `state`: until both have borne one off, no smaller table is read (reading the shipped
    # one takes seconds in the browser, and a board asks at every position).
    if state.is_over or min(state.off) < 1:
        return None
    endgame = endgame_for(state.options, solve=solve)
    if endgame is not None:
        smaller = reduced(state, endgame[1])
        if smaller is not None:
            return endgame[0], smaller
    return None


def is_solved(state: State) -> bool:
    """Whether a table at hand answers `state` exactly (never solving one: a board's
    question).

    Raises:
        InvalidInput: `state` is not a Royal Game of Ur state.
    """
    _check_state_type(state)
    return state.is_over or solved_table(state, solve=False) is not None


def win_chance(state: State, player: int | None = None, *,
               solve: bool = False) -> float | None:
    """The chance that `player` (default: the player to move) wins from `state` under perfect
    play (`Table.win_chance`), where a table at hand solves the game or its endgame (with
    `solve`, a small game is solved first: seconds); else None. Without `solve` it answers
    at once: boards ask it on every click.

    Raises:
        InvalidInput: `state` is not a Royal Game of Ur state, or `player` is not 0, 1 or None.
    """
    _check_state_type(state)
    if player is not None and (not is_int(player) or player not in (0, 1)):
        raise InvalidInput(f"player must be 0 (light), 1 (dark) or None, not {shown(player)}")
    if state.is_over:
        return float(state.winner == player) if player is not None else 0.0
    found = solved_table(state, solve=solve)
    return None if found is None else found[0].win_chance(found[1], player)


def move_values(state: State, throw: int | None = None, *,
                solve: bool = False) -> dict[Any, float] | None:
    """Each legal move's chance of winning for the player to move, with the pending throw
    (or `throw`), under perfect play (`Table.move_values`), where a table at hand solves the
    game or its endgame (with `solve`, a small game is solved first); else None. Without
    `solve` it answers at once.

    Raises:
        InvalidInput: as `Table.move_values` (no throw pending and none given, a throw the
            dice cannot give, …), checked whether or not a table answers.
    """
    _check_state_type(state)
    if state.is_over:
        raise InvalidInput("the game is over: there is no move to value")
    checked_throw(state, throw)
    found = solved_table(state, solve=solve)
    return None if found is None else found[0].move_values(found[1], throw)


def checked_throw(state: State, throw: Any) -> int:
    """The throw to value the moves of `state` for: `throw`, or the one pending.

    Raises:
        InvalidInput: no throw pending and none given; `throw` is not a whole number the dice
            give (``2.0`` and ``True`` are not throws); or another throw is pending.
    """
    if throw is None:
        if state.throw is None:
            raise InvalidInput("no throw is pending: give the throw to value the moves for")
        return state.throw
    values = state.options.throw_values
    if not is_int(throw) or throw not in values:
        raise InvalidInput(f"the {state.options.dice} dice throw "
                           f"{', '.join(map(str, values))}, not {shown(throw)}")
    if state.throw is not None and throw != state.throw:
        raise InvalidInput(f"the throw is {state.throw} already, not {throw}")
    return throw


def _check_state_type(state: Any) -> None:
    if getattr(state, "RULESET", None) != "royal_ur":
        raise InvalidInput(f"a Royal Game of Ur state is needed, not {shown(state)}")


def _size(options: Options) -> int:
    """How many positions the game of `options` has (without listing them)."""
    from math import comb

    pair = options.board_path
    shared = sum(pair.shared[1:])
    private = pair.length - shared
    pieces = options.pieces
    total = 0
    for a in range(pieces + 1):
        for b in range(pieces + 1):
            ways = sum(comb(shared, i) * comb(shared - i, j) * comb(private, a - i)
                       * comb(private, b - j)
                       for i in range(min(a, shared) + 1) for j in range(min(b, shared - i) + 1))
            offs_a = min(pieces - a, pieces - 1) + 1
            offs_b = min(pieces - b, pieces - 1) + 1
            total += ways * offs_a * offs_b
    return total

