"""Priest-Kings of God's goal kinds: what a board task may ask (`sumer_widgets.goals`).

The learner plays the city to move at the start (its *city*, ``{player}`` in the sentences).

- ``attack`` — the learner's city gives as its order an attack on `target` (one of the cities
  it may attack at the start); judged on its order.
- ``vassal`` — `vassal` becomes a vassal of `overlord` within `turns` turns;
- ``stay-free`` — `city` is still independent when `turns` turns are over;
- ``free-vassals`` — every city that serves `overlord` at the start is free within `turns`
  turns (``done-broken``: the city that beat the overlord broke all the same);
- ``win`` — the campaign ends within `turns` turns with `city` among the winners;
- ``record`` — the table result of the battle to fight at the start is entered as it was
  (whose army broke, and the points each side scored): a campaign of battles typed in;
- ``order`` — the order of activation rolled at the table is entered as it was: a campaign
  whose order is typed in.

A goal of ``turns`` is judged once those turns are over — every battle of them fought — or the
campaign is; until then it says what is to happen next (``choose``: the learner's city has not
given its order; ``others``: the other cities choose next; ``fight``: a battle is to be
fought). A goal reached earlier (a vassal made, the campaign won) is reached at once.

**Par.** The moves that count are the learner's city's: its orders, and the battles it fights
as the invader (the learner presses *Fight it with the dice* for them). A goal still waiting
for a battle once par is reached is missed, so give a task the par of every move its solution
plays — a battle the learner's city defends included — as the lesson's tasks do.

Each check reads the engine's events (`engine.priest_kings.events`) and the positions of the
game, so it holds for any start position and any options. The sentences are the
``[goal.<kind>]`` tables of the words files beside this module; their ``{slots}`` are listed
there.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from engine import priest_kings as pk
from engine.core import Game, Named
from engine.priest_kings import events as ev
from sumer_widgets.goals import Param, kind
from sumer_widgets.tasks import Verdict, missed, not_yet, reached
from sumer_widgets.words import Told

RULESET = "priest_kings"
#: The most turns a goal may take.
MOST_TURNS = 20
#: The sentences every goal judged over turns says while its turns last.
WAITING = ("choose", "others", "fight")
ORDERS = (ev.AttackDeclared, ev.SacrificeMade, ev.ArmyReorganized)
#: A slot's value where the game has nothing to tell (no battle was fought, no order given).
NOTHING = Told(lambda lang: "")


# The start position's choices -----------------------------------------------------------------


def _state(start: Any) -> pk.State:
    return start.state if isinstance(start, Game) else start


def _named(state: pk.State, cities: Sequence[int]) -> list[tuple[str, Named]]:
    return [(state.map.city_id(c), Named(en=state.name(c))) for c in cities]


def _cities(start: Any) -> list[tuple[str, Named]]:
    state = _state(start)
    return _named(state, range(state.players))


def _targets(start: Any) -> list[tuple[str, Named]]:
    state = _state(start)
    if state.phase != "orders":
        return []
    aimed = {move.target for move in pk.legal_moves(state) if isinstance(move, pk.Attack)}
    return [(city, label) for city, label in _cities(state) if city in aimed]


def _independent(start: Any) -> list[tuple[str, Named]]:
    state = _state(start)
    return _named(state, state.independent)


def _overlords(start: Any) -> list[tuple[str, Named]]:
    state = _state(start)
    return _named(state, [c for c in state.independent if state.vassals_of(c)])


def _results(start: Any) -> list[tuple[str, Told]]:
    """Whose army broke, for a battle whose result is to be typed in at the start."""
    state = _state(start)
    if state.phase != "battles" or state.options.battles == "dice":
        return []
    from sumer_widgets.priest_kings.readers import broke_text

    a, d = (state.name(c) for c in state.battle)
    return [(broken, Told(lambda lang, broken=broken: broke_text(broken, a, d, lang)))
            for broken in ("defender", "attacker", "none", "both")]


def _orders(start: Any) -> list[tuple[str, Told]]:
    """Every order of activation, for a turn whose order is to be typed in at the start."""
    state = _state(start)
    if state.phase != "activation":
        return []
    from sumer_widgets.display import listed

    cmap = state.map
    return [(" ".join(cmap.city_id(c) for c in order),
             Told(lambda lang, order=order: listed([state.name(c) for c in order], lang)))
            for order in itertools.permutations(range(state.players))]


def _index(game: Game, city: str) -> int:
    return game.history[0].map.index_of(city)


# What the game did --------------------------------------------------------------------------


def _learner(game: Game) -> int:
    return game.history[0].to_move


def _player(game: Game) -> str:
    return game.history[0].name(_learner(game))


def _events(game: Game, upto: int | None = None) -> list[Any]:
    return [event for _move, happened in game.log[:upto] for event in happened]


def _order_of(event: Any) -> int | None:
    """The city whose order `event` tells, or None."""
    if isinstance(event, ev.AttackDeclared):
        return event.attacker
    if isinstance(event, (ev.SacrificeMade, ev.ArmyReorganized)):
        return event.player
    return None


def _orders_of(game: Game, city: int, upto: int | None = None) -> list[Any]:
    return [event for event in _events(game, upto)
            if isinstance(event, ORDERS) and _order_of(event) == city]


def _battles(game: Game, cities: Sequence[int], upto: int | None = None) -> list[Any]:
    """The battles fought in which one of `cities` fought, each as its `BattleEnded`."""
    return [event for event in _events(game, upto) if isinstance(event, ev.BattleEnded)
            and (event.attacker in cities or event.defender in cities)]


def _over_after(game: Game, turns: int) -> int | None:
    """After how many moves the goal's `turns` are over (a later turn has begun, or the
    campaign has ended); None while they last."""
    start = game.history[0]
    for ply, state in enumerate(game.history):
        if ply and (state.is_over or state.turn >= start.turn + turns):
            return ply
    return None


def _first(game: Game, holds: Callable[[pk.State], bool]) -> int | None:
    """After how many moves `holds` first holds (0: at the start), or None."""
    return next((ply for ply, state in enumerate(game.history) if holds(state)), None)


def _told(event: Any) -> Told:
    """An event as the readers tell it (a campaign's end with its turns and winners)."""
    from sumer_widgets.priest_kings.readers import event_text

    return Told(lambda lang: event_text(event, None, lang))


def _realms(state: pk.State) -> Told:
    from sumer_widgets.priest_kings.readers import realms_text

    return Told(lambda lang: realms_text(state, lang))


def _chosen(game: Game, upto: int | None = None) -> Any:
    """The learner's latest order, told; nothing told where it has given none."""
    orders = _orders_of(game, _learner(game), upto)
    return orders[-1] if orders else NOTHING


def _waiting(game: Game, say: Any, **slots: Any) -> Verdict:
    """What is to happen next while a goal's turns last."""
    state = game.state
    if state.phase == "battles":
        a, d = state.battle
        return not_yet(say("fight", attacker=state.name(a), defender=state.name(d), **slots))
    this_turn = next(ply for ply, past in enumerate(game.history) if past.turn == state.turn)
    given = [event for _move, happened in game.log[this_turn:] for event in happened
             if isinstance(event, ORDERS) and _order_of(event) == _learner(game)]
    if given:
        return not_yet(say("others", chosen=given[-1], **slots))
    return not_yet(say("choose", **slots))


# The kinds ----------------------------------------------------------------------------------

TURNS = Param("turns", "whole", least=1, most=MOST_TURNS, default=1)


@kind(RULESET, "attack", params=(Param("target", "choice", choices=_targets),),
      sentences=("done", "missed", "choose"))
def attack(game: Game, say: Any, target: str) -> Verdict:
    slots = {"player": _player(game), "target": game.history[0].name(_index(game, target))}
    orders = _orders_of(game, _learner(game))
    if not orders:
        return not_yet(say("choose", **slots))
    order = orders[0]
    if isinstance(order, ev.AttackDeclared) and order.defender == _index(game, target):
        return reached(say("done", chosen=order, **slots))
    return missed(say("missed", chosen=order, **slots))


@kind(RULESET, "vassal", params=(Param("vassal", "choice", choices=_cities),
                                 Param("overlord", "choice", choices=_cities), TURNS),
      sentences=("done", "missed", "no-battle", *WAITING))
def vassal(game: Game, say: Any, vassal: str, overlord: str, turns: int) -> Verdict:
    start = game.history[0]
    city, lord = _index(game, vassal), _index(game, overlord)
    slots = {"player": _player(game), "vassal": start.name(city), "overlord": start.name(lord)}
    made = _first(game, lambda state: state.overlord[city] == lord)
    if made is not None:
        fought = _battles(game, (city, lord), made)
        battle = fought[-1] if fought else NOTHING
        return reached(say("done", battle=battle, **slots))
    over = _over_after(game, turns)
    if over is None:
        return _waiting(game, say, **slots)
    fought = _battles(game, (_learner(game), city), over)
    if fought:
        return missed(say("missed", battle=fought[-1], **slots))
    return missed(say("no-battle", chosen=_chosen(game, over), **slots))


@kind(RULESET, "stay-free", params=(Param("city", "choice", choices=_independent), TURNS),
      sentences=("done", "quiet", "missed", *WAITING))
def stay_free(game: Game, say: Any, city: str, turns: int) -> Verdict:
    from sumer_widgets.priest_kings.readers import broke_text

    start = game.history[0]
    free = _index(game, city)
    slots = {"player": _player(game), "city": start.name(free)}
    over = _over_after(game, turns)
    if over is None:
        return _waiting(game, say, **slots)
    after = game.history[over]
    fought = _battles(game, (free,), over)
    if not fought:
        if after.overlord[free] < 0:
            return reached(say("quiet", **slots))
        return missed(say("missed", battle=NOTHING, broke=NOTHING,
                          lord=after.name(after.overlord[free]), **slots))
    last = fought[-1]
    told = {"battle": last, "broke": Told(lambda lang: broke_text(
        last.broken, last.attacker_name, last.defender_name, lang))}
    if after.overlord[free] < 0:
        return reached(say("done", **told, **slots))
    return missed(say("missed", lord=after.name(after.overlord[free]), **told, **slots))


@kind(RULESET, "free-vassals", params=(Param("overlord", "choice", choices=_overlords), TURNS),
      sentences=("done", "done-broken", "missed", "no-battle", *WAITING))
def free_vassals(game: Game, say: Any, overlord: str, turns: int) -> Verdict:
    from sumer_widgets.display import listed

    start = game.history[0]
    lord = _index(game, overlord)
    served = start.vassals_of(lord)
    names = [start.name(c) for c in served]
    slots = {"player": _player(game), "overlord": start.name(lord),
             "vassals": Told(lambda lang: listed(names, lang))}
    freed = _first(game, lambda state: all(state.overlord[c] != lord for c in served))
    if freed is not None and freed > 0:
        fought = _battles(game, (lord,), freed)
        battle = fought[-1] if fought else None
        broke = battle is not None and battle.beaten == lord and (
            battle.broken == "both" or battle.broken == (
                "attacker" if battle.attacker != lord else "defender"))
        return reached(say("done-broken" if broke else "done",
                           battle=battle or NOTHING,
                           realms=_realms(game.history[freed]), **slots))
    over = _over_after(game, turns)
    if over is None:
        return _waiting(game, say, **slots)
    fought = _battles(game, (_learner(game), lord, *served), over)
    if fought:
        return missed(say("missed", battle=fought[-1], realms=_realms(game.history[over]),
                          **slots))
    return missed(say("no-battle", chosen=_chosen(game, over), **slots))


@kind(RULESET, "win", params=(Param("city", "choice", choices=_cities), TURNS),
      sentences=("done", "lost", "goes-on", "no-battle", *WAITING))
def win(game: Game, say: Any, city: str, turns: int) -> Verdict:
    start = game.history[0]
    winner = _index(game, city)
    slots = {"player": _player(game), "city": start.name(winner)}
    ended = next((event for event in _events(game) if isinstance(event, ev.CampaignEnded)),
                 None)
    if ended is not None:
        key = "done" if winner in ended.winners else "lost"
        verdict = reached if key == "done" else missed
        return verdict(say(key, ended=_told(ended), **slots))
    over = _over_after(game, turns)
    if over is None:
        return _waiting(game, say, **slots)
    fought = _battles(game, (_learner(game), winner), over)
    if fought:
        return missed(say("goes-on", battle=fought[-1], **slots))
    return missed(say("no-battle", chosen=_chosen(game, over), **slots))


@kind(RULESET, "record", params=(Param("broken", "choice", choices=_results),
                                 Param("attacker_points", "whole", default=0),
                                 Param("defender_points", "whole", default=0)),
      sentences=("done", "wrong-broken", "wrong-points", "enter"))
def record(game: Game, say: Any, broken: str, attacker_points: int,
           defender_points: int) -> Verdict:
    from sumer_widgets.priest_kings.readers import broke_text

    start = game.history[0]
    a, d = (start.name(c) for c in start.battle) if start.battle else ("", "")
    slots = {"player": _player(game), "attacker": a, "defender": d,
             "want_ap": attacker_points, "want_dp": defender_points,
             "wanted": Told(lambda lang: broke_text(broken, a, d, lang))}
    ended = next((event for event in _events(game) if isinstance(event, ev.BattleEnded)), None)
    if ended is None:
        return not_yet(say("enter", **slots))
    entered = {"battle": ended, "ap": ended.attacker_points, "dp": ended.defender_points,
               "entered": Told(lambda lang: broke_text(ended.broken, a, d, lang))}
    if ended.broken != broken:
        return missed(say("wrong-broken", **entered, **slots))
    if (ended.attacker_points, ended.defender_points) != (attacker_points, defender_points):
        return missed(say("wrong-points", **entered, **slots))
    return reached(say("done", **entered, **slots))


@kind(RULESET, "order", params=(Param("order", "choice", choices=_orders),),
      sentences=("done", "missed", "enter"))
def order(game: Game, say: Any, order: str) -> Verdict:
    from sumer_widgets.display import listed

    start = game.history[0]
    wanted = [start.name(_index(game, city)) for city in order.split()]
    slots = {"player": _player(game), "first": wanted[0],
             "wanted": Told(lambda lang: listed(wanted, lang))}
    entered = next((event for event in _events(game) if isinstance(event, ev.OrderRecorded)),
                   None)
    if entered is None:
        return not_yet(say("enter", **slots))
    told = {"entered": entered,
            "names": Told(lambda lang: listed(list(entered.names), lang))}
    if list(entered.names) == wanted:
        return reached(say("done", **told, **slots))
    return missed(say("missed", **told, **slots))
