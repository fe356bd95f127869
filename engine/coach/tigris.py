"""The coach of Tigris & Euphrates: the expert's evaluation of each move turned into chances,
and the reasons for a move in colours, leaders, temples and wars.

Chances (`chances`): the expert's own measure of each legal move (`tigris.expert.choose`):
the position once the decisions the move starts are settled — a revolt or a war weighed by
the chance that the defender holds enough support, drawn from the tiles the mover has not
seen — valued by the expert's evaluation (the standing over the best opponent's, points
weighted by their colour's rank, leaders, temples, war strength, monuments, wars one tile
away), less the cost of a discard; in a conflict, each amount of support as the expert weighs
it. The measure becomes a chance through the fitted curve of `calibration`, with the bag and
the treasures as the game's progress. A player's view hides the others' hands and (without
open scoring) their influence: the expert reads the others' influence as equal to its own.

Reasons (`reasons`): the change of the named terms of `tigris.expert.terms` — which colour a
move makes stronger and its rank among the player's colours ("makes green, your weakest
colour, stronger"), a leader placed or lost, the temples beside a leader ("leaves your king
open to a revolt"), a kingdom's strength, a monument, a catastrophe spent, a war one tile
away, the best opponent's standing.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from engine.coach.reading import Chances, Reading, Reason, calibrated, changes
from engine.coach.words import say
from engine.core import Named
from engine.tigris import events as ev
from engine.tigris import expert
from engine.tigris.moves import to_raw
from engine.tigris.pieces import COLOUR_NAMES, LEADER_NAMES, player_name
from engine.tigris.rules import legal_moves, new_state
from engine.tigris.state import State
from engine.tigris.table import Table

#: Treasures at the start and when the game ends (T-END-1).
TREASURES, TREASURES_AT_END = 10, 2


def is_chance(state: State) -> bool:
    return False


def chance_in(before: State, move: Any, after: State) -> bool:
    """Tiles drawn from the bag (a hand refilled, or tiles drawn after a discard)."""
    return len(after.bag) < len(before.bag)


@functools.cache
def _bag_at_start(players: int) -> int:
    return len(new_state(players, 0).bag)


def progress(state: State) -> float:
    """The larger of the bag's share drawn and the treasures' share taken (either ends the
    game, T-END-1)."""
    bag = 1.0 - len(state.bag) / _bag_at_start(state.players)
    treasures = (TREASURES - len(state.treasures)) / (TREASURES - TREASURES_AT_END)
    return max(0.0, min(1.0, max(bag, treasures)))


def read(state: State, rng: random.Random) -> Reading:
    """The expert's measure after each legal move and of the position (see the module)."""
    table = Table.load(state, log=False)
    scores = tuple(expert._evaluate_table(table, p) for p in range(state.players))
    if state.is_over:
        return Reading(None, {}, lambda move: scores, scores, 1.0)
    mover = state.to_move
    reader = expert._Reader(state.view(mover), mover)
    moves = legal_moves(state)
    if state.phase == "support":
        each: dict[int, float] = {}
        weigh = expert._attack if state.conflict[6] < 0 else expert._defend
        weigh(table, reader, 0, each)
        own = {m: each[to_raw(m)[1]] for m in moves}
    else:
        own = {}
        for move in moves:
            raw = to_raw(move)
            own[move] = expert._settle(expert._after(state, raw), reader, 0) - (
                expert._cost(raw))

    def vector(move: Any) -> tuple[float, ...]:
        after = expert._after(state, to_raw(move))
        return tuple(own[move] if p == mover else expert._evaluate_table(after, p)
                     for p in range(state.players))

    return Reading(mover, own, vector, scores, progress(state))


def chances(state: State, rng: random.Random) -> Chances:
    return calibrated("tigris", state, read(state, rng))


# Reasons --------------------------------------------------------------------------------------

#: The rank of a colour among a player's four, weakest first (the words' keys).
RANKS = ("weakest", "second", "third", "strongest")


#: Changes of a term smaller than this are not told (a tile beside a kingdom adds 0.06 to its
#: leader's war strength: true, and not a reason).
MIN_WEIGHT = 0.1


def reasons(before: State, move: Any, after: State, events: list[Any],
            player: int) -> list[Reason]:
    was, now = expert.terms(before, player), expert.terms(after, player)
    out = _facts(events, player)
    for (name, *detail), delta in changes(was, now).items():
        weight = abs(delta)
        if name == "score" and delta > 0:
            colour, rank = _strengthened(before, after, player)
            if colour is not None:
                out.append(Reason(weight, say("tigris", f"stronger_{RANKS[rank]}",
                                              colour=_colour(colour))))
        elif name == "score":
            out.append(Reason(weight, say("tigris", "weaker")))
        elif name == "leader":
            colour = int(detail[0])
            if (name, detail[0]) not in was:
                out.append(Reason(weight, say("tigris", "leader_placed",
                                              leader=_leader(colour), colour=_colour(colour))))
            elif (name, detail[0]) not in now:
                out.append(Reason(weight, say("tigris", "leader_lost", leader=_leader(colour))))
        elif name == "temples" and (name, detail[0]) in was and (name, detail[0]) in now:
            key = "temples_up" if delta > 0 else "temples_down"
            out.append(Reason(weight, say("tigris", key, leader=_leader(int(detail[0])))))
        elif name == "strength" and (name, detail[0]) in was and (name, detail[0]) in now:
            key = "strength_up" if delta > 0 else "strength_down"
            out.append(Reason(weight, say("tigris", key, leader=_leader(int(detail[0])))))
        elif name == "monument" and delta > 0:
            colour = int(detail[0])
            out.append(Reason(weight, say("tigris", "monument", leader=_leader(colour),
                                          colour=_colour(colour))))
        elif name == "catastrophes" and delta < 0:
            out.append(Reason(weight, say("tigris", "catastrophe")))
        elif name == "war":
            colour, rival = int(detail[0]), _player(int(detail[1]))
            ahead = now.get((name, *detail), 0.0) >= 0
            key = "war_ahead" if ahead else "war_behind"
            out.append(Reason(weight, say("tigris", key, colour=_colour(colour), rival=rival)))
        elif name == "rival":
            key = "rival_down" if delta > 0 else "rival_up"
            out.append(Reason(weight, say("tigris", key)))
    return out


def _facts(events: list[Any], player: int) -> list[Reason]:
    """What the move did, from its events: a conflict started, won or lost, kingdoms joined,
    a treasure taken, or a tile that scored nothing."""
    out = []
    placed = scored = False
    for event in events:
        if isinstance(event, ev.TilePlaced) and event.player == player:
            placed = True
        elif isinstance(event, ev.PointsScored) and event.player == player:
            scored = True
        elif isinstance(event, ev.ConflictStarted) and event.attacker == player:
            out.append(Reason(1.0, say("tigris", f"starts_{event.conflict}",
                                       leader=_leader(event.colour),
                                       rival=_player(event.defender),
                                       mine=event.attacker_strength,
                                       theirs=event.defender_strength)))
        elif isinstance(event, ev.ConflictWon) and player in (event.winner, event.loser):
            key = f"{'won' if event.winner == player else 'lost'}_{event.conflict}"
            out.append(Reason(2.0, say("tigris", key, leader=_leader(event.colour))))
        elif isinstance(event, ev.KingdomsJoined):
            out.append(Reason(0.5, say("tigris", "joined")))
        elif isinstance(event, ev.TreasureTaken) and event.player == player:
            out.append(Reason(1.0, say("tigris", "treasure")))
    if placed and not scored and not out:
        out.append(Reason(0.1, say("tigris", "no_points")))
    return out


def _strengthened(before: State, after: State, player: int) -> tuple[int | None, int]:
    """The colour whose points grew most, and its rank among the player's colours before."""
    old, new = before.influence[player], after.influence[player]
    if old is None or new is None:
        return None, 0
    gains = [new[c] - old[c] for c in range(4)]
    colour = max(range(4), key=lambda c: gains[c])
    if gains[colour] <= 0:
        return None, 0
    order = sorted(range(4), key=lambda c: (old[c], c))
    return colour, order.index(colour)


def _colour(colour: int) -> Named:
    return Named(**{lang: names[colour] for lang, names in COLOUR_NAMES.items()})


def _leader(colour: int) -> Named:
    return Named(**{lang: names[colour] for lang, names in LEADER_NAMES.items()})


def _player(p: int) -> Named:
    return Named.of(lambda lang: player_name(p, lang))

