"""What the coach is given, checked before anything reads it: a state of a known ruleset, a
move legal in it, a finished or unfinished game, a language, a viewpoint.

Every refusal is the project's own (`InvalidInput` for what is not a state, move or game at
all; `IllegalMove` with the rules' own reason for a well-formed move that is not legal here),
so a board or a notebook shows one line, never a traceback.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from engine.core import (
    LANGUAGES,
    RULESETS,
    Game,
    InvalidInput,
    derive_seed,
    dumps,
    shown,
)

#: How the coach may look at a position: as the player to move sees it, or seeing everything.
VIEWS = ("player", "all")


def ruleset_of(state: Any) -> ModuleType:
    """The ruleset package `state` belongs to.

    Raises:
        InvalidInput: `state` is not a state of one of the five rulesets.
    """
    name = getattr(type(state), "RULESET", None)
    if not isinstance(name, str) or name not in RULESETS:
        raise InvalidInput(f"the coach reads a state of {', '.join(RULESETS)}, not "
                           f"{shown(state)}")
    rules = importlib.import_module(f"engine.{name}")
    if not isinstance(state, rules.State):
        raise InvalidInput(f"the coach reads a state of {', '.join(RULESETS)}, not "
                           f"{shown(state)}")
    return rules


def coach_of(rules: ModuleType) -> ModuleType:
    """The coach's reader of a ruleset (``engine.coach.<ruleset>``)."""
    return importlib.import_module(f"engine.coach.{rules.NAME}")


def live(state: Any) -> None:
    """Refuse a finished game: nobody is to move."""
    if state.is_over:
        raise InvalidInput("the game is over: there is no move to value")


def language(lang: Any) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise InvalidInput(f"unknown language {shown(lang)}; choose one of "
                           f"{', '.join(LANGUAGES)}")
    return lang


def viewpoint(sees: Any) -> str:
    if not isinstance(sees, str) or sees not in VIEWS:
        raise InvalidInput(f"sees must be one of {', '.join(map(repr, VIEWS))}, not "
                           f"{shown(sees)}")
    return sees


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(f"{what} must be true or false, not {shown(value)}")
    return value


def player_of(state: Any, player: Any) -> int:
    """`player`, checked to be a seat of `state`'s game."""
    if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < state.players):
        raise InvalidInput(f"player must be a whole number from 0 to {state.players - 1}, "
                           f"not {shown(player)}")
    return player


def rng_for(state: Any, *salt: object) -> random.Random:
    """A generator drawn from the position itself: the coach answers the same for the same
    position on every run and every machine (what it draws: hidden tiles, cards, a bag's
    order; a player's view has no seed to draw them from)."""
    seed = derive_seed(0, "coach", dumps(state.to_dict()), *salt)
    return random.Random(seed)


def seen(state: Any, player: int | None, sees: str) -> Any:
    """The state the coach reads: the view of `player` filled in with one draw of what it
    hides (``sees="player"``; `rng_for` the view), or the whole state (``"all"``). A view
    handed in is filled in either way, since moves cannot be played on what it hides."""
    if sees == "player" and player is not None and not state.is_over:
        view = state.view(player)
    else:
        view = state
    if view.seed is None or getattr(view, "viewer", None) is not None:
        return view.determinize(rng_for(view, "determinize"))
    return view


def move_in(rules: ModuleType, state: Any, move: Any) -> Any:
    """`move` (a move, its text or its ``to_dict`` form) as one of `state`'s legal moves.

    Raises:
        InvalidInput: `move` is not a move of this game at all.
        IllegalMove: a move of this game that is not legal here (the rules' own reason).
    """
    if isinstance(move, str):
        move = rules.parse_move(move)
    elif isinstance(move, Mapping):
        move = rules.move_from_dict(move)
    elif type(move).__module__ != f"{rules.__name__}.moves":
        raise InvalidInput(f"not a {rules.NAME} move: {shown(move)}")
    legal = rules.legal_moves(state)
    if move not in legal:
        # The rules say why; a player's view may need filling in to be asked.
        full = state if state.seed is not None else state.determinize(rng_for(state, "why"))
        rules.apply(full, move)
        raise InvalidInput(f"{move} is not among the legal moves here")
    return move


def game_of(game: Any) -> Game:
    """`game`: a `Game` of one of the rulesets, or the text of its save file.

    Raises:
        InvalidInput: anything else (a save file that does not load says why).
    """
    if isinstance(game, (str, bytes)):
        return Game.from_json(game)
    if not isinstance(game, Game) or not game.RULES:
        raise InvalidInput(f"the coach reviews a game (engine.<ruleset>.Game, or its save "
                           f"file's text), not {shown(game)}")
    return game
