"""The winners and each city's standing.

Covers "Winning conditions": "The game is over when all cities are vassals of the same overlord.
The winners are the overlord and any vassal player that made more vassals for his overlord."
We read "made more vassals" as "made at least one more vassal": a vassal that won a city for the
final overlord at any time while its vassal (ruling R-P9) — the phrase echoes the vassal rule's
"If he wins a battle he create more vassals for his overlord".

The rule text has no score. `standings` gives the contract's `scores()` something to compare:
an independent city counts the cities of its realm (itself and its vassals); a vassal counts the
cities it has made vassals of its present overlord.
"""

from __future__ import annotations

from collections.abc import Sequence


def standings(overlord: Sequence[int], made: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Per city: the size of its realm if independent, else the vassals it made for its lord."""
    out = []
    for city, lord in enumerate(overlord):
        if lord < 0:
            out.append(1 + sum(1 for other in overlord if other == city))
        else:
            out.append(made[city][lord])
    return tuple(out)


def final_winners(overlord: Sequence[int], made: Sequence[Sequence[int]]) -> frozenset[int]:
    """The overlord of all cities and every vassal that made a vassal for it.

    Only meaningful once a single city is independent; returns the empty set otherwise.
    """
    heads = [c for c, lord in enumerate(overlord) if lord < 0]
    if len(heads) != 1:
        return frozenset()
    lord = heads[0]
    return frozenset([lord, *(v for v in range(len(overlord)) if v != lord and made[v][lord])])


def limit_winners(overlord: Sequence[int], made: Sequence[Sequence[int]]) -> frozenset[int]:
    """The winners of a campaign ended by its turn limit (house rule P-OPT-TURNS-1): the heads
    of the largest realms, sharing the win, and every vassal that made a vassal for one of
    them (as the final overlord's, P-END-2)."""
    sizes = {c: 1 + sum(1 for other in overlord if other == c)
             for c, lord in enumerate(overlord) if lord < 0}
    largest = max(sizes.values())
    heads = [c for c, size in sizes.items() if size == largest]
    return frozenset([*heads, *(v for v in range(len(overlord))
                                if overlord[v] in heads and made[v][overlord[v]])])
