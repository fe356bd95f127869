"""A plain-text picture of a Sumeria state: what ``str(state)`` prints.

One line per city-state in row order (its city, towns and villages, each ``.`` when empty or the
initial of the trader's colour), then the tiles offered, the reserves and each player's tiles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sumeria.pieces import PLAYER_NAMES, TILES
from engine.sumeria.scoring import score_counts

if TYPE_CHECKING:
    from engine.sumeria.state import State


#: The few words of the text form, in each language (the initials of the colours, B O G P,
#: are the same in English and Dutch).
WORDS = {"en": {"tiles": "tiles", "reserve": "reserve", "points": "pts"},
         "nl": {"tiles": "markers", "reserve": "voorraad", "points": "ptn"}}


def render_text(state: State, lang: str = "en") -> str:
    board = state.board
    words = WORDS.get(lang, WORDS["en"])
    names = PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])
    initials = [name[0] for name in PLAYER_NAMES["en"]]
    lines = [f"Sumeria: {state.summary(lang)}"]
    width = max(len(cs.name) for cs in board.city_states)
    for rank, cs_id in enumerate(state.row):
        cs = board.city_state(cs_id)
        groups = []
        for kind in ("city", "town", "village"):
            marks = "".join(
                "." if (o := state.trader_at(loc)) is None else initials[o]
                for loc in board.locations_of(cs_id) if board.location(loc).kind == kind)
            groups.append(marks)
        offer = (f"  {words['tiles']} {state.offer[rank]}" if rank < 3 and state.offer[rank]
                 else "")
        lines.append(f"{rank + 1}. {cs.name:<{width}}  {' | '.join(groups)}{offer}")
    lines.append(f"{words['reserve']}: " + ", ".join(
        f"{names[p]} {r}" for p, r in enumerate(state.reserve)))
    lines.append(f"{words['tiles'] + ':':<9}" + ", ".join(
        f"{names[p]} " + "".join(f"{t}{c}" for t, c in zip(TILES, counts))
        + f" ({score_counts(counts, state.options.points)} {words['points']})"
        for p, counts in enumerate(state.influence)))
    return "\n".join(lines)
