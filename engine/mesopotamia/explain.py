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


def explain(w: Work, t: tuple[Any, ...]) -> str:
    kind = t[0]
    phase = _PHASE_OF.get(kind)
    if kind == "play":
        if w.phase not in ("move", "action"):
            return f"no card can be played now: {_HINT[w.phase]}"
        return _card(w, t) or "that card cannot be played that way now"
    if phase != w.phase:
        return f"'{kind}' is not possible now: {_HINT[w.phase]}"
    reason = {"go": _go, "discover": _discover, "pick": _pick, "drop": _drop, "steal": _steal,
              "lift": _lift, "offer": _offer, "hut": _hut, "holy": _holy, "birth": _birth,
              "draw": _draw, "done": _done, "volcano": _volcano, "spread": _spread,
              "choose": _choose}.get(kind, lambda w, t: None)(w, t)
    return reason or f"that move is not possible now: {_HINT[w.phase]}"


def _who(w: Work) -> str:
    return player_name(w.to_move)


def _has(w: Work, c: Any, cargo: int, stole: bool) -> str | None:
    if c not in w.tiles:
        return f"{fmt(c)} is not a field of the map"
    if (w.to_move, cargo, stole) not in w.nat.get(c, {}):
        return (f"{_who(w)} has no native carrying '{cargo_token(cargo, stole)}' on {fmt(c)}")
    return None


def _go(w: Work, t: tuple[Any, ...]) -> str | None:
    _, c, cargo, stole, dest = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    kind = w.tiles.get(dest)
    if kind is None:
        return f"{fmt(dest)} is not a field yet: a native reaches new land by discovering it"
    if kind == "V":
        return f"{fmt(dest)} is a volcano: volcanic fields can never be entered"
    if dest == c:
        return "the native is already there"
    raw = cargo in (LUMBER_CARGO, STONE_CARGO)
    if raw and c == TEMPLE:
        return ("no raw materials may be carried through the temple place: put the "
                f"{_GOOD[cargo]} down before leaving it")
    if w.points == 0:
        return f"{_who(w)} has no movement points left this turn"
    through = not raw and not (OLD <= cargo < FRESH)
    far = reach(w.tiles, c, 99, through).get(dest)
    near = reach(w.tiles, c, 99, True).get(dest)
    if far is None and near is not None:
        return ("no raw materials may be carried through the temple place (and a native "
                "bringing a marker it may place stops there): there is no other way")
    if far is None:
        return f"there is no way from {fmt(c)} to {fmt(dest)} that avoids the volcanoes"
    return (f"{fmt(dest)} is {far[0]} step(s) away, but only {w.points} movement point(s) "
            "are left (entering a neighbouring field costs 1)")


def _discover(w: Work, t: tuple[Any, ...]) -> str | None:
    _, c, cargo, stole, place = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if place in w.tiles:
        return f"{fmt(place)} is already a field: a discovery puts a new field at the edge"
    if place not in [(c[0] + dq, c[1] + dr) for dq, dr in
                     ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))]:
        return f"{fmt(place)} is not next to {fmt(c)}: a native discovers the place beside it"
    if w.discoveries >= MAX_DISCOVERIES:
        return (f"{_who(w)} has discovered {MAX_DISCOVERIES} fields this turn, the most "
                "allowed (volcanoes do not count)")
    if not w.pile:
        return "no fields are left to discover"
    if w.points == 0:
        return f"{_who(w)} has no movement points left: moving onto new land costs 1"
    return None


def _pick(w: Work, t: tuple[Any, ...]) -> str | None:
    _, c, cargo, stole, good = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if cargo >= OLD:
        return "a native with a sacrifice marker can carry neither a stone nor a lumber"
    if cargo == good:
        return f"the native already carries {_GOOD[good]}: each native carries at most 1 good"
    if not w.goods.get(c, (0, 0))[good - 1]:
        return f"there is no {_GOOD[good]} lying on {fmt(c)}"
    return None


def _drop(w: Work, t: tuple[Any, ...]) -> str | None:
    _, c, cargo, stole = t
    missing = _has(w, c, cargo, stole)
    if missing:
        return missing
    if cargo >= OLD:
        return ("a sacrifice marker can only be put down on the temple place, by placing it "
                "there ('offer')")
    if cargo == NONE:
        return "that native carries nothing to put down"
    return None


def _steal(w: Work, t: tuple[Any, ...]) -> str | None:
    _, c, victim, good = t
    p = w.to_move
    if not 0 <= victim < w.players or victim == p:
        return f"player {victim} is not an opponent to steal from"
    mine, theirs = w.count(c, p), w.count(c, victim)
    if mine <= theirs:
        return (f"{_who(w)} has {mine} native(s) on {fmt(c)} and {player_name(victim)} has "
                f"{theirs}: only the side with more natives may steal")
    if (p, NONE, False) not in w.nat.get(c, {}):
        return (f"{_who(w)} has no free native on {fmt(c)} that has not stolen this turn: "
                "each free native steals one good per turn")
    if not any(o == victim and cargo == good for (o, cargo, _) in w.nat.get(c, {})):
        return (f"no native of {player_name(victim)} on {fmt(c)} carries {_GOOD[good]} "
                "(sacrifice markers can never be stolen)")
    return None


def _lift(w: Work, t: tuple[Any, ...]) -> str | None:
    _, c, value = t
    p = w.to_move
    if not any(o == p and m == value for o, m in w.huts.get(c, ())):
        return f"{_who(w)} has no hut on {fmt(c)} with a covered marker of value {value}"
    return f"{_who(w)} has no free native on {fmt(c)}: a native carrying a good cannot take it"


def _offer(w: Work, t: tuple[Any, ...]) -> str | None:
    value = t[1]
    p = w.to_move
    at = w.nat.get(TEMPLE, {})
    if any(o == p and cargo == FRESH + value for (o, cargo, _) in at):
        return ("the marker was taken up this turn: picking up, carrying and placing never "
                "happen in the same turn")
    if not any(o == p and cargo == OLD + value for (o, cargo, _) in at):
        return f"{_who(w)} has no native on the temple place carrying a marker of value {value}"
    return (f"{_who(w)} has {w.mana[p]} mana, too little to pay the marker's {value}")


def _hut(w: Work, t: tuple[Any, ...]) -> str | None:
    _, c, marker = t
    p = w.to_move
    if w.action not in ("", "hut"):
        return f"{_who(w)} chose another action this turn ({w.action})"
    if w.tiles.get(c) != "P":
        return f"{fmt(c)} is not a plain: huts are built on plains"
    if c in w.holy:
        return f"{fmt(c)} holds a holy place: nothing else may be built there"
    if len(w.huts.get(c, ())) >= 2:
        return f"{fmt(c)} already holds 2 huts, the most a plain may hold"
    if w.huts_of(p) >= HUTS:
        return f"{_who(w)} has built all {HUTS} huts"
    carriers, others = w.unused(c, p)
    if carriers < 1 or carriers + others < 2:
        return (f"a hut needs 2 of {_who(w)}'s natives on {fmt(c)} with 1 lumber, not used "
                "for another hut this turn")
    if (marker or 0) not in (w.markers[p] or [0]):
        return (f"{_who(w)} has no covered marker of value {marker} left to put under the hut"
                + (" (write 0: none is left)" if not w.markers[p] else ""))
    return None


def _holy(w: Work, t: tuple[Any, ...]) -> str | None:
    c = t[1]
    p = w.to_move
    if w.action not in ("", "holy"):
        return f"{_who(w)} chose another action this turn ({w.action})"
    if w.tiles.get(c) != "P":
        return f"{fmt(c)} is not a plain: holy places are erected on plains"
    if c in w.holy or w.huts.get(c):
        return f"{fmt(c)} is not vacant: a holy place needs a plain with no hut or holy place"
    if any(o != p for (o, _, _) in w.nat.get(c, {})):
        return f"{fmt(c)} is not empty: natives of other players stand on it"
    if w.holy_of(p) >= HOLY_PLACES:
        return f"{_who(w)} has erected all {HOLY_PLACES} holy places"
    return f"a holy place needs 2 of {_who(w)}'s natives on {fmt(c)} with 1 stone"


def _birth(w: Work, t: tuple[Any, ...]) -> str | None:
    c = t[1]
    p = w.to_move
    if w.action not in ("", "birth"):
        return f"{_who(w)} chose another action this turn ({w.action})"
    own = [m for o, m in w.huts.get(c, ()) if o == p]
    if not own:
        return f"{_who(w)} has no hut on {fmt(c)}: descendants are born at an own hut"
    if any(own):
        return ("it is not possible to give birth on a field where one of your sacrifice "
                "markers is found")
    if w.on_board(p) >= NATIVES:
        return f"all {NATIVES} of {_who(w)}'s natives are on the map"
    return (f"a birth needs 2 of {_who(w)}'s natives on {fmt(c)} for each hut, not used this "
            "turn, and each hut gives birth once")


def _draw(w: Work, t: tuple[Any, ...]) -> str | None:
    if w.action == "draw":
        return f"{_who(w)} has drawn a card this turn: action D is taken once a turn"
    if w.action:
        return f"{_who(w)} chose another action this turn ({w.action})"
    return "the deck and the discard pile are empty (played cards leave the game)"


def _done(w: Work, t: tuple[Any, ...]) -> str | None:
    return ("choose an action first (hut, holy, birth or draw): 'done' ends the turn once the "
            "action is taken, or when none is possible")


def _volcano(w: Work, t: tuple[Any, ...]) -> str | None:
    place = t[1]
    if place in w.tiles:
        return f"{fmt(place)} is already a field"
    if place == (w.pending[0], w.pending[1]):
        return "the volcano goes to another edge place, not where the native discovers"
    return f"{fmt(place)} is not at the edge of the map"


def _spread(w: Work, t: tuple[Any, ...]) -> str | None:
    good, k = w.pending[0], w.pending[1]
    kind = "forest" if good == 0 else "quarry"
    return (f"choose {k} different {kind} fields, one {'lumber' if good == 0 else 'stone'} "
            "each")


def _choose(w: Work, t: tuple[Any, ...]) -> str | None:
    return "choose one of the fields the Land card shows"


def _card(w: Work, t: tuple[Any, ...]) -> str:
    _, card, where, target, to = t
    p = w.to_move
    if card not in w.hands[p]:
        if w.fresh == card:
            return (f"{card_name(card)} was drawn this turn: a card is played in one of the "
                    "following own turns")
        return f"{_who(w)} holds no {card_name(card)} card"
    if card in ("stamina", "land") and w.phase != "move":
        return f"{card_name(card)} acts during movement (phase I)"
    if card == "fertility":
        if w.fertility:
            return "Fertility is already in play this turn"
        return (f"Fertility acts on a birth, and no birth can come this turn any more ("
                f"{_who(w)} chose the action '{w.action}')")
    if card == "land":
        return "Land is already in play this turn"
    if card == "priest":
        return f"{fmt(where)} holds no holy place" if where not in w.holy else ""
    if card == "mana_theft":
        victim = target[1]
        if not 0 <= victim < w.players or victim == p:
            return f"player {victim} is not an opponent"
        return f"{player_name(victim)} has no mana to take"
    if to == TEMPLE and card == "teleport":
        return "Teleport moves things to any other field except the temple place"
    if to not in w.tiles or w.tiles[to] == "V":
        return f"{fmt(to)} is no field a native or good may be put on"
    if card == "expulsion":
        if target[0] == "hut":
            return ("Expulsion moves an opponent's hut up to 3 fields, only to another plain "
                    "without 2 huts or a holy place")
        return ("Expulsion moves an opponent's native (never your own) up to 3 fields")
    return f"there is no such {target[0]} on {fmt(where)} to teleport"
