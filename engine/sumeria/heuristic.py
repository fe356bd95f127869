"""A one-ply evaluation of a Sumeria position, for `GreedyBot` and for reading positions.

`evaluate(state, player)` is the player's points if the round were scored now, minus the best
opponent's: current tiles, plus the tiles the present standings in the three leading
city-states would bring (the controller keeping the most valuable tiles for themselves), plus a
quarter point for each trader in the three city-states that lead the next round (after the row
turns, ranks 4–6 become 1–3). It is a heuristic, not the rules: it knows nothing of the moves
still to come this round.
"""

from __future__ import annotations

from engine.sumeria.rules import control
from engine.sumeria.scoring import leftover, score_counts, tile_choices
from engine.sumeria.state import TILES, State

FUTURE_TRADER = 0.25


def evaluate(state: State, player: int) -> float:
    """The player's projected points minus the best opponent's (higher is better)."""
    counts = [list(c) for c in state.influence]
    table = state.options.points
    if state.phase != "over":
        takes = state.options.takes
        start = state.scoring if state.phase == "scoring" else 0
        for rank in range(start, len(state.offer)):
            offered = state.offer[rank]
            order, _, _ = control(state, rank)
            if not order or not offered:
                continue
            first = counts[order[0]]
            taken = max(tile_choices(offered, rank, takes),
                        key=lambda t: _gain(first, t, table))
            _add(first, taken)
            if len(order) > 1:
                _add(counts[order[1]], leftover(offered, taken))
    points = [float(score_counts(c, table)) for c in counts]
    if state.phase != "over":
        for rank in range(3, min(6, len(state.row))):
            for p, traders in enumerate(control(state, rank)[2]):
                points[p] += FUTURE_TRADER * traders
    best_other = max(points[p] for p in range(state.players) if p != player)
    return points[player] - best_other


def _gain(counts: list[int], tiles: str, table: tuple[int, ...]) -> int:
    after = list(counts)
    _add(after, tiles)
    return sum(table[n] for n in after) - sum(table[n] for n in counts)


def _add(counts: list[int], tiles: str) -> None:
    for t in tiles:
        counts[TILES.index(t)] += 1
