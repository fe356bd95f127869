"""Chance in Sumeria: none is ever next; fresh chance is a new order of the bag.

Sumeria's only chance is the order of the influence tiles in the bag (S-SETUP-3, S-RESET-2),
shuffled from the seed at setup and kept in the state in the order they will be drawn: a draw
at the end of a round reveals what is already decided, hidden information (S-TILE-7: the view
keeps the bag sorted) rather than a chance event. So:

- `chance_outcomes(state)` is always ``[]``: the next event is always a player's decision
  (bots and searches deal the bag themselves, `determinize`);
- `reseeded(state, seed)`: the same position with the bag's order drawn again from `seed` —
  fresh draws from here on (a player's view becomes a position to play on the same way).
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, Outcome, check_seed, make_rng
from engine.sumeria.state import State, _evolve

__all__ = ["chance_outcomes", "reseeded", "resolve"]


def chance_outcomes(state: State) -> list[tuple[Outcome, Any]]:
    """``[]``: in Sumeria the next event is always a decision (see the module docstring)."""
    return []


def resolve(state: State, outcome: Outcome) -> Any:
    """What ``apply(state, outcome)`` does with an `Outcome`: refuse it.

    Raises:
        InvalidInput: always — no chance event is ever next in Sumeria.
    """
    raise InvalidInput("no chance event is next here: in Sumeria the bag's order is dealt at "
                       "setup, and every event is a decision (chance_outcomes(state) is empty)")


def reseeded(state: State, seed: int) -> State:
    """`state` with `seed` and the bag's order drawn again from it.

    Raises:
        InvalidInput: `seed` is not a whole number from 0 to 2**64 - 1.
    """
    if seed is None:
        raise InvalidInput("reseeded needs a seed, a whole number from 0 to 2**64 - 1")
    seed = check_seed(seed)
    bag = sorted(state.bag)
    make_rng(seed, "sumeria", "reseed").shuffle(bag)
    return _evolve(state, seed=seed, bag="".join(bag))
