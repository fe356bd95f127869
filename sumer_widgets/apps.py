"""Board-only apps: one game's board against bots, under a title and a line of instructions —
what ``make app GAME=sumeria`` serves with Voilà, for a projector or a student's laptop. No code,
no exercises: the page is the board, its own controls (undo, history, log, the refusal line) and
a "New game" button.

Each app is a small notebook in ``apps/`` that calls `app`; Voilà hides its code. The board
fills the window's height below a one-line header (title, instructions, "New game"), and grows
with the window on a wide screen.

Limits: one person plays seat 0 against the expert bots at the medium level (`engine.bots.LEVELS`);
the apps are in English.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as widgets

from engine.bots import bot_for_level
from engine.core import RULESETS, fresh_seed, rules_of
from sumer_widgets.base import BoardWidget
from sumer_widgets.games import card
from sumer_widgets.page import WORDS as PAGE_WORDS  # the app says New game as the pages do

#: The page's own look: the board may be as wide as the window, and as high as it leaves room.
#: The title, the instructions and "New game" share one line above the board, so that on a
#: projector (1280×720) the board keeps the height its words need to show at 12 px or more
#: (`sumer_widgets.svg.LEGIBLE_PX`); --sumer-page tells the board what the page takes besides
#: it (this line, Voilà's margins) — not in full screen, where the board is alone.
STYLE = """<style>
.sumer-app { max-width: none; }
.sumer-app .sumer-app-head { align-items: center; gap: 12px; margin: 0 0 6px; }
.sumer-app .sumer-app-head .widget-html { flex: 1 1 auto; margin: 0; }
.sumer-app .sumer-app-head .widget-html-content { line-height: 1.35; }
.sumer-app h1 { display: inline; font: 700 22px/1.3 system-ui, sans-serif; margin: 0 10px 0 0; }
.sumer-app .sumer-app-help { display: inline; font: 16px/1.35 system-ui, sans-serif; margin: 0; }
.sumer-app .sumer-app-new { flex: none; font-size: 15px; height: 32px; }
.sumer-app .sumer-app-board > * { width: 100%; }
.sumer-app .sumer-board { max-width: none; width: 100%; }
.sumer-app .sumer-board:not(:fullscreen) { --sumer-page: 86px; }
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
    told = PAGE_WORDS["en"]
    again = widgets.Button(description=told["new_game"], tooltip=told["new_game_tip"])
    again.add_class("sumer-app-new")
    again.on_click(lambda _button: start())
    head = widgets.HBox([
        widgets.HTML(STYLE + f"<h1>{spec.title}</h1>"
                     f"<p class='sumer-app-help'>{spec.say('instructions')}</p>"),
        again], layout=widgets.Layout(width="100%"))
    head.add_class("sumer-app-head")
    page = widgets.VBox([head, holder], layout=widgets.Layout(width="100%"))
    page.add_class("sumer-app")
    return page


#: The front page's look: a card a game, two in a row on a projector, text at 16 px or more.
FRONT_STYLE = """<style>
.sumer-front { font: 17px/1.45 system-ui, sans-serif; color: #222; max-width: 1400px; }
.sumer-front h1 { font: 700 30px/1.2 system-ui, sans-serif; margin: 0 0 4px; }
.sumer-front > p { margin: 0 0 14px; }
main.sumer-front ul.sumer-front-games { list-style: none; padding: 0; margin: 0; display: grid;
  gap: 16px; grid-template-columns: repeat(auto-fill, minmax(560px, 1fr)); }
main.sumer-front li { display: flex; gap: 16px; align-items: flex-start; padding: 12px;
  margin: 0; border: 1px solid #d8c9a3; border-radius: 8px; background: #fbf6e8; }
.sumer-front li > a { flex: none; }
main.sumer-front li img { width: 240px; max-width: none; height: auto; border-radius: 4px;
  border: 1px solid #d8c9a3; background: #fff; }
.sumer-front h2 { font: 700 22px/1.25 system-ui, sans-serif; margin: 0 0 6px; }
.sumer-front a { color: #0b5c96; }
.sumer-front .sumer-front-play { display: inline-block; margin-top: 8px; font-weight: 600; }
</style>"""


def front_page(lang: str = "en", link: str = "{game}.ipynb") -> widgets.HTML:
    """The apps' front page (``apps/index.ipynb``, the page ``make apps`` opens): for each game
    of `engine.core.RULESETS` its title, a picture of its board at the start, its one line
    (the card's blurb) and a link to its app (`link` with the game's name: ``<game>.ipynb``,
    beside the front page; the browser-only site's apps are ``<game>/``).
    The pictures are in the page itself (data URLs): the page asks nothing of any other host.
    A widget, not an HTML output: the notebook renderer would take over a click on a link of
    an output (to open the file in place); a widget's link is the browser's own."""
    games = []
    for name in RULESETS:
        spec = card(name)
        picture = spec.picture(rules_of(name).new_game(spec.players, 1).state, lang=lang)
        data = base64.b64encode(str(picture).encode("utf-8")).decode("ascii")
        title = html.escape(spec.title)
        address = html.escape(link.format(game=name))
        games.append(
            f'<li data-game="{html.escape(name)}"><a href="{address}" tabindex="-1" '
            f'aria-hidden="true"><img src="data:image/svg+xml;base64,{data}" '
            f'alt=""></a><div><h2><a href="{address}">{title}</a></h2>'
            f"<p>{html.escape(spec.say('blurb', lang))}</p>"
            f'<a class="sumer-front-play" href="{address}">Play {title} against the bots →</a>'
            "</div></li>")
    return widgets.HTML(FRONT_STYLE + '<main class="sumer-front"><h1>The games of Sumer</h1>'
                "<p>Board games of the ancient Near East: modern ones set there, and one that "
                "Sumer itself played. Choose one: you play the first seat, the bots play the "
                "others.</p><ul class='sumer-front-games'>"
                + "".join(games) + "</ul></main>")
