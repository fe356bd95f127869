"""A plain-text picture of a campaign state: what ``str(state)`` prints.

One line per city (its status, realm, army, pending sacrifice), the avenues, this turn's order
with the cities that have chosen, and the attacks declared, the next to fight marked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.priest_kings.state import State


def render_text(state: State) -> str:
    names = [c.name for c in state.map.cities]
    width = max(map(len, names))
    lines = [f"Priest-Kings of God: {state.summary()}"]
    for city, name in enumerate(names):
        lord = state.overlord[city]
        if lord < 0:
            vassals = state.vassals_of(city)
            status = "independent" + (f", overlord of {', '.join(names[v] for v in vassals)}"
                                      if vassals else "")
        else:
            made = state.made[city][lord]
            status = f"vassal of {names[lord]}" + (f", made {made} vassal(s) for it"
                                                  if made else "")
        army = state.armies[city]
        blessed = "  [sacrificed]" if state.blessed[city] else ""
        lines.append(f"  {name:<{width}}  {status}; army {army.total_ap} AP, "
                     f"{army.elements} elements, {army.total_me:g} ME{blessed}")
    lines.append("avenues: " + ", ".join(f"{names[a]}–{names[b]}" for a, b in state.map.avenues))
    if state.phase == "activation":
        lines.append("order:   to be entered (rolled at the table)")
    elif state.phase != "over":
        done = state.step if state.phase == "orders" else len(state.order)
        lines.append("order:   " + ", ".join(
            names[p] + ("*" if i < done else "") for i, p in enumerate(state.order))
            + "   (* has chosen)")
        if state.attacks:
            marks = []
            for i, (a, d) in enumerate(state.attacks):
                mark = (" <- next" if state.phase == "battles" and i == state.step else
                        " (fought)" if state.phase == "battles" and i < state.step else "")
                marks.append(f"{names[a]} -> {names[d]}{mark}")
            lines.append("attacks: " + "; ".join(marks))
    return "\n".join(lines)
