"""Mesopotamia's goal kinds: what a board task may ask (`sumer_widgets.goals`).

Every kind asks for something within the learner's turn — the turn the task starts in, of the
player to move at the start (movement, one action, mana: a Mesopotamia turn is what a learner
plans). When that turn is over without it, the goal is missed; until then each kind says what
is still missing.

- ``reach`` — a native of the learner's, `carrying` something or not, comes to `field`;
- ``steal`` — the learner steals `good` from a native of `victim`'s;
- ``discover`` — the learner discovers a field of kind `tile`;
- ``gather`` — the learner discovers a forest or quarry (`tile`) and picks up one of its new
  goods on it;
- ``hut`` — the learner builds a hut (on `field`, or anywhere);
- ``holy-place`` — the learner erects a holy place (on `field`, or anywhere);
- ``births`` — `count` natives of the learner's are born;
- ``mana`` — the learner receives at least `amount` mana from holy places in phase III;
- ``sacrifice`` — the learner places the sacrifice marker of `value` (one a native of theirs
  carries at the start: a marker taken up this turn may not be placed) at the temple.

Mesopotamia has no chance moves (the field pile is shuffled at setup), so every move of the
learner's is a decision. The checks read the game's events (`engine.mesopotamia.events`) and
states, so they hold for any position. The sentences are the ``[goal.<kind>]`` tables of the
words files beside this module; the labels of the parameters' choices its ``[goals.*]``
tables.

Limits: the goal is the learner's first turn's; a kind never looks at later turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Game
from engine.mesopotamia import events as ev
from engine.mesopotamia.board import KIND_NAMES, WORD_OF, distance, fmt, parse_coord
from engine.mesopotamia.state import (
    FRESH,
    LUMBER_CARGO,
    MANA_TOP,
    NATIVES,
    OLD,
    STONE_CARGO,
    State,
    player_name,
)
from sumer_widgets.goals import Param, kind
from sumer_widgets.mesopotamia import readers
from sumer_widgets.tasks import Verdict, missed, not_yet, reached
from sumer_widgets.words import Told, words

RULESET = "mesopotamia"

LABELS = words(__file__)["LABELS"]
CARRYING = words(__file__)["CARRYING"]

#: What a native may carry, by the value a goal names, as the state's cargo (None: anything).
CARGO = {"any": None, "nothing": 0, "lumber": LUMBER_CARGO, "stone": STONE_CARGO}
#: Goods by the value a goal names, as the engine's letter (None: either).
GOODS = {"any": None, "lumber": "L", "stone": "S"}
#: The kinds of field a learner may discover, and the goods each brings.
DISCOVERED = {"forest": "L", "quarry": "S", "plain": None}


# What the goal's sentences say --------------------------------------------------------------


def _label(key: str) -> dict[str, str]:
    return {lang: table[key] for lang, table in LABELS.items()}


def _player(player: int) -> Told:
    return Told(lambda lang: player_name(player, lang))


def _field(field: str | tuple[int, int], state: State | None) -> Told:
    return Told(lambda lang: readers.field_name(field, state, lang))


def _counted(n: int, noun: str) -> Told:
    return Told(lambda lang: readers.counted(n, noun, lang))


def _kind(letter: str) -> Told:
    return Told(lambda lang: KIND_NAMES.get(lang, KIND_NAMES["en"])[letter])


def _a_kind(letter: str) -> Told:
    return Told(lambda lang: readers.A_KIND.get(lang, readers.A_KIND["en"])[letter])


def _good(letter: str | None, table: dict[str, Any] = readers.GOODS) -> Told:
    return Told(lambda lang: table.get(lang, table["en"])[letter or "?"])


def _carrying(value: str) -> Told:
    return Told(lambda lang: CARRYING.get(lang, CARRYING["en"])[value])


# The learner's turn -----------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """The learner's turn so far: who, what happened, the states it passed, and whether it
    is over (the next player's turn has begun, or the game ended)."""

    learner: int
    events: tuple[Any, ...]
    states: tuple[State, ...]
    over: bool

    def of(self, event_class: type) -> list[Any]:
        """The learner's events of `event_class` (and those that name no player)."""
        return [event for event in self.events if isinstance(event, event_class)
                and getattr(event, "player", self.learner) == self.learner]


def turn(game: Game) -> Turn:
    """The turn `game` began in (the task's start), as far as `game` has come."""
    start = game.history[0]
    events: list[Any] = []
    states = [start]
    for k, (_, happened) in enumerate(game.log):
        if game.history[k].turn != start.turn:
            break
        events.extend(happened)
        states.append(game.history[k + 1])
    over = game.state.turn != start.turn or game.state.is_over
    return Turn(start.to_move, tuple(events), tuple(states), over)


def _carrier(state: State, player: int, cargo: int) -> str | None:
    """Where a native of `player`'s carrying `cargo` stands, if one does."""
    return next((fmt((q, r)) for q, r, owner, carried, _ in state.natives
                 if owner == player and carried == cargo), None)


def _on(state: State, field: str, player: int) -> int:
    c = parse_coord(field)
    return sum(1 for n in state.natives if (n[0], n[1]) == c and n[2] == player)


# The choices a task maker offers ----------------------------------------------------------


def _by_distance(fields: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return sorted(fields, key=lambda c: (distance(c, (0, 0)), c))


def _fields(state: State) -> list[tuple[str, Any]]:
    """Every field on the map a native may stand on."""
    fields = [c for c, kind_ in state.tiles if kind_ != "V"]
    return [(fmt(c), _field(c, state)) for c in _by_distance(fields)]


def _plains(state: State) -> list[tuple[str, Any]]:
    plains = [c for c, kind_ in state.tiles if kind_ == "P"]
    return [("any", _label("anywhere")),
            *[(fmt(c), _field(c, state)) for c in _by_distance(plains)]]


def _cargoes(_state: State) -> list[tuple[str, Any]]:
    return [(value, _label(f"carrying_{value}")) for value in CARGO]


def _goods(_state: State) -> list[tuple[str, Any]]:
    return [(value, _label(f"good_{value}")) for value in GOODS]


def _victims(state: State) -> list[tuple[int, Any]]:
    return [(p, _player(p)) for p in range(state.players) if p != state.to_move]


def _tiles(state: State) -> list[tuple[str, Any]]:
    return [(name, _kind(WORD_OF[name])) for name in DISCOVERED]


def _harvests(state: State) -> list[tuple[str, Any]]:
    return [(name, _kind(WORD_OF[name])) for name, good in DISCOVERED.items() if good]


def _markers(state: State) -> list[tuple[int, Any]]:
    """The markers the learner's natives carry at the start, taken up in an earlier turn (a
    marker taken up this turn may not be placed in it: M-SAC-2)."""
    values = sorted({cargo - OLD for _, _, owner, cargo, _ in state.natives
                     if owner == state.to_move and OLD <= cargo < FRESH})
    return [(value, Told(lambda lang, value=value: readers.NATIVE.get(
        lang, readers.NATIVE["en"])["marker"].format(value=value))) for value in values]


# The kinds --------------------------------------------------------------------------------


@kind(RULESET, "reach", params=(Param("field", "choice", choices=_fields),
                                Param("carrying", "choice", choices=_cargoes, default="any")),
      sentences=("done", "missed", "todo"))
def reach(game: Game, say: Any, field: str, carrying: str) -> Verdict:
    now = turn(game)
    cargo = CARGO[carrying]
    where = parse_coord(field)

    def there(state: State) -> int:
        return sum(1 for q, r, owner, carried, _ in state.natives
                   if (q, r) == where and owner == now.learner
                   and (cargo is None or carried == cargo))

    values = {"player": _player(now.learner), "native": _carrying(carrying),
              "field": _field(field, game.state)}
    before = there(now.states[0])
    if any(there(state) > before for state in now.states[1:]):
        return reached(say("done", **values))
    if now.over:
        return missed(say("missed", **values))
    return not_yet(say("todo", **values))


@kind(RULESET, "steal", params=(Param("good", "choice", choices=_goods, default="any"),
                                Param("victim", "choice", choices=_victims)),
      sentences=("done", "missed", "outnumbered", "where", "todo"))
def steal(game: Game, say: Any, good: str, victim: int) -> Verdict:
    now = turn(game)
    victim = int(victim)
    letter = GOODS[good]
    stolen = [event for event in now.of(ev.GoodStolen)
              if event.victim == victim and (letter is None or event.good == letter)]
    names = {"player": _player(now.learner), "victim": _player(victim)}
    if stolen:
        return reached(say("done", good=_good(stolen[0].good, readers.A_GOOD),
                           field=_field(stolen[0].field, game.state), **names))
    cargoes = [LUMBER_CARGO, STONE_CARGO] if letter is None else [
        LUMBER_CARGO if letter == "L" else STONE_CARGO]
    start = now.states[0]
    field = next((at for at in (_carrier(start, victim, c) for c in cargoes) if at), None)
    if field is None:
        nothing = say("todo", good=_good(letter), **names)
        return missed(nothing) if now.over else not_yet(nothing)
    ours, theirs = _on(game.state, field, now.learner), _on(game.state, field, victim)
    counts = {"good": _good(letter), "ours": _counted(ours, "natives"), "theirs": theirs,
              "field": _field(field, game.state), **names}
    if now.over:
        return missed(say("missed", **counts))
    if ours and ours <= theirs:
        return not_yet(say("outnumbered", **counts))
    return not_yet(say("where", **counts))


def _discovered(now: Turn, tile: str) -> list[str]:
    letter = WORD_OF[tile]
    return [event.field for event in now.of(ev.FieldDiscovered) if event.tile == letter]


def _searching(game: Game, now: Turn, say: Any, values: dict[str, Any]) -> Verdict:
    """The verdict while no field of the kind asked for has been discovered."""
    if now.over:
        return missed(say("missed", **values))
    if game.state.phase == "volcano":
        return not_yet(say("volcano", **values))
    return not_yet(say("todo", **values))


@kind(RULESET, "discover", params=(Param("tile", "choice", choices=_tiles),),
      sentences=("done", "missed", "volcano", "todo"))
def discover(game: Game, say: Any, tile: str) -> Verdict:
    now = turn(game)
    values = {"player": _player(now.learner), "kind": _kind(WORD_OF[tile]),
              "tile": _a_kind(WORD_OF[tile])}
    found = _discovered(now, tile)
    if found:
        return reached(say("done", field=Told(lambda lang: readers.where(found[0], lang)),
                           **values))
    return _searching(game, now, say, values)


@kind(RULESET, "gather", params=(Param("tile", "choice", choices=_harvests),),
      sentences=("done", "missed", "volcano", "todo", "found", "empty", "not_picked"))
def gather(game: Game, say: Any, tile: str) -> Verdict:
    now = turn(game)
    letter = DISCOVERED[tile]
    values = {"player": _player(now.learner), "kind": _kind(WORD_OF[tile]),
              "tile": _a_kind(WORD_OF[tile]), "good": _good(letter)}
    found = _discovered(now, tile)
    picked = [event for event in now.of(ev.GoodPicked)
              if event.field in found and event.good == letter]
    if picked:
        return reached(say("done", field=_field(picked[0].field, game.state), **values))
    if not found:
        return _searching(game, now, say, values)
    index = 2 if letter == "L" else 3
    lying = sum(g[index] for g in game.state.goods if fmt(g[:2]) in found)
    if not lying and game.state.phase != "spread":
        return missed(say("empty", **values))
    if now.over:
        return missed(say("not_picked", **values))
    return not_yet(say("found", **values))


def _built(game: Game, say: Any, now: Turn, field: str, built: list[Any],
           values: dict[str, Any], under: Any = None) -> Verdict | None:
    """The verdict once the learner has built: reached on `field` (or anywhere), else the
    building stands elsewhere (missed once the turn is over); None while nothing was built."""
    right = [event for event in built if field in ("any", event.field)]
    if right:
        extra = {} if under is None else {"under": under(right[0])}
        return reached(say("done", field=_field(right[0].field, game.state), **values,
                           **extra))
    if built:
        elsewhere = say("elsewhere", built=_field(built[0].field, game.state),
                        field=_field(field, game.state), **values)
        return missed(elsewhere) if now.over else not_yet(elsewhere)
    return None


def _blocked(game: Game, say: Any, now: Turn, key: str, values: dict[str, Any]) -> Verdict:
    """A building's material lies where it cannot be built: missed once the movement is
    over (the action cannot use it), else not yet."""
    if now.over or game.state.phase == "action":
        return missed(say(f"{key}_missed", **values))
    return not_yet(say(key, **values))


@kind(RULESET, "hut", params=(Param("field", "choice", choices=_plains, default="any"),),
      sentences=("done", "missed", "todo", "marker", "no_marker", "full", "full_missed",
                 "elsewhere"))
def hut(game: Game, say: Any, field: str) -> Verdict:
    now = turn(game)
    values = {"player": _player(now.learner)}

    def under(event: ev.HutBuilt) -> Any:
        return say("marker" if event.marker else "no_marker", **values)

    done = _built(game, say, now, field, now.of(ev.HutBuilt), values, under)
    if done is not None:
        return done
    lumber = _carrier(game.state, now.learner, LUMBER_CARGO)
    if lumber is not None and sum(
            1 for h in game.state.huts if fmt(h[:2]) == lumber) >= 2:
        return _blocked(game, say, now, "full", values)
    if now.over:
        return missed(say("missed", **values))
    return not_yet(say("todo", **values))


@kind(RULESET, "holy-place",
      params=(Param("field", "choice", choices=_plains, default="any"),),
      sentences=("done", "missed", "todo", "crowded", "crowded_missed", "elsewhere"))
def holy_place(game: Game, say: Any, field: str) -> Verdict:
    now = turn(game)
    values = {"player": _player(now.learner)}
    done = _built(game, say, now, field, now.of(ev.HolyPlaceBuilt), values)
    if done is not None:
        return done
    stone = _carrier(game.state, now.learner, STONE_CARGO)
    if stone is not None and any(
            fmt(n[:2]) == stone and n[2] != now.learner for n in game.state.natives):
        return _blocked(game, say, now, "crowded", values)
    if now.over:
        return missed(say("missed", **values))
    return not_yet(say("todo", **values))


@kind(RULESET, "births", params=(Param("count", least=1, most=NATIVES, default=1),),
      sentences=("done", "missed", "todo"))
def births(game: Game, say: Any, count: int) -> Verdict:
    now = turn(game)
    born = sum(event.count for event in now.of(ev.NativeBorn))
    values = {"player": _player(now.learner), "born": _counted(born, "natives"),
              "wanted": _counted(count, "natives")}
    if born >= count:
        return reached(say("done", **values))
    if now.over:
        return missed(say("missed", **values))
    return not_yet(say("todo", **values))


@kind(RULESET, "mana", params=(Param("amount", least=1, most=MANA_TOP, default=1),),
      sentences=("done", "missed", "todo", "card_waits"))
def mana(game: Game, say: Any, amount: int) -> Verdict:
    now = turn(game)
    values = {"player": _player(now.learner), "amount": amount}
    if not now.over:
        if game.state.phase == "action" and game.state.hands[now.learner]:
            return not_yet(say("card_waits", **values))
        return not_yet(say("todo", **values))
    received = sum(event.gained for event in now.of(ev.ManaReceived))
    if received >= amount:
        return reached(say("done", received=received, **values))
    return missed(say("missed", received=received, **values))


@kind(RULESET, "sacrifice", params=(Param("value", "choice", choices=_markers),),
      sentences=("done", "missed", "todo", "pushed", "offered"))
def sacrifice(game: Game, say: Any, value: int) -> Verdict:
    now = turn(game)
    value = int(value)
    mana_now = game.state.mana[now.learner]
    values = {"player": _player(now.learner), "value": value, "mana": mana_now}
    if any(event.value == value for event in now.of(ev.MarkerPlaced)):
        return reached(say("done", **values))
    if now.over:
        return missed(say("missed", **values))
    pushed = now.of(ev.PushedBack)
    if pushed:
        return not_yet(say("pushed", **{**values, "mana": pushed[-1].mana}))
    if now.of(ev.StoneOffered):
        return not_yet(say("offered", **values))
    return not_yet(say("todo", **values))
