"""Per-game statistics of Mesopotamia for `engine.simulate`.

- `game_stats` (``stats="ruleset"``) reads a finished game's events: the cards each player
  drew and played, by card; with the length in rounds, the markers each placed and why the
  game ended.
- `final_stats` (``stats="ruleset:final_stats"``) reads only the final position — rounds,
  markers, mana, why it ended — so all-random games keep the fast path: the one to use for
  natural games of thousands of decisions (R-M12).

`game_length` gives a game's length in rounds and turns. Plain data, so records stay JSON-ready.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.mesopotamia.events import CardDrawn, CardPlayed, GameEnded
from engine.mesopotamia.state import CARDS, State


def _ending(final: State) -> str:
    if not final.is_over:
        return "unfinished"
    win = final.options.markers_to_win
    return "markers" if any(len(d) >= win for d in final.delivered) else "rounds"


def final_stats(final: State, events: Iterable[Event] | None = None) -> dict[str, Any]:
    """The final position's figures.

    Returns:
        ``rounds``: rounds begun; ``markers``: markers placed, per player; ``mana``: mana
        left, per player; ``end``: ``"markers"`` (someone placed all four, or
        the markers a house rule asks for), ``"rounds"``
        (the `max_rounds` limit) or ``"unfinished"`` (stopped by the simulation's cap).
    """
    return {"rounds": final.round, "markers": [len(d) for d in final.delivered],
            "mana": list(final.mana), "end": _ending(final)}


final_stats.uses_events = False  # type: ignore[attr-defined]


def game_stats(final: State, events: Iterable[Event]) -> dict[str, Any]:
    """`final_stats`, and the cards of each player.

    Returns:
        everything of `final_stats`, and ``played``: per player, ``{card id: times played}``
        over every card of the deck (zeros included); ``drawn``: cards drawn, per player.
    """
    played = [dict.fromkeys(CARDS, 0) for _ in range(final.players)]
    drawn = [0] * final.players
    ended_by = None
    for event in events:
        if isinstance(event, CardPlayed):
            played[event.player][event.card] += 1
        elif isinstance(event, CardDrawn):
            drawn[event.player] += 1
        elif isinstance(event, GameEnded):
            ended_by = event.reason
    out = final_stats(final)
    if ended_by is not None:
        out["end"] = "markers" if ended_by == "some_markers" else ended_by
    out.update(played=played, drawn=drawn)
    return out


def game_length(final: State) -> dict[str, int]:
    """How long a game lasted (`engine.simulate` puts it in every record): the player
    ``turns`` begun (M-TURN-1) and the ``rounds`` begun (every player a turn)."""
    return {"rounds": final.round, "turns": final.turn + 1}
