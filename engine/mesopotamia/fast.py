"""The fast path: a whole random game on one private mutable copy, for bots and simulations.

`random_playout` plays uniformly random legal moves to the end on a single `rules.Work`: it
never rebuilds a `State` between decisions and builds no events. The rules give the legal moves
as `rules.Work.segments`: single moves and `runs.Runs`/`runs.FieldRuns` (the natives'
destinations, a card's targets); the fast path counts them, draws one index with
``rng.randrange(count)`` and builds only that move. The segments are the very list
`legal_moves` flattens, in the same order, so for the same generator it plays exactly the game
that repeatedly playing ``legal_moves(s)[rng.randrange(len(...))]`` through `apply` plays
(``tests/engine/mesopotamia/test_fast.py`` checks that, state for state).

It shares every rule with the checked path (one source of truth for a game with this many
rules); what it saves is building states, move objects and most move tuples.
"""

from __future__ import annotations

import random

from engine.core import recording_randrange
from engine.mesopotamia.rules import Work
from engine.mesopotamia.state import State


def random_playout(state: State, rng: random.Random, record: list[int] | None = None,
                   max_moves: int | None = None) -> State:
    """Play random legal moves from `state` to the end of the game; return the final state.

    If `record` is a list, the index drawn at each decision is appended to it (the index into
    ``legal_moves`` of that state). With `max_moves`, stop after that many decisions and return
    the state reached: natural games under random play run to many thousands of decisions, so a
    search needs a horizon.
    """
    if state.phase == "over":
        return state
    work = Work(state)
    randrange = recording_randrange(rng, record)
    segments = work.segments
    do = work.do
    decisions = 0
    while work.phase != "over":
        if max_moves is not None and decisions >= max_moves:
            break
        decisions += 1
        entries = segments()
        total = 0
        for entry in entries:
            total += 1 if type(entry) is tuple else entry.size
        index = randrange(total)
        for entry in entries:
            if type(entry) is tuple:
                if index:
                    index -= 1
                else:
                    do(entry)
                    break
            else:
                size = entry.size
                if index < size:
                    do(entry.move(index))
                    break
                index -= size
    return work.freeze()
