"""Chance in Tigris & Euphrates: none is ever next; fresh chance is a new order of the bag.

The game's only chance is the order of the tiles in the bag (T-SETUP-2), shuffled from the seed
at setup and kept in the state in the order they will be drawn: a draw reveals what is already
decided, hidden information (T-HIDDEN-1) rather than a chance event. So:

- `chance_outcomes(state)` is always ``[]``: the next event is always a player's decision;
- `reseeded(state, seed)`: the same position with the bag's order drawn again from `seed` —
  fresh draws from here on; a player's view is first dealt its unseen tiles from the seed
  (`State.determinize`).
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, Outcome, check_seed, make_rng
from engine.tigris.state import COLOURS, State, _evolve

__all__ = ["chance_outcomes", "reseeded", "resolve"]


def chance_outcomes(state: State) -> list[tuple[Outcome, Any]]:
    """``[]``: in Tigris & Euphrates the next event is always a decision."""
    return []


def resolve(state: State, outcome: Outcome) -> Any:
    """What ``apply(state, outcome)`` does with an `Outcome`: refuse it.

    Raises:
        InvalidInput: always — no chance event is ever next in Tigris & Euphrates.
    """
    raise InvalidInput("no chance event is next here: in Tigris & Euphrates the bag's order is "
                       "dealt at setup, and every event is a decision (chance_outcomes(state) "
                       "is empty)")


def reseeded(state: State, seed: int) -> State:
    """`state` with `seed` and the bag's order drawn again from it.

    Raises:
        InvalidInput: `seed` is not a whole number from 0 to 2**64 - 1.
    """
    if seed is None:
        raise InvalidInput("reseeded needs a seed, a whole number from 0 to 2**64 - 1")
    seed = check_seed(seed)
    rng = make_rng(seed, "tigris", "reseed")
    full = state.determinize(rng) if state.viewer is not None else state
    bag = sorted(full.bag, key=COLOURS.index)
    rng.shuffle(bag)
    return _evolve(full, seed=seed, bag="".join(bag))
