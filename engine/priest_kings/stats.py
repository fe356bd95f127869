"""Per-game statistics of Priest-Kings of God for `engine.simulate`.

- `game_stats` (``stats="ruleset"``) reads a finished campaign's events: turns, battles fought
  and called off, how each battle ended, the sacrifices made, the rerolls they gave in battle
  (R-P11) and the reorganizations (R-P12).
- `final_stats` (``stats="ruleset:final_stats"``) reads only the final position (turns,
  battles fought, the overlord), keeping the fast path for all-random campaigns.

`game_length` gives a campaign's length in turns. Plain data, so records stay JSON-ready.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.priest_kings.events import (
    ArmyReorganized,
    BattleBegan,
    BattleCalledOff,
    BattleEnded,
    DuelFought,
    SacrificeMade,
)
from engine.priest_kings.state import State


def final_stats(final: State, events: Iterable[Event] | None = None) -> dict[str, Any]:
    """The final position's figures.

    Returns:
        ``turns``: turns begun; ``battles``: battles fought; ``overlord``: the city that rules
        every other at the end, or None if the campaign was stopped before.
    """
    independent = [c for c in range(final.players) if final.overlord[c] < 0]
    return {"turns": final.turn, "battles": final.battles_fought,
            "overlord": independent[0] if final.is_over else None}


final_stats.uses_events = False  # type: ignore[attr-defined]


def game_stats(final: State, events: Iterable[Event]) -> dict[str, Any]:
    """`final_stats`, and what happened in the battles.

    Returns:
        everything of `final_stats`, and ``called_off``: battles called off (R-P7);
        ``broken``: ``{"attacker"|"defender"|"both"|"none": battles that ended so}``;
        ``sacrifices``, ``reorganizations``: activities chosen; ``blessed_sides``: sides that
        went into a battle with a reroll; ``rerolls``: rerolls actually thrown.
    """
    broken = dict.fromkeys(("attacker", "defender", "both", "none"), 0)
    called_off = sacrifices = reorganizations = blessed = rerolls = 0
    for event in events:
        if isinstance(event, BattleEnded):
            broken[event.broken] += 1
        elif isinstance(event, BattleBegan):
            blessed += len(event.reroll_names)
        elif isinstance(event, DuelFought):
            rerolls += len(event.rerolls)
        elif isinstance(event, BattleCalledOff):
            called_off += 1
        elif isinstance(event, SacrificeMade):
            sacrifices += 1
        elif isinstance(event, ArmyReorganized):
            reorganizations += 1
    out = final_stats(final)
    out.update(called_off=called_off, broken=broken, sacrifices=sacrifices,
               reorganizations=reorganizations, blessed_sides=blessed, rerolls=rerolls)
    return out


def game_length(final: State) -> dict[str, int]:
    """How long a campaign lasted (`engine.simulate` puts it in every record): its turns
    begun (P-TURN-1), in which every city acts once — so its ``rounds`` and its ``turns``
    are the same count."""
    return {"rounds": final.turn, "turns": final.turn}
