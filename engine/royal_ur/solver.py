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
  read values of the sweep before.

A position's index is its rank among the positions in the order of their packed key (my
squares as bits 1 to the path's length, the other player's above them, then the two counts
borne off): `Table.index` finds it. `solve` works for any options whose path passes each square
once (Bell's and Masters'). Its cost grows fast with the pieces (see
``benchmarks/royal_ur_solver.py``): 1 and 2 pieces solve in a moment, 3 in seconds; more
pieces need the numpy builder ``scripts/royal_ur_table.py``. The 3-piece game of Finkel's rules
ships solved (``data/finkel-3.bin``, 16 bits a value: precision 1/65535), see `table_for`.

The public queries, for the expert, the boards and the notebooks: `Table.win_chance`,
`Table.move_values`, `Table.best_moves`, `Table.throw_values`.
"""

from __future__ import annotations

import functools
import time
from array import array
from collections.abc import Iterator
from pathlib import Path as FilePath
from typing import Any

from engine.core import InvalidInput, shown
from engine.royal_ur.board import Path
from engine.royal_ur.dice import CHANCES
from engine.royal_ur.rules import ENTER, MOVES, PASS
from engine.royal_ur.state import Options, State

#: The default tolerance: no value moves by more than this in the last sweep of a layer.
TOLERANCE = 1e-9
#: What a successor code means when the move wins at once (the last piece borne off).
WIN = -1
DATA = FilePath(__file__).parent / "data"
#: The solved tables that ship: file name -> the options they solve.
SHIPPED = {"finkel-3.bin": {"rules": "finkel", "pieces": 3}}
#: The largest game `table_for` solves on demand rather than giving up (a few seconds).
ON_DEMAND = 300_000


def _popcount(n: int) -> int:
    return bin(n).count("1")


class Layout:
    """The positions of one set of options, and the moves between them (see the module).

    Attributes:
        options: the `Options` (what matters: pieces, path, safe_rosettes, dice,
            capture_throw).
        pieces, length: pieces per player and the path's length.
        keys: every position's packed key, ascending (the index is the rank).
    """

    def __init__(self, options: Options):
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
        self.keys = self._enumerate()
        self._rank = {key: i for i, key in enumerate(self.keys)}

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
        return self._rank[key]

    def _enumerate(self) -> list[int]:
        length, pieces = self.length, self.pieces
        masks: list[tuple[int, int, int]] = []  # (mask, count, shared cells as bits)
        theirs_masks: list[tuple[int, int, int]] = []
        for mask in range(0, 1 << (length + 1), 2):  # bit 0 unused: squares start at 1
            count = _popcount(mask)
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
        rank = self._rank
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
                    out.append((source, 2 * rank[key(theirs, rest, their_off, my_off + 1)]))
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
            if rosettes[target] or (left != theirs and capture_throw):
                out.append((source, 2 * rank[key(moved, left, my_off, their_off)] + 1))
            else:
                out.append((source, 2 * rank[key(left, moved, their_off, my_off)]))
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
    keep = ("pieces", "path", "safe_rosettes", "dice", "capture_throw")
    return all(getattr(table_options, k) == getattr(options, k) for k in keep)


class Table:
    """A solved game: the chance of winning of every position for the player to move, before
    the throw (see the module docstring). Build one with `solve` (or `table_for`).

    Attributes:
        layout: the positions (`Layout`).
        values: ``values[index]``, floats from 0 to 1.
        sweeps: the sweeps made in each layer, most pieces off first (empty for a loaded
            table); seconds: the time the solve took.
    """

    def __init__(self, layout: Layout, values: array, sweeps: tuple[int, ...] = (),
                 seconds: float = 0.0):
        self.layout = layout
        self.values = values
        self.sweeps = sweeps
        self.seconds = seconds

    @property
    def options(self) -> Options:
        return self.layout.options

    def __len__(self) -> int:
        return len(self.values)

    def __repr__(self) -> str:
        return f"<royal_ur.solver.Table: {self.options.describe()}, {len(self):,} positions>"

    def _check(self, state: State) -> None:
        if getattr(state, "RULESET", None) != "royal_ur":
            raise InvalidInput(f"a Royal Game of Ur state is needed, not {shown(state)}")
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
        if throw is None:
            throw = state.throw
            if throw is None:
                raise InvalidInput("no throw is pending: give the throw to value the moves for")
        elif state.throw is not None and throw != state.throw:
            raise InvalidInput(f"the throw is {state.throw} already, not {throw}")
        if throw not in state.options.throw_values:
            raise InvalidInput(f"the {state.options.dice} dice cannot throw {shown(throw)}")
        layout = self.layout
        parts = layout.of_state(state)
        found = layout.moves(*parts, throw)
        if not found:
            index = layout.index(layout.key(*parts))
            return {PASS: 1.0 - self.values[layout.swapped(index)]}
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

    def to_bytes(self) -> bytes:
        """The values at 16 bits each (round to the nearest 1/65535), little-endian."""
        out = array("H", (round(v * 65535) for v in self.values))
        if out.itemsize != 2:
            raise RuntimeError("this platform has no 16-bit unsigned array")
        if array("H", [1]).tobytes() != b"\x01\x00":
            out.byteswap()
        return out.tobytes()

    @classmethod
    def from_bytes(cls, options: Options, data: bytes) -> Table:
        """A table saved by `to_bytes` for `options`.

        Raises:
            InvalidInput: the data does not hold one value per position of `options`.
        """
        layout = Layout(options)
        if len(data) != 2 * len(layout.keys):
            raise InvalidInput(f"a table of {options.describe()} holds {len(layout.keys):,} "
                               f"values, not {len(data) // 2:,}")
        raw = array("H")
        raw.frombytes(data)
        if array("H", [1]).tobytes() != b"\x01\x00":
            raw.byteswap()
        return cls(layout, array("d", (v / 65535 for v in raw)))


# ------------------------------------------------------------------------------------- solving


def _plans(layout: Layout) -> tuple[list[float], list[float], list[tuple[Any, ...]], list[int]]:
    """What each position's value is made of: the chance of the throws with a winning move
    (worth 1), the chance of the throws with no move (a pass: one minus the swapped
    position's value), and for every other throw ``(chance, successors keeping the turn,
    successors handing it over)`` (their values, and one minus theirs); and the index of
    each swapped position."""
    count = len(layout.keys)
    wins = [0.0] * count
    passes = [0.0] * count
    plans: list[tuple[Any, ...]] = [()] * count
    swapped = [0] * count
    unpack, key, rank, moves = layout.unpack, layout.key, layout._rank, layout.moves
    for index, position_key in enumerate(layout.keys):
        parts = unpack(position_key)
        mine, theirs, my_off, their_off = parts
        swapped[index] = rank[key(theirs, mine, their_off, my_off)]
        entries = []
        for throw, chance in layout.throws:
            codes = [code for _, code in moves(*parts, throw)]
            if not codes:
                passes[index] += chance
            elif WIN in codes:
                wins[index] += chance
            else:
                entries.append((chance, tuple(c >> 1 for c in codes if c & 1),
                                tuple(c >> 1 for c in codes if not c & 1)))
        plans[index] = tuple(entries)
    return wins, passes, plans, swapped


def solve(tolerance: float = TOLERANCE, **options: Any) -> Table:
    """Solve the game of `options` (as `new_game` takes them: ``pieces=3``,
    ``rules="masters"``, …) by value iteration; the last sweep of each layer moves no value by
    more than `tolerance`.

    A position and its swapped twin (the same pieces, the other player to move) are updated
    together and exactly: a pass leads from one to the other, so ``v = a + q (1 - v')`` and
    ``v' = a' + q' (1 - v)`` (`a` what the throws with a move give, `q` the chance of a
    pass) are solved as a pair, which removes the slow back-and-forth of two players waiting
    for an exact throw to bear off.

    Raises:
        InvalidInput: bad options, or a path that passes a square twice (Murray's).
    """
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not (
            0 < tolerance < 0.1):
        raise InvalidInput(f"tolerance must be a small positive number, not {shown(tolerance)}")
    started = time.perf_counter()
    layout = Layout(Options.from_keywords("Royal Game of Ur", options))
    wins, passes, plans, swapped = _plans(layout)
    values = [0.5] * len(layout.keys)
    sweeps = []
    for order in _layers(layout):
        pairs = []
        seen: set[int] = set()
        for i in order:
            if i not in seen:
                j = swapped[i]
                seen.update((i, j))
                pairs.append((i, j, plans[i], plans[j], wins[i], wins[j], passes[i], passes[j]))
        sweeps.append(_iterate(pairs, values, tolerance))
    return Table(layout, array("d", values), tuple(sweeps), time.perf_counter() - started)


def _layers(layout: Layout) -> Iterator[list[int]]:
    """The positions in layers of the pieces borne off (most first), each layer most
    advanced first."""
    length = layout.length
    by_layer: dict[int, list[tuple[int, int]]] = {}
    for index, key in enumerate(layout.keys):
        mine, theirs, my_off, their_off = layout.unpack(key)
        advance = _weight(mine) + _weight(theirs) + (my_off + their_off) * (length + 1)
        by_layer.setdefault(my_off + their_off, []).append((advance, index))
    for total in sorted(by_layer, reverse=True):
        layer = by_layer[total]
        layer.sort(reverse=True)
        yield [index for _, index in layer]


@functools.cache
def _weight_table(bits: int) -> tuple[int, ...]:
    return tuple(sum(s for s in range(bits) if mask >> s & 1) for mask in range(1 << bits))


def _weight(mask: int) -> int:
    """The sum of the squares in a mask (a piece's advance)."""
    low = _weight_table(8)
    total = 0
    shift = 0
    while mask:
        total += low[mask & 255] + shift * _popcount(mask & 255)
        mask >>= 8
        shift += 8
    return total


def _iterate(pairs: list[tuple[Any, ...]], values: list[float], tolerance: float) -> int:
    """Gauss–Seidel sweeps over one layer's pairs until no value moves by more than
    `tolerance`; returns the number of sweeps. (One loop, written out: it is the solver's
    whole cost.)"""
    sweeps = 0
    while True:
        sweeps += 1
        worst = 0.0
        for i, j, plan_i, plan_j, a_i, a_j, q_i, q_j in pairs:
            for chance, keeps, hands in plan_i:
                best = 0.0
                for x in keeps:
                    v = values[x]
                    if v > best:
                        best = v
                for x in hands:
                    v = 1.0 - values[x]
                    if v > best:
                        best = v
                a_i += chance * best
            if i == j:
                new = (a_i + q_i) / (1.0 + q_i)
                change = new - values[i]
                if change > worst or -change > worst:
                    worst = abs(change)
                values[i] = new
                continue
            for chance, keeps, hands in plan_j:
                best = 0.0
                for x in keeps:
                    v = values[x]
                    if v > best:
                        best = v
                for x in hands:
                    v = 1.0 - values[x]
                    if v > best:
                        best = v
                a_j += chance * best
            new_i = (a_i + q_i * (1.0 - a_j - q_j)) / (1.0 - q_i * q_j)
            new_j = a_j + q_j * (1.0 - new_i)
            change = new_i - values[i]
            if change > worst or -change > worst:
                worst = abs(change)
            change = new_j - values[j]
            if change > worst or -change > worst:
                worst = abs(change)
            values[i] = new_i
            values[j] = new_j
        if worst <= tolerance:
            return sweeps


# ------------------------------------------------------------------------------ shipped tables


@functools.lru_cache(maxsize=8)
def _table_for(key: tuple[Any, ...]) -> Table | None:
    options = Options(*key)
    for name, spec in SHIPPED.items():
        if _compatible(Options(**spec), options) and (DATA / name).exists():
            return Table.from_bytes(options, (DATA / name).read_bytes())
    if not options.board_path.visits_once or _size(options) > ON_DEMAND:
        return None
    return solve(**options.to_dict())


def table_for(options: Options) -> Table | None:
    """The solved table of a game of `options`: the shipped one (Finkel's rules with 3
    pieces), else solved now if the game is small (at most `ON_DEMAND` positions: a few
    seconds), else None. Tables are kept for the process (a few of them)."""
    keep = tuple(getattr(options, f) for f in ("rules", "pieces", "path", "safe_rosettes",
                                                "dice", "capture_throw"))
    return _table_for((*keep, "dice"))


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

