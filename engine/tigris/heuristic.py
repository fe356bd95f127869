"""A one-ply evaluation of a Tigris & Euphrates position, for `GreedyBot` and for reading
positions.

`evaluate(state, player)` is the player's standing minus the best opponent's, where a
player's standing is, with the treasures placed as in final scoring (each on the weakest
colour): three times the weakest colour (the score), plus the second weakest (the first
tie-break), plus a tenth of all points, plus half a point per leader on the board (leaders
are what earns points). It is a heuristic, not the rules: it sees no conflict coming and
values every colour alike. On a determinized view the others' hidden influence is the
viewer's own guess (`State.determinize`).
"""

from __future__ import annotations

from typing import Any

from engine.tigris.moves import to_raw
from engine.tigris.scoring import final_vector
from engine.tigris.state import LEADER, State
from engine.tigris.table import Table

LEADER_ON_BOARD = 0.5


def standing(state: State, player: int, leaders: list[int] | None = None) -> float:
    """How well `player` stands, in points (see the module's docstring); `leaders`, each
    player's leaders on the board, where the caller has counted them (`_leaders`)."""
    influence = state.influence[player] or (0, 0, 0, 0)
    vector = final_vector(influence, state.treasures_taken[player])
    on_board = (_leaders(state) if leaders is None else leaders)[player]
    return 3 * vector[0] + vector[1] + 0.1 * sum(vector) + LEADER_ON_BOARD * on_board


def evaluate(state: State, player: int) -> float:
    """The player's standing minus the best opponent's (higher is better for `player`)."""
    leaders = _leaders(state)
    best_other = max(standing(state, p, leaders) for p in range(state.players) if p != player)
    return standing(state, player, leaders) - best_other


def _leaders(state: State) -> list[int]:
    """Each player's leaders on the board (a leader's code is on one cell at most)."""
    cells = bytes(state.cells)  # every code is below 256: counted in C, not one by one
    return [cells.count(code) + cells.count(code + 1) + cells.count(code + 2)
            + cells.count(code + 3) for code in range(LEADER, LEADER + 4 * state.players, 4)]


def evaluate_moves(state: State, moves: list[Any], player: int) -> list[float]:
    """``[evaluate(apply(state, move)[0], player) for move in moves]`` for legal moves of a
    full state, to the last bit — each move played on a copy of one table, and valued on the
    table itself (its leaders, influence and treasures), without making its state."""
    proto = Table.load(state, log=False)
    out = []
    n = state.players
    for move in moves:
        t = proto.copy()
        t.play(to_raw(move))
        lpos = t.lpos
        values = []
        for p in range(n):
            vector = final_vector(t.inf[p], t.taken[p])
            on_board = (lpos[4 * p] >= 0) + (lpos[4 * p + 1] >= 0) + (lpos[4 * p + 2] >= 0) + (
                lpos[4 * p + 3] >= 0)
            values.append(3 * vector[0] + vector[1] + 0.1 * sum(vector)
                          + LEADER_ON_BOARD * on_board)
        out.append(values[player] - max(v for p, v in enumerate(values) if p != player))
    return out
