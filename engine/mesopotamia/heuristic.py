"""A one-ply evaluation of a Mesopotamia position, for `GreedyBot` and for reading positions.

`evaluate(state, player)` is the player's progress towards the win minus the best opponent's.
Progress counts, in this order of weight: markers placed at the temple (10 each, a win 1000),
markers carried by natives (4) or lying under own huts (2), huts built (1.5), mana and maximum
mana (0.5 each, the maximum only up to 7, what the dearest marker needs), holy places (1),
lumber and stones carried (0.3) and natives on the map (0.2). It is a heuristic, not the rules:
it sees nothing of the way to the temple or of what opponents may do next.
"""

from __future__ import annotations

from typing import Any

from engine.mesopotamia.moves import to_internal
from engine.mesopotamia.rules import Work
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


def evaluate_moves(state: State, moves: list[Any], player: int) -> list[float]:
    """``[evaluate(apply(state, move)[0], player) for move in moves]`` for legal moves of a
    full state, to the last bit — each move played on a copy of one working copy of the rules
    (`rules.Work`) and valued on it, without making its state."""
    proto = Work(state)
    out = []
    for move in moves:
        w = proto.copy()
        w.do(to_internal(move))
        values = _progress_all(w)
        mine = values[player]
        out.append(mine - max(v for p, v in enumerate(values) if p != player))
    return out


def _progress_all(w: Work) -> list[float]:
    """`progress` of every player in the position `w` holds, adding the same terms in the
    same order (the natives in the state's order: a sum of tenths depends on it)."""
    n = w.players
    values = [10.0 * len(w.delivered[p]) for p in range(n)]
    for p in range(n):
        values[p] += 0.5 * w.mana[p] + 0.5 * min(w.maxm[p], 7)
    for hs in w.huts.values():
        for o, m in hs:
            if o >= 0:
                values[o] += 1.5 + (2.0 if m else 0.0)
    holy = [0.0] * n
    for o in w.holy.values():
        holy[o] += 1.0
    natives: list[list[tuple[int, int, int, bool]]] = [[] for _ in range(n)]
    for (q, r), at in w.nat.items():
        for (o, cargo, stole), k in at.items():
            natives[o] += [(q, r, cargo, stole)] * k
    for p in range(n):
        value = values[p] + holy[p]
        for _q, _r, cargo, _stole in sorted(natives[p]):
            value += 0.2 + (4.0 if cargo >= OLD else 0.3 if cargo else 0.0)
        values[p] = value
    if w.phase == "over":
        for p in w.won:
            values[p] = 1000.0
    return values
