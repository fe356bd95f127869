"""The fast path: a whole random game on one private `Table`, for bots and simulations.

`random_playout` plays uniformly random legal moves to the end. It never builds move objects
or the full list of legal moves in the action phase: it counts the moves of each group (tiles
of a colour, a leader's cells, withdrawals, catastrophes, discards), draws one index with
``rng.randrange(count)`` and builds only that raw move, in the order of `legal_moves`. The
rules it runs are the checked path's own (`table.Table`), so for the same generator it plays
exactly the game that ``legal_moves(s)[rng.randrange(len(...))]`` through `apply` plays;
``tests/engine/tigris/test_fast.py`` checks that, state for state.
"""

from __future__ import annotations

import random

from engine.bitmask import nth_bit
from engine.core import InvalidInput, recording_randrange
from engine.tigris.state import State
from engine.tigris.table import (
    M_CATASTROPHE,
    M_DISCARD,
    M_PASS,
    M_WITHDRAW,
    Table,
    discard_at,
    discard_count,
)


def random_playout(state: State, rng: random.Random, record: list[int] | None = None,
                   max_moves: int | None = None) -> State:
    """Play random legal moves from `state` to the end of the game; return the final state.

    If `record` is a list, the index drawn at each decision is appended to it (the index into
    ``legal_moves`` of that state). With `max_moves`, stop after that many decisions and return
    the state reached (a search's horizon; games end on their own in a few hundred).

    Raises:
        InvalidInput: `state` is a view (determinize it first).
    """
    if state.is_over:
        return state
    if state.viewer is not None:
        raise InvalidInput("a view hides tiles: determinize it before a playout")
    table = Table.load(state, log=False)
    randrange = recording_randrange(rng, record)
    decisions = 0
    while True:
        if max_moves is not None and decisions >= max_moves:
            return table.freeze()
        decisions += 1
        phase = table.phase
        if phase == "over":
            return table.freeze()
        if phase == "action":
            groups = table.action_groups()
            sizes = [discard_count(items) if kind == M_DISCARD else (
                len(items) if kind in (M_WITHDRAW, M_PASS) else items.bit_count())
                for kind, _, items in groups]
            index = randrange(sum(sizes))
            group = 0
            while index >= sizes[group]:
                index -= sizes[group]
                group += 1
            kind, arg, items = groups[group]
            if kind == M_DISCARD:
                raw: tuple = (M_DISCARD, discard_at(items, index))
            elif kind == M_PASS:
                raw = (M_PASS,)
            elif kind == M_WITHDRAW:
                raw = (kind, items[index])
            elif kind == M_CATASTROPHE:
                raw = (kind, nth_bit(items, index))
            else:
                raw = (kind, arg, nth_bit(items, index))
        else:
            options = table.choices()
            index = randrange(len(options))
            raw = options[index]
        table.play(raw)
