"""The Priest-Kings expert: the campaign played as a decent human plays it, by the odds.

`choose(view, moves, rng)` (called by `engine.bots.ExpertBot`) values each order of the city to
move — every `Attack`, the `Sacrifice`, every `Reorganize` — by what it is expected to do to the
city's chance of winning the campaign, and plays the best:

- **Battle odds** come from the dice model itself (`battle.fight_forms`, P-BATTLE-DICE-1..7):
  `battle_odds` fights a fixed-seed sample of `ODDS_BATTLES` battles once per pair of armies
  and blessings and caches the distribution of the six results that matter to the campaign —
  whether the defender broke, and who scored more (P-BATTLE-2, P-BATTLE-3). A move only looks
  the odds up; a new pair of armies costs about 15 ms once per process.
- **An attack** (P-ATTACK-1, P-ATTACK-2) is worth the expected change of the position over
  those six results, each applied with the rules' own `vassalage.settle`: a broken defender
  submits with its vassals (P-VASSAL-1, P-VASSAL-5); a vassal defender only needs to be beaten
  on points (P-VASSAL-4), and beating a vassal risks nothing, since only an independent city
  that beats an overlord frees its vassals (P-VASSAL-3). So an overlord attacks an independent
  city only when the odds make the risk to its vassals worth it, and prefers other realms'
  vassals. An attack on a city that acts later this turn also keeps that city from attacking
  (P-ATTACK-3): worth what its attack on us or our vassals would have cost.
- **The position's value** is a rough chance of winning alone: the realms' sizes squared, shared
  out (P-END-1); halved for an overlord whose vassals made vassals for it, since they will share
  its win (P-END-2, R-P9); a vassal counts part of its overlord's chance, more once it has made a
  vassal for it (P-VASSAL-2). An overlord whose vassal could still win a city for it (and so
  share its win) gains a little by taking that city itself first.
- **Sacrifice and reorganization** are worth the better odds they give: in this turn's battles
  the city must fight (attacks already declared on it, P-ATTACK-3, P-TURN-3) and in the attacks
  the cities still to act may make on it (weighted by `THREAT`), plus their worth for later
  battles: a reorganization is definitive (P-REORG-1, P-REORG-2) and counts
  `FUTURE_BATTLES` battles of better odds against the current enemies; a sacrifice keeps until
  the next battle (P-SACRIFICE-1) but does not stack, and in a battle where both sides made
  sacrifices only one reroll is allowed (P-SACRIFICE-2, P-BATTLE-DICE-7: the odds say so). Which
  corps to reorganize follows from the same odds.
- Battles to fight: the `DiceBattle` where the campaign allows it; a typed-in result (P-BATTLE-4)
  is drawn from the model's odds. An order of activation typed in (P-TURN-4) is drawn at random:
  it is a fact of the table, not a choice.

Limits: it looks one order ahead and does not model what the others will do beyond a flat
chance of being attacked by each city still to act; the value of a position is a heuristic,
with weights tuned by a few hundred games against `RandomBot` and `GreedyBot`, not derived. The
odds are a sample (standard error about 2.5 points), the same in every process.

What it reaches (`benchmarks/priest_kings_expert.py`, 400 games a pairing, the ladder's
seeds): against three random players a ladder score of 45 % (10 % won alone, 80 % among the
winners), against three greedy players 27.5 % (3 % alone, 52 % among the winners). Winning
alone is rare because of P-END-2: the expert is the final overlord in two games in five
against random players, but in three of four of those one of its vassals has won a city for
it and shares the win (a vassal's credit is never taken back, R-P9); it cannot stop its
vassals' attacks, only take one city a turn before them (P-ATTACK-4) when it acts first, and
denying them harder (a greater `BLOCK`) turned more of those shared wins into losses than into
sole wins. Most of its losses come from being the last city standing and broken. Reorganizing
first, sampling the rest of the turn, and a flat Monte Carlo search to the campaign's end with
random opponents as the model all measured within noise of this. A player that sees the dice
and its opponents' future moves (`benchmarks/priest_kings_oracle.py`, measurement only, 100
games) wins alone in 94 % of the campaigns against random players and 53 % against greedy
ones; one that sees every die but only samples its opponents' moves (`--dice-only 6`) wins
alone in 22 % and 16 %, for ladder scores of 55 % and 50 %: the campaign turns mostly on what
no fair player can see, the dice and the others' choices. Scored against each opponent in turn
(a win where only it is among the winners, a draw where both or neither are), the expert makes
69.5 % against random players and 51 % against greedy ones (200 games), the dice-only player
78 % and 73 %, the player that sees everything 99 % and 89 %.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from engine.core import make_rng
from engine.priest_kings.army import Army
from engine.priest_kings.battle import battle_form, fight_forms
from engine.priest_kings.moves import (
    ActivationOrder,
    Attack,
    DiceBattle,
    RecordedBattle,
    Reorganize,
    Sacrifice,
)
from engine.priest_kings.scoring import final_winners
from engine.priest_kings.state import State
from engine.priest_kings.vassalage import head, settle, targets

#: Battles fought, once, to estimate the odds of each pair of armies and blessings.
ODDS_BATTLES = 400
#: The seed of those battles (any fixed number: the odds are the same in every process).
ODDS_SEED = 19
#: The chance that a city still to act this turn attacks a given city it can reach.
THREAT = 0.35
#: How many later battles a reorganization is counted for (P-REORG-2: it is definitive).
FUTURE_BATTLES = 3.0
#: What a pending sacrifice is worth for a battle after this turn (it keeps, P-SACRIFICE-1).
FUTURE_BLESSING = 0.6
#: A vassal's share of its overlord's chance: once it has made a vassal for it (a shared win,
#: P-END-2) and before.
CREDITED_SHARE = 0.5
UNCREDITED_SHARE = 0.15
#: How much of an overlord's chance of a sole win each vassal that can still attack outside the
#: realm puts at risk (it would share the win by winning a city, P-END-2).
SHARE_HAZARD = 0.15
#: What keeping a vassal from winning a city this turn is worth, as a share of our value.
BLOCK = 0.1
#: The exponent of realm size in the chance of winning (bigger realms are safer than linear).
REALM_POWER = 2.0

# The six results that matter to the campaign: (defender broken, sign of attacker's points minus
# defender's), with the representative points `settle` is given.
_RESULTS = tuple((broken, sign) for broken in (False, True) for sign in (-1, 0, 1))
_POINTS = {-1: (0, 1), 0: (0, 0), 1: (1, 0)}


@functools.lru_cache(maxsize=8192)
def battle_odds(attacker: Army, defender: Army, blessed_attacker: bool = False,
                blessed_defender: bool = False,
                reroll_limit: str = "battle") -> tuple[float, ...]:
    """The chance of each of the six campaign results of a battle, in `_RESULTS` order.

    Estimated once from `ODDS_BATTLES` battles of the dice model on a fixed seed, then cached.
    """
    form_a, form_d = battle_form(attacker), battle_form(defender)
    rng = make_rng(ODDS_SEED, "priest_kings", "expert odds")
    counts = [0] * len(_RESULTS)
    for _ in range(ODDS_BATTLES):
        outcome = fight_forms(form_a, form_d, (blessed_attacker, blessed_defender), rng,
                              reroll_limit=reroll_limit)
        diff = outcome.attacker_points - outcome.defender_points
        sign = (diff > 0) - (diff < 0)
        counts[3 * (outcome.broken in ("defender", "both")) + sign + 1] += 1
    return tuple(c / ODDS_BATTLES for c in counts)


def break_chance(attacker: Army, defender: Army, blessed_attacker: bool = False,
                 blessed_defender: bool = False, reroll_limit: str = "battle") -> float:
    """The chance that the defender's army breaks (P-VASSAL-1's condition)."""
    return sum(battle_odds(attacker, defender, blessed_attacker, blessed_defender,
                           reroll_limit)[3:])


def value(overlord: Sequence[int], made: Sequence[Sequence[int]], player: int,
          neighbours: Sequence[Sequence[int]] | None = None,
          terms: dict[tuple[str, ...], float] | None = None) -> float:
    """A rough chance that `player` wins the campaign alone (a shared win counts half).

    With `terms`, the value by name, adding up to it (for the coach, `engine.coach`):
    ``("over",)`` once one realm is left; else ``("realm",)`` the realm's share by size and
    what a factor takes from it: ``("shared",)`` (vassals that made vassals share the win),
    ``("exposed",)`` (vassals that may still do so), ``("vassal",)`` (a vassal's part of its
    overlord's chance)."""
    heads = [c for c, lord in enumerate(overlord) if lord < 0]
    if len(heads) == 1:
        winners = final_winners(overlord, made)
        result = 0.0 if player not in winners else 1.0 if len(winners) == 1 else 0.5
        if terms is not None:
            terms[("over",)] = result
        return result
    size = {h: 1 + sum(1 for lord in overlord if lord == h) for h in heads}
    total = sum(s ** REALM_POWER for s in size.values())
    lord = head(overlord, player)
    chance = size[lord] ** REALM_POWER / total
    shared = any(made[c][lord] for c in range(len(overlord)) if c != lord)
    if lord == player:
        if shared:
            result = chance * 0.5
            factor = "shared"
        else:
            # Each vassal that can still reach a city outside the realm may win it for us,
            # and share our win (P-VASSAL-2, P-END-2).
            exposed = sum(1 for v, over in enumerate(overlord) if over == player
                          and neighbours is not None
                          and any(head(overlord, t) != player for t in neighbours[v]))
            result = chance * (1.0 - SHARE_HAZARD * exposed)
            factor = "exposed"
    else:
        result = chance * (CREDITED_SHARE if made[player][lord] else UNCREDITED_SHARE)
        factor = "vassal"
    if terms is not None:
        terms[("realm",)] = chance
        if result != chance:
            terms[(factor,)] = result - chance
    return result


def battle_value(state: State, attacker: int, defender: int, player: int,
                 armies: Sequence[Army] | None = None,
                 blessed: Sequence[bool] | None = None) -> float:
    """The expected `value` for `player` once `attacker` has fought `defender` (P-VASSAL-1..5),
    with the given armies and blessings (default: the state's)."""
    armies = state.armies if armies is None else armies
    blessed = state.blessed if blessed is None else blessed
    odds = battle_odds(armies[attacker], armies[defender], blessed[attacker], blessed[defender],
                       state.options.reroll_limit)
    expected = 0.0
    for (broken, sign), chance in zip(_RESULTS, odds):
        if not chance:
            continue
        overlord = list(state.overlord)
        made = [list(row) for row in state.made]
        settle(overlord, made, attacker, defender, broken, *_POINTS[sign])
        expected += chance * value(overlord, made, player, state.map.neighbours)
    return expected


def _strength(state: State, player: int, army: Army) -> float:
    """How `army` fares against the other cities' armies: the mean chance of breaking each
    when attacking, minus that of being broken when attacked (no blessings)."""
    limit = state.options.reroll_limit
    others = [state.armies[c] for c in range(state.players) if c != player]
    return sum(break_chance(army, e, reroll_limit=limit) - break_chance(e, army,
                                                                        reroll_limit=limit)
               for e in others) / len(others)


def _later(state: State, player: int) -> list[int]:
    """The cities that act after `player` this turn and may still attack (P-ATTACK-3)."""
    attacked = state.attacked
    return [c for c in state.order[state.step + 1:] if c not in attacked and c != player]


def _threats(state: State, player: int) -> list[tuple[int, int, float]]:
    """(attacker, target, chance): attacks on `player`'s realm the later cities may make."""
    own = head(state.overlord, player)
    attacked = set(state.attacked)
    out = []
    for c in _later(state, player):
        reach = targets(state.overlord, state.map.neighbours, c, attacked)
        for t in reach:
            if head(state.overlord, t) == own and (t == player or own == player):
                out.append((c, t, THREAT))
    return out


def _my_battles(state: State, player: int) -> list[tuple[int, int, float]]:
    """The battles this turn in which `player` fights, with their chance: attacks declared on
    it (certain) and the later cities' possible attacks."""
    out = [(a, d, 1.0) for a, d in state.attacks if player in (a, d)]
    out.extend((a, d, p) for a, d, p in _threats(state, player) if d == player)
    return out


def order_values(state: State, moves: Sequence[Any],
                 terms: list[dict[tuple[str, ...], float]] | None = None) -> list[float]:
    """The value of each order (an `Attack`, the `Sacrifice`, a `Reorganize`) for the city to
    move, relative to doing nothing; higher is better.

    With `terms` (a list), one dict per move is appended: the order's value by name, adding
    up to it (for the coach, `engine.coach`): ``("battle", target)`` the expected change of
    the attack itself, ``("threat", city)`` an attack by that city it prevents,
    ``("block",)`` keeping a vassal from sharing the win, ``("fought",)`` better odds in this
    turn's battles, ``("future",)`` in later battles, ``("stacked",)`` a sacrifice that
    cannot stack."""
    player = state.to_move
    assert player is not None
    base = value(state.overlord, state.made, player, state.map.neighbours)
    battles = _my_battles(state, player)

    def fought(armies: Sequence[Army], blessed: Sequence[bool]) -> float:
        # The battles this turn the city would fight anyway, with the given army and blessing.
        return sum(p * (battle_value(state, a, d, player, armies, blessed) - base)
                   for a, d, p in battles)

    now = fought(state.armies, state.blessed)
    strength = _strength(state, player, state.armies[player])
    # What better odds in one battle are worth: the stake of an even attack by this city.
    stake = _stake(state, player)
    out = []
    for move in moves:
        named: dict[tuple[str, ...], float] = {}
        if terms is not None:
            terms.append(named)
        if isinstance(move, Attack):
            target = state.map.index_of(move.target)
            gain = battle_value(state, player, target, player) - base
            named[("battle", move.target)] = gain
            # Attacking a city still to act keeps it from attacking us (P-ATTACK-3).
            for a, d, p in _threats(state, player):
                if a == target:
                    prevented = p * (battle_value(state, a, d, player) - base)
                    gain -= prevented
                    key = ("threat", state.map.cities[a].id)
                    named[key] = named.get(key, 0.0) - prevented
            # A vassal of ours still to act cannot attack a city attacked already (P-ATTACK-4):
            # had it won, it would share our win (P-END-2).
            if state.overlord[player] < 0 and not any(
                    state.made[c][player] for c in range(state.players)):
                blocked = sum(1 for v in _later(state, player) if state.overlord[v] == player
                              and target in targets(state.overlord, state.map.neighbours, v,
                                                    state.attacked))
                gain += BLOCK * blocked * base
                if blocked:
                    named[("block",)] = BLOCK * blocked * base
            out.append(gain)
        elif isinstance(move, Sacrifice):
            if state.blessed[player]:
                named[("stacked",)] = -1.0
                out.append(-1.0)  # sacrifices do not stack (P-SACRIFICE-2)
                continue
            blessed = list(state.blessed)
            blessed[player] = True
            gain = fought(state.armies, blessed) - now
            named[("fought",)] = gain
            if not any(p == 1.0 for *_, p in battles):
                gain += FUTURE_BLESSING * stake * 0.09
                named[("future",)] = FUTURE_BLESSING * stake * 0.09
            out.append(gain)
        elif isinstance(move, Reorganize):
            armies = list(state.armies)
            armies[player] = armies[player].reorganize(move.corps)
            gain = fought(armies, state.blessed) - now
            named[("fought",)] = gain
            future = FUTURE_BATTLES * stake * (_strength(state, player, armies[player])
                                               - strength) / 2
            gain += future
            named[("future",)] = future
            out.append(gain)
        else:
            out.append(-1.0)
    return out


def _stake(state: State, player: int) -> float:
    """What breaking an enemy is worth to `player` now: the value of winning an even battle
    against the weakest reachable realm, less the value now (at least a small amount)."""
    base = value(state.overlord, state.made, player, state.map.neighbours)
    best = 0.0
    for t in targets(state.overlord, state.map.neighbours, player, ()):
        overlord = list(state.overlord)
        made = [list(row) for row in state.made]
        settle(overlord, made, player, t, True, 1, 0)
        best = max(best, value(overlord, made, player, state.map.neighbours) - base)
    return max(best, 0.1)


def choose(view: State, moves: Sequence[Any], rng: random.Random) -> Any:
    """The expert's move among `moves` (the legal moves of `view`, more than one)."""
    if isinstance(moves[0], ActivationOrder):
        return moves[rng.randrange(len(moves))]  # a fact of the table (P-TURN-4)
    if view.phase == "battles":
        for move in moves:
            if isinstance(move, DiceBattle):
                return move
        return _recorded(view, moves, rng)
    values = order_values(view, moves)
    best = max(values)
    # Ties (within the odds' noise of nothing) go to the first listed: attacks, then
    # sacrifice, then reorganizations in list order.
    return next(m for m, v in zip(moves, values) if v >= best - 1e-9)


def _recorded(view: State, moves: Sequence[Any], rng: random.Random) -> Any:
    """A typed-in result drawn from the dice model's odds (P-BATTLE-4)."""
    attacker, defender = view.attacks[view.step]
    odds = battle_odds(view.armies[attacker], view.armies[defender], view.blessed[attacker],
                       view.blessed[defender], view.options.reroll_limit)
    draw = rng.random()
    drawn = _RESULTS[-1]
    for result, chance in zip(_RESULTS, odds):
        draw -= chance
        if draw < 0:
            drawn = result
            break
    broken, sign = drawn
    wanted = RecordedBattle("defender" if broken else "none", *_POINTS[sign])
    return wanted if wanted in moves else moves[0]
