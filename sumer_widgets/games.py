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
LESSONS = (*RULESETS, "analysis", "variantlab")


@dataclass(frozen=True)
class Card:
    """What the shared parts need to know of one game's visible layer.

    Args:
        title: the game's name, as a page heads it ("Tigris & Euphrates").
        package: the game's folder as a package (``sumer_widgets.<game>``).
        board_name: the name of its board widget class in the folder's ``board.py`` (a
            `sumer_widgets.base.BoardWidget`); `board` is the class.
        core_name: the name of its board's decisions in the folder's ``core.py`` (a
            `sumer_widgets.core.BoardCore`, which the widget joins and the site's board page
            wraps); `core` is the class.
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

    The classes are imported when first asked for: the widget imports anywidget, which the
    board page (the core alone, no widgets) never loads.
    """

    title: str
    package: str
    board_name: str
    core_name: str
    picture: Callable[..., Any]
    notebook: str
    blurb: Mapping[str, str]
    players: int
    instructions: Mapping[str, str]
    setting: Mapping[str, Any] | None = None
    titles: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, package_file: str, *, board: str, core: str,
             picture: Callable[..., Any]) -> Card:
        """The card of the game folder holding `package_file` (its ``__init__.py``), from its
        ``card.json``; `board` and `core` name the classes of its ``board.py`` and
        ``core.py``."""
        folder = Path(package_file).parent
        data = json.loads((folder / "card.json").read_text(encoding="utf-8"))
        return cls(package=f"{__package__}.{folder.name}", board_name=board, core_name=core,
                   picture=picture, **data)

    @property
    def board(self) -> type:
        """The board widget class (a `sumer_widgets.base.BoardWidget`)."""
        return getattr(importlib.import_module(f"{self.package}.board"), self.board_name)

    @property
    def core(self) -> type:
        """The class of the board's decisions (a `sumer_widgets.core.BoardCore`)."""
        return getattr(importlib.import_module(f"{self.package}.core"), self.core_name)

    def widget(self, name: str) -> type:
        """The game package's ``__getattr__``: its board widget under its own name, imported
        only when it is asked for."""
        if name != self.board_name:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        return self.board

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


def core_class(game: str) -> type:
    """The decisions of `game`'s board (`sumer_widgets.core.BoardCore`)."""
    return card(game).core


def picture(game: str) -> Callable[..., Any]:
    """The SVG renderer of `game`'s board."""
    return card(game).picture
