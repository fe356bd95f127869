"""Final scoring of Tigris & Euphrates: wild treasures, the weakest colour, and tie-breaks.

Covers "Scoring" of the rule text with the FAQ rulings of docs/research.md §2: each treasure is
added, one at a time, to the player's currently lowest colour; the score is the lowest colour;
ties go to the next-lowest colour, and so on; a full tie is shared. Plain tuples in and out,
so the checked rules and the fast playout share these functions.
"""

from __future__ import annotations

from collections.abc import Sequence


def final_vector(influence: Sequence[int], treasures: int) -> tuple[int, ...]:
    """The player's colours after placing `treasures`, lowest first: ``[0]`` is the score,
    and the whole vector (compared lexicographically) breaks ties.

    >>> final_vector((8, 8, 8, 7), 5)
    (9, 9, 9, 9)
    """
    counts = sorted(influence)
    for _ in range(treasures):
        counts[0] += 1
        counts.sort()
    return tuple(counts)


def final_winners(influence: Sequence[Sequence[int] | None],
                  treasures: Sequence[int]) -> frozenset[int]:
    """The players with the best vector: highest lowest colour, then next-lowest, …
    (players whose influence is hidden take no part)."""
    vectors = {p: final_vector(inf, t) for p, (inf, t) in enumerate(zip(influence, treasures))
               if inf is not None}
    if not vectors:
        return frozenset()
    best = max(vectors.values())
    return frozenset(p for p, v in vectors.items() if v == best)
