"""Why a move is refused: one sentence a learner understands, naming the rule.

`rules.apply` decides legality by membership in the legal moves; this module only words the
refusal, checking the conditions of the move's rule in the order a player would think of them.
Where none of its checks names the problem it still answers with a true sentence (the move is
not among those possible now, with the phase's hint).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.mesopotamia.board import TEMPLE, fmt, reach
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
_HINT = {
    "move": "it is phase I: move natives (go, discover, pick, drop, steal, lift, offer) or 'end'",
    "action": "it is phase II: choose one action (hut, holy, birth or draw), play a held card,"
              " or say 'done' once the action is taken",
    "volcano": "a volcano was drawn: place it at another edge place ('volcano q,r')",
    "spread": "new goods wait to be spread ('spread q,r ...')",
    "land": "the Land card shows fields: choose one ('choose plain')",
}
_GOOD = {LUMBER_CARGO: "lumber", STONE_CARGO: "stone"}


#: The rule of each phase: what may be done in it.
_PHASE_RULE = {"move": "M-MOVE-1", "action": "M-ACT-1", "volcano": "M-DISC-2",
               "spread": "M-DISC-3", "land": "M-CARD-LAND-1"}

#: A refusal: the id of the rule it enforces (docs/rules/mesopotamia.md) and the sentence.
Refusal = tuple[str, str]


def explain(w: Work, t: tuple[Any, ...]) -> str:
    """Why the move `t` is refused, in one sentence."""
    return refusal(w, t)[1]


def refusal(w: Work, t: tuple[Any, ...]) -> Refusal:
    """Why the move `t` is refused: the rule it breaks and the sentence that says so."""
    kind = t[0]
    phase = _PHASE_OF.get(kind)
    if kind == "play":
        if w.phase not in ("move", "action"):
            return "M-CARD-PLAY-1", f"no card can be played now: {_HINT[w.phase]}"
        return _card(w, t) or ("M-CARD-PLAY-1", "that card cannot be played that way now")
    if phase != w.phase:
        return _PHASE_RULE[w.phase], f"'{kind}' is not possible now: {_HINT[w.phase]}"
    reason = {"go": _go, "discover": _discover, "pick": _pick, "drop": _drop, "steal": _steal,
              "lift": _lift, "offer": _offer, "hut": _hut, "holy": _holy, "birth": _birth,
              "draw": _draw, "done": _done, "volcano": _volcano, "spread": _spread,
              "choose": _choose}.get(kind, lambda w, t: None)(w, t)
    return reason or (_PHASE_RULE[w.phase], f"that move is not possible now: {_HINT[w.phase]}")


def _who(w: Work) -> str:
    return player_name(w.to_move)


def _has(w: Work, c: Any, cargo: int, stole: bool) -> Refusal | None:
    if c not in w.tiles:
        return "M-MOVE-1", f"{fmt(c)} is not a field of the map"
    if (w.to_move, cargo, stole) not in w.nat.get(c, {}):
        return "M-MOVE-1", (
            f"{_who(w)} has no native carrying '{cargo_token(cargo, stole)}' on {fmt(c)}")
    return None


def _go(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole, dest = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    kind = w.tiles.get(dest)
    if kind is None:
        return "M-DISC-1", (
            f"{fmt(dest)} is not a field yet: a native reaches new land by discovering it")
    if kind == "V":
        return "M-MOVE-3", f"{fmt(dest)} is a volcano: volcanic fields can never be entered"
    if dest == c:
        return "M-MOVE-1", "the native is already there"
    raw = cargo in (LUMBER_CARGO, STONE_CARGO)
    if raw and c == TEMPLE:
        return "M-MOVE-5", (
            f"no raw materials may be carried through the temple place: put the {_GOOD[cargo]} "
            "down before leaving it")
    if w.points == 0:
        return "M-MOVE-1", f"{_who(w)} has no movement points left this turn"
    through = not raw and not (OLD <= cargo < FRESH)
    far = reach(w.tiles, c, 99, through).get(dest)
    near = reach(w.tiles, c, 99, True).get(dest)
    if far is None and near is not None:
        return "M-MOVE-5", (
            "no raw materials may be carried through the temple place (and a native bringing a "
            "marker it may place stops there): there is no other way")
    if far is None:
        return "M-MOVE-3", f"there is no way from {fmt(c)} to {fmt(dest)} that avoids the volcanoes"
    return "M-MOVE-1", (
        f"{fmt(dest)} is {far[0]} step(s) away, but only {w.points} movement point(s) are left "
        "(entering a neighbouring field costs 1)")


def _discover(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole, place = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if place in w.tiles:
        return "M-DISC-1", (
            f"{fmt(place)} is already a field: a discovery puts a new field at the edge")
    if place not in [(c[0] + dq, c[1] + dr) for dq, dr in
                     ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))]:
        return "M-DISC-1", (
            f"{fmt(place)} is not next to {fmt(c)}: a native discovers the place beside it")
    if w.discoveries >= MAX_DISCOVERIES:
        return "M-DISC-6", (
            f"{_who(w)} has discovered {MAX_DISCOVERIES} fields this turn, the most allowed "
            "(volcanoes do not count)")
    if not w.pile:
        return "M-DISC-1", "no fields are left to discover"
    if w.points == 0:
        return "M-DISC-1", f"{_who(w)} has no movement points left: moving onto new land costs 1"
    return None


def _pick(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole, good = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if cargo >= OLD:
        return "M-SAC-5", "a native with a sacrifice marker can carry neither a stone nor a lumber"
    if cargo == good:
        return "M-CARRY-3", (
            f"the native already carries {_GOOD[good]}: each native carries at most 1 good")
    if not w.goods.get(c, (0, 0))[good - 1]:
        return "M-CARRY-1", f"there is no {_GOOD[good]} lying on {fmt(c)}"
    return None


def _drop(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, cargo, stole = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if cargo >= OLD:
        return "M-SAC-5", (
            "a sacrifice marker can only be put down on the temple place, by placing it there "
            "('offer')")
    if cargo == NONE:
        return "M-CARRY-2", "that native carries nothing to put down"
    return None


def _steal(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, victim, good = t
    p = w.to_move
    if not 0 <= victim < w.players or victim == p:
        return "M-STEAL-1", f"player {victim} is not an opponent to steal from"
    mine, theirs = w.count(c, p), w.count(c, victim)
    if mine <= theirs:
        return "M-STEAL-1", (
            f"{_who(w)} has {mine} native(s) on {fmt(c)} and {player_name(victim)} has {theirs}: "
            "only the side with more natives may steal")
    if (p, NONE, False) not in w.nat.get(c, {}):
        return "M-STEAL-2", (
            f"{_who(w)} has no free native on {fmt(c)} that has not stolen this turn: each free "
            "native steals one good per turn")
    if not any(o == victim and cargo == good for (o, cargo, _) in w.nat.get(c, {})):
        return "M-STEAL-1", (
            f"no native of {player_name(victim)} on {fmt(c)} carries {_GOOD[good]} (sacrifice "
            "markers can never be stolen)")
    return None


def _lift(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, value = t
    p = w.to_move
    if not any(o == p and m == value for o, m in w.huts.get(c, ())):
        return "M-SAC-1", f"{_who(w)} has no hut on {fmt(c)} with a covered marker of value {value}"
    return "M-SAC-1", (
        f"{_who(w)} has no free native on {fmt(c)}: a native carrying a good cannot take it")


def _offer(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    value = t[1]
    p = w.to_move
    at = w.nat.get(TEMPLE, {})
    if any(o == p and cargo == FRESH + value for (o, cargo, _) in at):
        return "M-SAC-2", (
            "the marker was taken up this turn: picking up, carrying and placing never happen in "
            "the same turn")
    if not any(o == p and cargo == OLD + value for (o, cargo, _) in at):
        return "M-SAC-3", (
            f"{_who(w)} has no native on the temple place carrying a marker of value {value}")
    return "M-SAC-4", (f"{_who(w)} has {w.mana[p]} mana, too little to pay the marker's {value}")


def _hut(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, c, marker = t
    p = w.to_move
    if w.action not in ("", "hut"):
        return "M-ACT-1", f"{_who(w)} chose another action this turn ({w.action})"
    if w.tiles.get(c) != "P":
        return "M-HUT-1", f"{fmt(c)} is not a plain: huts are built on plains"
    if c in w.holy:
        return "M-HOLY-2", f"{fmt(c)} holds a holy place: nothing else may be built there"
    if len(w.huts.get(c, ())) >= 2:
        return "M-HUT-1", f"{fmt(c)} already holds 2 huts, the most a plain may hold"
    if w.huts_of(p) >= HUTS:
        return "M-COMP-2", f"{_who(w)} has built all {HUTS} huts"
    carriers, others = w.unused(c, p)
    if carriers < 1 or carriers + others < 2:
        return "M-HUT-1", (
            f"a hut needs 2 of {_who(w)}'s natives on {fmt(c)} with 1 lumber, not used for "
            "another hut this turn")
    if (marker or 0) not in (w.markers[p] or [0]):
        none_left = " (write 0: none is left)" if not w.markers[p] else ""
        return "M-HUT-2", (
            f"{_who(w)} has no covered marker of value {marker} left to put under the "
            f"hut{none_left}")
    return None


def _holy(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    c = t[1]
    p = w.to_move
    if w.action not in ("", "holy"):
        return "M-ACT-1", f"{_who(w)} chose another action this turn ({w.action})"
    if w.tiles.get(c) != "P":
        return "M-HOLY-1", f"{fmt(c)} is not a plain: holy places are erected on plains"
    if c in w.holy or w.huts.get(c):
        return "M-HOLY-1", (
            f"{fmt(c)} is not vacant: a holy place needs a plain with no hut or holy place")
    if any(o != p for (o, _, _) in w.nat.get(c, {})):
        return "M-HOLY-1", f"{fmt(c)} is not empty: natives of other players stand on it"
    if w.holy_of(p) >= HOLY_PLACES:
        return "M-COMP-2", f"{_who(w)} has erected all {HOLY_PLACES} holy places"
    return "M-HOLY-1", f"a holy place needs 2 of {_who(w)}'s natives on {fmt(c)} with 1 stone"


def _birth(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    c = t[1]
    p = w.to_move
    if w.action not in ("", "birth"):
        return "M-ACT-1", f"{_who(w)} chose another action this turn ({w.action})"
    own = [m for o, m in w.huts.get(c, ()) if o == p]
    if not own:
        return "M-BIRTH-1", f"{_who(w)} has no hut on {fmt(c)}: descendants are born at an own hut"
    if any(own):
        return "M-BIRTH-2", (
            "it is not possible to give birth on a field where one of your sacrifice markers is "
            "found")
    if w.on_board(p) >= NATIVES:
        return "M-BIRTH-3", f"all {NATIVES} of {_who(w)}'s natives are on the map"
    return "M-BIRTH-1", (
        f"a birth needs 2 of {_who(w)}'s natives on {fmt(c)} for each hut, not used this turn, "
        "and each hut gives birth once")


def _draw(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    if w.action == "draw":
        return "M-DRAW-1", f"{_who(w)} has drawn a card this turn: action D is taken once a turn"
    if w.action:
        return "M-ACT-1", f"{_who(w)} chose another action this turn ({w.action})"
    return "M-DRAW-1", "the deck and the discard pile are empty (played cards leave the game)"


def _done(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    return "M-ACT-1", ("choose an action first (hut, holy, birth or draw): 'done' ends the "
                       "turn once the action is taken, or when none is possible")


def _volcano(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    place = t[1]
    if place in w.tiles:
        return "M-DISC-2", f"{fmt(place)} is already a field"
    if place == (w.pending[0], w.pending[1]):
        return "M-DISC-2", "the volcano goes to another edge place, not where the native discovers"
    return "M-DISC-2", f"{fmt(place)} is not at the edge of the map"


def _spread(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    good, k = w.pending[0], w.pending[1]
    kind = "forest" if good == 0 else "quarry"
    return ("M-DISC-3" if good == 0 else "M-DISC-4",
            f"choose {k} different {kind} fields, one {'lumber' if good == 0 else 'stone'} each")


def _choose(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    return "M-CARD-LAND-1", "choose one of the fields the Land card shows"


def _card(w: Work, t: tuple[Any, ...]) -> Refusal | None:
    _, card, where, target, to = t
    p = w.to_move
    if card not in w.hands[p]:
        if w.fresh == card:
            return "M-CARD-PLAY-1", (
                f"{card_name(card)} was drawn this turn: a card is played in one of the following "
                "own turns")
        return "M-DRAW-2", f"{_who(w)} holds no {card_name(card)} card"
    if card in ("stamina", "land") and w.phase != "move":
        return ("M-CARD-STAMINA-1" if card == "stamina" else "M-CARD-LAND-1",
                f"{card_name(card)} acts during movement (phase I)")
    if card == "fertility":
        if w.fertility:
            return "M-CARD-FERTILITY-1", "Fertility is already in play this turn"
        return "M-CARD-FERTILITY-1", (
            f"Fertility acts on a birth, and no birth can come this turn any more "
            f"({_who(w)} chose the action '{w.action}')")
    if card == "land":
        return "M-CARD-LAND-1", "Land is already in play this turn"
    if card == "priest":
        if where not in w.holy:
            return "M-CARD-PRIEST-1", f"{fmt(where)} holds no holy place"
        return None
    if card == "mana_theft":
        victim = target[1]
        if not 0 <= victim < w.players or victim == p:
            return "M-CARD-MANATHEFT-1", f"player {victim} is not an opponent"
        return "M-CARD-MANATHEFT-1", f"{player_name(victim)} has no mana to take"
    if to == TEMPLE and card == "teleport":
        return "M-CARD-TELEPORT-1", (
            "Teleport moves things to any other field except the temple place")
    if to not in w.tiles or w.tiles[to] == "V":
        return (("M-CARD-TELEPORT-1" if card == "teleport" else "M-CARD-EXPULSION-1"),
                f"{fmt(to)} is no field a native or good may be put on")
    if card == "expulsion":
        if target[0] == "hut":
            return "M-CARD-EXPULSION-2", (
                "Expulsion moves an opponent's hut up to 3 fields, only to another plain without "
                "2 huts or a holy place")
        return "M-CARD-EXPULSION-1", (
            "Expulsion moves an opponent's native (never your own) up to 3 fields")
    return "M-CARD-TELEPORT-1", f"there is no such {target[0]} on {fmt(where)} to teleport"
