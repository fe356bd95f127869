"""Sumeria scoring: control of a city-state, the next first player, and the final score.

Covers "End of a Round" (control, its tie-breaks, and the next first player) and "End of the
Game" (the triangular table, the single-type tie-break and shared wins) of the rule text. The
functions take plain tuples so that the checked rules and the fast playout share them.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence

from engine.core import InvalidInput, shown
from engine.sumeria.pieces import LETTER_OF, TILES, TILES_PER_TYPE

#: Points for 0..9 tiles of one type: "1, 3, 6, 10, 15, 21, 28, 36, 45".
TRIANGLE = tuple(n * (n + 1) // 2 for n in range(TILES_PER_TYPE + 1))
#: The scoring tables a house rule may name (option ``scoring``, S-OPT-SCORING-1).
SCORING_TABLES = {"triangle": TRIANGLE, "linear": tuple(range(TILES_PER_TYPE + 1))}


def score_counts(counts: Sequence[int], table: Sequence[int] = TRIANGLE) -> int:
    """Points for tile counts (one count per type) by `table` (the rule text's by default;
    a game's own is ``state.options.points``)."""
    return sum(table[n] for n in counts)


def score_influence(tiles: Mapping[str, int]) -> int:
    """Points for a player's influence tiles, by type name: the rulebook's table, summed.

    >>> score_influence({"economy": 4, "military": 2, "political": 4, "religion": 5})
    38

    Raises:
        InvalidInput: an unknown type, or a count that is not 0 to 9.
    """
    if not isinstance(tiles, Mapping):
        raise InvalidInput("tiles must map type names to counts, e.g. {'economy': 4}")
    total = 0
    for name, count in tiles.items():
        if name not in LETTER_OF:
            raise InvalidInput(f"unknown influence type {shown(name)}; the types are "
                               f"{', '.join(LETTER_OF)}")
        if isinstance(count, bool) or not isinstance(count, int) or not (
                0 <= count <= TILES_PER_TYPE):
            raise InvalidInput(f"{name}: a count of tiles is 0 to {TILES_PER_TYPE}, "
                               f"not {shown(count)}")
        total += TRIANGLE[count]
    return total


def final_winners(influence: Sequence[Sequence[int]],
                  table: Sequence[int] = TRIANGLE) -> frozenset[int]:
    """The winners: most points (by `table`); then most tiles of a single type; then all
    share the win."""
    keys = [(score_counts(c, table), max(c)) for c in influence]
    best = max(keys)
    return frozenset(p for p, k in enumerate(keys) if k == best)


#: The tie-breaks of control, in order, as named in events.
TIEBREAK_STEPS = ("traders", "city", "second", "order")


def standings(counts: Sequence[int], in_city: int, second: Sequence[int],
              first_player: int) -> tuple[list[int], int | None]:
    """Players with traders in a city-state, best first, and the step that split 1st from 2nd.

    "the player with the most traders in that City-State gains control of it ... In case of a
    tie, the tied player who has a trader in the city wins. If the tie persists, the tied player
    with the most traders in the towns wins. If there is still a tie, the tied player who played
    first during that round wins."

    Args:
        counts: each player's traders in the city-state.
        in_city: the owner of the trader in its city, or -1.
        second: each player's traders in its towns (English text) or villages (Dutch).
        first_player: who played first this round.

    Returns:
        The players with traders, best first, and the index in `TIEBREAK_STEPS` of the step
        that split first from second place (None with fewer than two players).
    """
    n = len(counts)
    keys = [(-counts[p], -(in_city == p), -second[p], (p - first_player) % n, p)
            for p in range(n) if counts[p]]
    if len(keys) < 2:
        return [key[4] for key in keys], None
    keys.sort()
    a, b = keys[0], keys[1]
    step = 0
    while a[step] == b[step]:  # the last step, seating order, always differs
        step += 1
    return [key[4] for key in keys], step


def last_player(counts_by_rank: Iterable[Sequence[int]], players: int,
                first_player: int) -> tuple[int, int]:
    """Who plays last next round, and the rank of the city-state that decided it (-1: none).

    `counts_by_rank` gives each player's traders per city-state in row order; it may be a lazy
    iterable, since usually the first city-state decides.

    "The player who had the fewest traders for the first City-State is last for the round ...
    If there is a tie for the fewest traders in the first City-State, this tie-breaking process
    is repeated for each City-State until there is a single player with the fewest traders."
    Only the tied players go on to the next city-state. A tie through the whole row is settled
    by this round's order: the tied player who played first is last (docs/rulings.md R-S4).
    """
    n = players
    tied = list(range(n))
    for rank, counts in enumerate(counts_by_rank):
        fewest = min(counts[p] for p in tied)
        tied = [p for p in tied if counts[p] == fewest]
        if len(tied) == 1:
            return tied[0], rank
    return min(tied, key=lambda p: (p - first_player) % n), -1


#: How many tiles the controller of the 1st, 2nd and 3rd city-state chooses by the rule text.
TAKES = (2, 1, 1)


@functools.lru_cache(maxsize=1024)
def _tile_choices(offered: str, take: int) -> tuple[str, ...]:
    size = min(len(offered), take)
    return tuple(sorted({"".join(sorted(c, key=TILES.index))
                         for c in itertools.combinations(offered, size)},
                        key=lambda s: [TILES.index(t) for t in s]))


def tile_choices(offered: str, rank: int, takes: Sequence[int] = TAKES) -> list[str]:
    """The distinct choices for the controller of the city-state at `rank` (0-based).

    "chooses 2 of the 3 Influence tiles" above the first, "1 of the 2" above the second, and
    "receives the Influence tile" above the third (`takes`: a game's own are
    ``state.options.takes``). Choices that give the same tiles are one.
    """
    return list(_tile_choices(offered, takes[rank]))


def leftover(offered: str, taken: str) -> str:
    """The tiles of `offered` that remain once `taken` is taken."""
    rest = list(offered)
    for t in taken:
        rest.remove(t)
    return "".join(rest)
