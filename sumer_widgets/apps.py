"""Board-only apps: one game's board against bots, under a title and a line of instructions —
what ``make app GAME=sumeria`` serves with Voilà, for a projector or a student's laptop. No code,
no exercises: the page is the board, its own controls (undo, history, log, the refusal line) and
a "New game" button.

Each app is a small notebook in ``apps/`` that calls `app`; Voilà hides its code. On a wide
screen (a projector, a browser in full screen) the board grows to the window's height.

Limits: one person plays seat 0 against the expert bots at the medium level (`engine.bots.LEVELS`);
the apps are in English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from engine import mesopotamia, priest_kings, sumeria, tigris
from engine.bots import bot_for_level
from engine.core import fresh_seed
from sumer_widgets.base import BoardWidget
from sumer_widgets.mesopotamia import MesopotamiaBoard
from sumer_widgets.priest_kings import CampaignMap
from sumer_widgets.sumeria import SumeriaBoard
from sumer_widgets.tigris import TigrisBoard

#: The page's own look: the board may be as wide as the window, and as high as it leaves room.
STYLE = """<style>
.sumer-app { max-width: none; }
.sumer-app h1 { font: 600 28px/1.2 system-ui, sans-serif; margin: 4px 0; }
.sumer-app .sumer-app-help { font: 18px/1.4 system-ui, sans-serif; margin: 0 0 6px; }
.sumer-app .sumer-app-board > * { width: 100%; }
.sumer-app .sumer-board { max-width: none; width: 100%; }
.sumer-app .sumer-board .sumer-host svg { max-height: calc(100vh - 230px); }
</style>"""


@dataclass(frozen=True)
class Game:
    """How an app starts a game of one ruleset, and what it tells the player."""

    title: str
    ruleset: str
    players: int
    new: Callable[[int, int], Any]
    board: Callable[..., BoardWidget]
    instructions: str


GAMES = {
    "sumeria": Game(
        "Sumeria", "sumeria", 3, lambda players, seed: sumeria.new_game(players, seed),
        SumeriaBoard,
        "You are Blue. Click an empty place to put a trader there; later click one of your "
        "traders, then a ringed place to move it. The bots play the other colours."),
    "tigris": Game(
        "Tigris & Euphrates", "tigris", 2, lambda players, seed: tigris.new_game(players, seed),
        TigrisBoard,
        "You are the Bull. Click a tile or a leader of yours, then a lit square to place it; "
        "in a revolt or a war, choose your support with the buttons. The bot plays the Urn."),
    "mesopotamia": Game(
        "Mesopotamia", "mesopotamia", 3,
        lambda players, seed: mesopotamia.new_game(players, seed), MesopotamiaBoard,
        "You are Blue. Click one of your natives, then a lit field to move it there (the "
        "number is what the way costs); the buttons below the map do the rest of a turn."),
    "priest_kings": Game(
        "Priest-Kings of God", "priest_kings", 4,
        lambda players, seed: priest_kings.new_game(players, seed), CampaignMap,
        "You are Kish. Click Kish, then a lit city to attack it (or a button to do something "
        "else); when a battle is yours, roll the dice. The bots rule the other cities."),
}


def app(name: str, *, seed: int | None = None, level: str = "medium") -> widgets.VBox:
    """The app of game `name` (a key of `GAMES`): title, instructions, board, "New game".

    Raises:
        KeyError: an unknown game (the message lists the known ones).
        InvalidInput: an unknown level.
    """
    if name not in GAMES:
        raise KeyError(f"no app {name!r}; there are {', '.join(GAMES)}")
    spec = GAMES[name]
    holder = widgets.VBox(layout=widgets.Layout(width="100%"))
    holder.add_class("sumer-app-board")

    def start(seed: int | None = None) -> BoardWidget:
        seed = fresh_seed() if seed is None else seed
        bots = {seat: bot_for_level(spec.ruleset, level, seed=seed + seat)
                for seat in range(1, spec.players)}
        board = spec.board(spec.new(spec.players, seed), bots=bots, name=name)
        holder.children = (board,)
        return board

    start(seed)
    again = widgets.Button(description="New game", tooltip="Start a new game against the bots")
    again.add_class("sumer-app-new")
    again.on_click(lambda _button: start())
    page = widgets.VBox([
        widgets.HTML(STYLE + f"<h1>{spec.title}</h1>"
                     f"<p class='sumer-app-help'>{spec.instructions}</p>"),
        holder, again], layout=widgets.Layout(width="100%"))
    page.add_class("sumer-app")
    return page
