"""Per-game statistics of Sumeria for `engine.simulate` (``stats="ruleset"``).

`game_stats` reads a finished game's events: which city-states were scored and how often each
was controlled, and which step of the control tie-break (S-CTRL-1 to 4) settled first place.
`game_length` gives a game's length in rounds and turns. It returns plain data (dicts of whole
numbers) so records stay JSON-ready.

Limits: the tie-break counts cover first against second place only (`ControlDecided` says
which step separated those two); who came second when second and third tied is not counted.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.sumeria.events import ControlDecided
from engine.sumeria.state import State

#: How first place in a scored city-state was decided (`ControlDecided.decided_by`); ``none``:
#: nobody or a single player was there.
DECIDED_BY = ("traders", "city", "towns", "villages", "order", "none")


def game_stats(final: State, events: Iterable[Event]) -> dict[str, Any]:
    """What a game's scorings came to.

    Returns:
        ``scored``: ``{city-state id: times scored}`` (three a round, 18 a game);
        ``first``: ``{city-state id: times scored as the most important}``;
        ``controlled``: ``{city-state id: times someone took control}``;
        ``decided_by``: ``{step: scorings where that step separated first and second}``.
    """
    ids = [cs.id for cs in final.board.city_states]
    scored = dict.fromkeys(ids, 0)
    first = dict.fromkeys(ids, 0)
    controlled = dict.fromkeys(ids, 0)
    decided_by = dict.fromkeys(DECIDED_BY, 0)
    for event in events:
        if isinstance(event, ControlDecided):
            scored[event.city_state] += 1
            first[event.city_state] += event.rank == 1
            controlled[event.city_state] += event.player is not None
            decided_by[event.decided_by or "none"] += 1
    return {"scored": scored, "first": first, "controlled": controlled,
            "decided_by": decided_by}


def game_length(final: State) -> dict[str, int]:
    """How long a game lasted (`engine.simulate` puts it in every record): ``rounds`` begun
    (S-TURN-1) and player ``turns`` taken — adds, moves and removes (S-TURN-2); the setup's
    placements and the tile choices of a scoring are not turns."""
    n = final.players
    per_round = 3 * n
    if final.phase in ("scoring", "over"):
        turns = final.round * per_round
    else:
        turns = (final.round - 1) * per_round + (final.step if final.phase == "turns" else 0)
    return {"rounds": final.round, "turns": turns}
