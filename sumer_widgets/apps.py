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

import ipywidgets as widgets

from engine.bots import bot_for_level
from engine.core import RULESETS, fresh_seed, rules_of
from sumer_widgets.base import BoardWidget
from sumer_widgets.games import card

#: The page's own look: the board may be as wide as the window, and as high as it leaves room.
STYLE = """<style>
.sumer-app { max-width: none; }
.sumer-app h1 { font: 600 28px/1.2 system-ui, sans-serif; margin: 4px 0; }
.sumer-app .sumer-app-help { font: 18px/1.4 system-ui, sans-serif; margin: 0 0 6px; }
.sumer-app .sumer-app-board > * { width: 100%; }
.sumer-app .sumer-board { max-width: none; width: 100%; }
.sumer-app .sumer-board .sumer-host svg { max-height: calc(100vh - 230px); }
</style>"""


def app(name: str, *, seed: int | None = None, level: str = "medium") -> widgets.VBox:
    """The app of game `name` (one of `engine.core.RULESETS`): title, instructions, board,
    "New game".

    Raises:
        KeyError: an unknown game (the message lists the known ones).
        InvalidInput: an unknown level.
    """
    if name not in RULESETS:
        raise KeyError(f"no app {name!r}; there are {', '.join(RULESETS)}")
    spec = card(name)
    rules = rules_of(name)
    holder = widgets.VBox(layout=widgets.Layout(width="100%"))
    holder.add_class("sumer-app-board")

    def start(seed: int | None = None) -> BoardWidget:
        seed = fresh_seed() if seed is None else seed
        bots = {seat: bot_for_level(name, level, seed=seed + seat)
                for seat in range(1, spec.players)}
        board = spec.board(rules.new_game(spec.players, seed), bots=bots, name=name)
        holder.children = (board,)
        return board

    start(seed)
    again = widgets.Button(description="New game", tooltip="Start a new game against the bots")
    again.add_class("sumer-app-new")
    again.on_click(lambda _button: start())
    page = widgets.VBox([
        widgets.HTML(STYLE + f"<h1>{spec.title}</h1>"
                     f"<p class='sumer-app-help'>{spec.say('instructions')}</p>"),
        holder, again], layout=widgets.Layout(width="100%"))
    page.add_class("sumer-app")
    return page
