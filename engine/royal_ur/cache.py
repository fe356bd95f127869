"""Solved tables kept on this machine, outside the package: the local cache.

The 7-piece game of Finkel's rules has 137,870,097 positions. Its table, 16 bits a value, is
276 MB: too large to ship, too large for the pure-Python solver, and too large for a `Layout`,
which lists every position's key (a Python int each: gigabytes). The numpy builder writes it
here instead::

    nice -n 10 python scripts/royal_ur_table.py --pieces 7 --cache

and `solver.table_for` finds it here, so the boards' `win_chance` and `move_values`, the
expert and the coach answer exactly wherever the game is in the cache. The folder is
``$SUMER_CACHE/royal_ur`` if that variable is set, else ``$XDG_CACHE_HOME/sumer/royal_ur``,
else ``~/.cache/sumer/royal_ur`` (`folder`); nothing in it is ever committed.

A cached table is one file per game (`path`), little-endian:

- 8 bytes ``SUMERUR1``; 4 bytes, the length of the header; the header, JSON: the game
  (`solver.GAME_FIELDS`), the positions, the tolerance of the solve, and where the index and
  the values begin (both at multiples of 8);
- the index: for every *prefix* of a packed key (`Layout.key` without the mover's squares:
  the other player's squares and both counts borne off), the rank of the first position at
  or after it — ``2 ** prefix_bits + 1`` unsigned 32-bit numbers;
- the values, `Table.to_bytes`'s 16 bits each, in the order of the packed keys.

The file is mapped, not read (`mmap`): a query reads a few pages, and opening it costs
nothing. A position's index is its prefix's entry plus the rank of the mover's squares among
the masks the prefix allows (`RankedLayout.index`: the masks with no piece where the other
player stands on a shared square, and no more pieces than are left to the mover), counted with
binomial coefficients rather than listed.

Limits: only where memory mapping works (not in the browser, which has no cache anyway) and on
a little-endian machine; a file that does not match its game's count of positions is ignored
(`load` says why with `InvalidInput` when asked directly, `solver.table_for` passes over it).
"""

from __future__ import annotations

import json
import os
import sys
from math import comb
from pathlib import Path as FilePath
from typing import Any

from engine.core import InvalidInput, shown
from engine.royal_ur import solver
from engine.royal_ur.solver import (
    GAME_FIELDS,
    PRECISION_16,
    Layout,
    Table,
    _compatible,
    _size,
    game_of,
)
from engine.royal_ur.state import Options

MAGIC = b"SUMERUR1"
#: The version of the file's layout, in its header.
VERSION = 1


def folder() -> FilePath:
    """Where cached tables live (see the module docstring)."""
    root = os.environ.get("SUMER_CACHE")
    if root:
        return FilePath(root) / "royal_ur"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return FilePath(base) / "sumer" / "royal_ur"


def path(options: Options) -> FilePath:
    """The cached table of the game of `options`: ``7-bell-safe-four-plain.table`` (pieces,
    path, safe rosettes or open, dice, another throw on a capture or plain; ``-still`` ends
    the name of a game whose rosettes give no other throw, the house rule)."""
    pieces, route, safe, dice, capture, rosette_throw = game_of(options)
    name = (f"{pieces}-{route}-{'safe' if safe else 'open'}-{dice}-"
            f"{'capture' if capture else 'plain'}{'' if rosette_throw else '-still'}.table")
    return folder() / name


def prefix_bits(options: Options) -> int:
    """The bits of a packed key above the mover's squares (`Layout.key`)."""
    length = options.board_path.length
    return (2 * length + 8) - (length + 1)


def header(options: Options, positions: int, tolerance: float) -> bytes:
    """The start of a cached table's file, up to where its index begins."""
    count = (1 << prefix_bits(options)) + 1
    body = {"version": VERSION, "game": dict(zip(GAME_FIELDS, game_of(options))),
            "positions": positions, "tolerance": tolerance, "prefix_bits": prefix_bits(options)}
    for _ in range(2):  # the offsets' own digits change the header's length: settle them
        text = json.dumps(body, sort_keys=True).encode()
        index_at = _aligned(len(MAGIC) + 4 + len(text))
        body["index_offset"] = index_at
        body["values_offset"] = _aligned(index_at + 4 * count)
    text = json.dumps(body, sort_keys=True).encode()
    start = MAGIC + len(text).to_bytes(4, "little") + text
    if len(start) > body["index_offset"]:
        raise AssertionError("the header grew past its index")
    return start + b"\0" * (body["index_offset"] - len(start))


def _aligned(offset: int) -> int:
    return -(-offset // 8) * 8


def write(table: Table, target: FilePath | None = None) -> FilePath:
    """Write a table solved in pure Python (`solver.solve`, whose layout lists its keys) to
    the cache, or to `target`; returns the file's path. The numpy builder writes the same
    format for the games too large to list."""
    layout = table.layout
    options = layout.options
    keys = layout.keys
    shift = layout.length + 1
    count = (1 << prefix_bits(options)) + 1
    starts = [0] * count
    # starts[p]: the rank of the first key whose prefix is p or more.
    at = 0
    for p in range(count):
        while at < len(keys) and keys[at] >> shift < p:
            at += 1
        starts[p] = at
    target = path(options) if target is None else FilePath(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    start = header(options, len(keys), table.tolerance or PRECISION_16)
    index = b"".join(n.to_bytes(4, "little") for n in starts)
    info = json.loads(start[12:12 + int.from_bytes(start[8:12], "little")])
    padding = b"\0" * (info["values_offset"] - info["index_offset"] - len(index))
    partial = target.with_name(target.name + ".part")
    partial.write_bytes(start + index + padding + table.to_bytes())
    partial.replace(target)
    return target


class RankedLayout(Layout):
    """A `Layout` that finds a position's index from the cached index of prefixes and
    binomial coefficients (see the module docstring), without listing the keys."""

    def __init__(self, options: Options, starts: Any):
        self._prepare(options)
        self.starts = starts
        self.shift = self.length + 1
        length, pieces = self.length, self.pieces
        # below[n][k]: how many masks of n free squares hold at most k pieces.
        self.below = [[sum(comb(n, j) for j in range(k + 1)) for k in range(pieces + 1)]
                      for n in range(length + 1)]
        shared = [s for s in range(1, length + 1) if self.pair.shared[s]]
        # The mover's squares that meet each of the other player's squares.
        self.meeting = [(s, self.meets[s]) for s in shared]
        self.index = self._index

    def _index(self, key: int) -> int:
        shift, length = self.shift, self.length
        prefix = key >> shift
        mine = key & ((1 << shift) - 1)
        theirs = prefix & ((1 << shift) - 1)
        my_off = prefix >> shift & 7
        room = self.pieces - my_off
        blocked = 0
        for square, meets in self.meeting:
            if theirs >> meets & 1:
                blocked |= 1 << square
        if mine & blocked or mine.bit_count() > room or mine & 1:
            raise InvalidInput(f"{shown(key)} is not a position of this game")
        below = self.below
        rank = 0
        ones = 0
        free = 0
        # Count the allowed masks below `mine`: agree above a square of mine, empty on it,
        # anything allowed below it within the pieces left.
        frees = [0] * (length + 2)
        for square in range(1, length + 1):
            frees[square] = free
            if not blocked >> square & 1:
                free += 1
        for square in range(length, 0, -1):
            if mine >> square & 1:
                rank += below[frees[square]][room - ones]
                ones += 1
        return self.starts[prefix] + rank


class _Scaled:
    """The cached 16-bit values read as floats, as `Table.values` holds them."""

    __slots__ = ("raw",)

    def __init__(self, raw: memoryview):
        self.raw = raw

    def __getitem__(self, index: int) -> float:
        return self.raw[index] / 65535

    def __len__(self) -> int:
        return len(self.raw)


def load(options: Options) -> Table | None:
    """The cached table of the game of `options`, or None if the cache has none.

    Raises:
        InvalidInput: the file is there but is not that game's table (a wrong size or game).
    """
    where = path(options)
    if not where.is_file() or sys.byteorder != "little":
        return None
    try:
        import mmap  # not in every Python (the browser's may lack it): then no cache
    except ImportError:
        return None
    try:
        with open(where, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    view = memoryview(mapped)
    if bytes(view[:8]) != MAGIC:
        raise InvalidInput(f"{where} is not a cached table of the Royal Game of Ur")
    try:
        size = int.from_bytes(view[8:12], "little")
        info = json.loads(bytes(view[12:12 + size]))
        game = Options(**info["game"])
        positions, bits = info["positions"], info["prefix_bits"]
        index_at, values_at = info["index_offset"], info["values_offset"]
        tolerance = float(info["tolerance"])
    except (ValueError, KeyError, TypeError, InvalidInput):
        raise InvalidInput(f"{where}: its header is not a cached table's") from None
    expected = _size(options)
    if not _compatible(game, options) or positions != expected or bits != prefix_bits(
            options) or len(view) != values_at + 2 * positions:
        raise InvalidInput(f"{where} does not hold the {expected:,} values of "
                           f"{options.describe()}")
    starts = view[index_at:index_at + 4 * ((1 << bits) + 1)].cast("I")
    if starts[len(starts) - 1] != positions:
        raise InvalidInput(f"{where}: its index does not end at its {positions:,} positions")
    values = _Scaled(view[values_at:values_at + 2 * positions].cast("H"))
    return Table(RankedLayout(options, starts), values, tolerance=max(tolerance, PRECISION_16))


solver.SOURCES.append(load)
