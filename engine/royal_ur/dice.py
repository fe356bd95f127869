"""The dice: four tetrahedra (Finkel's rules), or three whose blank throw counts 4 (Masters').

Covers the rule text's dice ("Four tetrahedral dice, each with two of its four tips marked. A
throw counts the marked tips pointing up: 0 to 4, with chances 1, 4, 6, 4, 1 in 16") and the
three dice RoyalUr.net's "Masters" rule set has used since 2024, where a throw with no marked
tip up moves 4 (chances 3, 3, 1, 1 in 8 for 1 to 4; ruling R-U4).

Each die shows a marked tip with chance 1/2, so a throw is the number of ones among four (or
three) fair bits. A throw the engine makes draws its bits from the game's seed and the throw's
number (`derive_seed`), the same on every machine: the dice of throw *n* of a game are fixed
by its seed, so a game replays exactly, and a player's view (whose seed is hidden) cannot
foresee them. `CHANCES` gives the odds as fractions, for the solver and the bots.
"""

from __future__ import annotations

from fractions import Fraction

from engine.core import derive_seed

DICE_KINDS = ("four", "three")
#: How many dice each kind throws.
DICE_COUNT = {"four": 4, "three": 3}
#: The chance of each throw, as (throw, chance) pairs in increasing throw.
CHANCES: dict[str, tuple[tuple[int, Fraction], ...]] = {
    "four": tuple((k, Fraction(n, 16)) for k, n in enumerate((1, 4, 6, 4, 1))),
    "three": ((1, Fraction(3, 8)), (2, Fraction(3, 8)), (3, Fraction(1, 8)), (4, Fraction(1, 8))),
}
#: The throws each kind of dice can give.
THROWS = {kind: tuple(k for k, _ in chances) for kind, chances in CHANCES.items()}


def chances(kind: str = "four") -> tuple[tuple[int, float], ...]:
    """The chance of each throw as floats: ``((0, 0.0625), (1, 0.25), ...)``."""
    return tuple((k, float(p)) for k, p in CHANCES[kind])


def value(kind: str, dice: tuple[int, ...]) -> int:
    """The throw the dice show: the marked tips up (three dice all blank count 4)."""
    marked = sum(dice)
    return 4 if kind == "three" and marked == 0 else marked


def draw(seed: int, number: int, kind: str) -> tuple[int, ...]:
    """The dice of throw `number` (1, 2, ...) of the game with `seed`: 1 for a marked tip up,
    0 for a blank, one per die."""
    bits = derive_seed(seed, "royal_ur", "throw", number)
    return tuple((bits >> i) & 1 for i in range(DICE_COUNT[kind]))
