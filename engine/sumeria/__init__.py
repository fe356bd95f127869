"""Sumeria (Dirk Liekens, Reiver Games 2009): traders, trade routes and a shifting influence row.

The pure core is `new_state`, `legal_moves` and `apply`; `new_game` wraps it in a `Game` with
history and save files; `random_playout` is the fast path for bots. Rules are catalogued in
``docs/rules/sumeria.md``; where the English text and the Dutch translation disagree the choice
is an option (``tiebreak="towns"`` or ``"villages"``), and every ruling is in
``docs/rulings.md``.

>>> from engine import sumeria
>>> game = sumeria.new_game(players=3, seed=7)
>>> len(game.legal_moves())
56
"""

from __future__ import annotations

import random
from typing import Any

from engine import core
from engine.core import IllegalMove, InvalidInput
from engine.sumeria import events
from engine.sumeria.board import Board, CityState, Location, LocationName
from engine.sumeria.chance import chance_outcomes, reseeded
from engine.sumeria.fast import random_playout
from engine.sumeria.heuristic import evaluate
from engine.sumeria.moves import (
    MOVE_KINDS,
    Add,
    MoveTrader,
    Place,
    Remove,
    TakeTiles,
    move_from_dict,
    parse_move,
)
from engine.sumeria.pieces import PLAYER_NAMES, TILE_NAMES, TILES, TRADERS, player_name
from engine.sumeria.rules import (
    apply,
    check_state,
    control,
    legal_moves,
    new_state,
    position,
    successor,
)
from engine.sumeria.saves import state_from_dict
from engine.sumeria.scoring import TRIANGLE, final_winners, score_influence
from engine.sumeria.state import INITIAL_TRADERS, Options, State

NAME = "sumeria"


class Game(core.Game):
    """A game of Sumeria: `new_game` makes one, `Game.from_json` loads a save file."""

    RULES = NAME


def new_game(players: int = 3, seed: int | None = None, *, board: Board | None = None,
             **options: Any) -> Game:
    """A new game on the standard board (or `board`), set up from `seed`.

    Options are keywords, e.g. ``tiebreak="villages"`` (see `Options`).

    Raises:
        InvalidInput: players other than 3 or 4, an unknown option or value, a bad board.
    """
    return Game(new_state(players, seed, board=board, **options))


def determinize(view: State, rng: random.Random) -> State:
    """A full state consistent with `view` (the bag's order drawn from `rng`)."""
    return view.determinize(rng)


__all__ = [
    "Add", "Board", "CityState", "Game", "INITIAL_TRADERS", "IllegalMove", "InvalidInput",
    "Location", "LocationName", "MOVE_KINDS", "MoveTrader", "NAME", "Options", "PLAYER_NAMES",
    "Place", "Remove", "State", "TILES", "TILE_NAMES", "TRADERS", "TRIANGLE", "TakeTiles", "apply",
    "chance_outcomes", "check_state", "control", "determinize", "evaluate", "events",
    "final_winners", "legal_moves", "move_from_dict", "new_game", "new_state", "parse_move",
    "player_name", "position", "random_playout", "reseeded", "score_influence", "state_from_dict",
    "successor",
]
