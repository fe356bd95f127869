"""Sumeria's goal kinds: what a board task may ask (`sumer_widgets.goals`).

- ``arrive`` — a trader of the learner arrives at `place`: a location, or anywhere in a
  city-state (a trader reaches a location);
- ``row-place`` — the city-state `city_state` reaches place `place` of the row of importance,
  climbing to it or falling to it from where it stood at the start;
- ``influence`` — the city-state `city_state` gains or loses influence (`change`);
- ``control`` — the learner controls `city_state`: would control it if it were scored now,
  or did when it was scored (a player takes control of a city-state);
- ``best-tiles`` — the learner chooses the influence tiles that add the most points (a
  position where the learner chooses tiles; the kind finds the solution itself).

Every kind but ``best-tiles`` takes `by`, the action that must do it: any action, or placing,
adding, moving or removing a trader (those the start position allows). A decision of another
action is told so, in the words of ``[goals.WORDS.not_by]`` (an add where the goal asks for a
move along a trade route is the common slip).

The learner is the player to move at the start; every move of Sumeria is a decision (there is
no chance move). Each check looks at the position right after each of the learner's
decisions: the goal is reached at the first one of the asked action that reaches it, and the
bots' answers after it change nothing; until then, the latest decision says why not. The
sentences are the ``[goal.<kind>]`` tables of the words files beside this module; the labels
of the parameters' choices and the other words of the kinds are ``[goals.WORDS]``.

Limits: ``control`` reads the standings as `engine.sumeria.control` gives them (the
rulebook's order of tie-breaks, under the game's `tiebreak` option); ``best-tiles`` compares
the points the choice adds to the learner's own tiles, not the other players'.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from engine import sumeria
from engine.core import Game
from engine.sumeria import Add, MoveTrader, Place, Remove, State, TakeTiles, player_name
from engine.sumeria.events import ControlDecided, InfluenceChanged
from engine.sumeria.scoring import score_counts
from sumer_widgets.goals import Param, kind
from sumer_widgets.sumeria import readers
from sumer_widgets.tasks import Verdict, missed, not_yet, reached
from sumer_widgets.words import Said, Told, words

RULESET = "sumeria"

#: The labels of the choices, the sentence for a decision of the wrong action, the words of
#: a change of influence and the rulebooks' names.
WORDS = words(__file__)["WORDS"]

#: Each kind of move as the action a goal may ask for.
ACTIONS = {Place: "place", Add: "add", MoveTrader: "move", Remove: "remove",
           TakeTiles: "take"}
#: The actions a goal's `by` may name, "any" first.
BY = ("any", "place", "add", "move", "remove")


def _table(group: str) -> dict[str, dict[str, str]]:
    """One group of `WORDS`, as ``{lang: {key: text}}`` (the table a `Said` tells from)."""
    return {lang: told[group] for lang, told in WORDS.items() if group in told}


def _label(group: str, key: str) -> dict[str, str]:
    return {lang: texts[key] for lang, texts in _table(group).items()}


def _said(group: str, key: str, **values: Any) -> Said:
    return Said(_table(group), f"goals.WORDS.{group}", key, **values)


# Parameters ----------------------------------------------------------------------------------


def _actions(state: State) -> list[tuple[str, Any]]:
    allowed = {ACTIONS[type(move)] for move in sumeria.legal_moves(state)}
    return [(action, _label("by", action)) for action in BY
            if action == "any" or action in allowed]


def _city_states(state: State) -> list[tuple[str, str]]:
    return [(cs.id, cs.name) for cs in state.board.city_states]


def _places(state: State) -> list[tuple[str, Any]]:
    board = state.board
    return [*_city_states(state),
            *((loc.id, Told(lambda lang, loc=loc.id: board.label(loc, lang)))
              for loc in board.locations)]


def _ranks(state: State) -> list[tuple[int, Any]]:
    return [(n, Told(lambda lang, n=n: readers.ordinal(n, lang)))
            for n in range(1, len(state.row) + 1)]


def _changes(_state: State) -> list[tuple[str, Any]]:
    return [(change, _label("change", change)) for change in ("gains", "loses")]


CITY_STATE = Param("city_state", "choice", choices=_city_states)
ACTION = Param("by", "choice", choices=_actions, default="any")


# The learner's decisions ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Step:
    """One decision of the learner: the move, its events, the positions before and after."""

    move: Any
    events: tuple[Any, ...]
    before: State
    after: State


def steps(game: Game) -> list[Step]:
    """The learner's decisions in `game`, in order (the learner moves first)."""
    learner = game.history[0].to_move
    return [Step(move, events, game.history[n], game.history[n + 1])
            for n, (move, events) in enumerate(game.log)
            if game.history[n].to_move == learner]


def _judge(game: Game, by: str, reaches: Callable[[Step], Any],
           why_not: Callable[[Step], Any]) -> Verdict:
    """Reached at the first decision of action `by` for which `reaches` says why (not None);
    else not yet, told by the latest decision (`why_not`, or the wrong action's sentence)."""
    done = steps(game)
    for step in done:
        if _fits(step.move, by):
            why = reaches(step)
            if why is not None:
                return reached(why)
    if not done:
        return not_yet()
    last = done[-1]
    if not _fits(last.move, by):
        return not_yet(_said("not_by", by, move=_move(last), player=_player(last.before)))
    return not_yet(why_not(last))


def _fits(move: Any, by: str) -> bool:
    return by == "any" or ACTIONS.get(type(move)) == by


def _player(state: State) -> Told:
    learner = state.to_move
    return Told(lambda lang: player_name(learner, lang))


def _move(step: Step) -> Told:
    learner = step.before.to_move
    return Told(lambda lang: readers.move_text(step.move, lang, learner, step.before.board))


def _name(state: State, cs_id: str) -> str:
    return state.board.city_state(cs_id).name


def _rank(state: State, cs_id: str) -> Told:
    rank = state.rank_of(cs_id)
    return Told(lambda lang: readers.ordinal(rank, lang))


def _where(state: State, loc_id: str) -> Told:
    board = state.board
    return Told(lambda lang: board.label(loc_id, lang))


def _place_name(state: State, place: str) -> Any:
    board = state.board
    if place in {cs.id for cs in board.city_states}:
        return _name(state, place)
    return _where(state, place)


def _arrival(move: Any) -> str | None:
    """Where `move` puts a trader, if it does."""
    if isinstance(move, (Place, Add)):
        return move.location
    if isinstance(move, MoveTrader):
        return move.destination
    return None


def _left(move: Any) -> str | None:
    """Where `move` takes a trader from, if it does."""
    if isinstance(move, MoveTrader):
        return move.origin
    if isinstance(move, Remove):
        return move.location
    return None


def _city_state_of(state: State, loc_id: str | None) -> str | None:
    return None if loc_id is None else state.board.location(loc_id).city_state


# The kinds -----------------------------------------------------------------------------------


@kind(RULESET, "arrive", params=(Param("place", "choice", choices=_places), ACTION),
      sentences=("done", "missed", "nowhere"))
def arrive(game: Game, say: Any, place: str, by: str) -> Verdict:
    def at(step: Step, loc: str) -> dict[str, Any]:
        cs = _city_state_of(step.after, loc)
        return {"at": _where(step.after, loc), "city_state": _name(step.after, cs),
                "rank": _rank(step.after, cs)}

    def reaches(step: Step) -> Any:
        loc = _arrival(step.move)
        if loc is None or place not in (loc, _city_state_of(step.after, loc)):
            return None
        return say("done", player=_player(step.before), place=_place_name(step.after, place),
                   **at(step, loc))

    def why_not(step: Step) -> Any:
        common = {"player": _player(step.before), "place": _place_name(step.after, place),
                  "move": _move(step)}
        loc = _arrival(step.move)
        if loc is None:
            return say("nowhere", **common)
        told = at(step, loc)
        return say("missed", ended_at=told["at"], ended=told["city_state"],
                   ended_rank=told["rank"], **common)

    return _judge(game, by, reaches, why_not)


def _reaches_place(start: int, now: int, place: int) -> bool:
    if place < start:
        return now <= place
    if place > start:
        return now >= place
    return now == place


@kind(RULESET, "row-place", params=(CITY_STATE, Param("place", "choice", choices=_ranks),
                                    ACTION))
def row_place(game: Game, say: Any, city_state: str, place: int, by: str) -> Verdict:
    place = int(place)  # a choice equal to a whole number (1.0, true) reads as that number
    start = game.history[0].rank_of(city_state)

    def values(step: Step) -> dict[str, Any]:
        after = step.after
        ended = _city_state_of(after, _arrival(step.move) or _left(step.move))
        return {"city_state": _name(after, city_state), "rank": _rank(after, city_state),
                "place": Told(lambda lang: readers.ordinal(place, lang)),
                "holder": _name(after, after.row[place - 1]),
                "ended": _name(after, ended) if ended else _name(after, city_state),
                "player": _player(step.before), "move": _move(step)}

    def reaches(step: Step) -> Any:
        if not _reaches_place(start, step.after.rank_of(city_state), place):
            return None
        return say("done", **values(step))

    return _judge(game, by, reaches, lambda step: say("missed", **values(step)))


@kind(RULESET, "influence", params=(CITY_STATE, Param("change", "choice", choices=_changes),
                                    ACTION),
      sentences=("done", "missed", "opposite", "moved-away"))
def influence(game: Game, say: Any, city_state: str, change: str, by: str) -> Verdict:
    gain = change == "gains"

    def changed(step: Step) -> InfluenceChanged | None:
        return next((event for event in step.events if isinstance(event, InfluenceChanged)
                     and event.city_state == city_state), None)

    def values(step: Step, gained: bool) -> dict[str, Any]:
        return {"city_state": _name(step.after, city_state),
                "rank": _rank(step.after, city_state),
                "changed": _said("changed", "gains" if gained else "loses"),
                "player": _player(step.before), "move": _move(step)}

    def reaches(step: Step) -> Any:
        event = changed(step)
        if event is None or event.gained != gain:
            return None
        return say("done", **values(step, gain))

    def why_not(step: Step) -> Any:
        event = changed(step)
        if event is not None:
            return say("opposite", **values(step, event.gained))
        if not gain and isinstance(step.move, MoveTrader) and _city_state_of(
                step.before, step.move.origin) == city_state:
            return say("moved-away", **values(step, gain))
        return say("missed", **values(step, gain))

    return _judge(game, by, reaches, why_not)


def _other_reading(state: State) -> State:
    """`state` read by the other rulebook's tie-break (only its standings are asked of it: a
    checked copy would be refused mid-scoring, where the controller may differ)."""
    other = "villages" if state.options.tiebreak == "towns" else "towns"
    return dataclasses.replace(state, options=dataclasses.replace(state.options,
                                                                  tiebreak=other))


@kind(RULESET, "control", params=(CITY_STATE, ACTION),
      sentences=("done", "missed", "left", "other-rulebook"))
def control(game: Game, say: Any, city_state: str, by: str) -> Verdict:
    def standings(step: Step) -> tuple[int | None, dict[str, Any]]:
        after = step.after
        learner = step.before.to_move
        rank = after.rank_of(city_state) - 1
        order, index, counts = sumeria.control(after, rank)
        scored = next((event for event in step.events if isinstance(event, ControlDecided)
                       and event.city_state == city_state), None)
        controller = scored.player if scored is not None else (order[0] if order else None)
        step_name = None if index is None or len(order) < 2 else \
            ("traders", "city", after.options.tiebreak, "order")[index]
        values = {
            "standing": Told(lambda lang: readers.control_text(after, rank, lang)),
            "player": _player(step.before), "city_state": _name(after, city_state),
            "controller": Told(lambda lang: player_name(controller, lang)
                               if controller is not None else readers.word("nobody", lang)),
            "controller_traders": counts[controller] if controller is not None else 0,
            "traders": counts[learner],
            "decided": Told(lambda lang: readers.step_text(step_name, lang)),
            "rulebook": _said("rulebook", _other_reading(after).options.tiebreak),
        }
        return controller, values

    def reaches(step: Step) -> Any:
        controller, values = standings(step)
        return say("done", **values) if controller == step.before.to_move else None

    def why_not(step: Step) -> Any:
        _, values = standings(step)
        learner = step.before.to_move
        before = sumeria.control(step.before, step.before.rank_of(city_state) - 1)[2]
        if values["traders"] < before[learner]:
            return say("left", **values)
        elsewhere = sumeria.control(_other_reading(step.after),
                                    step.after.rank_of(city_state) - 1)[0]
        if elsewhere and elsewhere[0] == learner:
            return say("other-rulebook", **values)
        return say("missed", **values)

    return _judge(game, by, reaches, why_not)


def _gains(state: State) -> dict[str, int]:
    """The points each tile choice of `state` adds to the chooser's tiles."""
    counts = list(state.influence[state.to_move])
    now = score_counts(counts)
    gains = {}
    for move in sumeria.legal_moves(state):
        if isinstance(move, TakeTiles):
            more = [n + move.tiles.count(t) for n, t in zip(counts, sumeria.TILES)]
            gains[move.tiles] = score_counts(more) - now
    return gains


def _best_tiles(start: State) -> Sequence[str]:
    gains = _gains(start)
    return [f"take {max(gains, key=gains.__getitem__)}"] if gains else []


@kind(RULESET, "best-tiles", solve=_best_tiles, sentences=("done", "missed", "choose"))
def best_tiles(game: Game, say: Any) -> Verdict:
    start = game.history[0]
    gains = _gains(start)
    done = steps(game)
    first = done[0] if done else None
    if first is None or not isinstance(first.move, TakeTiles) or not gains:
        return not_yet(say("choose", player=_player(start)))
    tiles = first.move.tiles
    values = {"tiles": Told(lambda lang: readers.tiles_text(tiles, lang)),
              "points": gains.get(tiles, 0), "best": max(gains.values()),
              "player": _player(start)}
    if values["points"] == values["best"]:
        return reached(say("done", **values))
    return missed(say("missed", **values))
