"""The fast path: a whole random game on private scratch data, for bots and simulations.

`random_playout` plays uniformly random legal moves to the end. It never builds the list of
legal moves: it counts them, draws one index with ``rng.randrange(count)`` and builds only that
move, in the same order as `legal_moves`. So for the same generator it plays exactly the game
that repeatedly playing ``legal_moves(s)[rng.randrange(len(...))]`` through `apply` plays —
``tests/engine/test_sumeria_fast.py`` checks that, state for state.

It shares the scoring functions with the checked rules and mutates only its own lists.
"""

from __future__ import annotations

import functools
import random
from bisect import insort

from engine.bitmask import nth_bit
from engine.core import recording_randrange
from engine.sumeria.board import Board
from engine.sumeria.rules import _draw
from engine.sumeria.scoring import last_player, leftover, standings, tile_choices
from engine.sumeria.state import (
    INITIAL_TRADERS,
    OFFER_SIZES,
    ROUNDS,
    TILES,
    TURNS_PER_ROUND,
    State,
    _evolve,
)


def random_playout(state: State, rng: random.Random, record: list[int] | None = None,
                   max_moves: int | None = None) -> State:
    """Play random legal moves from `state` to the end of the game; return the final state.

    If `record` is a list, the index drawn at each decision is appended to it (the index into
    ``legal_moves`` of that state). With `max_moves`, stop at the first placement or turn after
    that many decisions and return the state reached (a search's horizon; a whole game is under
    a hundred decisions).
    """
    if state.phase == "over":
        return state
    board = state.board
    tables = _tables(board)
    chunks, stops, group_of = tables.chunks, tables._stops, tables._group
    group_memo = tables.group_memo
    n = state.players
    size = len(board.locations)
    cs_of = board._cs_of
    # Per city-state: its city, and its locations with 1 where they count for the second
    # tie-break (towns or villages).
    second_kind = "town" if state.options.tiebreak == "towns" else "village"
    members = [tuple((i, board._kind_of[i] == second_kind) for i in locs)
               for locs in board._by_cs]
    city_of = board._city_of

    traders = list(state.traders)
    occ = 0
    for i, o in enumerate(traders):
        if o >= 0:
            occ |= 1 << i
    reserve = list(state.reserve)
    row = [board._cs_index[c] for c in state.row]
    offer = list(state.offer)
    bag, discard = state.bag, state.discard
    influence = [list(c) for c in state.influence]
    phase, rnd, step, first = state.phase, state.round, state.step, state.first_player
    scoring = state.scoring
    randrange = recording_randrange(rng, record)
    owned = [[i for i in range(size) if traders[i] == p] for p in range(n)]
    empties = [i for i in range(size) if traders[i] < 0]
    turns_in_round = TURNS_PER_ROUND * n
    last_cs = len(row) - 1

    def counts_in(cs: int) -> list[int]:
        counts = [0] * n
        for i, _ in members[cs]:
            owner = traders[i]
            if owner >= 0:
                counts[owner] += 1
        return counts

    decisions = 0
    names = [cs.id for cs in board.city_states]
    while True:
        if max_moves is not None and decisions >= max_moves and phase != "scoring":
            return _evolve(
                state, phase=phase, round=rnd, step=step, first_player=first,
                to_move=(first + step) % n, traders=tuple(traders), reserve=tuple(reserve),
                row=tuple(names[c] for c in row), offer=tuple(offer), bag=bag, discard=discard,
                influence=tuple((c[0], c[1], c[2], c[3]) for c in influence), scoring=0)
        decisions += 1
        if phase == "placement":
            player = (first + step) % n
            i = empties.pop(randrange(len(empties)))
            traders[i] = player
            occ |= 1 << i
            insort(owned[player], i)
            reserve[player] -= 1
            step += 1
            if step == n * INITIAL_TRADERS[n]:
                phase, step = "turns", 0
            continue

        if phase == "turns":
            player = (first + step) % n
            own = owned[player]
            # Every destination of every own trader: the count draws the move.
            groups: dict[int, int] = {}
            masks = []
            moves = 0
            for start in own:
                found = 0
                for mask, table in chunks[start]:
                    pattern = occ & mask
                    entry = table.get(pattern) or stops(table, pattern)
                    found |= entry[0]
                    for city in entry[1]:
                        group = groups.get(city)
                        if group is None:
                            # Inlined from _group: its memo usually holds a turn later.
                            memo = group_memo.get(city)
                            if memo is not None and occ & memo[0] == memo[1]:
                                group = groups[city] = memo[2]
                            else:
                                group = group_of(city, occ, groups)
                        found |= group
                masks.append(found)
                moves += found.bit_count()
            adds = len(empties) if reserve[player] else 0
            pick = randrange(adds + moves + len(own))
            if pick < adds:
                i = empties.pop(pick)
                traders[i] = player
                occ |= 1 << i
                insort(own, i)
                reserve[player] -= 1
                gain = cs_of[i]
            elif pick < adds + moves:
                pick -= adds
                k = 0
                while pick >= (count := masks[k].bit_count()):
                    pick -= count
                    k += 1
                i, j = own[k], nth_bit(masks[k], pick)
                traders[i], traders[j] = -1, player
                occ ^= (1 << i) | (1 << j)
                del own[k]
                insort(own, j)
                empties.remove(j)
                insort(empties, i)
                gain = cs_of[j] if cs_of[i] != cs_of[j] else -1
            else:
                i = own.pop(pick - adds - moves)
                traders[i] = -1
                occ ^= 1 << i
                insort(empties, i)
                reserve[player] += 1
                gain = -1
                k = row.index(cs_of[i])  # lost influence: one place to the right
                if k < last_cs:
                    row[k], row[k + 1] = row[k + 1], row[k]
            if gain >= 0:  # gained influence: one place to the left
                k = row.index(gain)
                if k:
                    row[k], row[k - 1] = row[k - 1], row[k]
            step += 1
            if step < turns_in_round:
                continue
            phase, scoring = "scoring", 0

        # Scoring: resume at `scoring`, choosing at random wherever a choice matters.
        for k in range(scoring, len(OFFER_SIZES)):
            cs = row[k]
            counts = [0] * n
            second = [0] * n
            for i, counts_second in members[cs]:
                owner = traders[i]
                if owner >= 0:
                    counts[owner] += 1
                    if counts_second:
                        second[owner] += 1
            order, _ = standings(counts, traders[city_of[cs]], second, first)
            offered = offer[k]
            offer[k] = ""
            if not order:
                discard += offered
                continue
            choices = tile_choices(offered, k)
            if len(choices) > 1:
                decisions += 1
                taken = choices[randrange(len(choices))]
            else:
                taken = choices[0] if choices else ""
            gain_tiles = influence[order[0]]
            for t in taken:
                gain_tiles[TILES.index(t)] += 1
            rest = leftover(offered, taken)
            if rest:
                if len(order) > 1:
                    gain_tiles = influence[order[1]]
                    for t in rest:
                        gain_tiles[TILES.index(t)] += 1
                else:
                    discard += rest
        if rnd == ROUNDS:
            break
        last, _ = last_player((counts_in(cs) for cs in row), n, first)
        first = (last + 1) % n
        row = [*row[3:], *reversed(row[:3])]
        drawn, bag = _draw(bag)
        offer = list(drawn)
        rnd, step, phase, scoring = rnd + 1, 0, "turns", 0

    return _evolve(
        state, phase="over", round=rnd, step=0, first_player=first, to_move=None,
        traders=tuple(traders), reserve=tuple(reserve), row=tuple(names[c] for c in row),
        offer=("", "", ""), bag=bag, discard=discard,
        influence=tuple((c[0], c[1], c[2], c[3]) for c in influence), scoring=0)


class _RayTables:
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
def _tables(board: Board) -> _RayTables:
    return _RayTables(board)
