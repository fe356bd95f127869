"""Mesopotamia: Cradle of Civilization (Klaus-Jürgen Wrede, Phalanx Games 2005).

Natives explore a growing map of hexagon fields, carry lumber and stones, build huts and holy
places, gather mana and carry their four sacrifice markers to the temple; the first to place
all four wins. The pure core is `new_state`, `legal_moves` and `apply`; `new_game` wraps it in a
`Game` with history and save files; `random_playout` is the fast path for bots. Rules are
catalogued in ``docs/rules/mesopotamia.md``; rulings and reconstructions (the 2- and 3-player
layouts, the first-round movement table, ...) in ``docs/rulings.md``. Options:
the two variants of the rule text (``cards_at_start``, ``no_reshuffle``) and two
reconstruction choices (``removed_plains``; ``max_rounds``, a round limit of 100 by default so
that every game ends, None for the rule text alone: R-M12), and ``first_round_table``, the
reviews' first-round movement table (off by default: the rule text gives 5 points every turn,
R-M2).

>>> from engine import mesopotamia
>>> game = mesopotamia.new_game(players=4, seed=7)
>>> game.state.points
5
"""

from __future__ import annotations

import random
from typing import Any

from engine import core
from engine.core import IllegalMove, InvalidInput
from engine.mesopotamia import events
from engine.mesopotamia.board import (
    FIELD_COUNTS,
    TEMPLE,
    edge_places,
    fmt,
    graph,
    parse_coord,
)
from engine.mesopotamia.chance import chance_outcomes, reseeded
from engine.mesopotamia.fast import random_playout
from engine.mesopotamia.heuristic import evaluate, evaluate_moves
from engine.mesopotamia.moves import (
    MOVE_KINDS,
    Birth,
    BuildHoly,
    BuildHut,
    ChooseTile,
    Discover,
    DrawCard,
    Drop,
    EndActions,
    EndMovement,
    Go,
    Offer,
    PickUp,
    PlaceVolcano,
    PlayCard,
    Spread,
    Steal,
    TakeMarker,
    move_from_dict,
    parse_move,
)
from engine.mesopotamia.pieces import CARDS, MARKER_VALUES, PLAYER_NAMES, player_name
from engine.mesopotamia.rules import (
    apply,
    check_state,
    legal_moves,
    new_state,
    position,
    successor,
)
from engine.mesopotamia.saves import state_from_dict
from engine.mesopotamia.state import FIRST_ROUND, Options, State

NAME = "mesopotamia"


class Game(core.Game):
    """A game of Mesopotamia: `new_game` makes one, `Game.from_json` loads a save file."""

    RULES = NAME


def new_game(players: int = 4, seed: int | None = None, **options: Any) -> Game:
    """A new game for 2 to 4 players, set up from `seed`.

    Options are keywords (see `Options`), e.g. ``cards_at_start=True``.

    Raises:
        InvalidInput: players other than 2 to 4, an unknown option or value.
    """
    return Game(new_state(players, seed, **options))


def determinize(view: State, rng: random.Random) -> State:
    """A full state consistent with `view` (hidden values, hands and orders drawn from `rng`)."""
    return view.determinize(rng)


def map_graph(state: State):
    """The map of `state` as a networkx graph (nodes ``"q,r"`` with ``kind`` and ``pos``)."""
    return graph(state.tiles)


__all__ = [
    "Birth", "BuildHoly", "BuildHut", "CARDS", "ChooseTile", "Discover", "DrawCard", "Drop",
    "EndActions", "EndMovement", "FIELD_COUNTS", "FIRST_ROUND", "Game", "Go", "IllegalMove",
    "InvalidInput", "MARKER_VALUES", "MOVE_KINDS", "NAME", "Offer", "Options", "PLAYER_NAMES",
    "PickUp", "PlaceVolcano", "PlayCard", "Spread", "State", "Steal", "TEMPLE", "TakeMarker",
    "apply", "chance_outcomes", "check_state", "determinize", "edge_places", "evaluate",
    "evaluate_moves", "events", "fmt", "legal_moves", "map_graph", "move_from_dict", "new_game",
    "new_state", "parse_coord", "parse_move", "player_name", "position", "random_playout",
    "reseeded", "state_from_dict", "successor",
]
