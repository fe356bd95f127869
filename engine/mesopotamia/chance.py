"""Chance in Mesopotamia: none is ever next; fresh chance is a new order of pile and deck.

The game's chance is the order of the face-down field pile (M-SETUP-3) and of the card deck
(M-SETUP-5), shuffled from the seed at setup and kept in the state in the order they will be
drawn; a reshuffle later (cards back into the deck, fields back into the pile) derives from the
seed and the count of reshuffles. A discovery or a card drawn reveals what is already decided,
hidden information (M-HIDDEN-1) rather than a chance event. So:

- `chance_outcomes(state)` is always ``[]``: the next event is always a player's decision;
- `reseeded(state, seed)`: the same position with the pile's and the deck's orders drawn again
  from `seed`, and later reshuffles from it — fresh draws from here on; a player's view is first
  dealt what it hides from the seed (`State.determinize`).
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, Outcome, check_seed, make_rng
from engine.mesopotamia.state import State, _evolve

__all__ = ["chance_outcomes", "reseeded", "resolve"]


def chance_outcomes(state: State) -> list[tuple[Outcome, Any]]:
    """``[]``: in Mesopotamia the next event is always a decision."""
    return []


def resolve(state: State, outcome: Outcome) -> Any:
    """What ``apply(state, outcome)`` does with an `Outcome`: refuse it.

    Raises:
        InvalidInput: always — no chance event is ever next in Mesopotamia.
    """
    raise InvalidInput("no chance event is next here: in Mesopotamia the pile and the deck are "
                       "shuffled when they are made, and every event is a decision "
                       "(chance_outcomes(state) is empty)")


def reseeded(state: State, seed: int) -> State:
    """`state` with `seed` and the orders of the field pile and the card deck drawn again.

    Raises:
        InvalidInput: `seed` is not a whole number from 0 to 2**64 - 1.
    """
    if seed is None:
        raise InvalidInput("reseeded needs a seed, a whole number from 0 to 2**64 - 1")
    seed = check_seed(seed)
    rng = make_rng(seed, "mesopotamia", "reseed")
    full = state.determinize(rng) if state.seed is None else state
    pile, deck = sorted(full.pile), sorted(full.deck)
    rng.shuffle(pile)
    rng.shuffle(deck)
    return _evolve(full, seed=seed, pile=tuple(pile), deck=tuple(deck))
