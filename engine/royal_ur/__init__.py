"""The Royal Game of Ur: the race game of Sumer itself, with Irving Finkel's rules by default.

The pure core is `new_state`, `legal_moves` and `apply`; `new_game` wraps it in a `Game` with
history and save files; `random_playout` is the fast path for bots; `position` builds a
position from its text form or from keywords. Rules are catalogued in
``docs/rules/royal_ur.md`` and every ruling is in ``docs/rulings.md`` (R-U…).

A turn is two decisions of the player to move: the throw (`Throw`, a move of chance: the
engine throws the dice from the seed, or a throw made at a real board is typed in, option
``throws``), then the move it allows (`Enter`, `MovePiece`, or `Pass` when none). The chance of
each throw is `dice.CHANCES`. The game is small enough to solve: `solve` (``solve(pieces=3)``,
`solver.solve`) gives the chance of winning of every position and of every move; for a board
or a notebook, `win_chance(state)` and `move_values(state)` answer from a solved table at
hand wherever one exists — Finkel's 1-, 2- and 3-piece games and the small games of Masters'
and Blitz's rules (their endgames) ship solved, every table solved in the session for a game
that does not ship is registered, the local cache (`cache`) keeps larger ones built with
numpy, and a larger game's endgame is a smaller game's position — and give None elsewhere.
They never solve a table themselves (a board asks them on every click; ``solve=True`` does,
for a small game). The expert plays from them; `engine.coach` explains them.

>>> from engine import royal_ur
>>> game = royal_ur.new_game(seed=7)
>>> game.state.summary()
'light to throw'
>>> [str(e) for e in game.play("throw")]
['Light throws 2.']
>>> [str(m) for m in game.legal_moves()]
['enter']
"""

from __future__ import annotations

import random
from typing import Any

from engine import core
from engine.core import IllegalMove, InvalidInput
from engine.royal_ur import board, cache, dice, events
from engine.royal_ur.board import CELLS, ROSETTES, Path, cell_name, cell_of, path
from engine.royal_ur.chance import chance_outcomes, reseeded
from engine.royal_ur.dice import CHANCES, chances
from engine.royal_ur.fast import random_playout
from engine.royal_ur.heuristic import evaluate
from engine.royal_ur.moves import (
    MOVE_KINDS,
    Enter,
    MovePiece,
    Pass,
    Throw,
    move_from_dict,
    parse_move,
)
from engine.royal_ur.rules import apply, legal_moves, new_state, piece_moves, position
from engine.royal_ur.solver import move_values, solve, win_chance
from engine.royal_ur.state import (
    DARK,
    LIGHT,
    PLAYER_IDS,
    PLAYERS,
    RULE_SETS,
    THROW_MODES,
    Options,
    State,
    check_state,
    state_from_dict,
)

NAME = "royal_ur"


class Game(core.Game):
    """A game of the Royal Game of Ur: `new_game` makes one, `Game.from_json` loads a save."""

    RULES = NAME


def new_game(players: int = PLAYERS, seed: int | None = None, **options: Any) -> Game:
    """A new game (options as keywords, e.g. ``rules="masters"``, ``pieces=3``,
    ``throws="recorded"``).

    Raises:
        InvalidInput: players other than 2, an unknown option or value.
    """
    return Game(new_state(players, seed, **options))


def determinize(view: State, rng: random.Random) -> State:
    """A full state consistent with `view`: a seed drawn from `rng` for the throws to come."""
    return view.determinize(rng)


__all__ = [
    "CELLS", "CHANCES", "DARK", "Enter", "Game", "IllegalMove", "InvalidInput", "LIGHT",
    "MOVE_KINDS", "MovePiece", "NAME", "Options", "PLAYERS", "PLAYER_IDS", "Pass", "Path",
    "ROSETTES", "RULE_SETS", "State", "THROW_MODES", "Throw", "apply", "board", "cache",
    "cell_name", "cell_of", "chance_outcomes", "chances", "check_state", "determinize", "dice",
    "evaluate", "events", "legal_moves", "move_from_dict", "move_values", "new_game",
    "new_state", "parse_move", "path", "piece_moves", "position", "random_playout", "reseeded",
    "solve", "state_from_dict", "win_chance",
]
