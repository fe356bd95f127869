"""The Royal Game of Ur's goal kinds: what a board task may ask (`sumer_widgets.goals`).

- ``rosette`` — a piece of the learner lands on a rosette (and the learner throws again);
- ``capture`` — the learner captures a piece of the other player;
- ``bear-off`` — the learner bears a piece off the board;
- ``reach`` — a piece of the learner reaches square `square` of its path (or beyond it);
- ``best-move`` — the learner plays a move with the best chance of winning, as the solved
  table says (the position must be one a shipped or solved table holds: the 3-piece game,
  with the throw made).

The learner's decisions are their moves; a throw is chance, not a decision. Each check reads
the game's events (`engine.royal_ur.events`), so it holds for any position and any options.
The sentences are the ``[goal.<kind>]`` tables of the words files beside this module.
"""

from __future__ import annotations

from typing import Any

from engine import royal_ur
from engine.core import Game
from engine.royal_ur.events import BorneOff, Captured, ExtraThrow
from engine.royal_ur.moves import Throw
from engine.royal_ur.state import PLAYER_NAMES
from sumer_widgets.goals import Param, decisions, kind
from sumer_widgets.tasks import Verdict, missed, not_yet, reached

RULESET = "royal_ur"

decisions(RULESET, lambda move: not isinstance(move, Throw))


def _learner_events(game: Game) -> list[Any]:
    learner = game.history[0].to_move
    return [event for _move, events in game.log for event in events
            if getattr(event, "player", None) == learner]


def _names(game: Game) -> dict[str, Any]:
    learner = game.history[0].to_move
    return {"player": PLAYER_NAMES[learner], "other": PLAYER_NAMES[1 - learner]}


@kind(RULESET, "rosette")
def rosette(game: Game, say: Any) -> Verdict:
    landed = [event for event in _learner_events(game)
              if isinstance(event, ExtraThrow) and event.reason == "rosette"]
    if landed:
        return reached(say("done", cell=landed[0].cell, **_names(game)))
    return not_yet(say("missed", **_names(game)))


@kind(RULESET, "capture")
def capture(game: Game, say: Any) -> Verdict:
    taken = [event for event in _learner_events(game) if isinstance(event, Captured)]
    if taken:
        return reached(say("done", cell=taken[0].cell, **_names(game)))
    return not_yet(say("missed", **_names(game)))


@kind(RULESET, "bear-off")
def bear_off(game: Game, say: Any) -> Verdict:
    off = [event for event in _learner_events(game) if isinstance(event, BorneOff)]
    if off:
        return reached(say("done", off=off[-1].off, pieces=off[-1].pieces, **_names(game)))
    return not_yet(say("missed", **_names(game)))


def _squares(state: royal_ur.State) -> list[tuple[int, str]]:
    return [(square, str(square))
            for square in range(1, royal_ur.path(state.options.path).length + 1)]


@kind(RULESET, "reach", params=(Param("square", "choice", choices=_squares),))
def reach(game: Game, say: Any, square: int) -> Verdict:
    learner = game.history[0].to_move
    best = max(game.state.squares[learner], default=0)
    if best >= square or any(isinstance(event, BorneOff) for event in _learner_events(game)):
        return reached(say("done", square=square, **_names(game)))
    return not_yet(say("missed", square=square, furthest=best, **_names(game)))


def _values(state: royal_ur.State) -> dict[Any, float]:
    values = royal_ur.move_values(state)
    if values is None:
        raise ValueError("a best-move task needs a position a solved table holds")
    return values


def _best(start: royal_ur.State) -> list[str]:
    values = _values(start)
    return [str(max(values, key=values.__getitem__))]


@kind(RULESET, "best-move", solve=_best, sentences=("done", "missed", "choose"))
def best_move(game: Game, say: Any) -> Verdict:
    start = game.history[0]
    played = next((move for state, move in zip(game.history, game.moves)
                   if state.to_move == start.to_move and not isinstance(move, Throw)), None)
    if played is None:
        return not_yet(say("choose", **_names(game)))
    values = _values(start)
    best = max(values.values())
    chance = values.get(played, 0.0)
    percent = f"{100 * chance:.0f}"
    if chance >= best - 1e-9:
        return reached(say("done", chance=percent, **_names(game)))
    return missed(say("missed", chance=percent, best=f"{100 * best:.0f}", **_names(game)))
