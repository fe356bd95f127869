"""Chance in the Royal Game of Ur, made explicit: the throw's outcomes, and fresh dice.

The one chance of the game is the throw (U-THROW-1). When the engine throws, the dice of throw
*n* derive from the game's seed and *n* (`dice.draw`), so a position's future throws are fixed
by its seed and every rollout from it would throw the same dice. Here instead:

- `chance_outcomes(state)`: wherever a throw is the next event, the throws the dice may give
  with their chances as exact fractions (1, 4, 6, 4 and 1 in 16 with four dice; 3, 3, 1 and 1
  in 8 with three) — whichever way throws are made, since a throw typed in from a real board
  is chance too; ``[]`` after the throw, when the player decides.
- `resolve(state, outcome)` — what ``apply(state, outcome)`` does with an `Outcome`: the
  position after the throw came out so (the throw counter moves on, as a throw does), for
  expectimax and "what if the dice show 4".
- `reseeded(state, seed)`: the same position with another seed: every throw from here on is
  fresh ("throw again from here"), and a player's view becomes a position to play on.
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, Outcome, chance_table, check_seed, shown
from engine.royal_ur import events as ev
from engine.royal_ur.dice import CHANCES
from engine.royal_ur.state import State, _evolve

__all__ = ["chance_outcomes", "reseeded", "resolve"]


def chance_outcomes(state: State) -> list[tuple[Outcome, Any]]:
    """``[(Outcome(throw), chance), ...]`` when a throw is next, else ``[]``."""
    if state.to_move is None or state.throw is not None:
        return []
    return chance_table(CHANCES[state.options.dice])  # type: ignore[index]


def resolve(state: State, outcome: Outcome) -> tuple[State, list[ev.UrEvent]]:
    """The position after the throw pending in `state` came out as `outcome` says.

    Raises:
        InvalidInput: no throw is next, or the dice cannot give that throw.
    """
    if not chance_outcomes(state):
        raise InvalidInput("no chance event is next here: the player to move decides "
                           "(chance_outcomes(state) is empty)")
    if outcome.value not in state.options.throw_values:
        raise InvalidInput(f"{shown(outcome.value)} is not a throw these dice can give; they "
                           f"give {', '.join(map(str, state.options.throw_values))}")
    player = state.to_move
    assert player is not None
    return (_evolve(state, throw=outcome.value, throws=state.throws + 1),
            [ev.Thrown(player, outcome.value, ())])


def reseeded(state: State, seed: int) -> State:
    """`state` with `seed`: the same position, whose throws from here on are fresh.

    Raises:
        InvalidInput: `seed` is not a whole number from 0 to 2**64 - 1.
    """
    if seed is None:
        raise InvalidInput("reseeded needs a seed, a whole number from 0 to 2**64 - 1")
    return _evolve(state, seed=check_seed(seed))
