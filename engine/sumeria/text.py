"""A plain-text picture of a Sumeria state: what ``str(state)`` prints.

One line per city-state in row order (its city, towns and villages, each ``.`` when empty or the
initial of the trader's colour), then the tiles offered, the reserves and each player's tiles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sumeria.scoring import score_counts
from engine.sumeria.state import PLAYER_NAMES, TILES

if TYPE_CHECKING:
    from engine.sumeria.state import State


def render_text(state: State) -> str:
    board = state.board
    initials = [name[0] for name in PLAYER_NAMES["en"]]
    lines = [f"Sumeria: {state.summary()}"]
    width = max(len(cs.name) for cs in board.city_states)
    for rank, cs_id in enumerate(state.row):
        cs = board.city_state(cs_id)
        groups = []
        for kind in ("city", "town", "village"):
            marks = "".join(
                "." if (o := state.trader_at(loc)) is None else initials[o]
                for loc in board.locations_of(cs_id) if board.location(loc).kind == kind)
            groups.append(marks)
        offer = f"  tiles {state.offer[rank]}" if rank < 3 and state.offer[rank] else ""
        lines.append(f"{rank + 1}. {cs.name:<{width}}  {' | '.join(groups)}{offer}")
    lines.append("reserve: " + ", ".join(
        f"{PLAYER_NAMES['en'][p]} {r}" for p, r in enumerate(state.reserve)))
    lines.append("tiles:   " + ", ".join(
        f"{PLAYER_NAMES['en'][p]} " + "".join(f"{t}{c}" for t, c in zip(TILES, counts))
        + f" ({score_counts(counts)} pts)" for p, counts in enumerate(state.influence)))
    return "\n".join(lines)
