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

from engine.tigris.scoring import final_vector
from engine.tigris.state import LEADER, State

LEADER_ON_BOARD = 0.5


def standing(state: State, player: int) -> float:
    """How well `player` stands, in points (see the module's docstring)."""
    influence = state.influence[player] or (0, 0, 0, 0)
    vector = final_vector(influence, state.treasures_taken[player])
    leaders = sum(1 for code in state.cells
                  if code >= LEADER and (code - LEADER) // 4 == player)
    return 3 * vector[0] + vector[1] + 0.1 * sum(vector) + LEADER_ON_BOARD * leaders


def evaluate(state: State, player: int) -> float:
    """The player's standing minus the best opponent's (higher is better for `player`)."""
    best_other = max(standing(state, p) for p in range(state.players) if p != player)
    return standing(state, player) - best_other
