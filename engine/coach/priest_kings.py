"""The coach of a Priest-Kings campaign: the expert's odds turned into chances of being among
the winners, and the reasons for an order in battles, threats and blessings.

Chances (`chances`): a city's measure of a position is the expert's rough chance of winning
alone (`priest_kings.expert.value`: realms' sizes shared out, less what vassals that share the
win take) after the battles already declared this turn, each weighed by the dice model's odds
(`priest_kings.expert.battle_value`, one after the other as the expert adds them). An order's
measure is that, plus the expert's own value of the order (`expert.order_values`: an attack's
expected change, the attacks it prevents, a vassal kept from sharing the win, a sacrifice's or
a reorganization's better odds now and later). The measure becomes a chance of being among
the winners through the fitted curve of `calibration`, with the realms left as the
campaign's progress; each city's chance is its own (several cities may win together).

The battles and a typed-in activation order are chance's: the dice model's battle is worth
the position's chance; a result or an order typed in at the table, the chance after it.

Reasons (`reasons`): the named terms of the order's value (`order_values` with ``terms``):
the battle and its odds, the attacks it keeps off, the vassal it keeps from sharing the win,
the better odds of a sacrifice or a reorganization.
"""

from __future__ import annotations

import random
from typing import Any

from engine.coach.reading import Chances, Reading, Reason, calibrated
from engine.coach.words import percent, say
from engine.priest_kings import expert
from engine.priest_kings.moves import ActivationOrder, Attack, DiceBattle, RecordedBattle
from engine.priest_kings.rules import apply, legal_moves
from engine.priest_kings.state import State


def is_chance(state: State) -> bool:
    return state.phase in ("activation", "battles")


def chance_in(before: State, move: Any, after: State) -> bool:
    """Dice rolled: a battle, or the next turn's order of activation drawn."""
    return isinstance(move, (DiceBattle, RecordedBattle, ActivationOrder)) or (
        after.turn != before.turn)


def progress(state: State) -> float:
    """How many realms have been folded into others: 0 at the start, 1 with one left."""
    return 1.0 - (len(state.independent) - 1) / (state.players - 1)


def measure(state: State, player: int) -> float:
    """`player`'s rough chance of winning alone once this turn's declared battles are fought
    (each weighed by its odds, as the expert weighs them)."""
    base = expert.value(state.overlord, state.made, player, state.map.neighbours)
    if state.is_over:
        return base
    start = state.step if state.phase == "battles" else 0
    return base + sum(expert.battle_value(state, a, d, player) - base
                      for a, d in state.attacks[start:])


def read(state: State, rng: random.Random) -> Reading:
    """The expert's measure after each legal move and of the position (see the module)."""
    scores = tuple(measure(state, p) for p in range(state.players))
    if state.is_over:
        return Reading(None, {}, lambda move: scores, scores, 1.0)
    mover = state.to_move
    moves = legal_moves(state)
    if state.phase == "orders":
        own = {m: scores[mover] + gain for m, gain in zip(moves, expert.order_values(state,
                                                                                    moves))}
    else:
        own = {}
        for move in moves:
            own[move] = scores[mover] if isinstance(move, DiceBattle) else measure(
                apply(state, move)[0], mover)

    def vector(move: Any) -> tuple[float, ...]:
        if isinstance(move, DiceBattle):
            return scores
        after, _ = apply(state, move)
        return tuple(own[move] if p == mover else measure(after, p)
                     for p in range(state.players))

    return Reading(mover, own, vector, scores, progress(state),
                   chance=state.phase != "orders")


def chances(state: State, rng: random.Random) -> Chances:
    return calibrated("priest_kings", state, read(state, rng))


# Reasons --------------------------------------------------------------------------------------


#: Changes smaller than this (half a point of the rough chance) are not told.
MIN_WEIGHT = 0.005


def reasons(before: State, move: Any, after: State, events: list[Any],
            player: int) -> list[Reason]:
    if isinstance(move, DiceBattle):
        return [Reason(1.0, say("priest_kings", "dice"))]
    if isinstance(move, (RecordedBattle, ActivationOrder)):
        return [Reason(1.0, say("priest_kings", "recorded"))]
    named: list[dict[tuple[str, ...], float]] = []
    expert.order_values(before, [move], named)
    out = []
    for (name, *detail), value in named[0].items():
        weight = abs(value)
        if name == "battle":
            target = before.map.index_of(detail[0])
            odds = expert.break_chance(before.armies[player], before.armies[target],
                                       before.blessed[player], before.blessed[target],
                                       before.options.reroll_limit)
            key = "attack_gain" if value > 0 else "attack_risk"
            out.append(Reason(weight + 1e-6, say("priest_kings", key, city=before.name(target),
                                                 chance=percent(odds))))
        elif name == "threat":
            out.append(Reason(weight, say("priest_kings", "threat",
                                          city=before.name(before.map.index_of(detail[0])))))
        elif name in ("block", "stacked"):
            out.append(Reason(weight, say("priest_kings", name)))
        elif name in ("fought", "future") and abs(value) > 1e-9:
            kind = "attack" if isinstance(move, Attack) else type(move).__name__.lower()
            key = f"{name}_{kind}_{'up' if value > 0 else 'down'}"
            out.append(Reason(weight, say("priest_kings", key)))
    if not out and isinstance(move, Attack):
        target = before.map.index_of(move.target)
        out.append(Reason(0.0, say("priest_kings", "attack_even", city=before.name(target))))
    return out
