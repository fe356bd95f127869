"""The games of the visible layer, found by name: the registry of boards, pictures and lessons.

A game is registered once, in `engine.core.RULESETS`; its visible layer is the folder
``sumer_widgets/<game>/``, whose package describes it with a `Card` (its board and picture, and
from the folder's ``card.json`` its title, notebook and app). Everything shared — the board
base, the tasks, ``show``, the apps — asks this module for a game's parts by name, and imports
the game's folder only then, so no board imports the registry back (``docs/adding-a-game.md``
is the recipe for a new game).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import RULESETS, InvalidInput, shown

#: Every lesson: one per game, and the analysis notebook's.
LESSONS = (*RULESETS, "analysis")


@dataclass(frozen=True)
class Card:
    """What the shared parts need to know of one game's visible layer.

    Args:
        title: the game's name, as a page heads it ("Tigris & Euphrates").
        board: the board widget class (a `sumer_widgets.base.BoardWidget`).
        picture: the SVG renderer, ``picture(state, lang=...)`` (the board's own picture).
        notebook: the file stem of the game's notebook in ``notebooks/``.
        blurb: one line on what the game is about, for the apps' front page (``{lang: text}``).
        players: how many play the app's game (the person at the first seat, bots at the rest).
        instructions: the app's line of instructions for that person (``{lang: text}``).
        setting: when and where the game is set, as ``card.json`` gives it (``from`` and ``to``
            as years, negative for BC; ``places``, ids of the history layer's places; ``stated``,
            whether the game itself gives the date; ``note``, ``{lang: text}``), read by
            `sumer_widgets.history`; None if the card has none.
        titles: the name in other languages, where it is translated (``{lang: text}``: the
            Royal Game of Ur is *het Koninklijk Spel van Ur*; a published game keeps its name).
    """

    title: str
    board: type
    picture: Callable[..., Any]
    notebook: str
    blurb: Mapping[str, str]
    players: int
    instructions: Mapping[str, str]
    setting: Mapping[str, Any] | None = None
    titles: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, package_file: str, *, board: type, picture: Callable[..., Any]) -> Card:
        """The card of the game folder holding `package_file`, from its ``card.json``."""
        data = json.loads((Path(package_file).parent / "card.json").read_text(encoding="utf-8"))
        return cls(board=board, picture=picture, **data)

    def named(self, lang: str = "en") -> str:
        """The game's name in `lang` (its `title` where it has no translation)."""
        return self.titles.get(lang) or self.title

    def say(self, what: str, lang: str = "en") -> str:
        """The card's `what` ("blurb" or "instructions") in `lang`, else in English."""
        words = getattr(self, what)
        return words.get(lang) or words["en"]


def card(game: str) -> Card:
    """The `Card` of `game` (a name of `engine.core.RULESETS`).

    Raises:
        InvalidInput: no such game.
    """
    if game not in RULESETS:
        raise InvalidInput(f"unknown game {shown(game)}; known: {', '.join(RULESETS)}")
    return importlib.import_module(f"sumer_widgets.{game}").CARD


def board_class(game: str) -> type:
    """The board widget that plays `game`."""
    return card(game).board


def picture(game: str) -> Callable[..., Any]:
    """The SVG renderer of `game`'s board."""
    return card(game).picture
