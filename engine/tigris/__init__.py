"""Tigris & Euphrates (Reiner Knizia): kingdoms, leaders, conflicts, monuments and treasures.

The pure core is `new_state`, `legal_moves` and `apply`; `new_game` wraps it in a `Game` with
history and save files; `random_playout` is the fast path for bots. Rules are catalogued in
``docs/rules/tigris.md``; every ruling is in ``docs/rulings.md`` (R-T…). The five
variants of the rule text are options: ``board="advanced"``, ``war_support="english"``,
``buildings=True``, ``wonder=True``, ``open_scoring=True``.

>>> from engine import tigris
>>> game = tigris.new_game(players=2, seed=7)
>>> game.state.hands[game.to_move]
'krrbgg'
>>> game.play("leader r g3")[0].describe()
'Bull places the priest on g3.'
>>> game.play("tile r h3")[1].describe()
'Bull scores 1 red point for the tile.'
>>> print(game.state.view(1).hands)
('??????', 'krbbbg')
"""

from __future__ import annotations

import random
from typing import Any

from engine import core
from engine.core import IllegalMove, InvalidInput
from engine.tigris import events
from engine.tigris.board import BOARDS, HEIGHT, WIDTH, Board, cell_name, parse_cell
from engine.tigris.chance import chance_outcomes, reseeded
from engine.tigris.fast import random_playout
from engine.tigris.heuristic import evaluate, evaluate_moves
from engine.tigris.moves import (
    MOVE_KINDS,
    BuildMonument,
    BuildWonder,
    Catastrophe,
    ChooseWar,
    Decline,
    Discard,
    KeepTreasure,
    Pass,
    PlaceBuilding,
    PlaceTile,
    PositionLeader,
    Support,
    TakeCube,
    Withdraw,
    move_from_dict,
    parse_move,
)
from engine.tigris.pieces import (
    COLOUR_NAMES,
    COLOURS,
    LEADER_NAMES,
    MONUMENTS,
    PLAYER_NAMES,
    TILE_COUNTS,
    TILE_NAMES,
    player_name,
)
from engine.tigris.positions import position
from engine.tigris.rules import apply, check_state, legal_moves, new_state, successor
from engine.tigris.saves import state_from_dict
from engine.tigris.scoring import final_vector, final_winners
from engine.tigris.state import Options, State
from engine.tigris.table import conflict_sides, groups, kingdoms

NAME = "tigris"


class Game(core.Game):
    """A game of Tigris & Euphrates: `new_game` makes one, `Game.from_json` loads a save."""

    RULES = NAME


def new_game(players: int = 2, seed: int | None = None, **options: Any) -> Game:
    """A new game set up from `seed`; options are keywords (see `Options`).

    Raises:
        InvalidInput: players other than 2 to 4, an unknown option or value.
    """
    return Game(new_state(players, seed, **options))


def determinize(view: State, rng: random.Random) -> State:
    """A full state consistent with `view`: the unseen tiles dealt from `rng`."""
    return view.determinize(rng)


__all__ = [
    "BOARDS", "Board", "BuildMonument", "BuildWonder", "COLOURS", "COLOUR_NAMES", "Catastrophe",
    "ChooseWar", "Decline", "Discard", "Game", "HEIGHT", "IllegalMove", "InvalidInput",
    "KeepTreasure", "LEADER_NAMES", "MONUMENTS", "MOVE_KINDS", "NAME", "Options", "PLAYER_NAMES",
    "Pass", "PlaceBuilding", "PlaceTile", "PositionLeader", "State", "Support", "TILE_COUNTS",
    "TILE_NAMES", "TakeCube", "WIDTH", "Withdraw", "apply", "cell_name", "chance_outcomes",
    "check_state", "conflict_sides", "determinize", "evaluate", "evaluate_moves", "events",
    "final_vector", "final_winners", "groups", "kingdoms", "legal_moves", "move_from_dict",
    "new_game", "new_state", "parse_cell", "parse_move", "player_name", "position",
    "random_playout", "reseeded", "state_from_dict", "successor",
]
