"""A one-ply evaluation of a Mesopotamia position, for `GreedyBot` and for reading positions.

`evaluate(state, player)` is the player's progress towards the win minus the best opponent's.
Progress counts, in this order of weight: markers placed at the temple (10 each, a win 1000),
markers carried by natives (4) or lying under own huts (2), huts built (1.5), mana and maximum
mana (0.5 each, the maximum only up to 7, what the dearest marker needs), holy places (1),
lumber and stones carried (0.3) and natives on the map (0.2). It is a heuristic, not the rules:
it sees nothing of the way to the temple or of what opponents may do next.
"""

from __future__ import annotations

from engine.mesopotamia.state import OLD, State


def progress(state: State, player: int) -> float:
    if state.is_over and player in state.won:
        return 1000.0
    value = 10.0 * len(state.delivered[player])
    value += 0.5 * state.mana[player] + 0.5 * min(state.max_mana[player], 7)
    for _q, _r, o, m in state.huts:
        if o == player:
            value += 1.5 + (2.0 if m else 0.0)
    value += sum(1.0 for h in state.holy if h[2] == player)
    for n in state.natives:
        if n[2] == player:
            value += 0.2 + (4.0 if n[3] >= OLD else 0.3 if n[3] else 0.0)
    return value


def evaluate(state: State, player: int) -> float:
    """The player's progress minus the best opponent's (higher is better)."""
    mine = progress(state, player)
    best_other = max(progress(state, p) for p in range(state.players) if p != player)
    return mine - best_other
