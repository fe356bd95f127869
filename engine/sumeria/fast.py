"""The fast path: a whole random game on private scratch data, for bots and simulations.

`random_playout` plays uniformly random legal moves to the end. It never builds the list of
legal moves: it counts them, draws one index with ``rng.randrange(count)`` and builds only that
move, in the same order as `legal_moves`. So for the same generator it plays exactly the game
that repeatedly playing ``legal_moves(s)[rng.randrange(len(...))]`` through `apply` plays —
``tests/engine/sumeria/test_fast.py`` checks that, state for state.

It shares the scoring functions with the checked rules and mutates only its own lists.
"""

from __future__ import annotations

import random
from bisect import insort

from engine.bitmask import nth_bit
from engine.core import recording_randrange
from engine.sumeria.rays import tables as _tables
from engine.sumeria.rules import _draw
from engine.sumeria.scoring import _tile_choices, last_player, leftover, standings
from engine.sumeria.state import (
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
    options = state.options
    placements, rounds = n * options.setup_for(n), options.rounds
    sizes, takes = options.offer, options.takes

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
            if step == placements:
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
        for k in range(scoring, len(sizes)):
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
            choices = _tile_choices(offered, takes[k])  # the cached tuple: never changed
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
        if rnd == rounds:
            break
        last, _ = last_player((counts_in(cs) for cs in row), n, first)
        first = (last + 1) % n
        row = [*row[3:], *reversed(row[:3])]
        drawn, bag = _draw(bag, sizes)
        offer = list(drawn)
        rnd, step, phase, scoring = rnd + 1, 0, "turns", 0

    return _evolve(
        state, phase="over", round=rnd, step=0, first_player=first, to_move=None,
        traders=tuple(traders), reserve=tuple(reserve), row=tuple(names[c] for c in row),
        offer=("", "", ""), bag=bag, discard=discard,
        influence=tuple((c[0], c[1], c[2], c[3]) for c in influence), scoring=0)
