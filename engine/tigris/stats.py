"""Per-game statistics of Tigris & Euphrates for `engine.simulate` (``stats="ruleset"``).

`game_stats` reads a finished game's events: how many revolts and wars were fought, how large
each was (both sides' strength on the board plus the support committed, T-REVOLT/T-WAR), how
much support was committed, how many tiles each war removed, and the monuments built and
treasures taken; `game_length` a game's length in turns and rounds. Plain data, so records
stay JSON-ready.

Limits: sizes are per conflict in the order fought; a conflict's size counts tiles, not the
points the winner scored (a war's winner also scores the loser's removed tiles).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.tigris.events import (
    ConflictStarted,
    ConflictWon,
    GameEnded,
    MonumentBuilt,
    SupportCommitted,
    TilesRemoved,
    TreasureTaken,
)
from engine.tigris.state import State


def game_stats(final: State, events: Iterable[Event]) -> dict[str, Any]:
    """What a game's conflicts came to.

    Returns:
        ``revolts``, ``wars``: how many of each were fought;
        ``sizes``: each conflict's size, both sides' total strength (board + support);
        ``support``: the tiles both sides committed, per conflict;
        ``war_tiles_removed``: the tiles each war removed from the board;
        ``monuments``, ``treasures``: how many were built and taken;
        ``end``: ``"treasures"``, ``"bag"``, or ``"unfinished"``.
    """
    counts = {"revolt": 0, "war": 0}
    sizes: list[int] = []
    support: list[int] = []
    removed: list[int] = []
    committed = 0
    monuments = treasures = 0
    end = "unfinished"
    last_war_index = -1
    for event in events:
        if isinstance(event, ConflictStarted):
            counts[event.conflict] += 1
            committed = 0
        elif isinstance(event, SupportCommitted):
            committed += event.count
        elif isinstance(event, ConflictWon):
            sizes.append(event.winner_total + event.loser_total)
            support.append(committed)
            if event.conflict == "war":
                removed.append(0)
                last_war_index = len(removed) - 1
        elif isinstance(event, TilesRemoved) and last_war_index >= 0:
            # A war's losses are logged right after its result, and only wars remove tiles.
            removed[last_war_index] += event.count
        elif isinstance(event, MonumentBuilt):
            monuments += 1
        elif isinstance(event, TreasureTaken):
            treasures += 1
        elif isinstance(event, GameEnded):
            end = event.reason
    return {"revolts": counts["revolt"], "wars": counts["war"], "sizes": sizes,
            "support": support, "war_tiles_removed": removed, "monuments": monuments,
            "treasures": treasures, "end": end}


def game_length(final: State) -> dict[str, int]:
    """How long a game lasted (`engine.simulate` puts it in every record): the player
    ``turns`` begun (T-TURN-1: two actions each), and ``rounds``: the turns over the players,
    rounded up (every player a turn). Counted by the state (`State.turns`) as it is played."""
    turns = final.turns + (0 if final.is_over else 1)
    return {"rounds": -(-turns // final.players), "turns": turns}
