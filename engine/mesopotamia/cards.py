"""The 18 cards of Mesopotamia: when each may be played, with which targets, and its effect.

Implements "D) Draw 1 card" (a drawn card is played "at any arbitrary occasion in one of his
following own turns"; any number may be played; played cards go to the discard pile, or out of
the game in the variant "Do Not Shuffle the Cards"), the two references of the rule text
(Expulsion, Teleport) and the card texts:

=============  ==  =============================================================================
card           n   effect (our reading: docs/rulings.md R-M11)
=============  ==  =============================================================================
Expulsion      2   an opponent's native (without the lumber or stone it carries, which stays
                   behind) or hut (with its marker) moves up to 3 fields; a hut only to another
                   plain with room (fewer than 2 huts, no holy place)
Fertility      2   the next birth this turn brings 2 natives instead of 1
Mana Theft     2   take 1 mana from an opponent who has some (up to your maximum)
Teleport       2   a lumber or stone (lying, or carried by any native) or any native with what
                   it carries, to any other field but the temple place (never a volcano)
Holy Stone     2   +2 mana, up to your maximum
Land           2   the next discovery this turn shows up to 4 fields: choose 1, the others are
                   shuffled back
Stamina        3   +3 movement points this turn (phase I)
Priest         3   one holy place gives double its normal mana in this turn's phase III: its 1
                   once more (0 doubled is 0); two Priests on it give 1 + 1 + 1 (R-M11)
=============  ==  =============================================================================

Cards are played in phase I and phase II (phase III has no decisions), also after the turn's
last action: a player holding a card they may play keeps the turn until they play it or say
``done`` (R-M17). Each card is offered only where it can act: Stamina and Land only in phase I;
Fertility while a birth may still come this turn (phase I, phase II before the action is chosen,
or during births while one is possible); Fertility and Land once each per turn (a second would do
nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.mesopotamia import events as ev
from engine.mesopotamia.moves import from_internal
from engine.mesopotamia.runs import FieldRuns
from engine.mesopotamia.state import LUMBER_CARGO, NONE, STAMINA_POINTS, STONE_CARGO

if TYPE_CHECKING:
    from engine.mesopotamia.rules import Work

EXPULSION_RANGE = 3


def playable(w: Work) -> list[str]:
    """The distinct cards the active player may play now (not the one drawn this turn)."""
    if w.phase not in ("move", "action"):
        return []
    hand = w.hands[w.to_move]
    return list(hand) if len(hand) < 2 else sorted(set(hand))


def card_moves(w: Work) -> list[Any]:
    """The card plays as move tuples and `runs.FieldRuns` (a card's many destinations)."""
    moves: list[Any] = []
    for card in playable(w):
        moves += _plays(w, card)
    return moves


def can_play(w: Work) -> bool:
    """Whether the active player holds a card they may play now (R-M17)."""
    return any(_plays(w, card) for card in playable(w))


def _plays(w: Work, card: str) -> list[Any]:
    """The ways to play `card` now (none where it cannot act)."""
    p = w.to_move
    if ((card == "stamina" and w.phase == "move") or card == "holy_stone"
            or (card == "fertility" and not w.fertility and fertility_acts(w))
            or (card == "land" and w.phase == "move" and not w.land)):
        return [("play", card, None, None, None)]
    if card == "priest":
        return [("play", card, c, None, None) for c in sorted(w.holy)]
    if card == "mana_theft":
        return [("play", card, None, ("player", v), None)
                for v in range(w.players) if v != p and w.mana[v] > 0]
    if card == "teleport":
        return _teleports(w)
    if card == "expulsion":
        return _expulsions(w)
    return []


def fertility_acts(w: Work) -> bool:
    """Whether a birth may still come this turn, for Fertility to act on: in phase I, in
    phase II before the action is chosen, or during births while one is possible."""
    action = w.action
    return (w.phase == "move" or action == ""
            or (action == "birth" and bool(w.birth_sites(w.to_move))))


def _teleports(w: Work) -> list[Any]:
    reach = w.reach
    masks_of = reach.masks
    fields = reach.open & ~reach.temple  # "to any other field but the temple place"
    goods = w.goods
    prefixes: list[tuple[Any, ...]] = []
    masks: list[int] = []
    for c in sorted(set(goods) | set(w.nat)):
        others = fields & ~masks_of[c]
        if not others:
            continue
        listed = len(prefixes)
        g = goods.get(c)
        if g:  # a lying lumber, then a lying stone
            if g[0]:
                prefixes.append(("play", "teleport", c, ("good", LUMBER_CARGO)))
            if g[1]:
                prefixes.append(("play", "teleport", c, ("good", STONE_CARGO)))
        kinds = w.public_kinds(c)
        for k in kinds:  # a native with what it carries
            prefixes.append(("play", "teleport", c, ("native", *k)))
        for k in kinds:  # what a native carries, without the native
            if k[1] in (LUMBER_CARGO, STONE_CARGO):
                prefixes.append(("play", "teleport", c, ("carried", *k)))
        masks += [others] * (len(prefixes) - listed)
    return [FieldRuns(prefixes, masks, reach)] if prefixes else []


def _expulsions(w: Work) -> list[Any]:
    p = w.to_move
    reach = w.reach
    prefixes: list[tuple[Any, ...]] = []
    masks: list[int] = []
    opponents = set()  # the fields with an opponent's native or hut
    for v in range(w.players):
        if v != p:
            opponents |= w.where[v]
    opponents.update(c for c, hs in w.huts.items() if any(o >= 0 and o != p for o, _ in hs))
    room = None
    for c in sorted(opponents):
        kinds = [k for k in w.public_kinds(c) if k[0] != p]
        huts = sorted({(o, bool(m)) for o, m in w.huts.get(c, ()) if o >= 0 and o != p})
        near = reach.within(c, True, EXPULSION_RANGE)
        if not near:
            continue
        prefixes += [("play", "expulsion", c, ("native", *k)) for k in kinds]
        masks += [near] * len(kinds)
        if huts:
            if room is None:
                # A hut goes only to a plain with room: no holy place, fewer than two huts.
                room = reach.plains
                for d in (*w.holy, *(d for d, hs in w.huts.items() if len(hs) >= 2)):
                    room &= ~reach.mask(d)
            plains = near & room
            if plains:
                prefixes += [("play", "expulsion", c, ("hut", o, marked)) for o, marked in huts]
                masks += [plains] * len(huts)
    return [FieldRuns(prefixes, masks, reach)] if prefixes else []


def play_card(w: Work, t: tuple[Any, ...]) -> None:
    _, card, where, target, to = t
    p = w.to_move
    w.hands[p].remove(card)
    (w.out if w.options.no_reshuffle else w.discard).append(card)
    if card == "stamina":
        w.points += STAMINA_POINTS
    elif card == "holy_stone":
        w.mana[p] = min(w.maxm[p], w.mana[p] + 2)
    elif card == "fertility":
        w.fertility = True
    elif card == "land":
        w.land = True
    elif card == "priest":
        w.priests.append(where)
    elif card == "mana_theft":
        victim = target[1]
        w.mana[victim] -= 1
        w.mana[p] = min(w.maxm[p], w.mana[p] + 1)
    elif card == "teleport":
        _teleport(w, where, target, to)
    else:
        _expel(w, where, target, to)
    if w.events is not None:
        move = from_internal(t)
        w.emit(ev.CardPlayed(p, card, move.field or "", move.target or "", move.to or "",
                             target[1] if card == "mana_theft" else -1, w.mana[p], w.points))
    if w.phase == "action":
        # A Teleport can take away what the only possible action needed (R-M14); the last
        # card played can leave nothing more to do (R-M17).
        w.settle_actions()


def _teleport(w: Work, c: Any, target: tuple[Any, ...], to: Any) -> None:
    kind = target[0]
    if kind == "good":
        w.take_good(c, target[1])
        w.add_good(to, target[1])
        return
    _, owner, cargo, stole = target
    cargo, stole = w.find_native(c, owner, cargo, stole)
    w.remove_native(c, owner, cargo, stole)
    if kind == "native":
        w.add_native(to, owner, cargo, stole)  # with what it carries
    else:
        w.add_native(c, owner, NONE, stole)
        w.add_good(to, cargo)


def _expel(w: Work, c: Any, target: tuple[Any, ...], to: Any) -> None:
    if target[0] == "hut":
        _, owner, marked = target
        huts = w.huts[c]
        hut = next(h for h in huts if h[0] == owner and bool(h[1]) == marked)
        huts.remove(hut)
        if not huts:
            del w.huts[c]
        w.huts.setdefault(to, []).append(hut)
        return
    _, owner, cargo, stole = target
    cargo, stole = w.find_native(c, owner, cargo, stole)
    w.remove_native(c, owner, cargo, stole)
    if cargo in (LUMBER_CARGO, STONE_CARGO):
        w.add_good(c, cargo)  # "but not any resource carried": it stays behind
        cargo = NONE
    w.add_native(to, owner, cargo, stole)
