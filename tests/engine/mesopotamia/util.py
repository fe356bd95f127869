"""Helpers for the Mesopotamia tests: small positions, playing notation, reordering the pile."""

from __future__ import annotations

import dataclasses

from engine import mesopotamia

#: Plains west of the start layout, handy for building.
WEST = {"-2,0": "plain", "-2,1": "plain", "-1,-1": "plain", "-2,2": "plain"}


def pos(players=4, **kw):
    """A position: no start natives, huts or goods unless given (see `position`)."""
    kw.setdefault("natives", [])
    kw.setdefault("huts", [])
    kw.setdefault("goods", {})
    return mesopotamia.position(players, **kw)


def play(state, *moves):
    """Apply moves given as text; return the final state and all events."""
    events = []
    for text in moves:
        state, evs = mesopotamia.apply(state, mesopotamia.parse_move(text))
        events += evs
    return state, events


def kinds(events):
    return [type(e).__name__ for e in events]


def legal(state):
    return [str(m) for m in mesopotamia.legal_moves(state)]


def with_pile(state, *top):
    """`state` with these field kinds (letters) on top of the pile, in this order."""
    rest = list(state.pile)
    for kind in top:
        rest.remove(kind)
    return dataclasses.replace(state, pile=(*top, *rest))


def with_deck(state, *top):
    rest = list(state.deck)
    for card in top:
        rest.remove(card)
    return dataclasses.replace(state, deck=(*top, *rest))


def natives_at(state, field, player=None):
    q, r = mesopotamia.parse_coord(field)
    return sorted(mesopotamia.state.cargo_token(n[3], n[4]) for n in state.natives
                  if n[:2] == (q, r) and (player is None or n[2] == player))


def goods_at(state, field):
    q, r = mesopotamia.parse_coord(field)
    for g in state.goods:
        if g[:2] == (q, r):
            return (g[2], g[3])
    return (0, 0)
