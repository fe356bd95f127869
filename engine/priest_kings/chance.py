"""Chance in a Priest-Kings campaign, made explicit: a battle's dice and a rolled order, and
fresh chance from a new seed.

A campaign's chance is the order of activation rolled at the start of each turn (P-TURN-1) and
the dice of its battles (the dice model, `battle`). The engine draws them from the campaign's
seed — the order of turn *t* from the seed and *t*, the dice of battle *n* from the seed and *n*
— so a position's future is fixed by its seed. Here instead:

- `chance_outcomes(state)`: where a battle is to be fought next, its results as the campaign
  counts them — which army broke, and who scored more (the 12 results a battle fought on the
  table may be typed in as, `rules.RECORD_CHOICES`) — with their chances in the dice model; where
  the order of activation is to be typed in (option ``activation="recorded"``), the 24 orders,
  1 in 24 each; ``[]`` where a city decides. The battle's chances are *estimated*: the model
  rolls too many dice to count every way a battle goes, so they are the shares of
  `BATTLES` battles fought once per pair of armies, blessings and reroll rule on a fixed seed
  (the same in every process; a share is within about 1 point of the model's chance). The
  orders' chances are exact.
- ``apply(state, outcome)`` plays an `Outcome` (`rules`): the campaign after the battle ended
  so (as a result typed in would end it) or the turn began in that order.
- `reseeded(state, seed)`: the same position with another seed: later orders and dice fresh.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

from engine.core import InvalidInput, Outcome, chance_table, check_seed
from engine.priest_kings.army import Army
from engine.priest_kings.battle import battle_form, fight_forms
from engine.priest_kings.state import PLAYERS, State, _evolve

__all__ = ["BATTLES", "battle_chances", "chance_outcomes", "reseeded"]

#: Battles fought, once per pair of armies, blessings and reroll rule, to estimate the chance
#: of each result.
BATTLES = 2000
#: Their seed (any fixed number: the chances are the same in every process).
SEED = 43
#: Every order of activation, each as likely (the rules' `ORDERS`, in the same order).
_ORDERS = tuple(itertools.permutations(range(PLAYERS)))
_ORDER = Fraction(1, len(_ORDERS))


@functools.lru_cache(maxsize=1024)
def battle_chances(attacker: Army, defender: Army, blessed: tuple[bool, bool],
                   reroll_limit: str) -> tuple[tuple[tuple[str, int, int], Fraction], ...]:
    """The chance of each result of a battle of the dice model, as ``((broken, attacker
    points, defender points), chance)`` with the points 1 and 0 standing for who scored more
    (the form of `rules.RECORD_CHOICES`), estimated from `BATTLES` battles."""
    rng = random.Random(SEED)
    forms = battle_form(attacker), battle_form(defender)
    counts: Counter[tuple[str, int, int]] = Counter()
    for _ in range(BATTLES):
        result = fight_forms(*forms, blessed, rng, reroll_limit=reroll_limit)
        lead = result.attacker_points - result.defender_points
        points = (1, 0) if lead > 0 else (0, 1) if lead < 0 else (0, 0)
        counts[(result.broken, *points)] += 1
    return tuple((result, Fraction(k, BATTLES)) for result, k in sorted(counts.items()))


def chance_outcomes(state: State) -> list[tuple[Outcome, Any]]:
    """The outcomes of the battle or the order of activation next, with their chances; ``[]``
    where a city decides."""
    if state.phase == "activation":
        ids = [c.id for c in state.map.cities]
        return chance_table((tuple(ids[p] for p in order), _ORDER) for order in _ORDERS)
    if state.phase != "battles":
        return []
    attacker, defender = state.attacks[state.step]
    return chance_table(battle_chances(state.armies[attacker], state.armies[defender],
                                       (state.blessed[attacker], state.blessed[defender]),
                                       state.options.reroll_limit))


def reseeded(state: State, seed: int) -> State:
    """`state` with `seed`: the same position, whose later orders and dice are fresh.

    Raises:
        InvalidInput: `seed` is not a whole number from 0 to 2**64 - 1.
    """
    if seed is None:
        raise InvalidInput("reseeded needs a seed, a whole number from 0 to 2**64 - 1")
    return _evolve(state, seed=check_seed(seed))
