"""Mana and the end of the game: phase III ("Receive Mana Points") and "Game End".

- `phase_three_mana`: 1 mana for every own holy place with at least one own native on it, 1 for
  every other player's holy place with at least two; a Priest card played on a holy place that
  pays doubles its normal 1 ("double the normal amount of Mana"): it gives that 1 once more, so
  two Priests on one holy place give 1 + 1 + 1 (each doubles the normal amount, not the other's
  result: R-M11); the track never passes the player's maximum.
- `ranking`: the game ends at once when a player has placed all four sacrifice markers; that
  player alone wins. With the `max_rounds` option (R-M12, not in the rule text) a game that
  reaches its round limit is ranked by the EuropeMasters tournament order for places: markers
  placed, then the sum of their values, then mana left; players still tied share the win.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.mesopotamia.board import Coord

MARKERS_TO_WIN = 4


def phase_three_mana(player: int, holy: Mapping[Coord, int], count_at: Mapping[Coord, int],
                     priests: Iterable[Coord]) -> tuple[int, tuple[Coord, ...]]:
    """Mana `player` receives now, and the holy places it comes from.

    Args:
        holy: holy place field → owner.
        count_at: field → the player's natives there.
        priests: the holy places named by Priest cards this turn (repeats count again).
    """
    priests = list(priests)
    gain = 0
    sources = []
    for c in sorted(holy):
        need = 1 if holy[c] == player else 2
        if count_at.get(c, 0) >= need:
            gain += 1 + priests.count(c)
            sources.append(c)
    return gain, tuple(sources)


def rank_key(delivered: Sequence[int], mana: int) -> tuple[int, int, int]:
    return (len(delivered), sum(delivered), mana)


def ranking(delivered: Sequence[Sequence[int]], mana: Sequence[int]) -> frozenset[int]:
    """The players sharing first place at a round limit (R-M12)."""
    keys = [rank_key(d, m) for d, m in zip(delivered, mana)]
    best = max(keys)
    return frozenset(p for p, k in enumerate(keys) if k == best)
