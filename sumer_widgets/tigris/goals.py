"""Tigris & Euphrates goal kinds: what a board task may ask (`sumer_widgets.goals`).

- ``join`` — the region of `region` (named by its first cell) becomes part of the kingdom of
  `leader` (e.g. ``"bull-king"``);
- ``point`` — `player` scores a point of `colour`; with ``by = "leader"`` only a tile's point
  taken by the player's own leader of that colour counts (not a king standing in), and a
  war's or a monument's point of that colour;
- ``conflict`` — `player` wins the first `conflict` (``"revolt"`` or ``"war"``) decided,
  ``way = "any"``, or ``"sure"`` (with a total the other side could not have reached
  whatever it committed) or ``"fewest"`` (committing no more tiles than were needed against
  what the other side committed);
- ``monument`` — the learner builds `monument` (``"any"`` or e.g. ``"black-red"``); with
  ``paid = "paid"`` it must also pay the learner a point at the end of the turn;
- ``treasure`` — `player`'s traders take `count` treasures or more;
- ``leader-home`` — `leader` is sent back to its owner's hand by the rules (no temple left
  beside it, a lost revolt or war), not withdrawn by choice;
- ``win`` — the game ends and `player` wins it alone.

**Par.** A decision is an action (a turn has two, T-TURN-1): what an action
sets off — each side's support in a conflict, the order of wars, the treasure kept, a
monument, a building, the wonder's point — belongs to it, and the action counts only once
all that is decided (`settled`). So ``par = 1`` is one action with everything it leads to,
and a task that starts inside a conflict has its conflict decided by its kind.

Each check reads the game's events (`engine.tigris.events`) and positions, so it holds for
any position and any options. Parameters are chosen from the start position (players, the
leaders and regions on the board); their values are words of the move notation's language
(``"bull"``, ``"green"``, ``"urn-trader"``) so a teacher can write them by hand. The
sentences are the ``[goal.<kind>]`` tables of the words files beside this module; the labels
of the choices are its ``[goals.WORDS]``.
"""

from __future__ import annotations

from typing import Any

from engine import tigris
from engine.core import Game
from engine.tigris import events as ev
from engine.tigris.board import cell_name, parse_cell
from engine.tigris.moves import (
    Catastrophe,
    Discard,
    Pass,
    PlaceTile,
    PositionLeader,
    Withdraw,
)
from engine.tigris.state import (
    COLOUR_ADJECTIVES,
    COLOUR_NAMES,
    COLOURS,
    LEADER_NAMES,
    MONUMENTS,
    PLAYER_NAMES,
    RED,
    REVOLT,
    TILE_NAMES,
    WAR,
    State,
    player_name,
)
from sumer_widgets.goals import Param, decisions, kind
from sumer_widgets.tasks import Verdict, missed, not_yet, reached
from sumer_widgets.tigris.readers import joined, tiles_phrase
from sumer_widgets.words import Told, words

RULESET = "tigris"
WORDS = words(__file__)["WORDS"]

#: The moves that are a player's actions; every other move decides something an action set off.
ACTIONS = (PlaceTile, PositionLeader, Withdraw, Catastrophe, Discard, Pass)

decisions(RULESET, lambda move: isinstance(move, ACTIONS),
          settled=lambda state: state.phase in ("action", "over"))


def _w(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def _local(table: dict[str, Any], lang: str) -> Any:
    return table.get(lang, table["en"])


# Values a task file names -----------------------------------------------------------------


def _player_key(player: int) -> str:
    return PLAYER_NAMES["en"][player].lower()


def _player(value: str) -> int:
    return [name.lower() for name in PLAYER_NAMES["en"]].index(value)


def _colour(value: str) -> int:
    return COLOUR_NAMES["en"].index(value)


def _leader_key(player: int, colour: int) -> str:
    return f"{_player_key(player)}-{LEADER_NAMES['en'][colour]}"


def _leader(value: str) -> tuple[int, int]:
    player, leader = value.split("-")
    return _player(player), LEADER_NAMES["en"].index(leader)


def _monument_key(letters: str) -> str:
    return "-".join(COLOUR_NAMES["en"][COLOURS.index(ch)] for ch in letters)


# What the learner reads --------------------------------------------------------------------


def _name(player: int) -> Told:
    return Told(lambda lang: player_name(player, lang))


def _leader_name(player: int, colour: int) -> Told:
    return Told(lambda lang: _w(lang)["leader"].format(
        player=player_name(player, lang), leader=_local(LEADER_NAMES, lang)[colour]))


def _colour_name(colour: int) -> Told:
    return Told(lambda lang: _local(COLOUR_NAMES, lang)[colour])


def _tile_name(colour: int) -> Told:
    return Told(lambda lang: _local(TILE_NAMES, lang)[colour])


def _cells(cells: list[int]) -> Told:
    return Told(lambda lang: joined([cell_name(c) for c in cells], lang))


def _monument_name(letters: str, key: str = "monument") -> Told:
    def tell(lang: str) -> str:
        a, b = (_local(COLOUR_NAMES, lang)[COLOURS.index(ch)] for ch in letters)
        return _w(lang)[key].format(a=a, b=b)
    return Told(tell)


def _points(n: int, colour: int) -> Told:
    """``1 green point``, ``2 green points`` (the colour's form agrees with the count)."""
    def tell(lang: str) -> str:
        names = _local(COLOUR_NAMES if n == 1 else COLOUR_ADJECTIVES, lang)
        return _w(lang)["point_one" if n == 1 else "point_many"].format(n=n,
                                                                        colour=names[colour])
    return Told(tell)


def _treasures(cells: list[int]) -> Told:
    return Told(lambda lang: _w(lang)["treasure_one" if len(cells) == 1 else "treasure_many"]
                .format(cells=_cells(cells).describe(lang)))


def _told(game: Game) -> Told:
    """What the last move did, in sentences (without the end of turn's draws)."""
    def tell(lang: str) -> str:
        if not game.log:
            return ""
        return " ".join(event.describe(lang) for event in game.log[-1][1]
                        if not isinstance(event, (ev.TilesDrawn, ev.TurnEnded)))
    return Told(tell)


def _scores(state: State) -> Told:
    return Told(lambda lang: ", ".join(f"{player_name(p, lang)} {score}"
                                       for p, score in enumerate(state.scores())))


def _learner(game: Game) -> int:
    return game.history[0].to_move


def _turn_over(game: Game) -> bool:
    """Whether the learner's turn (the one the task began in) has ended."""
    return game.state.is_over or game.state.active != _learner(game)


def _labelled(key: str, **values: Any) -> Told:
    return Told(lambda lang: _w(lang)[key].format(**values))


# The choices a start position offers ------------------------------------------------------


def _players(state: State) -> list[tuple[str, Told]]:
    return [(_player_key(p), _name(p)) for p in range(state.players)]


def _colours(_state: State) -> list[tuple[str, Told]]:
    return [(COLOUR_NAMES["en"][c], _colour_name(c)) for c in range(len(COLOURS))]


def _leader_on(player: int, colour: int, cell: int) -> Told:
    return Told(lambda lang: _w(lang)["leader_on"].format(
        leader=_leader_name(player, colour).describe(lang), cell=cell_name(cell)))


def _leaders(state: State) -> list[tuple[str, Told]]:
    return [(_leader_key(player, colour), _leader_on(player, colour, cell))
            for player in range(state.players) for colour in range(len(COLOURS))
            if (cell := state.leader_cell(player, colour)) >= 0]


def _regions(state: State) -> list[tuple[str, Told]]:
    return [(cell_name(cells[0]), Told(lambda lang, cells=cells: _w(lang)["region"].format(
        cells=_cells(cells).describe(lang))))
        for cells, is_kingdom in tigris.groups(state) if not is_kingdom]


def _options(param: str, *values: str) -> Any:
    """The fixed choices of `param`, labelled by ``[goals.WORDS] <param>_<value>``."""
    def choices(_state: State) -> list[tuple[str, Told]]:
        return [(value, _labelled(f"{param}_{value}")) for value in values]
    return choices


def _monuments(_state: State) -> list[tuple[str, Told]]:
    return [("any", _labelled("monument_any")),
            *((_monument_key(m), _monument_name(m, "monument_label")) for m in MONUMENTS)]


# The kinds ------------------------------------------------------------------------------------


@kind(RULESET, "join", params=(Param("region", "choice", choices=_regions),
                                Param("leader", "choice", choices=_leaders)))
def join(game: Game, say: Any, region: str, leader: str) -> Verdict:
    start, state = game.history[0], game.state
    cells = next(set(group) for group, _ in tigris.groups(start)
                 if parse_cell(region) in group)
    player, colour = _leader(leader)
    values = {"region": _cells(sorted(cells)), "leader": _leader_name(player, colour),
              "told": _told(game)}
    at = state.leader_cell(player, colour)
    if at >= 0 and any(cells <= set(k) and at in k for k in tigris.kingdoms(state)):
        return reached(say("done", **values))
    return not_yet(say("missed", **values))


def _by_leader(game: Game, ply: int, events: tuple[Any, ...], point: Any) -> bool:
    """Whether `point` (a `PointsScored`) was taken by its player's own leader of its colour."""
    if point.reason == "tile":
        move, after = game.moves[ply], game.history[ply + 1]
        at = after.leader_cell(point.player, point.colour)
        cell = parse_cell(move.cell)
        return at >= 0 and any(cell in k and at in k for k in tigris.kingdoms(after))
    if point.reason == "revolt":
        return any(isinstance(e, ev.ConflictWon) and e.colour == point.colour for e in events)
    return point.reason in ("war", "monument")


@kind(RULESET, "point", params=(Param("player", "choice", choices=_players),
                                 Param("colour", "choice", choices=_colours),
                                 Param("by", "choice", choices=_options("by", "any", "leader"))),
      sentences=("done", "missed", "stand_in", "no_point", "other_colour"))
def point(game: Game, say: Any, player: str, colour: str, by: str) -> Verdict:
    who, hue = _player(player), _colour(colour)
    values = {"player": _name(who), "colour": _colour_name(hue), "tile": _tile_name(hue),
              "leader": _leader_name(who, hue), "told": _told(game)}
    for ply, (_move, events) in enumerate(game.log):
        for event in events:
            if (isinstance(event, ev.PointsScored) and event.player == who
                    and event.colour == hue):
                if by == "any" or _by_leader(game, ply, events, event):
                    return reached(say("done", points=_points(event.points, hue), **values))
                return missed(say("stand_in", **values))
    last = game.moves[-1] if game.moves else None
    if isinstance(last, PlaceTile) and last.colour == COLOURS[hue]:
        return not_yet(say("no_point", **values))
    if isinstance(last, PlaceTile):
        return not_yet(say("other_colour", **values))
    return not_yet(say("missed", **values))


def _support_letter(kind_: int, colour: int) -> str:
    return COLOURS[RED] if kind_ == REVOLT else COLOURS[colour]


def _conflict(game: Game, which: str) -> dict[str, Any] | None:
    """The first conflict of kind `which` in `game` — begun before its start or during it —
    as ``{attacker, defender, colour, strengths, held, committed, won}`` (``won``: the
    `ConflictWon`, or None while it is undecided)."""
    start = game.history[0]
    found: dict[str, Any] | None = None
    if start.conflict is not None and ("revolt", "war")[start.conflict[0]] == which:
        kind_, colour, a_cell, d_cell, a_str, d_str, a_commit = start.conflict
        attacker, defender = start.leader_at(a_cell)[0], start.leader_at(d_cell)[0]
        letter = _support_letter(kind_, colour)
        found = {"attacker": attacker, "defender": defender, "colour": colour,
                 "strength": {attacker: a_str, defender: d_str},
                 "held": {p: start.hands[p].count(letter) for p in (attacker, defender)},
                 "committed": {attacker: max(a_commit, 0), defender: 0}, "won": None}
    for ply, (_move, events) in enumerate(game.log):
        for event in events:
            if found is None and isinstance(event, ev.ConflictStarted) and \
                    event.conflict == which:
                after = game.history[ply + 1]
                letter = _support_letter(REVOLT if which == "revolt" else WAR, event.colour)
                a, d = event.attacker, event.defender
                found = {"attacker": a, "defender": d, "colour": event.colour,
                         "strength": {a: event.attacker_strength, d: event.defender_strength},
                         "held": {p: after.hands[p].count(letter) for p in (a, d)},
                         "committed": {a: 0, d: 0}, "won": None}
            elif found is not None and found["won"] is None:
                if isinstance(event, ev.SupportCommitted):
                    found["committed"][event.player] += event.count
                elif isinstance(event, ev.ConflictWon) and event.conflict == which:
                    found["won"] = event
                    return found
    return found


@kind(RULESET, "conflict",
      params=(Param("conflict", "choice", choices=_options("conflict", "revolt", "war")),
              Param("player", "choice", choices=_players),
              Param("way", "choice", choices=_options("way", "any", "sure", "fewest"))),
      sentences=("done", "missed", "begun", "lost", "lost_tie", "held_back", "overspent"))
def conflict(game: Game, say: Any, conflict: str, player: str, way: str) -> Verdict:
    who = _player(player)
    found = _conflict(game, conflict)
    named = _labelled(f"conflict_{conflict}")
    if found is None:
        return not_yet(say("missed", player=_name(who), conflict=named, told=_told(game)))
    attacker, defender, won = found["attacker"], found["defender"], found["won"]
    strength = found["strength"]
    values: dict[str, Any] = {
        "player": _name(who), "conflict": named, "attacker": _name(attacker),
        "defender": _name(defender),
        "attacker_strength": strength[attacker], "defender_strength": strength[defender]}
    if won is None:
        return not_yet(say("begun", **values))
    total = {won.winner: won.winner_total, won.loser: won.loser_total}
    other = won.loser if won.winner == who else won.winner
    letter = _support_letter(REVOLT if conflict == "revolt" else WAR, found["colour"])
    best = strength[other] + found["held"][other]
    own = found["committed"][who]
    # The defender wins ties: the least the player had to reach against what was committed.
    needed = max(0, total[other] + (who == attacker) - strength[who])
    values.update(winner=_name(won.winner), loser=_name(won.loser),
                  winner_total=won.winner_total, loser_total=won.loser_total,
                  attacker_total=total[attacker], defender_total=total[defender],
                  committed=own, needed=needed, held=found["held"][other], best=best,
                  held_tiles=Told(lambda lang: tiles_phrase(letter * found["held"][other],
                                                            lang)))
    if won.winner != who:
        tie = won.winner_total == won.loser_total
        return missed(say("lost_tie" if tie else "lost", **values))
    if way == "sure" and total[who] + (who == defender) <= best:
        return missed(say("held_back", **values))
    if way == "fewest" and own > needed:
        return missed(say("overspent", **values))
    return reached(say("done", **values))


@kind(RULESET, "monument",
      params=(Param("monument", "choice", choices=_monuments),
              Param("paid", "choice", choices=_options("paid", "built", "paid"))),
      sentences=("done", "missed", "paid", "other", "waiting", "unpaid", "unpaid_left",
                 "declined", "choose"))
def monument(game: Game, say: Any, monument: str, paid: str) -> Verdict:
    learner = _learner(game)
    values: dict[str, Any] = {"player": _name(learner), "told": _told(game)}
    if monument != "any":
        values["wanted"] = _monument_name("".join(
            COLOURS[_colour(name)] for name in monument.split("-")))
    built = next(((ply, e) for ply, (_move, events) in enumerate(game.log) for e in events
                  if isinstance(e, ev.MonumentBuilt) and e.player == learner), None)
    if built is None:
        if any(isinstance(e, ev.Declined) and e.what == "monument" and e.player == learner
               for _move, events in game.log for e in events):
            return missed(say("declined", **values))
        if game.state.phase == "monument":
            return not_yet(say("choose", **values))
        return not_yet(say("missed", **values))
    ply, event = built
    values.update(monument=_monument_name(event.monument), cell=cell_name(event.cell))
    if monument != "any" and _monument_key(event.monument) != monument:
        return missed(say("other", **values))
    if paid == "built":
        return reached(say("done", **values))
    colours = {COLOURS.index(ch) for ch in event.monument}
    later = [e for _move, events in game.log[ply:] for e in events]
    points = [e for e in later if isinstance(e, ev.PointsScored) and e.reason == "monument"
              and e.player == learner and e.colour in colours and e.points > 0]
    if points:
        return reached(say("paid", points=_points(points[0].points, points[0].colour),
                           **values))
    if not _turn_over(game):
        return not_yet(say("waiting", **values))
    gone = [e for e in later if isinstance(e, ev.LeaderWithdrawn) and e.player == learner
            and e.reason == "temple"]
    if gone:
        return missed(say("unpaid_left", leader=_leader_name(learner, gone[0].colour),
                          **values))
    return missed(say("unpaid", **values))


@kind(RULESET, "treasure", params=(Param("player", "choice", choices=_players),
                                    Param("count", "whole", least=1, most=10, default=1)),
      sentences=("done", "missed", "choose"))
def treasure(game: Game, say: Any, player: str, count: int) -> Verdict:
    who = _player(player)
    taken = [e.cell for _move, events in game.log for e in events
             if isinstance(e, ev.TreasureTaken) and e.player == who]
    values = {"player": _name(who), "count": count, "taken": len(taken), "told": _told(game)}
    if len(taken) >= count:
        return reached(say("done", cell=cell_name(taken[0]), treasures=_treasures(sorted(taken)),
                           **values))
    if game.state.phase == "treasure":
        return not_yet(say("choose", **values))
    return not_yet(say("missed", **values))


@kind(RULESET, "leader-home", params=(Param("leader", "choice", choices=_leaders),))
def leader_home(game: Game, say: Any, leader: str) -> Verdict:
    player, colour = _leader(leader)
    values = {"leader": _leader_name(player, colour), "owner": _name(player),
              "told": _told(game)}
    for _move, events in game.log:
        for event in events:
            if (isinstance(event, ev.LeaderWithdrawn) and event.player == player
                    and event.colour == colour and event.reason != "chosen"):
                return reached(say("done", cell=cell_name(event.cell), **values))
    return not_yet(say("missed", **values))


@kind(RULESET, "win", params=(Param("player", "choice", choices=_players),),
      sentences=("done", "missed", "lost", "turn"))
def win(game: Game, say: Any, player: str) -> Verdict:
    who = _player(player)
    state = game.state
    values = {"player": _name(who), "told": _told(game), "treasures": len(state.treasures)}
    if state.is_over:
        values["scores"] = _scores(state)
        if state.winners() == frozenset({who}):
            return reached(say("done", **values))
        return missed(say("lost", **values))
    if _turn_over(game):
        return not_yet(say("missed", **values))
    return not_yet(say("turn", **values))
