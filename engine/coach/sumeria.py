"""The coach of Sumeria: the expert's reading of the round turned into chances, and the
reasons for a move in points, city-states and the row.

Chances (`chances`): the expert's own procedure (`sumeria.expert.choose`) — every legal move
rated one ply deep by the expert's value (projected points over the best opponent's,
`sumeria.heuristic`), the best `expert.WIDTH` read to the round's scoring with every player
answering greedily — gives the mover's measure after each move: the value where the reading
ends for the candidates, and for the others their one-ply value, never above the worst
candidate's (the expert did not read them: it judged them worse). The measure becomes a chance
through the fitted curve of `calibration`, with the round as the game's progress. So the move
the coach calls best is the move the expert plays.

Reasons (`reasons`): the change of the named terms of `sumeria.heuristic.terms` — the points
the standings in each leading city-state would bring (``scoring``), the tiles held, traders
in the city-states that lead next round, the best opponent's points — and what the move did
to the row ("moves Umma to first in the row").
"""

from __future__ import annotations

import random
from typing import Any

from engine.coach.reading import Chances, Reading, Reason, calibrated, changes
from engine.coach.words import say
from engine.core import Named
from engine.sumeria import expert, heuristic
from engine.sumeria.pieces import player_name
from engine.sumeria.rules import apply, legal_moves
from engine.sumeria.state import ROUNDS, State


def is_chance(state: State) -> bool:
    return False


def chance_in(before: State, move: Any, after: State) -> bool:
    """New tiles drawn from the bag (a new round's offer)."""
    return len(after.bag) < len(before.bag)


def progress(state: State) -> float:
    return min(1.0, (state.round - 1) / ROUNDS)


def margins(state: State) -> tuple[float, ...]:
    """Every player's expert value of a position, without the redraws of a new round's offer
    (`expert.value`: projected points over the best opponent's, a bonus for a won game)."""
    if state.is_over:
        return tuple(expert.value(state, p) for p in range(state.players))
    points = heuristic.projected(state)
    return tuple(points[p] - max(points[q] for q in range(state.players) if q != p)
                 for p in range(state.players))


def read(state: State, rng: random.Random) -> Reading:
    """The expert's measure after each legal move and of the position (see the module)."""
    scores = margins(state)
    if state.is_over:
        return Reading(None, {}, lambda move: scores, scores, 1.0)
    mover = state.to_move
    moves = legal_moves(state)
    rated = []
    for index, move in enumerate(moves):
        after, _ = apply(state, move)
        rated.append((expert.value(after, mover, rng), -index, after, move))
    rated.sort(key=lambda r: (r[0], r[1]), reverse=True)
    read_to = expert.HORIZON if state.phase == "placement" else None
    measure: dict[Any, float] = {}
    where: dict[Any, State] = {}
    for _, _, after, move in rated[:expert.WIDTH]:
        leaf = where[move] = _leaf(after, state.round, read_to)
        measure[move] = expert.value(leaf, mover, rng)
    floor = min(measure.values())
    for one_ply, _, after, move in rated[expert.WIDTH:]:
        measure[move] = min(one_ply, floor)
        where[move] = after

    def vector(move: Any) -> tuple[float, ...]:
        xs = margins(where[move])
        return (*xs[:mover], measure[move], *xs[mover + 1:])

    return Reading(mover, {m: measure[m] for m in moves}, vector, scores, progress(state))


#: Where the expert's reading (`expert._play_out`) ends, by the positions it passed: one
#: reading of the rest of the round serves every position on its way (a review reads the
#: game's positions one after the other, and their readings share most of their way).
_LEAVES: dict[State, State] = {}
_LEAVES_LIMIT = 50_000


def _leaf(state: State, round_: int, plies: int | None) -> State:
    """`expert._play_out(state, round_, plies)`, remembered for the round's scoring."""
    if plies is not None:
        return expert._play_out(state, round_, plies)
    passed = []
    while not state.is_over and state.round == round_ and state.phase != "placement":
        known = _LEAVES.get(state)
        if known is not None:
            state = known
            break
        passed.append(state)
        state = expert._greedy_reply(state)
    if len(_LEAVES) + len(passed) > _LEAVES_LIMIT:
        _LEAVES.clear()
    for step in passed:
        _LEAVES[step] = state
    return state


def chances(state: State, rng: random.Random) -> Chances:
    return calibrated("sumeria", state, read(state, rng))


# Reasons --------------------------------------------------------------------------------------

#: How much a change of the row weighs, against points.
ROW_WEIGHT = 1.5


#: Changes smaller than this, in points, are not told (rounding of a projection).
MIN_WEIGHT = 0.2


def reasons(before: State, move: Any, after: State, events: list[Any],
            player: int) -> list[Reason]:
    out = []
    was, now = heuristic.terms(before, player), heuristic.terms(after, player)
    for (name, *detail), delta in changes(was, now).items():
        points = _points(delta)
        if name == "scoring":
            city, place = _city(before, detail[0]), detail[1]
            key = f"scoring_{place}_{'up' if delta > 0 else 'down'}"
            out.append(Reason(abs(delta), say("sumeria", key, city=city, points=points)))
        elif name == "tiles" and delta > 0:
            out.append(Reason(delta, say("sumeria", "tiles", points=points)))
        elif name == "next_round":
            key = "next_round_up" if delta > 0 else "next_round_down"
            out.append(Reason(abs(delta), say("sumeria", key, city=_city(before, detail[0]))))
        elif name == "rival":
            rival = _player(int(detail[0]))
            if ("rival", detail[0]) in was and ("rival", detail[0]) in now:
                key = "rival_down" if delta > 0 else "rival_up"
                out.append(Reason(abs(delta), say("sumeria", key, rival=rival, points=points)))
    for rank, city in enumerate(after.row[:3]):
        earlier = before.row.index(city)
        if earlier > rank:
            out.append(Reason(ROW_WEIGHT * (3 - rank) / 3 + 0.1 * (earlier - rank),
                              say("sumeria", f"row_up_{rank + 1}", city=_city(before, city))))
    for city in before.row[:3]:
        if after.row.index(city) >= 3:
            out.append(Reason(ROW_WEIGHT * 0.5, say("sumeria", "row_out",
                                                    city=_city(before, city))))
    return out


def _city(state: State, cs_id: str) -> str:
    return state.board.city_state(cs_id).name


def _player(p: int) -> Named:
    return Named.of(lambda lang: player_name(p, lang))


def _points(delta: float) -> str:
    amount = abs(delta)
    return f"{amount:g}" if amount == int(amount) else f"{amount:.2f}".rstrip("0")
