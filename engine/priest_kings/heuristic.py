"""A one-ply evaluation of a campaign position, for `GreedyBot` and for reading positions.

`evaluate(state, player)` is the player's power minus that of the strongest other realm:

- an independent city's power is the number of cities in its realm (itself and its vassals);
  a vassal's is 1/4 (it still plays), plus 1/2 once it has made a vassal for its overlord (it
  would share the win);
- a battle still to fight this turn counts +0.3 for its attacker (the chance of a new vassal)
  and -0.2 for its defender;
- a pending sacrifice counts +0.15 (one better die in one battle); each Reg Bd (F) of the army
  (general's elements aside) +0.2, so a reorganization gains 0.2 (in the dice model it raises
  every later battle's odds; see `battle`);
- once the campaign is over: +10 for a winner, -10 for anyone else.

It is a heuristic, not the rules: it knows nothing of the dice to come. Its weights make a
greedy city attack whenever it can, and otherwise reorganize before it sacrifices.
"""

from __future__ import annotations

from engine.priest_kings.army import REORGANIZE_TO
from engine.priest_kings.state import State

ATTACK_HOPE = 0.3
DEFENCE_FEAR = 0.2
BLESSING = 0.15
REORGANIZATION = 0.2
VASSAL = 0.25
CREDITED_VASSAL = 0.5
END = 10.0


def evaluate(state: State, player: int) -> float:
    """The player's power minus the strongest other realm's (higher is better)."""
    if state.is_over:
        return END if player in state.winners() else -END
    power = [_power(state, city) for city in range(state.players)]
    own_head = state.lord_of(player)
    rival = max((power[c] for c in state.independent if c != own_head), default=0.0)
    value = power[player] - rival
    start = state.step if state.phase == "battles" else 0
    for attacker, defender in state.attacks[start:]:
        if attacker == player:
            value += ATTACK_HOPE
        elif defender == player:
            value -= DEFENCE_FEAR
    if state.blessed[player]:
        value += BLESSING
    value += REORGANIZATION * sum(c.count(REORGANIZE_TO) for c in state.armies[player].commands)
    return value


def _power(state: State, city: int) -> float:
    lord = state.overlord[city]
    if lord < 0:
        return float(len(state.vassals_of(city)) + 1)
    return VASSAL + (CREDITED_VASSAL if state.made[city][lord] else 0.0)

