"""Where Sumeria traders may move, by table look-up: the movement rule compiled per board.

`tables(board)` gives a board's `RayTables`, kept for the last few boards. Both the fast path
(`fast.random_playout`) and the checked `rules.legal_moves` list destinations through them, so
both find the same moves; `Board.reach_scan` is the plain search they are tested against.
"""

from __future__ import annotations

import functools

from engine.sumeria.board import Board


class RayTables:
    """Movement by table look-up, for one board.

    A *ray* is the rest of a route beyond a location, in one direction. Where a set of rays
    leads depends only on the occupancy of their own locations, so each location groups its
    rays into chunks of at most `CHUNK_BITS` locations and keeps, per chunk, a table from that
    occupancy pattern to its *stops*: the first empty location of each ray (destinations, as a
    bitmask) and the first occupied city of each ray (where the trader may turn). A ray that
    ends elsewhere is a dead end. Small tables are filled at once; a longer ray's fills lazily
    and is bounded.

    The rule says the trader's start counts as vacated. Here it counts as occupied, which gives
    the same destinations: a search that passes the start continues exactly as the trader's own
    ray in that direction does, and one that turns at the start (a city) turns onto the
    trader's own rays — so nothing is found that the trader's own rays do not find, and the
    start, being occupied, is never found. With that, every trader shares one answer per group
    of chained occupied cities. The fast-path test checks the equivalence on random games.
    """

    CHUNK_BITS = 10
    LIMIT = 50_000  # patterns kept by a lazily filled table

    def __init__(self, board: Board):
        self.city_mask = board._city_mask
        self.chunks: list[tuple[tuple[int, dict[int, tuple[int, tuple[int, ...]]]], ...]] = []
        self.group_memo: dict[int, tuple[int, int, int]] = {}
        self._rays_of: dict[int, tuple[tuple[int, ...], ...]] = {}
        for rays in board._rays:
            groups: list[list[tuple[int, ...]]] = []
            for ray in rays:
                if groups and len({*ray, *(loc for r in groups[-1] for loc in r)}) <= (
                        self.CHUNK_BITS):
                    groups[-1].append(ray)
                else:
                    groups.append([ray])
            chunks = []
            for group in groups:
                mask = 0
                for loc in (loc for ray in group for loc in ray):
                    mask |= 1 << loc
                table: dict[int, tuple[int, tuple[int, ...]]] = {}
                self._rays_of[id(table)] = tuple(group)
                if mask.bit_count() <= self.CHUNK_BITS:
                    for pattern in _submasks(mask):
                        self._stops(table, pattern)
                chunks.append((mask, table))
            self.chunks.append(tuple(chunks))

    def _stops(self, table: dict[int, tuple[int, tuple[int, ...]]],
               pattern: int) -> tuple[int, tuple[int, ...]]:
        found = 0
        cities = []
        for ray in self._rays_of[id(table)]:
            for step in ray:
                bit = 1 << step
                if not pattern & bit:
                    found |= bit
                    break
                if self.city_mask & bit:
                    cities.append(step)
                    break
        if len(table) >= self.LIMIT:
            table.clear()
        entry = table[pattern] = (found, tuple(cities))
        return entry

    def destinations(self, starts: list[int], occ: int) -> tuple[list[int], int]:
        """The destinations (bitmasks) of traders on each of `starts` (`occ` including them),
        and how many there are in all."""
        chunks, stops = self.chunks, self._stops
        groups: dict[int, int] = {}
        out = []
        total = 0
        for start in starts:
            found = 0
            for mask, table in chunks[start]:
                pattern = occ & mask
                entry = table.get(pattern)
                if entry is None:
                    entry = stops(table, pattern)
                found |= entry[0]
                for city in entry[1]:
                    group = groups.get(city)
                    if group is None:
                        group = self._group(city, occ, groups)
                    found |= group
            out.append(found)
            total += found.bit_count()
        return out, total

    def _group(self, city: int, occ: int, groups: dict[int, int]) -> int:
        """The destinations from an occupied city and every occupied city chained to it.

        The answer is also kept with its *footprint* (every location it looked at): it stays
        valid while the occupancy there is unchanged, which is often true a turn later.
        """
        memo = self.group_memo.get(city)
        if memo is not None and occ & memo[0] == memo[1]:
            groups[city] = memo[2]
            return memo[2]
        chunks, stops = self.chunks, self._stops
        members = [city]
        found = 0
        footprint = 0
        for member in members:
            for mask, table in chunks[member]:
                footprint |= mask
                pattern = occ & mask
                entry = table.get(pattern) or stops(table, pattern)
                found |= entry[0]
                for other in entry[1]:
                    if other not in members:
                        members.append(other)
        memo = (footprint, occ & footprint, found)
        for member in members:
            groups[member] = found
            self.group_memo[member] = memo
        return found


def _submasks(mask: int) -> list[int]:
    """Every pattern of bits within `mask`."""
    out = [0]
    while mask:
        low = mask & -mask
        out += [p | low for p in out]
        mask ^= low
    return out


@functools.lru_cache(maxsize=16)
def tables(board: Board) -> RayTables:
    """The movement tables of `board` (built once per board, kept for the last 16)."""
    return RayTables(board)
