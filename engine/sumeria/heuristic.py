"""A one-ply evaluation of a Sumeria position, for `GreedyBot` and for reading positions.

`evaluate(state, player)` is the player's points if the round were scored now, minus the best
opponent's: current tiles, plus the tiles the present standings in the three leading
city-states would bring (the controller keeping the most valuable tiles for themselves), plus a
quarter point for each trader in the three city-states that lead the next round (after the row
turns, ranks 4–6 become 1–3). It is a heuristic, not the rules: it knows nothing of the moves
still to come this round.

The bots call it for every move they look at (the expert some thousands of times a decision),
so it reads a city-state's standings (S-CTRL-1…4: `scoring.standings`' order) from a memo kept
per board, keyed by who stands on each of its locations, and remembers which tiles a controller
would keep: the same standings and the same arithmetic as asking `rules.control` each time, so
the same value to the last bit.
"""

from __future__ import annotations

import math
from operator import itemgetter
from typing import Any

from engine.sumeria.board import Board
from engine.sumeria.moves import Add, MoveTrader, Remove
from engine.sumeria.rules import control
from engine.sumeria.scoring import leftover, score_counts, tile_choices
from engine.sumeria.state import TILES, State

FUTURE_TRADER = 0.25
#: Entries a memo keeps before it starts again (a few MB).
_MEMO_LIMIT = 200_000


def evaluate(state: State, player: int) -> float:
    """The player's projected points minus the best opponent's (higher is better)."""
    return Valuer(state)(state.traders, state.row, player)


def evaluate_parts(state: State, traders: tuple[int, ...], row: tuple[str, ...],
                   player: int) -> float:
    """`evaluate` of `state` with `traders` and `row` in place of its own: the value of a
    turn's move from `rules.turn_changes`, without making the state (for searches)."""
    return Valuer(state)(traders, row, player)


def projected(state: State, terms: list[dict[tuple[str, ...], float]] | None = None
              ) -> list[float]:
    """Each player's projected points (see the module docstring), read the plain way, through
    `rules.control` (the coach's reading; `Valuer` gives the same values, faster).

    With `terms` (one dict per player), each player's points are also added up there by name
    (for the coach, `engine.coach`): ``("tiles",)`` the tiles held, ``("scoring", city-state,
    "first" | "second")`` what the standings there would bring, ``("next_round",
    city-state)`` the traders in the city-states that lead the next round."""
    table, takes = state.options.points, state.options.takes
    counts = [list(c) for c in state.influence]
    if terms is not None:
        for p, held in enumerate(counts):
            terms[p][("tiles",)] = float(score_counts(held, table))
    if state.phase != "over":
        start = state.scoring if state.phase == "scoring" else 0
        for rank in range(start, len(state.offer)):
            offered = state.offer[rank]
            order, _, _ = control(state, rank)
            if not order or not offered:
                continue
            first = counts[order[0]]
            taken = max(tile_choices(offered, 0, (takes[rank],)),
                        key=lambda t: _gain(first, t, table))
            if terms is not None:
                _named(terms[order[0]], ("scoring", state.row[rank], "first"), first, taken,
                       table)
            _add(first, taken)
            if len(order) > 1:
                rest = leftover(offered, taken)
                if terms is not None:
                    _named(terms[order[1]], ("scoring", state.row[rank], "second"),
                           counts[order[1]], rest, table)
                _add(counts[order[1]], rest)
    points = [float(score_counts(c, table)) for c in counts]
    if state.phase != "over":
        for rank in range(3, min(6, len(state.row))):
            for p, traders in enumerate(control(state, rank)[2]):
                points[p] += FUTURE_TRADER * traders
                if terms is not None and traders:
                    terms[p][("next_round", state.row[rank])] = FUTURE_TRADER * traders
    return points


def terms(state: State, player: int) -> dict[tuple[str, ...], float]:
    """The named terms of `evaluate(state, player)`, which they add up to: the player's own
    (`projected`) and ``("rival", p)``, minus the best opponent's points."""
    per_player: list[dict[tuple[str, ...], float]] = [{} for _ in range(state.players)]
    points = projected(state, per_player)
    rival = max((p for p in range(state.players) if p != player), key=points.__getitem__)
    return {**per_player[player], ("rival", str(rival)): -points[rival]}


def _named(into: dict[tuple[str, ...], float], key: tuple[str, ...], counts: list[int],
           tiles: str, table: tuple[int, ...]) -> None:
    into[key] = into.get(key, 0.0) + _gain(counts, tiles, table)


def _gain(counts: list[int], tiles: str, table: tuple[int, ...]) -> int:
    after = list(counts)
    _add(after, tiles)
    return score_counts(after, table) - score_counts(counts, table)


def _add(counts: list[int], tiles: str) -> None:
    for t in tiles:
        counts[TILES.index(t)] += 1


class Valuer:
    """`evaluate` for the positions that differ from `state` only in traders and row — every
    move of a turn inside a round, every placement: what the position keeps (tiles, offer,
    first player, options) is read once; ``valuer(traders, row, player)`` values one such
    position, and `move_values` every move of `state` without making its position."""

    __slots__ = ("board", "counts", "cs_index", "first_player", "kept", "n", "over", "ranks",
                 "scored", "sides", "state", "table")

    def __init__(self, state: State):
        options = state.options
        self.state = state
        self.board = state.board
        self.table = table = options.points
        self.n = state.players
        self.counts = list(state.influence)
        self.over = state.phase == "over"
        self.sides = _sides(state.board, options.tiebreak)
        self.cs_index = state.board._cs_index
        self.first_player = state.first_player
        self.kept = _kept_memo(table)
        self.scored: dict[Any, list[float]] = {}
        takes = options.takes
        start = state.scoring if state.phase == "scoring" else 0
        self.ranks = [(rank, offered, takes[rank]) for rank, offered
                      in enumerate(state.offer) if rank >= start and offered]

    def __call__(self, traders: tuple[int, ...], row: tuple[str, ...], player: int) -> float:
        cs_index = self.cs_index
        return self.value([side.owners(traders) for side in self.sides],
                          [cs_index[cs] for cs in row], player)

    def move_values(self, moves: list[Any], player: int) -> list[float]:
        """``[evaluate(rules.successor(state, move), player) for move in moves]`` for the
        placements of a setup and the adds, moves and removes of a turn that does not end
        the round (S-SETUP-6, S-ADD-1…2, S-MOVE-5, S-REMOVE-1…2: each changes a location or
        two, and a place in the row), worked out city-state by city-state."""
        state = self.state
        mover = state.to_move
        sides = self.sides
        places = _places(self.board)
        owners = [side.owners(state.traders) for side in sides]
        cs_index = self.cs_index
        row = [cs_index[cs] for cs in state.row]
        index = self.board._index
        value = self.value
        out = []
        for move in moves:
            after = owners[:]
            ranks = row
            if isinstance(move, MoveTrader):
                ci, pi = places[index[move.origin]]
                cj, pj = places[index[move.destination]]
                if ci == cj:
                    here = list(after[ci])
                    here[pi], here[pj] = -1, mover
                    after[ci] = tuple(here)
                else:
                    after[ci] = _put(after[ci], pi, -1)
                    after[cj] = _put(after[cj], pj, mover)
                    ranks = _swapped(row, cj, +1)
            else:
                c, p = places[index[move.location]]
                if isinstance(move, Remove):
                    after[c] = _put(after[c], p, -1)
                    ranks = _swapped(row, c, -1)
                else:
                    after[c] = _put(after[c], p, mover)
                    if isinstance(move, Add):
                        ranks = _swapped(row, c, +1)
            out.append(value(after, ranks, player))
        return out

    def value(self, owners: list[Any], row: list[int], player: int) -> float:
        """The value for `player` with `owners` on each city-state's locations (by
        city-state) and the row of city-states `row` (by index)."""
        sides = self.sides
        if self.over:
            points = self._scored(owners, row)
        else:
            # What the scoring would bring depends on the three leading city-states alone:
            # the moves of a turn that leave them be share it.
            key = (row[0], row[1], row[2], owners[row[0]], owners[row[1]], owners[row[2]])
            scored = self.scored.get(key)
            if scored is None:
                scored = self.scored[key] = self._scored(owners, row)
            points = list(scored)
            n = self.n
            for rank in range(3, min(6, len(row))):
                cs = row[rank]
                for p, k in sides[cs].tally(owners[cs], n):
                    points[p] += FUTURE_TRADER * k
        mine = points[player]
        points[player] = -math.inf
        return mine - max(points)

    def _scored(self, owners: list[Any], row: list[int]) -> list[float]:
        """Each player's points if the three leading city-states were scored now."""
        table = self.table
        if self.over:
            counts = self.counts
        else:
            counts = list(self.counts)
            n = self.n
            sides = self.sides
            first_player = self.first_player
            kept = self.kept
            for rank, offered, take in self.ranks:
                cs = row[rank]
                here = owners[cs]
                order = sides[cs].order(here, first_player, n)
                if not order:
                    continue
                leader = order[0]
                if len(order) > 1:
                    second = order[1]
                    key = (counts[leader], counts[second], offered, take)
                else:
                    second = -1
                    key = (counts[leader], None, offered, take)
                gained = kept.get(key)
                if gained is None:
                    gained = kept[key] = _gains(*key, table)
                counts[leader] = gained[0]
                if second >= 0:
                    counts[second] = gained[1]
        return [float(table[a] + table[b] + table[c] + table[d]) for a, b, c, d in counts]


def _put(owners: tuple[int, ...], at: int, owner: int) -> tuple[int, ...]:
    here = list(owners)
    here[at] = owner
    return tuple(here)


def _swapped(row: list[int], cs: int, gain: int) -> list[int]:
    """`rules._shift` on a row of city-state indices (a new list where it changes)."""
    k = row.index(cs)
    other = k - gain
    if not 0 <= other < len(row):
        return row
    out = row[:]
    out[k], out[other] = out[other], out[k]
    return out


#: Each board's locations as (city-state, place among its locations), by board id.
_PLACES: dict[int, tuple[Board, tuple[tuple[int, int], ...]]] = {}


def _places(board: Board) -> tuple[tuple[int, int], ...]:
    entry = _PLACES.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_PLACES) > 32:
            _PLACES.clear()
        places = [(0, 0)] * len(board.locations)
        for cs, locs in enumerate(board._by_cs):
            for p, i in enumerate(locs):
                places[i] = (cs, p)
        entry = _PLACES[id(board)] = (board, tuple(places))
    return entry[1]


def _score(counts: Any, table: tuple[int, ...]) -> int:
    """`scoring.score_counts` for the four tile types, spelt out."""
    return table[counts[0]] + table[counts[1]] + table[counts[2]] + table[counts[3]]


def _added(counts: Any, tiles: str) -> tuple[int, ...]:
    out = list(counts)
    for t in tiles:
        out[TILES.index(t)] += 1
    return tuple(out)


def _gains(first: Any, second: Any, offered: str, take: int,
           table: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """The controller's and the second player's tiles after a scoring of `offered`: the
    controller keeps the choice worth most to it by `table` (the first such, in
    `tile_choices` order), the second player gets the rest."""
    before = _score(first, table)
    taken = max(tile_choices(offered, 0, (take,)),
                key=lambda t: _score(_added(first, t), table) - before)
    return (_added(first, taken),
            None if second is None else _added(second, leftover(offered, taken)))


#: Per scoring table (by id, checked against the table itself): `_gains` by its arguments.
_KEPT: dict[int, tuple[tuple[int, ...], dict[Any, Any]]] = {}


def _kept_memo(table: tuple[int, ...]) -> dict[Any, Any]:
    entry = _KEPT.get(id(table))
    if entry is None or entry[0] is not table:
        if len(_KEPT) > 64:
            _KEPT.clear()
        entry = _KEPT[id(table)] = (table, {})
    memo = entry[1]
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    return memo


class _Side:
    """One city-state of a board, for one tie-break: who stands on its locations, and its
    standings (remembered by who stands where, the first player and the player count)."""

    __slots__ = ("city", "memo", "owners", "seconds", "tallies")

    def __init__(self, board: Board, cs: int, second_kind: str):
        locs = board._by_cs[cs]
        getter = itemgetter(*locs)
        self.owners = (lambda traders: (getter(traders),)) if len(locs) == 1 else getter
        self.city = locs.index(board._city_of[cs])
        self.seconds = tuple(board._kind_of[i] == second_kind for i in locs)
        self.memo: dict[tuple[Any, int, int], list[int]] = {}
        self.tallies: dict[Any, tuple[tuple[int, int], ...]] = {}

    def tally(self, owners: tuple[int, ...], n: int) -> tuple[tuple[int, int], ...]:
        """(player, traders) for each player with traders on `owners`, its locations."""
        found = self.tallies.get(owners)
        if found is None:
            if len(self.tallies) > _MEMO_LIMIT:
                self.tallies.clear()
            counts = [0] * n
            for owner in owners:
                if owner >= 0:
                    counts[owner] += 1
            found = self.tallies[owners] = tuple((p, k) for p, k in enumerate(counts) if k)
        return found

    def order(self, owners: tuple[int, ...], first_player: int, n: int) -> list[int]:
        """The standings of the players on `owners`, its locations (remembered)."""
        key = (owners, first_player, n)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > _MEMO_LIMIT:
                self.memo.clear()
            found = self.memo[key] = self._order(owners, first_player, n)
        return found

    def _order(self, owners: tuple[int, ...], first_player: int, n: int) -> list[int]:
        counts = [0] * n
        second = [0] * n
        for owner, counts_second in zip(owners, self.seconds):
            if owner >= 0:
                counts[owner] += 1
                if counts_second:
                    second[owner] += 1
        in_city = owners[self.city]
        keys = sorted((-counts[p], -(in_city == p), -second[p], (p - first_player) % n, p)
                      for p in range(n) if counts[p])
        return [key[4] for key in keys]


#: Each board's `_Side`s per tie-break, by (board id, tie-break); checked against the board.
_SIDES: dict[tuple[int, str], tuple[Board, tuple[_Side, ...]]] = {}


def _sides(board: Board, tiebreak: str) -> tuple[_Side, ...]:
    entry = _SIDES.get((id(board), tiebreak))
    if entry is None or entry[0] is not board:
        if len(_SIDES) > 32:
            _SIDES.clear()
        second_kind = "town" if tiebreak == "towns" else "village"
        entry = _SIDES[(id(board), tiebreak)] = (board, tuple(
            _Side(board, cs, second_kind) for cs in range(len(board.city_states))))
    return entry[1]
