"""The fast path: a whole random campaign on private scratch data, for bots and simulations.

`random_playout` plays uniformly random legal moves to the end. It never builds the list of
legal moves: it counts them, draws one index with ``rng.randrange(count)`` — even when there is
a single move, such as the `DiceBattle` of a dice campaign — and acts on that index, in the
order of `legal_moves`. So for the same generator it plays exactly the game that repeatedly
playing ``legal_moves(s)[rng.randrange(len(...))]`` through `apply` plays (the tests compare
them state for state). Battles use the same `battle.fight_forms` and vassalage the same
`vassalage.settle` as the checked rules; nothing here builds an event.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import InvalidInput, make_rng, recording_randrange
from engine.priest_kings.army import Army
from engine.priest_kings.battle import battle_form, fight_forms
from engine.priest_kings.rules import (
    ORDER_TYPIST,
    ORDERS,
    RECORD_CHOICES,
    activation_order,
    battle_rng_salt,
)
from engine.priest_kings.state import PLAYERS, State, _evolve
from engine.priest_kings.vassalage import head, settle, targets


def random_playout(state: State, rng: random.Random, record: list[int] | None = None,
                   max_moves: int | None = None) -> State:
    """Play random legal moves from `state` to the end of the campaign; return the final state.

    If `record` is a list, the index drawn at each decision is appended to it (the index into
    ``legal_moves`` of that state). With `max_moves`, stop after that many decisions and return
    the campaign as it then stands (a search's horizon).

    Raises:
        InvalidInput: `state` is a player's view (its seed is hidden): determinize it first.
    """
    if state.phase == "over":
        return state
    seed = state.seed
    if seed is None:
        raise InvalidInput("this is a player's view, whose seed is hidden: determinize it "
                           "before playing it out")
    randrange = recording_randrange(rng, record)

    neighbours = state.map.neighbours
    mode = state.options.battles
    dice_moves = 0 if mode == "recorded" else 1
    battle_moves = dice_moves + (0 if mode == "dice" else len(RECORD_CHOICES))
    reroll_limit = state.options.reroll_limit
    typed_order = state.options.activation == "recorded"
    limit = state.options.turns
    overlord = list(state.overlord)
    made = [list(row) for row in state.made]
    blessed = list(state.blessed)
    armies = list(state.armies)
    profiles = [_profile(a) for a in armies]
    forms = [p[0] for p in profiles]
    reorganizable = [p[1] for p in profiles]
    turn, phase, order, step = state.turn, state.phase, state.order, state.step
    attacks = list(state.attacks)
    fought = state.battles_fought

    decisions = 0
    while True:
        if max_moves is not None and decisions >= max_moves:
            to_move = (ORDER_TYPIST if phase == "activation" else order[step]
                       if phase == "orders" else attacks[step][0])
            return _final(state, turn, phase, order, step, attacks, overlord, blessed, armies,
                          made, fought, to_move)
        decisions += 1
        if phase == "activation":
            order = ORDERS[randrange(len(ORDERS))]
            phase = "orders"
            continue
        if phase == "orders":
            player = order[step]
            attacked = [d for _, d in attacks]
            options = ([] if player in attacked else
                       targets(overlord, neighbours, player, attacked))
            pick = randrange(len(options) + 1 + len(reorganizable[player]))
            if pick < len(options):
                attacks.append((player, options[pick]))
            elif pick == len(options):
                blessed[player] = True
            else:
                corps = reorganizable[player][pick - len(options) - 1]
                army = armies[player] = _reorganized(armies[player], corps)
                forms[player], reorganizable[player] = _profile(army)
            step += 1
            if step < PLAYERS:
                continue
            phase, step = "battles", 0
        else:
            attacker, defender = attacks[step]
            pick = randrange(battle_moves)
            fought += 1
            if pick < dice_moves:
                outcome = fight_forms(forms[attacker], forms[defender],
                                      (blessed[attacker], blessed[defender]),
                                      make_rng(seed, *battle_rng_salt(fought)),
                                      reroll_limit=reroll_limit)
                broken, att_points, def_points = (outcome.broken, outcome.attacker_points,
                                                  outcome.defender_points)
            else:
                result = RECORD_CHOICES[pick - dice_moves]
                broken, att_points, def_points = (result.broken, result.attacker_points,
                                                  result.defender_points)
            blessed[attacker] = blessed[defender] = False
            if settle(overlord, made, attacker, defender, broken in ("defender", "both"),
                      att_points, def_points).over:
                return _final(state, turn, "over", order, step, attacks, overlord, blessed,
                              armies, made, fought, None)
            step += 1
        # Move on to the next battle still to fight, or to the next turn.
        while step < len(attacks):
            attacker, defender = attacks[step]
            if head(overlord, attacker) != head(overlord, defender):
                break
            step += 1
        else:
            if limit is not None and turn >= limit:
                return _final(state, turn, "over", order, step, attacks, overlord, blessed,
                              armies, made, fought, None)
            turn += 1
            if typed_order:
                order, phase = (), "activation"
            else:
                order, phase = activation_order(seed, turn), "orders"
            step, attacks = 0, []


# Armies are immutable and shared, and a campaign sees few of them: what the playout needs of
# each is kept by identity (hashing an army costs more than a whole meeting of a battle).
_PROFILES: dict[int, tuple[Army, tuple[Any, ...], tuple[str, ...]]] = {}
_REORGANIZED: dict[tuple[int, str], tuple[Army, Army]] = {}
_CACHE_LIMIT = 4096


def _profile(army: Army) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """The army's battle form and the corps it can reorganize."""
    entry = _PROFILES.get(id(army))
    if entry is None or entry[0] is not army:
        if len(_PROFILES) >= _CACHE_LIMIT:
            _PROFILES.clear()
        entry = _PROFILES[id(army)] = (army, battle_form(army), army.reorganizable())
    return entry[1], entry[2]


def _reorganized(army: Army, corps: str) -> Army:
    """``army.reorganize(corps)``, the same object each time for the same army."""
    entry = _REORGANIZED.get((id(army), corps))
    if entry is None or entry[0] is not army:
        if len(_REORGANIZED) >= _CACHE_LIMIT:
            _REORGANIZED.clear()
        entry = _REORGANIZED[id(army), corps] = (army, army.reorganize(corps))
    return entry[1]


def _final(state: State, turn: int, phase: str, order: tuple[int, ...], step: int,
           attacks: list[tuple[int, int]], overlord: list[int], blessed: list[bool],
           armies: list[Army], made: list[list[int]], fought: int, to_move: int | None) -> State:
    return _evolve(state, turn=turn, phase=phase, order=order, step=step,
                   attacks=tuple(attacks), overlord=tuple(overlord), blessed=tuple(blessed),
                   armies=tuple(armies), made=tuple(tuple(r) for r in made),
                   battles_fought=fought, to_move=to_move)
