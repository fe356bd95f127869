"""How the engine's values read in a notebook: sentences and pictures, never raw tuples.

- `attempt(game, move)` plays a move the way a learner tries one: if it is legal it shows
  what happened, in sentences, and the board after; if not, one friendly line with the reason
  and the rule it enforces (linked to the catalogue) — never a traceback, so a notebook also
  reads well in Voilà, where an error becomes an error box. The game changes only when the
  move was legal.
- `show(state)` draws any position with its ruleset's renderer; `picture_options(game, ...)`
  sets how one game is drawn wherever `show` and `attempt` draw it (a lesson's positions may
  show the map without its side panel); a ruleset whose picture needs more than the position
  (Priest-Kings draws the turn's choices and battles from the game's events) registers
  `register_context`, which `show` and `attempt` ask of the game they draw.
- `refusal(error)` is the one line a refusal shows as.
- `told(events)` lists events as sentences; a ruleset whose events name places in notation
  (Mesopotamia's ``"-1,0"``) registers a `register_teller` that says them in words, given
  the position they happened in. A teller that says nothing of an event ("") leaves it out of
  the list (Priest-Kings tells a dice battle's single meetings in its battle report instead).
- `Table`: a small table (HTML, with a plain-text form), for the readers' tables; `Sentence`:
  a sentence that shows as itself (not as a quoted Python string).
- `install()` (done when ``sumer_widgets`` is imported inside IPython) teaches IPython to show
  moves, events and refusals as readable text; a ruleset's lesson module adds its own
  readers with `register`, and with `register_change` a small picture of what a legal move
  changed (Sumeria's row of importance), shown between the sentences and the board.

The engine's own ``repr`` stays terse and exact; everything readable lives here.
"""

from __future__ import annotations

import html
import sys
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.core import Event, Game, SumerError
from sumer_widgets.catalogue import link, rule_text
from sumer_widgets.games import picture
from sumer_widgets.svg import Svg
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]


def renderer(ruleset: str) -> Callable[..., Svg]:
    """The SVG renderer of `ruleset`'s board."""
    return picture(ruleset)


_SPOKEN = {"lang": "en"}


def speak(lang: str) -> None:
    """The language in which IPython shows the games' values as text (every game's readers)."""
    if lang not in WORDS:
        raise ValueError(f"lang must be 'en' or 'nl', not {lang!r}")
    _SPOKEN["lang"] = lang


def spoken() -> str:
    """The language `speak` chose ("en" until it is called)."""
    return _SPOKEN["lang"]


_GAME_OPTIONS: weakref.WeakKeyDictionary[Game, dict[str, Any]] = weakref.WeakKeyDictionary()


def picture_options(game: Game, **options: Any) -> Game:
    """Draw `game` with these renderer `options` wherever `show` and `attempt` draw it (the
    options given to a call still win); returns the game, for ``start()`` functions."""
    _GAME_OPTIONS[game] = dict(options)
    return game


def show(position: Any, lang: str = "en", **options: Any) -> Svg:
    """The picture of a state (or of a game's current state), as its board draws it."""
    if isinstance(position, Game):
        options = {**game_context(position), **_GAME_OPTIONS.get(position, {}), **options}
    state = position.state if isinstance(position, Game) else position
    return renderer(state.RULESET)(state, lang=lang, **options)


class Refusal:
    """A refused move as one line: the reason in the reader's language and its rule."""

    def __init__(self, error: SumerError, lang: str = "en"):
        self.error = error
        self.lang = lang

    @property
    def reason(self) -> str:
        return self.error.describe(self.lang)

    def text(self) -> str:
        words = WORDS.get(self.lang, WORDS["en"])
        rule = f" ({words['rule']} {self.error.rule})" if self.error.rule else ""
        return f"✗ {words['refused']}: {self.reason}{rule}"

    def _repr_html_(self) -> str:
        words = WORDS.get(self.lang, WORDS["en"])
        rule = self.error.rule
        cite = ""
        if rule:
            title = html.escape(rule_text(rule, self.lang), quote=True)
            target = link(rule, self.lang)
            name = html.escape(rule)
            cite = (f' <span class="sumer-rule">({words["rule"]} '
                    + (f'<a href="{target}" title="{title}">{name}</a>' if target
                       else f'<span title="{title}">{name}</span>') + ")</span>")
        return (f'<div class="sumer-refusal" style="border-left:4px solid #555;'
                f'padding:2px 8px;background:#f4f4f4">✗ <b>{html.escape(words["refused"])}:</b> '
                f"{html.escape(self.reason)}{cite}</div>")

    def __repr__(self) -> str:
        return self.text()


def refusal(error: SumerError, lang: str = "en") -> Refusal:
    return Refusal(error, lang)


class Told:
    """Events as a short list of sentences (told by the ruleset's teller where one is
    registered and the position after them is given)."""

    def __init__(self, events: Iterable[Event], lang: str = "en", state: Any = None):
        self.events = list(events)
        self.lang = lang
        self.state = state

    def lines(self) -> list[str]:
        teller = _TELLERS.get(getattr(self.state, "RULESET", ""))
        if teller is None:
            return [event.describe(self.lang) for event in self.events]
        return [line for event in self.events if (line := teller(event, self.state, self.lang))]

    def _repr_html_(self) -> str:
        if not self.events:
            return f"<p><i>{html.escape(WORDS.get(self.lang, WORDS['en'])['nothing'])}</i></p>"
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        return f'<ul class="sumer-events">{items}</ul>'

    def __repr__(self) -> str:
        return "\n".join(self.lines()) or WORDS.get(self.lang, WORDS["en"])["nothing"]


def told(events: Iterable[Event], lang: str = "en", state: Any = None) -> Told:
    """`events` as sentences; with `state` (the position after them) in its ruleset's words."""
    return Told(events, lang, state)


def listed(items: Sequence[str], lang: str = "en") -> str:
    """Items as a list in a sentence: "a", "a and b", "a, b and c" (Dutch "en")."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" en " if lang == "nl" else " and ") + items[-1]


class Sentence(str):
    """A sentence a reader function returns: a `str` that a notebook shows as itself, without
    the quotes of a Python string."""

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self)}</p>"

    def __repr__(self) -> str:
        return str(self)


class Table:
    """A small HTML table (with a plain-text form for where HTML is not shown)."""

    def __init__(self, header: Sequence[str], rows: Sequence[Sequence[str]],
                 caption: str = "", html_cells: Sequence[Sequence[str]] | None = None,
                 html_header: Sequence[str] | None = None):
        self.header = list(header)
        self.rows = [list(r) for r in rows]
        self.caption = caption
        self._cells = html_cells
        self._head = html_header or [html.escape(h) for h in self.header]

    def _repr_html_(self) -> str:
        head = "".join(f'<th style="padding:2px 8px;text-align:center">{h}</th>'
                       for h in self._head)
        cells = self._cells or [[html.escape(c) for c in r] for r in self.rows]
        body = "".join("<tr>" + "".join(f'<td style="padding:2px 8px;text-align:center">{c}'
                                        "</td>" for c in row) + "</tr>" for row in cells)
        caption = (f'<caption style="caption-side:top;text-align:left">'
                   f"{html.escape(self.caption)}</caption>" if self.caption else "")
        return (f'<table class="sumer-table" style="border-collapse:collapse">{caption}'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        lines = [self.caption] if self.caption else []
        widths = [max(len(str(x)) for x in col) for col in zip(self.header, *self.rows)]
        for row in [self.header, *self.rows]:
            lines.append("  ".join(str(c).ljust(n) for c, n in zip(row, widths)).rstrip())
        return "\n".join(lines)


class Attempt:
    """What came of trying a move: its events and the board after, or the refusal."""

    def __init__(self, game: Game, move: Any, lang: str, picture: bool,
                 options: dict[str, Any]):
        self.lang = lang
        self.error: SumerError | None = None
        self.events: list[Event] = []
        self.before = game.state
        try:
            self.events = game.play(move)
        except SumerError as exc:
            self.error = exc
        self.state = game.state
        self._picture = picture and self.error is None
        # What the picture needs of the game is taken now: the game goes on after this cell.
        self._options = {**(game_context(game) if self._picture else {}),
                         **_GAME_OPTIONS.get(game, {}), **options}

    @property
    def legal(self) -> bool:
        return self.error is None

    def picture(self) -> Svg:
        return show(self.state, lang=self.lang, **self._options)

    def _repr_html_(self) -> str:
        if self.error is not None:
            return Refusal(self.error, self.lang)._repr_html_()
        parts = [Told(self.events, self.lang, self.state)._repr_html_()]
        change = _CHANGES.get(getattr(self.state, "RULESET", ""))
        if change is not None:
            parts.append(change(self.before, self.state, self.events, self.lang))
        if self._picture:
            parts.append(f'<div class="sumer-picture">{self.picture()}</div>')
        return "".join(parts)

    def __repr__(self) -> str:
        if self.error is not None:
            return Refusal(self.error, self.lang).text()
        return repr(Told(self.events, self.lang, self.state))


def attempt(game: Game, move: Any, lang: str = "en", *, picture: bool = True,
            **options: Any) -> Attempt:
    """Try `move` (an object or its text) in `game`, as a learner would.

    Legal: the game plays it and the result shows what happened and the board after (pass
    ``picture=False`` for the sentences alone; other keywords go to the renderer). Refused:
    the game is unchanged and the result is the refusal's one line.
    """
    return Attempt(game, move, lang, picture, options)


def attempts(game: Game, moves: Sequence[Any], lang: str = "en", **options: Any) -> Attempt:
    """Try several moves in turn (stopping at the first refusal): shows what all of them did,
    then the last one's board — or the refusal."""
    result = None
    before = game.state
    events: list[Event] = []
    for move in moves:
        result = attempt(game, move, lang, **options)
        if not result.legal:
            break
        events.extend(result.events)
    if result is None:
        raise ValueError("attempts needs at least one move")
    if result.legal:
        result.before, result.events = before, events
    return result


# IPython ------------------------------------------------------------------------------------

_READERS: dict[type, Callable[[Any], str]] = {}


def register(cls: type, text: Callable[[Any], str]) -> None:
    """Show values of `cls` in notebooks as ``text(value)`` (a sentence or a short line)."""
    _READERS[cls] = text
    ip = _ipython()
    if ip is not None:
        ip.display_formatter.formatters["text/plain"].for_type(
            cls, lambda value, printer, _cycle: printer.text(text(value)))


def move_words(move: Any, lang: str = "en") -> str:
    """`move` as its ruleset's readers say it (`register`) in `lang`; its notation where no
    reader is registered."""
    reader = _READERS.get(type(move))
    if reader is None:
        return str(move)
    spoken_before = _SPOKEN["lang"]
    _SPOKEN["lang"] = lang
    try:
        return reader(move)
    finally:
        _SPOKEN["lang"] = spoken_before


_CHANGES: dict[str, Callable[[Any, Any, list[Event], str], str]] = {}


def register_change(ruleset: str, picture: Callable[[Any, Any, list[Event], str], str]) -> None:
    """After a legal `attempt` in `ruleset`, show ``picture(before, after, events, lang)`` (HTML,
    or "" for nothing) between the sentences and the board."""
    _CHANGES[ruleset] = picture


_TELLERS: dict[str, Callable[[Event, Any, str], str]] = {}

_CONTEXTS: dict[str, Callable[[Game], dict[str, Any]]] = {}


def register_context(ruleset: str, options: Callable[[Game], dict[str, Any]]) -> None:
    """Draw `ruleset`'s games with the renderer options ``options(game)`` wherever `show` and
    `attempt` draw a game (not a bare state): what a picture needs of the game's history."""
    _CONTEXTS[ruleset] = options


def game_context(game: Game) -> dict[str, Any]:
    """The renderer options `game`'s ruleset registered for it (`register_context`), or {}."""
    context = _CONTEXTS.get(getattr(game.state, "RULESET", ""))
    return context(game) if context is not None else {}


def register_teller(ruleset: str, tell: Callable[[Event, Any, str], str]) -> None:
    """Tell `ruleset`'s events as ``tell(event, state_after, lang)`` wherever a notebook shows
    them with the position they led to (`attempt`, `told(..., state=...)`)."""
    _TELLERS[ruleset] = tell


def install() -> None:
    """Teach IPython (if running) to show events and refusals as sentences."""
    ip = _ipython()
    if ip is None:
        return
    plain = ip.display_formatter.formatters["text/plain"]
    plain.for_type(Event, lambda value, printer, _cycle: printer.text(value.describe()))
    for cls, text in _READERS.items():
        plain.for_type(cls, lambda value, printer, _cycle, text=text: printer.text(text(value)))


def _ipython() -> Any:
    """The running IPython shell, or None. A shell has imported IPython already: where none
    has (a plain script, the site's board page), IPython is not imported just to find none."""
    ipython = sys.modules.get("IPython")
    return None if ipython is None else ipython.get_ipython()

