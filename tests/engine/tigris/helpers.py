"""Helpers for the Tigris & Euphrates tests: positions from text, moves from notation."""

from __future__ import annotations

from engine import tigris
from engine.tigris.text import token


def pos(text: str = "", **kwargs):
    return tigris.position(text, **kwargs)


def play(state, *moves):
    """Apply moves given as text; return the final state and all events."""
    events = []
    for text in moves:
        state, evs = tigris.apply(state, tigris.parse_move(text))
        events += evs
    return state, events


def kinds(events):
    return [type(e).__name__ for e in events]


def at(state, name: str) -> str:
    """The grid token of a cell, e.g. 'r*', 'K0', '.'."""
    return token(state, tigris.parse_cell(name))


def legal(state) -> set[str]:
    return {str(m) for m in tigris.legal_moves(state)}


def influence(state, player: int) -> dict[str, int]:
    return dict(zip("krbg", state.influence[player]))
