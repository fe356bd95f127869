"""The coach of Mesopotamia: the expert's value of each move turned into chances, and the
reasons for a move in markers, natives, mana and the errands of the plan.

Chances (`chances`): the expert's own measure (`mesopotamia.expert.choose`): each legal move
played on a copy of the position and valued by `mesopotamia.expert.value` — the player's
progress towards four markers at the temple, with every step of the plan counted — a
discovery averaged over the fields left in the pile, with the expert's small costs and
bonuses (a movement point spent, stopping rather than wandering). Where the expert plays by a
rule of thumb (a stone carried onto the temple place is put down; Stamina, Fertility, Priest
and Land at their moments) the move it picks is ranked first; a hut without a marker while
markers remain (it costs the win: five huts hold four markers) is ranked last. The measure is
counted over the best opponent's value of the position, and becomes a chance through the
fitted curve of `calibration`, with the markers placed as the game's progress.

Reasons (`reasons`): the change of the named terms of `mesopotamia.expert.terms` — markers
placed and carried towards the temple, natives, mana and maximum mana, cards, holy places,
huts and births prepared, and the errands free natives are sent on.
"""

from __future__ import annotations

import random
from typing import Any

from engine.coach.reading import Chances, Reading, Reason, calibrated, changes
from engine.coach.words import say
from engine.mesopotamia import expert
from engine.mesopotamia.moves import to_internal
from engine.mesopotamia.rules import Work, legal_moves
from engine.mesopotamia.scoring import MARKERS_TO_WIN as MARKERS
from engine.mesopotamia.state import State


def is_chance(state: State) -> bool:
    return False


def chance_in(before: State, move: Any, after: State) -> bool:
    """A field discovered from the pile, or a card drawn."""
    return len(after.pile) < len(before.pile) or len(after.deck) < len(before.deck)


def progress(state: State) -> float:
    return min(1.0, max(len(d) for d in state.delivered) / MARKERS)


def margins(w: Work) -> tuple[float, ...]:
    """Every player's expert value of a position over the best opponent's."""
    values = [expert.value(w, p) for p in range(w.players)]
    return tuple(v - max(values[q] for q in range(w.players) if q != p)
                 for p, v in enumerate(values))


def read(state: State, rng: random.Random) -> Reading:
    """The expert's measure after each legal move and of the position (see the module)."""
    scores = margins(Work(state))
    if state.is_over:
        return Reading(None, {}, lambda move: scores, scores, 1.0)
    me = state.to_move
    rival = max(expert.value(Work(state), q) for q in range(state.players) if q != me)
    moves = legal_moves(state)
    internal = [to_internal(m) for m in moves]
    own: dict[Any, float] = {}
    last = []
    proto = Work(state)
    for move, t in zip(moves, internal):
        kind = t[0]
        if kind == "hut" and not t[2] and state.markers[me]:
            last.append(move)
            continue
        if kind == "discover":
            got = expert._discovery_value(state, t, me) - expert.POINT_COST
        else:
            w = expert._after(proto, t)
            if (state.phase == "action" and kind != "end" and w.to_move == me
                    and w.phase == "action" and ("done",) in w.legal()):
                w.do(("done",))
            got = expert.value(w, me)
            if kind == "go":
                got -= expert.POINT_COST * (state.points - w.points)
            elif kind in ("end", "done"):
                got += expert.STOP_BONUS
        own[move] = got - rival
    low = min(own.values(), default=-rival)
    for move in last:
        own[move] = low - expert.STEP
    picked = expert._rule_of_thumb(state, moves, internal, me)
    if picked is not None:
        own[picked] = max(own.values()) + expert.STOP_BONUS

    def vector(move: Any) -> tuple[float, ...]:
        xs = margins(expert._after(proto, to_internal(move)))
        return (*xs[:me], own[move], *xs[me + 1:])

    return Reading(me, {m: own[m] for m in moves}, vector, scores, progress(state))


def chances(state: State, rng: random.Random) -> Chances:
    return calibrated("mesopotamia", state, read(state, rng))


# Reasons --------------------------------------------------------------------------------------

#: Terms told only when they grow, or only when they shrink (the rest both ways).
_UP_ONLY = {"placed", "holy", "over", "lift", "staff", "stone", "holy_stone", "lumber", "seek"}


#: Changes smaller than this are not told: half a step on a way (`expert.STEP` is 4).
MIN_WEIGHT = 2.0


def reasons(before: State, move: Any, after: State, events: list[Any],
            player: int) -> list[Reason]:
    out = []
    for (name,), delta in changes(expert.terms(Work(before), player),
                                  expert.terms(Work(after), player)).items():
        if name in _UP_ONLY and delta < 0:
            continue
        if name == "over" and delta < 0:
            continue
        key = name if name in _UP_ONLY or name == "stuck" else (
            f"{name}_{'up' if delta > 0 else 'down'}")
        values = {"count": len(after.delivered[player]), "markers": MARKERS}
        out.append(Reason(abs(delta), say("mesopotamia", key, **values)))
    return out
