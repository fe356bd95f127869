"""A plain-text picture of a Mesopotamia state: what ``str(state)`` prints.

One line per field in placement order (kind, huts, holy place, goods lying, natives by colour
initial with what they carry), then each player's mana, markers and hand size, and the piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mesopotamia.board import KIND_NAMES, fmt
from engine.mesopotamia.pieces import PLAYER_NAMES, cargo_token

if TYPE_CHECKING:
    from engine.mesopotamia.state import State


def _initial(p: int) -> str:
    return "n" if p < 0 else PLAYER_NAMES["en"][p][0]


def render_text(state: State) -> str:
    lines = [f"Mesopotamia: {state.summary()}"]
    for c, kind in state.tiles:
        parts = [f"{fmt(c):>6} {KIND_NAMES['en'][kind]:<12}"]
        huts = [h for h in state.huts if h[:2] == c]
        if huts:
            parts.append("huts " + " ".join(_initial(h[2]) + ("*" if h[3] else "")
                                            for h in huts))
        holy = [h for h in state.holy if h[:2] == c]
        if holy:
            parts.append(f"holy {_initial(holy[0][2])}")
        goods = [g for g in state.goods if g[:2] == c]
        if goods:
            parts.append(f"goods L{goods[0][2]} S{goods[0][3]}")
        natives = [n for n in state.natives if n[:2] == c]
        if natives:
            parts.append("natives " + " ".join(_initial(n[2]) + cargo_token(n[3], n[4])
                                               for n in natives))
        lines.append("  ".join(parts))
    for p in range(state.players):
        lines.append(f"{PLAYER_NAMES['en'][p]:<7} mana {state.mana[p]}/{state.max_mana[p]}  "
                     f"placed {list(state.delivered[p])}  in front {len(state.markers[p])}  "
                     f"cards {len(state.hands[p])}")
    lines.append(f"pile {len(state.pile)} fields, deck {len(state.deck)} cards, "
                 f"discard {len(state.discard)}")
    return "\n".join(lines)
