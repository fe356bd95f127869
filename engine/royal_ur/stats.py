"""Per-game statistics of the Royal Game of Ur for `engine.simulate`.

- `game_stats` (``stats="ruleset"``) reads a finished game's events: the throws each player
  made and their values, captures, extra throws (rosettes, and captures in Blitz), passes
  (U-PASS-1) and the turn the game was won in.
- `final_stats` (``stats="ruleset:final_stats"``) reads only the final position (the throws
  made, the pieces borne off, the winner), keeping the fast path for all-random games.

`game_length` gives a game's length in turns and rounds. Plain data, so records stay JSON-ready.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.royal_ur.events import Captured, ExtraThrow, Passed, Thrown
from engine.royal_ur.state import State


def final_stats(final: State, events: Iterable[Event] | None = None) -> dict[str, Any]:
    """The final position's figures.

    Returns:
        ``throws``: throws made; ``off``: each player's pieces borne off; ``winner``: 0
        (light), 1 (dark) or None if the game was stopped before its end.
    """
    return {"throws": final.throws, "off": list(final.off), "winner": final.winner}


final_stats.uses_events = False  # type: ignore[attr-defined]


def game_stats(final: State, events: Iterable[Event]) -> dict[str, Any]:
    """`final_stats`, and what happened.

    Returns:
        everything of `final_stats`, and per player (lists of two): ``thrown`` (how often each
        throw 0–4 came), ``captures``, ``extra_throws``, ``passes``.
    """
    thrown = [[0] * 5, [0] * 5]
    captures, extra, passes = [0, 0], [0, 0], [0, 0]
    for event in events:
        if isinstance(event, Thrown):
            thrown[event.player][event.value] += 1
        elif isinstance(event, Captured):
            captures[event.player] += 1
        elif isinstance(event, ExtraThrow):
            extra[event.player] += 1
        elif isinstance(event, Passed):
            passes[event.player] += 1
    out = final_stats(final)
    out.update(thrown=thrown, captures=captures, extra_throws=extra, passes=passes)
    return out


def game_length(final: State) -> dict[str, int]:
    """How long a game lasted (`engine.simulate` puts it in every record): the ``turns``
    begun — each throw begins one (U-TURN-1), another throw after a rosette too — and the
    ``rounds``: the turns over the two players, rounded up."""
    return {"rounds": -(-final.throws // 2), "turns": final.throws}
