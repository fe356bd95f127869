"""Vassalage: who may attack whom, and what a battle's result does to the realms.

Covers "Attack a neighbor" (the targets), "Vassal status" and the end of "Winning conditions" of
the rule text, with the rulings of docs/rulings.md:

- realms are flat: a city is independent or the vassal of exactly one independent overlord; a
  vassal never holds vassals of its own (R-P5);
- a city attacks along the avenues from its own city or its vassals' cities; never a city of
  its own realm — its overlord, its overlord's other vassals, or its own vassals (R-P6);
- "beaten" means scoring fewer points than the enemy; with equal points nobody is beaten (R-P3);
- a battle's consequences, judged on the statuses when it is fought: first, an overlord beaten
  by an independent city loses its vassals (whether it attacked or defended); then a defender
  that broke, or a vassal defender that was beaten, becomes a vassal of the attacker — of the
  attacker's overlord if the attacker is a vassal, which is then credited with it — and takes
  along any vassals it still has (R-P4, R-P5);
- the campaign ends when a single city is independent: all others are its vassals (R-P8).

Everything works on plain lists, so the checked rules and the fast playout share it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

INDEPENDENT = -1


def head(overlord: Sequence[int], city: int) -> int:
    """The head of a city's realm: the city itself if independent, else its overlord."""
    lord = overlord[city]
    return city if lord < 0 else lord


def targets(overlord: Sequence[int], neighbours: Sequence[Sequence[int]], attacker: int,
            attacked: Collection[int]) -> list[int]:
    """The cities `attacker` may attack now, in city order.

    A target is joined by an avenue to the attacker's city or to one of its vassals' cities, is
    not in the attacker's realm, and has not been attacked yet this turn.
    """
    own = head(overlord, attacker)
    reach = set(neighbours[attacker])
    if overlord[attacker] < 0:
        for vassal, lord in enumerate(overlord):
            if lord == attacker:
                reach.update(neighbours[vassal])
    return [t for t in sorted(reach)
            if t not in attacked and head(overlord, t) != own]


class Settlement(NamedTuple):
    """What a battle's result did to the realms.

    Attributes:
        attacker_beaten, defender_beaten: who scored fewer points (neither on a tie).
        freed: for each overlord that lost its vassals: (overlord, the freed cities, the
            independent city that beat it).
        submitted: the cities that became vassals of `lord` (the defender first, then the
            vassals it took along), empty if none did.
        lord: the new overlord of `submitted`, or -1.
        credited: the vassal attacker that won them for its overlord, or -1.
        over: whether a single independent city is left.
    """

    attacker_beaten: bool
    defender_beaten: bool
    freed: tuple[tuple[int, tuple[int, ...], int], ...]
    submitted: tuple[int, ...]
    lord: int
    credited: int
    over: bool


def settle(overlord: list[int], made: list[list[int]], attacker: int, defender: int,
           defender_broken: bool, attacker_points: int, defender_points: int) -> Settlement:
    """Apply a battle's result to `overlord` and `made` (both changed in place).

    The two cities must be in different realms (a battle within a realm is called off first).
    """
    attacker_beaten = attacker_points < defender_points
    defender_beaten = defender_points < attacker_points
    attacker_free = overlord[attacker] < 0
    defender_free = overlord[defender] < 0
    freed = []
    # "The vassal status is lost if the overlord city is beaten by another independent city."
    for loser, winner, beaten in ((attacker, defender, attacker_beaten),
                                  (defender, attacker, defender_beaten)):
        if beaten and overlord[winner] < 0:
            vassals = tuple(v for v, lord in enumerate(overlord) if lord == loser)
            if vassals:
                for v in vassals:
                    overlord[v] = INDEPENDENT
                freed.append((loser, vassals, winner))
    # "If the defender is broken, his city becomes vassal of the attacker"; "A vassal attacked
    # and beaten by another player, becomes vassal of the attacker."
    submitted: tuple[int, ...] = ()
    lord = credited = INDEPENDENT
    if defender_broken or (not defender_free and defender_beaten):
        lord = head(overlord, attacker)
        submitted = (defender, *(v for v, o in enumerate(overlord) if o == defender))
        for city in submitted:
            overlord[city] = lord
        if not attacker_free:
            credited = attacker
            made[attacker][lord] += len(submitted)
    over = sum(1 for lord_of in overlord if lord_of < 0) == 1
    return Settlement(attacker_beaten, defender_beaten, tuple(freed), submitted, lord,
                      credited, over)
