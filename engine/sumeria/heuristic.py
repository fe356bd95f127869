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
from engine.sumeria.scoring import TRIANGLE, leftover, score_counts, tile_choices
from engine.sumeria.state import OFFER_SIZES, TILES, State

FUTURE_TRADER = 0.25


def evaluate(state: State, player: int) -> float:
    """The player's projected points minus the best opponent's (higher is better)."""
    points = projected(state)
    best_other = max(points[p] for p in range(state.players) if p != player)
    return points[player] - best_other


def projected(state: State, terms: list[dict[tuple[str, ...], float]] | None = None
              ) -> list[float]:
    """Each player's projected points (see the module docstring).

    With `terms` (one dict per player), each player's points are also added up there by name
    (for the coach, `engine.coach`): ``("tiles",)`` the tiles held, ``("scoring", city-state,
    "first" | "second")`` what the standings there would bring, ``("next_round",
    city-state)`` the traders in the city-states that lead the next round."""
    counts = [list(c) for c in state.influence]
    if terms is not None:
        for p, held in enumerate(counts):
            terms[p][("tiles",)] = float(score_counts(held))
    if state.phase != "over":
        start = state.scoring if state.phase == "scoring" else 0
        for rank in range(start, len(OFFER_SIZES)):
            offered = state.offer[rank]
            order, _, _ = control(state, rank)
            if not order or not offered:
                continue
            first = counts[order[0]]
            taken = max(tile_choices(offered, rank), key=lambda t: _gain(first, t))
            if terms is not None:
                _named(terms[order[0]], ("scoring", state.row[rank], "first"), first, taken)
            _add(first, taken)
            if len(order) > 1:
                if terms is not None:
                    _named(terms[order[1]], ("scoring", state.row[rank], "second"),
                           counts[order[1]], leftover(offered, taken))
                _add(counts[order[1]], leftover(offered, taken))
    points = [float(score_counts(c)) for c in counts]
    if state.phase != "over":
        for rank in range(3, min(6, len(state.row))):
            for p, traders in enumerate(control(state, rank)[2]):
                points[p] += FUTURE_TRADER * traders
                if terms is not None and traders:
                    terms[p][("next_round", state.row[rank])] = FUTURE_TRADER * traders
    return points


def terms(state: State, player: int) -> dict[tuple[str, ...], float]:
    """The named terms of `evaluate(state, player)`, which they add up to: the player's own
    (`projected`) and ``("rival", p)``, minus the best opponent's points."""
    per_player: list[dict[tuple[str, ...], float]] = [{} for _ in range(state.players)]
    points = projected(state, per_player)
    rival = max((p for p in range(state.players) if p != player), key=points.__getitem__)
    return {**per_player[player], ("rival", str(rival)): -points[rival]}


def _named(into: dict[tuple[str, ...], float], key: tuple[str, ...], counts: list[int],
           tiles: str) -> None:
    into[key] = into.get(key, 0.0) + _gain(counts, tiles)


def _gain(counts: list[int], tiles: str) -> int:
    after = list(counts)
    _add(after, tiles)
    return sum(TRIANGLE[n] for n in after) - sum(TRIANGLE[n] for n in counts)


def _add(counts: list[int], tiles: str) -> None:
    for t in tiles:
        counts[TILES.index(t)] += 1
