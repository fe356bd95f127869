"""Priest-Kings rules: setup, the legal moves, and `apply`, the pure step from state to state.

Covers the rule text's "The turn", "Attack a neighbor", "Make sacrifices", "Reorganize his army",
the battle paragraph, "Vassal status" and "Winning conditions", with the rulings of
docs/rulings.md. The flow of a turn (ruling R-P7):

1. The turn begins with a random activation order, drawn from the seed and the turn number —
   or, with option ``activation="recorded"``, rolled at the table and typed in as an
   `ActivationOrder` (R-P14).
2. Orders: in that order each city chooses one activity — `Attack` a city, `Sacrifice`, or
   `Reorganize` a corps. A city already attacked this turn cannot attack; a city may be attacked
   by one city only. Nothing is fought yet: sacrifices and reorganizations take effect before
   every battle of the turn.
3. Battles: the attacks are fought in the order declared, each decided by a move of the
   attacker: `DiceBattle` (the dice model) or `RecordedBattle` (a table result typed in),
   as option ``battles`` allows (R-P10). Each result changes the realms at once (see
   `vassalage`); an attack between cities that have come to serve the same overlord meanwhile is
   called off. A battle spends both sides' sacrifices.
4. When every battle is fought the next turn begins; the campaign ends as soon as one city is the
   overlord of all the others.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import (
    IllegalMove,
    InvalidInput,
    Message,
    Named,
    Outcome,
    check_seed,
    make_rng,
    not_a_move,
    shaped,
    shown,
)
from engine.priest_kings import events as ev
from engine.priest_kings.army import REORGANIZE_COUNT, REORGANIZE_FROM, REORGANIZE_TO, Army
from engine.priest_kings.battle import STATUS_NAMES, fight
from engine.priest_kings.board import CampaignMap
from engine.priest_kings.chance import chance_outcomes
from engine.priest_kings.moves import (
    ActivationOrder,
    Attack,
    DiceBattle,
    RecordedBattle,
    Reorganize,
    Sacrifice,
)
from engine.priest_kings.refusals import TEXT
from engine.priest_kings.scoring import final_winners, limit_winners
from engine.priest_kings.state import (
    INDEPENDENT,
    PHASES,
    PLAYERS,
    Options,
    State,
    _evolve,
)
from engine.priest_kings.vassalage import head, settle, targets

#: In a recorded campaign `legal_moves` cannot list every score a table battle may end with;
#: it lists one result for each outcome that matters to the campaign — whose army broke, and
#: who scored more — with 1 and 0 points (ruling R-P10). `apply` takes any valid result.
RECORD_CHOICES = tuple(RecordedBattle(broken, a, d)
                       for broken in ("defender", "attacker", "none", "both")
                       for a, d in ((1, 0), (0, 0), (0, 1)))

# ------------------------------------------------------------------------------------- setup


def new_state(players: int = PLAYERS, seed: int | None = None, *,
              campaign_map: CampaignMap | None = None,
              armies: Army | Sequence[Army] | Mapping[str, Army] | None = None,
              **options: Any) -> State:
    """A new campaign at the start of turn 1, its activation order drawn from `seed`.

    Args:
        campaign_map: the map (default: `CampaignMap.standard()`, our reconstruction).
        armies: the army list every city uses (default: `Army.standard()`), or one per city
            in city order, or ``{city id: army}`` for all four.
        options: see `Options` (``battles="dice" | "recorded" | "either"``).

    Raises:
        InvalidInput: players other than 4, a bad seed, map, army or option.
    """
    if isinstance(players, bool) or players != PLAYERS:
        raise InvalidInput(f"Priest-Kings of God is played by exactly {PLAYERS} players (Kish, "
                           f"Lagash, Uruk and Ur), not {shown(players)}")
    seed = check_seed(seed)
    campaign_map = CampaignMap.standard() if campaign_map is None else campaign_map
    if not isinstance(campaign_map, CampaignMap):
        raise InvalidInput("campaign_map must be a priest_kings.CampaignMap "
                           "(use CampaignMap.from_dict)")
    opts = Options.from_keywords("Priest-Kings", options)
    if armies is not None and opts.army != "standard":
        raise InvalidInput("give the armies either as the option army (every city's) or as "
                           "armies, not both")
    if opts.activation == "recorded":
        phase, order, to_move = "activation", (), ORDER_TYPIST
    else:
        phase, order = "orders", activation_order(seed, 1)
        to_move = order[0]
    return State(
        map=campaign_map, options=opts, players=PLAYERS, seed=seed, turn=1, phase=phase,
        order=order, step=0, attacks=(), overlord=(INDEPENDENT,) * PLAYERS,
        blessed=(False,) * PLAYERS,
        armies=_armies(opts.starting_army() if armies is None else armies, campaign_map),
        made=((0,) * PLAYERS,) * PLAYERS, battles_fought=0, to_move=to_move)


def _armies(armies: Any, campaign_map: CampaignMap) -> tuple[Army, ...]:
    if armies is None:
        return (Army.standard(),) * PLAYERS
    if isinstance(armies, Army):
        return (armies,) * PLAYERS
    if isinstance(armies, Mapping):
        ids = [c.id for c in campaign_map.cities]
        unknown = sorted(set(armies) - set(ids))
        missing = [i for i in ids if i not in armies]
        if unknown or missing:
            raise InvalidInput(f"armies must name each city once ({', '.join(ids)}); "
                               f"unknown: {unknown or '-'}, missing: {missing or '-'}")
        armies = [armies[i] for i in ids]
    if (not isinstance(armies, Sequence) or len(armies) != PLAYERS
            or not all(isinstance(a, Army) for a in armies)):
        raise InvalidInput(f"armies must be an Army, {PLAYERS} Army lists in city order, or "
                           "{city id: Army}")
    return tuple(armies)


def activation_order(seed: int, turn: int) -> tuple[int, ...]:
    """The random activation order of a turn: "players must randomly decide the order"."""
    order = list(range(PLAYERS))
    make_rng(seed, "priest_kings", "order", turn).shuffle(order)
    return tuple(order)


#: Every possible order of activation, in the order `legal_moves` lists them.
ORDERS = tuple(itertools.permutations(range(PLAYERS)))
#: Who enters an order rolled at the table (`to_move` of the "activation" phase): the map's
#: first city, on behalf of the table — the order is a fact of the table, not a choice.
ORDER_TYPIST = 0

def battle_rng_salt(number: int) -> tuple[str, str, int]:
    """The salt of battle `number`'s generator: ``make_rng(seed, *battle_rng_salt(n))``."""
    return ("priest_kings", "battle", number)


# ------------------------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Any]:
    """Every legal move, in a stable order.

    Orders: attacks (targets in city order), then sacrifice, then reorganizations (corps in
    list order). Battles: `DiceBattle` if dice are allowed, then the recorded results of
    `RECORD_CHOICES` if recording is. The start of a turn whose order is rolled at the table:
    the 24 orders of `ORDERS`.
    """
    if state.phase == "over":
        return []
    if state.phase == "activation":
        ids = [c.id for c in state.map.cities]
        return [ActivationOrder(tuple(ids[p] for p in order)) for order in ORDERS]
    if state.phase == "battles":
        mode = state.options.battles
        moves: list[Any] = [DiceBattle()] if mode != "recorded" else []
        if mode != "dice":
            moves.extend(RECORD_CHOICES)
        return moves
    player = state.to_move
    assert player is not None
    moves = []
    attacked = state.attacked
    if player not in attacked:
        moves.extend(Attack(state.map.cities[t].id)
                     for t in targets(state.overlord, state.map.neighbours, player, attacked))
    moves.append(Sacrifice())
    moves.extend(Reorganize(c) for c in state.armies[player].reorganizable())
    return moves


# ------------------------------------------------------------------------------------- apply


def apply(state: State, move: Any) -> tuple[State, list[ev.Event]]:
    """The state after `move`, and the events it caused. `state` is never changed.

    Raises:
        IllegalMove: the move breaks a rule (the reason names it).
        InvalidInput: the move names an unknown city or corps, is not a Priest-Kings move, or
            needs the dice of a player's view (whose seed is hidden: determinize it first).
    """
    handler = _HANDLERS.get(type(move))
    if handler is None:
        if isinstance(move, Outcome):
            return _chance(state, move)
        raise not_a_move("Priest-Kings", move)
    if state.phase == "over":
        raise IllegalMove(Message(TEXT, "over"), rule="P-END-1")
    phase, what = _PHASE_OF[type(move)]
    if state.phase != phase:
        if isinstance(move, ActivationOrder):
            if state.options.activation == "dice":
                raise IllegalMove(Message(TEXT, "order_drawn"), rule="P-TURN-4")
            raise IllegalMove(Message(TEXT, "order_not_now", hint=_phase_hint(state)),
                              rule="P-TURN-4")
        raise IllegalMove(Message(TEXT, "not_now", what=Message(TEXT, what),
                                  hint=_phase_hint(state)),
                          rule={"activation": "P-TURN-4", "orders": "P-TURN-2"}.get(
                              state.phase, "P-TURN-3"))
    return handler(state, move)


def _chance(state: State, outcome: Outcome) -> tuple[State, list[ev.Event]]:
    """The campaign after the chance event next in `state` (`chance.chance_outcomes`) came
    out as `outcome` says: a battle ended with that result, as a result typed in would end it
    (whatever way the campaign fights its battles), or the turn began in that order.

    Raises:
        InvalidInput: no chance event is next, or `outcome` is not one of its outcomes.
    """
    possible = [o.value for o, _ in chance_outcomes(state)]
    if not possible:
        raise InvalidInput("no chance event is next here: a city decides "
                           "(chance_outcomes(state) is empty)")
    if outcome.value not in possible:
        raise InvalidInput(f"{shown(outcome.value)} is not an outcome of the chance event "
                           "next here; chance_outcomes(state) lists them")
    if state.phase == "activation":
        return apply(state, ActivationOrder(tuple(outcome.value)))
    return _battle(state, RecordedBattle(*outcome.value), chance=True)


def _phase_hint(state: State) -> Message:
    if state.phase == "activation":
        return Message(TEXT, "hint_activation", turn=state.turn,
                       cities=" ".join(c.id for c in state.map.cities))
    if state.phase == "orders":
        return Message(TEXT, "hint_orders", city=state.name(state.order[state.step]))
    a, d = state.attacks[state.step]
    return Message(TEXT, "hint_battles", attacker=state.name(a), defender=state.name(d))


def _refused(key: str, rule: str, **values: Any) -> IllegalMove:
    return IllegalMove(Message(TEXT, key, **values), rule=rule)


def _attack(state: State, move: Attack) -> tuple[State, list[ev.Event]]:
    player = state.to_move
    assert player is not None
    cmap = state.map
    target = cmap.index_of(move.target)
    me, them = state.name(player), state.name(target)
    attackers = {d: a for a, d in state.attacks}
    if player in attackers:
        raise _refused("attacked", "P-ATTACK-3", city=me, by=state.name(attackers[player]))
    if target == player:
        raise _refused("itself", "P-ATTACK-1", city=me)
    lord = state.overlord
    if lord[player] == target:
        raise _refused("overlord", "P-ATTACK-5", city=me, target=them)
    if lord[target] == player:
        raise _refused("own_vassal", "P-ATTACK-5", city=me, target=them)
    if lord[player] >= 0 and lord[player] == lord[target]:
        raise _refused("fellow_vassal", "P-ATTACK-5", city=me, target=them,
                       lord=state.name(lord[player]))
    if target in attackers:
        raise _refused("taken", "P-ATTACK-4", target=them, by=state.name(attackers[target]))
    reachable = targets(lord, cmap.neighbours, player, ())
    if target not in reachable:
        raise _refused("unreachable", "P-ATTACK-1", city=me, target=them,
                       reach=", ".join(state.name(t) for t in reachable)
                       or Message(TEXT, "none"))
    via = None
    if not cmap.joined(player, target):
        via = next(v for v in state.vassals_of(player) if cmap.joined(v, target))
    events: list[ev.Event] = [ev.AttackDeclared(
        player, target, me, them, via, None if via is None else state.name(via))]
    after = _evolve(state, attacks=(*state.attacks, (player, target)))
    return _next_activation(after, events)


def _sacrifice(state: State, move: Sacrifice) -> tuple[State, list[ev.Event]]:
    player = state.to_move
    assert player is not None
    events: list[ev.Event] = [ev.SacrificeMade(player, state.name(player),
                                               state.blessed[player])]
    return _next_activation(_evolve(state, blessed=_set(state.blessed, player, True)), events)


def _reorganize(state: State, move: Reorganize) -> tuple[State, list[ev.Event]]:
    player = state.to_move
    assert player is not None
    army = state.armies[player]
    command = army.command(move.corps)
    try:
        changed = army.reorganize(move.corps)
    except IllegalMove as exc:
        raise IllegalMove(Message(TEXT, "cannot_reorganize", city=state.name(player),
                                  why=exc.message or exc.reason), rule=exc.rule) from None
    events: list[ev.Event] = [ev.ArmyReorganized(
        player, state.name(player), command.id, command.name, REORGANIZE_COUNT,
        REORGANIZE_FROM, REORGANIZE_TO)]
    return _next_activation(_evolve(state, armies=_set(state.armies, player, changed)), events)


def _next_activation(state: State, events: list[ev.Event]) -> tuple[State, list[ev.Event]]:
    step = state.step + 1
    if step < PLAYERS:
        return _evolve(state, step=step, to_move=state.order[step]), events
    return _next_battle(_evolve(state, phase="battles", step=0), events)


def _next_battle(state: State, events: list[ev.Event]) -> tuple[State, list[ev.Event]]:
    """Move on to the next battle still to fight (calling off those within one realm), or to
    the next turn."""
    step = state.step
    while step < len(state.attacks):
        a, d = state.attacks[step]
        lord = head(state.overlord, a)
        if lord != head(state.overlord, d):
            return _evolve(state, phase="battles", step=step, to_move=a), events
        events.append(ev.BattleCalledOff(a, d, state.name(a), state.name(d), lord,
                                         state.name(lord)))
        step += 1
    return _new_turn(state, events)


def _new_turn(state: State, events: list[ev.Event]) -> tuple[State, list[ev.Event]]:
    if state.options.turns is not None and state.turn >= state.options.turns:
        winners = sorted(limit_winners(state.overlord, state.made))
        events.append(ev.TurnLimitReached(state.turn, tuple(winners),
                                          tuple(state.name(w) for w in winners)))
        return _evolve(state, phase="over", step=len(state.attacks), to_move=None), events
    turn = state.turn + 1
    if state.options.activation == "recorded":
        events.append(ev.TurnBegan(turn, (), ()))
        return _evolve(state, turn=turn, phase="activation", order=(), step=0, attacks=(),
                       to_move=ORDER_TYPIST), events
    order = activation_order(_seed_of(state), turn)
    events.append(ev.TurnBegan(turn, order, tuple(state.name(p) for p in order)))
    return _evolve(state, turn=turn, phase="orders", order=order, step=0, attacks=(),
                   to_move=order[0]), events


def _record_order(state: State, move: ActivationOrder) -> tuple[State, list[ev.Event]]:
    cmap = state.map
    order = []
    for city in move.cities:
        try:
            order.append(cmap.index_of(city))
        except InvalidInput as exc:
            raise InvalidInput(Message(TEXT, "order_city", why=exc.message or exc.reason),
                               rule="P-TURN-4") from None
    if sorted(order) != list(range(PLAYERS)):
        twice = sorted({c for c in order if order.count(c) > 1})
        missing = [c for c in range(PLAYERS) if c not in order]
        and_ = {"en": " and ", "nl": " en "}
        listed = {lang: (lambda cities, lang=lang: and_[lang].join(
            state.name(c) for c in cities) or "-") for lang in and_}
        raise IllegalMove(Message(
            TEXT, "order_twice",
            twice=Named(**{lang: f(twice) for lang, f in listed.items()}),
            missing=Named(**{lang: f(missing) for lang, f in listed.items()})),
            rule="P-TURN-4")
    chosen = tuple(order)
    events: list[ev.Event] = [ev.OrderRecorded(state.turn, chosen,
                                               tuple(state.name(p) for p in chosen))]
    return _evolve(state, phase="orders", order=chosen, step=0, to_move=chosen[0]), events


def _seed_of(state: State) -> int:
    if state.seed is None:
        raise InvalidInput(Message(TEXT, "hidden_seed"))
    return state.seed


def _battle(state: State, move: Any, chance: bool = False) -> tuple[State, list[ev.Event]]:
    """The battle next fought as `move` says; with `chance`, a result of the dice model
    (`chance.resolve`), whatever way the campaign fights its battles."""
    attacker, defender = state.attacks[state.step]
    mode = state.options.battles
    number = state.battles_fought + 1
    names = (state.name(attacker), state.name(defender))
    rerolls = tuple(names[s] for s, city in enumerate((attacker, defender))
                    if state.blessed[city])
    events: list[ev.Event] = []
    if isinstance(move, DiceBattle):
        if mode == "recorded":
            raise _refused("battles_recorded", "P-BATTLE-4")
        rng = make_rng(_seed_of(state), *battle_rng_salt(number))
        log: list[tuple[Any, ...]] = []
        outcome = fight(state.armies[attacker], state.armies[defender],
                        (state.blessed[attacker], state.blessed[defender]), rng, log,
                        reroll_limit=state.options.reroll_limit)
        events.append(ev.BattleBegan(number, attacker, defender, *names, "dice", rerolls))
        events.extend(_dice_events(state, attacker, defender, log))
        broken, att_points, def_points = (outcome.broken, outcome.attacker_points,
                                          outcome.defender_points)
    else:
        if mode == "dice" and not chance:
            raise _refused("battles_dice", "P-BATTLE-4")
        for points, loser in ((move.attacker_points, defender),
                              (move.defender_points, attacker)):
            worth = state.armies[loser].total_ap
            if points > worth:
                raise _refused("worth", "P-BATTLE-2", loser=state.name(loser), worth=worth,
                               points=points)
        events.append(ev.BattleBegan(number, attacker, defender, *names, "recorded", rerolls))
        broken, att_points, def_points = (move.broken, move.attacker_points,
                                          move.defender_points)
    beaten = (attacker if att_points < def_points else defender if def_points < att_points
              else None)
    events.append(ev.BattleEnded(attacker, defender, *names, broken, att_points, def_points,
                                 beaten))
    overlord = list(state.overlord)
    made = [list(row) for row in state.made]
    result = settle(overlord, made, attacker, defender, broken in ("defender", "both"),
                    att_points, def_points)
    for lord, freed, by in result.freed:
        events.append(ev.VassalsFreed(lord, state.name(lord), freed,
                                      tuple(state.name(c) for c in freed), by, state.name(by)))
    for city in result.submitted:
        # The defender submits, won by the attacker; its own vassals follow it.
        leads = city == defender
        won_by = result.credited if leads and result.credited >= 0 else None
        follows = None if leads else defender
        events.append(ev.BecameVassal(
            city, state.name(city), result.lord, state.name(result.lord),
            won_by, None if won_by is None else state.name(won_by),
            follows, None if follows is None else state.name(follows)))
    blessed = _set(_set(state.blessed, attacker, False), defender, False)
    after = _evolve(state, overlord=tuple(overlord), made=tuple(tuple(r) for r in made),
                    blessed=blessed, battles_fought=number)
    if result.over:
        winners = final_winners(after.overlord, after.made)
        lord = after.independent[0]
        events.append(ev.CampaignEnded(lord, state.name(lord), state.turn,
                                       tuple(sorted(winners)),
                                       tuple(state.name(w) for w in sorted(winners))))
        return _evolve(after, phase="over", to_move=None), events
    return _next_battle(_evolve(after, step=state.step + 1), events)


def _dice_events(state: State, attacker: int, defender: int,
                 log: list[tuple[Any, ...]]) -> list[ev.Event]:
    sides = (attacker, defender)
    names = (state.name(attacker), state.name(defender))
    commands = (state.armies[attacker].commands, state.armies[defender].commands)
    out: list[ev.Event] = []
    for entry in log:
        if entry[0] == "duel":
            _, bound, (ca, cd), (ta, td), (da, dd), (sa, sd), loser, thrown = entry
            out.append(ev.DuelFought(
                bound, names[0], names[1], commands[0][ca].name, commands[1][cd].name, ta, td,
                da, dd, sa, sd, None if loser is None else ("attacker", "defender")[loser],
                tuple((names[side], first) for side, first, _ in thrown)))
        elif entry[0] == "morale":
            _, side, c, status = entry
            command = commands[side][c]
            out.append(ev.CommandMoraleChanged(sides[side], names[side], command.id,
                                               command.name, STATUS_NAMES[status]))
        else:
            out.append(ev.ArmyBroke(sides[entry[1]], names[entry[1]]))
    return out


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)


_HANDLERS: dict[type, Any] = {
    Attack: _attack, Sacrifice: _sacrifice, Reorganize: _reorganize,
    DiceBattle: _battle, RecordedBattle: _battle, ActivationOrder: _record_order}
_PHASE_OF = {
    ActivationOrder: ("activation", "entering_order"),
    Attack: ("orders", "attacking"),
    Sacrifice: ("orders", "sacrificing"),
    Reorganize: ("orders", "reorganizing"),
    DiceBattle: ("battles", "fighting"),
    RecordedBattle: ("battles", "recording"),
}


# ------------------------------------------------------------------------------ invariants


def check_state(state: State) -> None:
    """Raise `InvalidInput` unless `state` is one the rules can reach.

    Checks: every city is independent or the vassal of exactly one independent overlord (no
    chains, no cycles); at least two independent cities until the end and one at the end; the
    activation order is a permutation; the attacks were declared in activation order by cities
    not attacked before their turn, each against a different city; `to_move` is the city the
    rules name; the tallies and counters are whole numbers ≥ 0.
    """
    bad = _check_state(state)
    if bad:
        raise InvalidInput(f"inconsistent priest_kings state: {bad}")


def _check_state(state: State) -> str | None:
    n = state.players
    if n != PLAYERS or len(state.map.cities) != n:
        return f"a campaign has {PLAYERS} players, one per city of the map"
    if state.phase not in PHASES:
        return f"phase {shown(state.phase)} is not one of {', '.join(PHASES)}"
    if state.turn < 1 or state.battles_fought < 0 or state.step < 0:
        return "turn must be at least 1, and step and battles_fought at least 0"
    if state.phase == "activation":
        if state.options.activation != "recorded":
            return "an order of activation is typed in only with activation='recorded'"
        if state.order or state.step or state.attacks or state.to_move != ORDER_TYPIST:
            return ("while the order of activation is to be entered, no city has chosen yet "
                    f"and {state.name(ORDER_TYPIST)} enters it for the table")
    elif sorted(state.order) != list(range(n)):
        return "the activation order must list every city once"
    if not (len(state.overlord) == len(state.blessed) == len(state.armies)
            == len(state.made) == n):
        return "overlord, blessed, armies and made need one entry per city"
    if not all(isinstance(a, Army) for a in state.armies):
        return "armies must be army lists"
    for city, lord in enumerate(state.overlord):
        if lord == city or not -1 <= lord < n:
            return f"{state.name(city)} has overlord {shown(lord)}"
        if lord >= 0 and state.overlord[lord] >= 0:
            return (f"{state.name(city)} is the vassal of {state.name(lord)}, itself a vassal:"
                    " a vassal's overlord is always independent")
    for v, row in enumerate(state.made):
        if len(row) != n or any(not isinstance(x, int) or isinstance(x, bool) or x < 0
                                for x in row) or row[v]:
            return "made must hold whole numbers ≥ 0, and none for a city itself"
    free = len(state.independent)
    limit = state.options.turns
    if limit is not None and state.turn > limit:
        return f"turn {state.turn} is past the campaign's {limit} turns"
    if state.phase == "over":
        if (free != 1 and state.turn != limit) or state.to_move is not None:
            return "the campaign is over exactly when one city is independent (or its last " \
                   "turn is played), and then nobody moves"
        return None
    if free < 2:
        return "one city rules all the others, so the campaign should be over"
    attackers = [a for a, _ in state.attacks]
    defenders = [d for _, d in state.attacks]
    if len(set(attackers)) != len(attackers) or len(set(defenders)) != len(defenders):
        return "each city attacks at most once and is attacked at most once a turn"
    for i, (a, d) in enumerate(state.attacks):
        if not (0 <= a < n and 0 <= d < n) or a == d:
            return f"attack {i + 1} does not join two different cities"
        if a in defenders[:i]:
            return f"{state.name(a)} attacked after being attacked"
    if state.phase == "activation":
        return None
    positions = [state.order.index(a) for a in attackers]
    if positions != sorted(positions):
        return "the attacks must be in activation order"
    if state.phase == "orders":
        if state.step >= n:
            return f"step {state.step} is beyond the {n} activations of a turn"
        if any(p >= state.step for p in positions):
            return "an attack was declared by a city not yet activated"
        if state.to_move != state.order[state.step]:
            return f"to_move is {state.to_move}, but the order names {state.order[state.step]}"
        return None
    if state.step >= len(state.attacks):
        return "no battle is left to fight"
    a, d = state.attacks[state.step]
    if state.to_move != a:
        return f"to_move is {state.to_move}, but the attacker {a} decides the battle"
    if head(state.overlord, a) == head(state.overlord, d):
        return "the battle to fight is within one realm: it should have been called off"
    return None


# ------------------------------------------------------------------------------- positions


def position(overlords: Mapping[str, str] | None = None, *, phase: str = "orders",
             turn: int = 1, order: Sequence[str] | None = None, step: int = 0,
             attacks: Sequence[tuple[str, str]] = (), blessed: Iterable[str] = (),
             made: Mapping[tuple[str, str], int] | None = None,
             reorganized: Mapping[str, Sequence[str]] | None = None, battles_fought: int = 0,
             seed: int = 0, campaign_map: CampaignMap | None = None,
             armies: Any = None, **options: Any) -> State:
    """A campaign position for lessons and tests: name only what matters, by city id.

    Args:
        overlords: ``{vassal: overlord}``; every other city is independent.
        phase: ``"orders"`` or ``"battles"``; `step` counts the activations done (orders) or
            indexes `attacks` (battles). `to_move` follows from them. ``"activation"`` (with
            ``activation="recorded"``): the order is still to be entered.
        order: the activation order (default: drawn from `seed` for `turn`).
        attacks: this turn's declared attacks as (attacker, defender), in order.
        blessed: the cities that have made sacrifices.
        made: ``{(vassal, overlord): count}`` of vassals won.
        reorganized: ``{city: [corps, ...]}``: reorganizations made, in order.

    Raises:
        InvalidInput: anything inconsistent, named (the same checks as a save file).
    """
    state = new_state(PLAYERS, seed, campaign_map=campaign_map, armies=armies, **options)
    cmap = state.map
    if isinstance(blessed, (set, frozenset)):
        blessed = list(blessed)
    for name, value, shape in (("overlords", overlords, {str: str}), ("order", order, [str]),
                               ("made", made, {(str, str): int}),
                               ("reorganized", reorganized, {str: [str]})):
        if value is not None:
            shaped(value, shape, name)
    shaped(attacks, [(str, str)], "attacks"), shaped(blessed, [str], "blessed")
    for name, value in (("phase", phase), ("turn", turn), ("step", step),
                        ("battles_fought", battles_fought)):
        shaped(value, str if name == "phase" else int, name)
    if order is not None and len(order) != PLAYERS:
        raise InvalidInput(f"order must name each of the {PLAYERS} cities once, not "
                           f"{shown(order)}")
    lord = [INDEPENDENT] * PLAYERS
    for vassal, over in (overlords or {}).items():
        lord[cmap.index_of(vassal)] = cmap.index_of(over)
    tally = [[0] * PLAYERS for _ in range(PLAYERS)]
    for (vassal, over), count in (made or {}).items():
        tally[cmap.index_of(vassal)][cmap.index_of(over)] = count
    armies_now = list(state.armies)
    for city, corps_list in (reorganized or {}).items():
        c = cmap.index_of(city)
        for corps in corps_list:
            try:
                armies_now[c] = armies_now[c].reorganize(corps)
            except IllegalMove as exc:
                # Here it is no move refused but a position that cannot be.
                raise InvalidInput(f"reorganized: {exc.reason}") from None
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise InvalidInput(f"turn must be a whole number ≥ 1, not {shown(turn)}")
    turn_order = (activation_order(seed, turn) if order is None
                  else tuple(cmap.index_of(c) for c in order))
    declared = tuple((cmap.index_of(a), cmap.index_of(d)) for a, d in attacks)
    if phase not in ("activation", "orders", "battles"):
        raise InvalidInput("phase must be 'activation', 'orders' or 'battles', not "
                           f"{shown(phase)}")
    if phase == "activation":
        turn_order, to_move = (), ORDER_TYPIST
    elif phase == "orders":
        to_move = turn_order[step] if 0 <= step < PLAYERS else None
    else:
        to_move = declared[step][0] if 0 <= step < len(declared) else None
    blessed_set = {cmap.index_of(c) for c in blessed}
    result = _evolve(
        state, turn=turn, phase=phase, order=turn_order, step=step, attacks=declared,
        overlord=tuple(lord), blessed=tuple(c in blessed_set for c in range(PLAYERS)),
        armies=tuple(armies_now), made=tuple(tuple(r) for r in tally),
        battles_fought=battles_fought, to_move=to_move)
    check_state(result)
    return result
