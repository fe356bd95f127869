"""Why a move is refused: one sentence a learner understands, naming the rule, told in each
language (`engine.core.Message`; the words are in `refusals.py`).

`rules.apply` decides legality by membership in the legal moves; this module only words the
refusal, checking the conditions of the move's rule in the order a player would think of them.
Where none of its checks names the problem it still answers with a true sentence (the move is
not among those possible now, with the phase's hint).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Message, Named
from engine.mesopotamia.board import TEMPLE, fmt, reach
from engine.mesopotamia.refusals import TEXT
from engine.mesopotamia.state import (
    FRESH,
    HOLY_PLACES,
    HUTS,
    LUMBER_CARGO,
    MAX_DISCOVERIES,
    NATIVES,
    NONE,
    OLD,
    STONE_CARGO,
    card_name,
    cargo_token,
    player_name,
)

if TYPE_CHECKING:
    from engine.mesopotamia.rules import Work

_PHASE_OF = {"go": "move", "discover": "move", "pick": "move", "drop": "move", "steal": "move",
             "lift": "move", "offer": "move", "end": "move", "hut": "action", "holy": "action",
             "birth": "action", "draw": "action", "done": "action", "volcano": "volcano",
             "spread": "spread", "choose": "land"}
_GOOD = {LUMBER_CARGO: Named(en="lumber", nl="hout"), STONE_CARGO: Named(en="stone", nl="steen")}


#: The rule of each phase: what may be done in it.
_PHASE_RULE = {"move": "M-MOVE-1", "action": "M-ACT-1", "volcano": "M-DISC-2",
               "spread": "M-DISC-3", "land": "M-CARD-LAND-1"}

#: A refusal: the id of the rule it enforces (docs/rules/mesopotamia.md) and the sentence.
Refusal = tuple[str, Message]


def explain(w: Work, t: tuple[Any, ...]) -> str:
    """Why the move `t` is refused, in one sentence (in English)."""
    return refusal(w, t)[1].describe("en")


def refusal(w: Work, t: tuple[Any, ...]) -> Refusal:
    """Why the move `t` is refused: the rule it breaks and the sentence that says so."""
    kind = t[0]
    phase = _PHASE_OF.get(kind)
    if kind == "play":
        if w.phase not in ("move", "action"):
            return "M-CARD-PLAY-1", _says("no_card_now", hint=_hint(w))
        return _card(w, t) or ("M-CARD-PLAY-1", _says("not_that_way"))
    if phase != w.phase:
        return _PHASE_RULE[w.phase], _says("not_now", kind=kind, hint=_hint(w))
    reason = {"go": _go, "discover": _discover, "pick": _pick, "drop": _drop, "steal": _steal,
              "lift": _lift, "offer": _offer, "hut": _hut, "holy": _holy, "birth": _birth,
              "draw": _draw, "done": _done, "volcano": _volcano, "spread": _spread,
              "choose": _choose}.get(kind, lambda w, t: None)(w, t)
    return reason or (_PHASE_RULE[w.phase], _says("not_possible", hint=_hint(w)))


def _says(key: str, **values: Any) -> Message:
    return Message(TEXT, key, **values)


def _hint(w: Work) -> Message:
    return _says(f"hint_{w.phase}")


def _player(p: int) -> Named:
    return Named.of(lambda lang: player_name(p, lang))


def _card_named(card: str) -> Named:
    return Named.of(lambda lang: card_name(card, lang))


def _who(w: Work) -> Named:
    return _player(w.to_move)


def _has(w: Work, c: Any, cargo: int, stole: bool) -> Refusal | None:
    if c not in w.tiles:
        return "M-MOVE-1", _says("not_a_field", field=fmt(c))
    if (w.to_move, cargo, stole) not in w.nat.get(c, {}):
        return "M-MOVE-1", _says("no_native", player=_who(w),
                                 native=f"'{cargo_token(cargo, stole)}'", field=fmt(c))
    return None


def _go(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole, dest = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    kind = w.tiles.get(dest)
    if kind is None:
        return "M-DISC-1", _says("no_field_yet", field=fmt(dest))
    if kind == "V":
        return "M-MOVE-3", _says("into_volcano", field=fmt(dest))
    if dest == c:
        return "M-MOVE-1", _says("already_there")
    raw = cargo in (LUMBER_CARGO, STONE_CARGO)
    if raw and c == TEMPLE:
        return "M-MOVE-5", _says("raw_through_temple", good=_GOOD[cargo])
    if w.points == 0:
        return "M-MOVE-1", _says("no_points", player=_who(w))
    through = not raw and not (OLD <= cargo < FRESH)
    far = reach(w.tiles, c, 99, through).get(dest)
    near = reach(w.tiles, c, 99, True).get(dest)
    if far is None and near is not None:
        return "M-MOVE-5", _says("no_other_way")
    if far is None:
        return "M-MOVE-3", _says("volcanoes_block", origin=fmt(c), destination=fmt(dest))
    return "M-MOVE-1", _says("too_far", field=fmt(dest), steps=far[0], points=w.points)


def _discover(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole, place = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if place in w.tiles:
        return "M-DISC-1", _says("already_field", field=fmt(place))
    if place not in [(c[0] + dq, c[1] + dr) for dq, dr in
                     ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))]:
        return "M-DISC-1", _says("not_next", field=fmt(place), origin=fmt(c))
    if w.discoveries >= MAX_DISCOVERIES:
        return "M-DISC-6", _says("discoveries", player=_who(w), most=MAX_DISCOVERIES)
    if not w.pile:
        return "M-DISC-1", _says("pile_empty")
    if w.points == 0:
        return "M-DISC-1", _says("no_points_discover", player=_who(w))
    return None


def _pick(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole, good = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if cargo >= OLD:
        return "M-SAC-5", _says("marker_carries")
    if cargo == good:
        return "M-CARRY-3", _says("carries_one", good=_GOOD[good])
    if not w.goods.get(c, (0, 0))[good - 1]:
        return "M-CARRY-1", _says("nothing_lying", good=_GOOD[good], field=fmt(c))
    return None


def _drop(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if cargo >= OLD:
        return "M-SAC-5", _says("marker_down")
    if cargo == NONE:
        return "M-CARRY-2", _says("carries_nothing")
    return None


def _steal(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, victim, good = t
    p = w.to_move
    if not 0 <= victim < w.players or victim == p:
        return "M-STEAL-1", _says("not_opponent_steal", victim=victim)
    mine, theirs = w.count(c, p), w.count(c, victim)
    if mine <= theirs:
        return "M-STEAL-1", _says("fewer", player=_who(w), mine=mine, field=fmt(c),
                                  victim=_player(victim), theirs=theirs)
    if (p, NONE, False) not in w.nat.get(c, {}):
        return "M-STEAL-2", _says("no_free_thief", player=_who(w), field=fmt(c))
    if not any(o == victim and cargo == good for (o, cargo, _) in w.nat.get(c, {})):
        return "M-STEAL-1", _says("nothing_to_steal", victim=_player(victim), field=fmt(c),
                                  good=_GOOD[good])
    return None


def _lift(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, value = t
    p = w.to_move
    if not any(o == p and m == value for o, m in w.huts.get(c, ())):
        return "M-SAC-1", _says("no_hut_marker", player=_who(w), field=fmt(c), value=value)
    return "M-SAC-1", _says("no_free_lifter", player=_who(w), field=fmt(c))


def _offer(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    value = t[1]
    p = w.to_move
    at = w.nat.get(TEMPLE, {})
    if any(o == p and cargo == FRESH + value for (o, cargo, _) in at):
        return "M-SAC-2", _says("marker_fresh")
    if not any(o == p and cargo == OLD + value for (o, cargo, _) in at):
        return "M-SAC-3", _says("no_marker_at_temple", player=_who(w), value=value)
    return "M-SAC-4", _says("too_little_mana", player=_who(w), mana=w.mana[p], value=value)


def _other_action(w: Work, own: str) -> Refusal | None:
    if w.action not in ("", own):
        return "M-ACT-1", _says("other_action", player=_who(w), action=w.action)
    return None


def _hut(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, marker = t
    p = w.to_move
    other = _other_action(w, "hut")
    if other:
        return other
    if w.tiles.get(c) != "P":
        return "M-HUT-1", _says("hut_plain", field=fmt(c))
    if c in w.holy:
        return "M-HOLY-2", _says("holy_there", field=fmt(c))
    if len(w.huts.get(c, ())) >= 2:
        return "M-HUT-1", _says("two_huts", field=fmt(c))
    if w.huts_of(p) >= HUTS:
        return "M-COMP-2", _says("all_huts", player=_who(w), count=HUTS)
    carriers, others = w.unused(c, p)
    if carriers < 1 or carriers + others < 2:
        return "M-HUT-1", _says("hut_needs", player=_who(w), field=fmt(c))
    if (marker or 0) not in (w.markers[p] or [0]):
        return "M-HUT-2", _says("no_covered", player=_who(w), marker=marker,
                                none_left="" if w.markers[p] else _says("none_left"))
    return None


def _holy(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    c = t[1]
    p = w.to_move
    other = _other_action(w, "holy")
    if other:
        return other
    if w.tiles.get(c) != "P":
        return "M-HOLY-1", _says("holy_plain", field=fmt(c))
    if c in w.holy or w.huts.get(c):
        return "M-HOLY-1", _says("holy_vacant", field=fmt(c))
    if any(o != p for (o, _, _) in w.nat.get(c, {})):
        return "M-HOLY-1", _says("holy_others", field=fmt(c))
    if w.holy_of(p) >= HOLY_PLACES:
        return "M-COMP-2", _says("all_holy", player=_who(w), count=HOLY_PLACES)
    return "M-HOLY-1", _says("holy_needs", player=_who(w), field=fmt(c))


def _birth(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    c = t[1]
    p = w.to_move
    other = _other_action(w, "birth")
    if other:
        return other
    own = [m for o, m in w.huts.get(c, ()) if o == p]
    if not own:
        return "M-BIRTH-1", _says("no_own_hut", player=_who(w), field=fmt(c))
    if any(own):
        return "M-BIRTH-2", _says("birth_marker")
    if w.on_board(p) >= NATIVES:
        return "M-BIRTH-3", _says("all_natives", count=NATIVES, player=_who(w))
    return "M-BIRTH-1", _says("birth_needs", player=_who(w), field=fmt(c))


def _draw(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    if w.action == "draw":
        return "M-DRAW-1", _says("drawn_once", player=_who(w))
    other = _other_action(w, "draw")
    if other:
        return other
    return "M-DRAW-1", _says("deck_empty")


def _done(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    return "M-ACT-1", _says("done_first")


def _volcano(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    place = t[1]
    if place in w.tiles:
        return "M-DISC-2", _says("volcano_field", field=fmt(place))
    if place == (w.pending[0], w.pending[1]):
        return "M-DISC-2", _says("volcano_elsewhere")
    return "M-DISC-2", _says("volcano_edge", field=fmt(place))


def _spread(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    good, k = w.pending[0], w.pending[1]
    return ("M-DISC-3" if good == 0 else "M-DISC-4",
            _says("spread", count=k, kind=_says("forest" if good == 0 else "quarry"),
                  good=_GOOD[LUMBER_CARGO if good == 0 else STONE_CARGO]))


def _choose(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    return "M-CARD-LAND-1", _says("choose_land")


def _card(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, card, where, target, to = t
    p = w.to_move
    named = _card_named(card)
    if card not in w.hands[p]:
        if w.fresh == card:
            return "M-CARD-PLAY-1", _says("card_fresh", card=named)
        return "M-DRAW-2", _says("no_card", player=_who(w), card=named)
    if card in ("stamina", "land") and w.phase != "move":
        return ("M-CARD-STAMINA-1" if card == "stamina" else "M-CARD-LAND-1",
                _says("card_in_move", card=named))
    if card == "fertility":
        if w.fertility:
            return "M-CARD-FERTILITY-1", _says("in_play", card=named)
        return "M-CARD-FERTILITY-1", _says("fertility_late", card=named, player=_who(w),
                                           action=w.action)
    if card == "land":
        return "M-CARD-LAND-1", _says("in_play", card=named)
    if card == "priest":
        if where not in w.holy:
            return "M-CARD-PRIEST-1", _says("no_holy", field=fmt(where))
        return None
    if card == "mana_theft":
        victim = target[1]
        if not 0 <= victim < w.players or victim == p:
            return "M-CARD-MANATHEFT-1", _says("not_opponent", victim=victim)
        return "M-CARD-MANATHEFT-1", _says("no_mana", victim=_player(victim))
    if to == TEMPLE and card == "teleport":
        return "M-CARD-TELEPORT-1", _says("teleport_temple", card=named)
    if to not in w.tiles or w.tiles[to] == "V":
        return (("M-CARD-TELEPORT-1" if card == "teleport" else "M-CARD-EXPULSION-1"),
                _says("bad_destination", field=fmt(to)))
    if card == "expulsion":
        if target[0] == "hut":
            return "M-CARD-EXPULSION-2", _says("expel_hut", card=named)
        return "M-CARD-EXPULSION-1", _says("expel_native", card=named)
    return "M-CARD-TELEPORT-1", _says("no_such", what=_says(f"{target[0]}_target"),
                                      field=fmt(where))
