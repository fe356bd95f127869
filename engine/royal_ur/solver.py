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
from dataclasses import replace
from operator import itemgetter, mul
from pathlib import Path as FilePath
from typing import Any

from engine.core import InvalidInput, shown
from engine.royal_ur.board import Path
from engine.royal_ur.dice import CHANCES
from engine.royal_ur.rules import ENTER, MOVES, PASS
from engine.royal_ur.state import Options, State

#: The default tolerance: no value moves by more than this in the last sweep of a layer (the
#: values are then within about as much of the exact ones; a shipped table keeps 16 bits).
TOLERANCE = 1e-6
#: What a successor code means when the move wins at once (the last piece borne off).
WIN = -1
DATA = FilePath(__file__).parent / "data"
#: The solved tables that ship: file name -> the options they solve.
SHIPPED = {"finkel-3.bin": {"rules": "finkel", "pieces": 3}}
#: What decides a game's positions and moves (the rest of `Options` does not).
GAME_FIELDS = ("pieces", "path", "safe_rosettes", "dice", "capture_throw")
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
    return all(getattr(table_options, k) == getattr(options, k) for k in GAME_FIELDS)


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


def _plans(layout: Layout) -> list[tuple[Any, ...]]:
    """What each position's value is made of, as ``(wins, passes, chances, getter, choices)``:
    the chance of the throws with a winning move (worth 1); the chance of the throws with no
    move (a pass: one minus the swapped position's value); the throws with a single move
    (its successor's value read in one call, ``getter(w)``, weighted by ``chances``); and
    the throws with a choice, ``(chance, getter)``, worth the best of the values the getter
    reads. Values are read from ``w``, where ``w[2 * i + 1]`` is position *i*'s value and
    ``w[2 * i]`` one minus it: a successor code of `Layout.moves` indexes it directly.

    The same moves as `Layout.moves`, worked out faster: where a player's own pieces let
    them go is found once for each arrangement of its pieces, and the other player's pieces
    only decide captures and safe rosettes."""
    pair = layout.pair
    length, pieces = layout.length, layout.pieces
    rosettes, meets = pair.rosettes, layout.meets
    safe, capture_throw = layout.options.safe_rosettes, layout.options.capture_throw
    throws = [(t, c) for t, c in layout.throws if t > 0]
    zero = sum(c for t, c in layout.throws if t == 0)
    rank = layout._rank
    shift_theirs, shift_mine_off, shift_their_off = length + 1, 2 * length + 2, 2 * length + 5
    full = (1 << (length + 1)) - 1
    # For my pieces and whether one may enter: per throw, the moves my own pieces allow, as
    # (my pieces after it, or -1 borne off; the other player's square on the target, or 0;
    # whether the target is a rosette).
    reach: dict[tuple[int, bool], list[tuple[float, list[tuple[int, int, bool]]]]] = {}
    plans = []
    for position_key in layout.keys:
        mine, theirs = position_key & full, position_key >> shift_theirs & full
        my_off, their_off = position_key >> shift_mine_off & 7, position_key >> shift_their_off
        enter = pieces - mine.bit_count() - my_off > 0
        own = reach.get((mine, enter))
        if own is None:
            own = reach[mine, enter] = _reach(mine, enter, throws, length, rosettes, meets)
        keep = my_off << shift_mine_off | their_off << shift_their_off
        hand = their_off << shift_mine_off | my_off << shift_their_off
        wins, passes = 0.0, zero
        singles: list[tuple[float, int]] = []
        choices = []
        for chance, found in own:
            codes = set()
            for after, victim, rosette in found:
                if after < 0:  # borne off
                    if my_off + 1 == pieces:
                        break
                    codes.add(2 * rank[theirs | (mine ^ -after) << shift_theirs | hand
                                       + (1 << shift_their_off)])
                    continue
                left = theirs
                if victim and theirs >> victim & 1:
                    if safe and rosette:
                        continue
                    left = theirs ^ 1 << victim
                if rosette or (capture_throw and left != theirs):
                    codes.add(2 * rank[after | left << shift_theirs | keep] + 1)
                else:
                    codes.add(2 * rank[left | after << shift_theirs | hand])
            else:
                if not codes:
                    passes += chance
                elif len(codes) == 1:
                    singles.append((chance, codes.pop()))
                else:
                    choices.append((chance, itemgetter(*codes)))
                continue
            wins += chance
        if len(singles) == 1:
            # itemgetter of one item returns the item, not a tuple: read it twice, weigh it once.
            singles.append((0.0, singles[0][1]))
        getter = itemgetter(*(x for _, x in singles)) if singles else None
        plans.append((wins, passes, tuple(c for c, _ in singles), getter, tuple(choices)))
    return plans


def _reach(mine: int, enter: bool, throws: list[tuple[int, float]], length: int,
           rosettes: tuple[bool, ...], meets: tuple[int, ...]) -> list[tuple[float, Any]]:
    """For `_plans`: per throw, where my pieces may go as far as my own pieces are
    concerned: ``(my pieces after the move, the other player's square there, rosette)``,
    or ``(-(bit of the piece), 0, False)`` for a piece borne off."""
    sources = [s for s in range(1, length + 1) if mine >> s & 1]
    if enter:
        sources.insert(0, 0)
    home = length + 1
    out = []
    for throw, chance in throws:
        found = []
        for source in sources:
            target = source + throw
            if target == home:
                found.append((-(1 << source), 0, False))
            elif target < home and not mine >> target & 1:
                found.append(((mine & ~(1 << source)) | 1 << target, meets[target],
                              rosettes[target]))
        out.append((chance, found))
    return out


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
    plans = _plans(layout)
    w = [0.5] * (2 * len(layout.keys))
    sweeps = []
    for order in _layers(layout):
        pairs = []
        seen: set[int] = set()
        for i in order:
            if i not in seen:
                j = layout.swapped(i)
                seen.update((i, j))
                pairs.append((i, j, plans[i], plans[j]))
        sweeps.append(_iterate(pairs, w, tolerance))
    return Table(layout, array("d", w[1::2]), tuple(sweeps), time.perf_counter() - started)


def layer_keys(layout: Layout) -> list[tuple[int, ...]]:
    """Each position's layer, by index: positions of one layer lead only to each other and to
    layers earlier in ``sorted(set(...), reverse=True)``.

    A player's pieces borne off, and those in the *tail* — the squares after the last one
    both paths share, where no piece is ever captured and from which a piece only moves on
    to bear off — never decrease: a layer is a pair of ``(borne off + in the tail, borne
    off)``, one for each player, unordered (a move may hand the turn over). Bearing off, or
    a piece entering the tail, leads to a layer before."""
    pair = layout.pair
    last_shared = max(s for s in range(1, layout.length + 1) if pair.shared[s])
    tail = sum(1 << s for s in range(last_shared + 1, layout.length + 1))
    out = []
    for key in layout.keys:
        mine, theirs, my_off, their_off = layout.unpack(key)
        me = (my_off + (mine & tail).bit_count(), my_off)
        them = (their_off + (theirs & tail).bit_count(), their_off)
        out.append((me[0] + them[0], me[1] + them[1], *max(me, them), *min(me, them)))
    return out


def _layers(layout: Layout) -> Iterator[list[int]]:
    """The positions in layers (`layer_keys`), each most advanced first: a move that
    captures nothing leads to a more advanced position, already updated in the sweep."""
    by_layer: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for index, (key, layer) in enumerate(zip(layout.keys, layer_keys(layout))):
        mine, theirs, _, _ = layout.unpack(key)
        by_layer.setdefault(layer, []).append((_weight(mine) + _weight(theirs), index))
    for layer in sorted(by_layer, reverse=True):
        positions = by_layer[layer]
        positions.sort(reverse=True)
        yield [index for _, index in positions]


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


def _iterate(pairs: list[tuple[Any, ...]], w: list[float], tolerance: float) -> int:
    """Gauss–Seidel sweeps over one layer's pairs until a sweep of the whole layer moves no
    value by more than `tolerance`; returns the number of such sweeps.

    Most values settle in a few sweeps while a few, where captures come round again and
    again, take many: so between sweeps of the whole layer, the pairs that still moved by
    more than `tolerance` are swept on their own until they settle (while they are fewer
    than half the layer). The last sweep is always one of the whole layer."""
    sweeps = 0
    while True:
        worst, unsettled = _sweep(pairs, w, tolerance)
        sweeps += 1
        if worst <= tolerance:
            return sweeps
        while unsettled and 2 * len(unsettled) < len(pairs):
            _, unsettled = _sweep(unsettled, w, tolerance)


def _sweep(pairs: list[tuple[Any, ...]], w: list[float],
           tolerance: float) -> tuple[float, list[tuple[Any, ...]]]:
    """One Gauss–Seidel sweep over `pairs`, in order: the largest change of a value, and the
    pairs whose values moved by more than `tolerance`. (One loop, written out: it is the
    solver's whole cost.)"""
    worst = 0.0
    unsettled = []
    for entry in pairs:
        i, j, plan_i, plan_j = entry
        a_i, q_i, chances, getter, choices = plan_i
        if getter is not None:
            a_i += sum(map(mul, chances, getter(w)))
        for chance, choice in choices:
            a_i += chance * max(choice(w))
        if i == j:
            new_i = (a_i + q_i) / (1.0 + q_i)
            change = abs(new_i - w[2 * i + 1])
        else:
            a_j, q_j, chances, getter, choices = plan_j
            if getter is not None:
                a_j += sum(map(mul, chances, getter(w)))
            for chance, choice in choices:
                a_j += chance * max(choice(w))
            new_i = (a_i + q_i * (1.0 - a_j - q_j)) / (1.0 - q_i * q_j)
            new_j = a_j + q_j * (1.0 - new_i)
            change = max(abs(new_i - w[2 * i + 1]), abs(new_j - w[2 * j + 1]))
            w[2 * j + 1] = new_j
            w[2 * j] = 1.0 - new_j
        w[2 * i + 1] = new_i
        w[2 * i] = 1.0 - new_i
        if change > tolerance:
            unsettled.append(entry)
            if change > worst:
                worst = change
    return worst, unsettled


# ------------------------------------------------------------------------------ shipped tables


@functools.lru_cache(maxsize=8)
def _table_for(game: tuple[Any, ...]) -> Table | None:
    options = Options(**dict(zip(GAME_FIELDS, game)))
    for name, spec in SHIPPED.items():
        if _compatible(Options(**spec), options) and (DATA / name).exists():
            return Table.from_bytes(options, (DATA / name).read_bytes())
    if not options.board_path.visits_once or _size(options) > ON_DEMAND:
        return None
    return solve(**{f: getattr(options, f) for f in GAME_FIELDS})


def table_for(options: Options) -> Table | None:
    """The solved table of a game of `options`: the shipped one (Finkel's rules with 3
    pieces), else solved now if the game is small (at most `ON_DEMAND` positions: the 1- and
    2-piece games in a moment, a 3-piece game of Bell's path in seconds), else None. Tables
    are kept for the process (a few of them)."""
    return _table_for(tuple(getattr(options, f) for f in GAME_FIELDS))


def endgame_for(options: Options) -> tuple[Table, int] | None:
    """The largest solved table (`table_for`) of the same game with fewer pieces, and how
    many fewer: a position where both players have borne off at least that many pieces *is*
    a position of that game (the pieces borne off count less by as many; the pieces on the
    board and waiting are the same), so its value is exact. None if no smaller game is
    solved."""
    for fewer in range(1, options.pieces):
        table = table_for(replace(options, pieces=options.pieces - fewer))
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


def solved_table(state: State) -> tuple[Table, State] | None:
    """The table that solves `state` and the state as that table's game: the game's own
    table (`table_for`), or a smaller game's once `state` is in its endgame (`endgame_for`,
    `reduced`); None if neither is solved."""
    table = table_for(state.options)
    if table is not None:
        return table, state
    endgame = endgame_for(state.options)
    if endgame is not None:
        smaller = reduced(state, endgame[1])
        if smaller is not None:
            return endgame[0], smaller
    return None


def win_chance(state: State, player: int | None = None) -> float | None:
    """The chance that `player` (default: the player to move) wins from `state` under perfect
    play (`Table.win_chance`), where the game or its endgame is solved; else None.

    Raises:
        InvalidInput: `state` is not a Royal Game of Ur state.
    """
    _check_state_type(state)
    if state.is_over:
        return float(state.winner == player) if player is not None else 0.0
    found = solved_table(state)
    return None if found is None else found[0].win_chance(found[1], player)


def move_values(state: State, throw: int | None = None) -> dict[Any, float] | None:
    """Each legal move's chance of winning for the player to move, with the pending throw
    (or `throw`), under perfect play (`Table.move_values`), where the game or its endgame is
    solved; else None.

    Raises:
        InvalidInput: as `Table.move_values` (no throw pending and none given, …).
    """
    _check_state_type(state)
    found = solved_table(state)
    return None if found is None else found[0].move_values(found[1], throw)


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

