"""The Python half of the browser-only site's board pages (``<site>/apps/<game>/``): one game's
board against the bots, run by Pyodide in a Web Worker — no JupyterLab, no kernel, no widgets.

The page (``scripts/lite_apps.py`` writes it) shows the board's own ES module, ``board.js``,
with a model like the one anywidget gives it (``get``, ``set``, ``on``, ``off``,
``save_changes``, ``send``). What that model sends goes to `BoardPage` as JSON text, and every
call answers with the board's changed values and its messages (``{"values": {...},
"messages": [...]}``, JSON text again), which the page puts into the model before it fires the
change events — as a kernel's update does.

- `PageValues` is the half of a board that keeps its values (`sumer_widgets.core.BoardCore`
  describes the halves): plain attributes, each change kept until the page takes it.
- `board_class` joins a game's core with it; `BoardPage` seats the bots and answers the page.

Limits: one board a page; the bots move in the same call as the person's move (the worker
keeps the page itself responsive meanwhile); a value the page sets must be one of the board's
values it may set (`BoardCore.FROM_PAGE`), of the type of its first value.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine.bots import bot_for_level
from engine.core import Message, SumerError, check_seed, loads, rules_of, shown
from sumer_widgets.core import BoardCore, SumerErrorForMessage
from sumer_widgets.games import card
from sumer_widgets.words import words

#: The page's own words: its buttons and lines around the board, in each language.
WORDS = words(__file__)["WORDS"]
#: Why the page's call was refused, in each language.
TEXT = words(__file__)["TEXT"]


class _Value:
    """One of a board's values, kept in its `PageValues`: setting it to a different value
    records the change and calls the value's observers (traitlets' ``change`` dict)."""

    def __init__(self, name: str):
        self.name = name

    def __get__(self, board: PageValues | None, owner: type) -> Any:
        if board is None:
            return self
        return board._page_values[self.name]

    def __set__(self, board: PageValues, value: Any) -> None:
        old = board._page_values[self.name]
        board._page_values[self.name] = value
        if _same(old, value):
            return
        board._page_changed.add(self.name)
        change = {"name": self.name, "old": old, "new": value, "owner": board, "type": "change"}
        for handler in list(board._page_observers.get(self.name, ())):
            handler(change)


def _same(old: Any, new: Any) -> bool:
    """Whether setting `new` over `old` changes nothing, as traitlets decides it."""
    try:
        return bool(old == new) and type(old) is type(new)
    except Exception:
        return False


class PageValues:
    """The half of a board that keeps its values as plain attributes for a page without
    widgets. Every change is kept until the page takes it (`take`); messages to the page
    (`send`) wait with them."""

    _page_values: dict[str, Any]

    def _start_values(self, **values: Any) -> None:
        self._page_values = copy.deepcopy(type(self).values_of())
        self._page_values.update(values)
        self._page_changed: set[str] = set(self._page_values)
        self._page_observers: dict[str, list[Callable[[Mapping[str, Any]], None]]] = {}
        self._page_messages: list[Any] = []

    @contextlib.contextmanager
    def hold_sync(self) -> Iterator[None]:
        """Changes go to the page when it takes them, after the whole call: each call's
        changes already arrive as one."""
        yield

    def observe(self, handler: Callable[[Mapping[str, Any]], None], names: list[str]) -> None:
        """Call ``handler(change)`` whenever one of the values `names` changes."""
        for name in names:
            self._page_observers.setdefault(name, []).append(handler)

    def send(self, content: Any) -> None:
        """A message to the page alone (a save file to offer as a download)."""
        self._page_messages.append(content)

    def take(self) -> dict[str, Any]:
        """The values changed since the page last took them, and the messages waiting."""
        taken = {"values": {name: self._page_values[name] for name in sorted(self._page_changed)},
                 "messages": self._page_messages}
        self._page_changed = set()
        self._page_messages = []
        return taken

    def set_from_page(self, values: Any) -> None:
        """Set values as the page's model does (``set`` then ``save_changes``): the history
        slider's ``ply``, the language (`BoardCore.FROM_PAGE`). Any other name, or a value of
        another type than the value's first, is refused in `error` and nothing is set;
        a value the board then puts back (a ply past the end) goes back to the page."""
        try:
            sent = self._checked(values)
            for name, value in sent.items():
                setattr(self, name, value)
            for name, value in sent.items():
                if _same(self._page_values[name], value):
                    self._page_changed.discard(name)
        except SumerError as exc:
            self._show_refusal(exc)
        except Exception as exc:
            self._bug(exc)

    def _checked(self, values: Any) -> dict[str, Any]:
        if not isinstance(values, Mapping):
            raise SumerErrorForMessage(Message(TEXT, "not_values", value=shown(values)))
        first = type(self).values_of()
        for name, value in values.items():
            if name not in type(self).FROM_PAGE or type(value) is not type(first[name]):
                raise SumerErrorForMessage(Message(TEXT, "not_a_value", name=shown(name),
                                                   value=shown(value)))
        return dict(values)


@functools.cache
def board_class(core: type[BoardCore]) -> type:
    """`core` (a game's `BoardCore`) joined with `PageValues`: a board for the page."""
    values = {name: _Value(name) for name in core.values_of()}
    return type(f"{core.__name__}Page", (core, PageValues), values)


class BoardPage:
    """One game's board for a page: the person plays the first seat, the bots of `level` the
    others (as `sumer_widgets.apps.app` seats them), in `lang`; the game of `seed` (a page's
    ``?seed=``: a class plays the same game), else a new one.

    Every method answers with the changes the page must draw, as JSON text (`PageValues.take`).

    Raises:
        InvalidInput: an unknown game or level; ValueError: an unknown language.
    """

    def __init__(self, game: str, *, lang: str = "en", level: str = "medium",
                 seed: int | None = None):
        self.spec = card(game)
        self.game = game
        self.level = level
        seed = check_seed(seed)
        self.board = board_class(self.spec.core)(self._new_game(seed), bots=self._bots(seed),
                                                 lang=lang, name=game)

    def _new_game(self, seed: int) -> Any:
        return rules_of(self.game).new_game(self.spec.players, seed)

    def _bots(self, seed: int) -> dict[int, Any]:
        return {seat: bot_for_level(self.game, self.level, seed=seed + seat)
                for seat in range(1, self.spec.players)}

    def values(self) -> str:
        """Every value of the board (the page's first drawing), and any message waiting."""
        self.board._page_changed = set(self.board._page_values)
        return self._answer()

    def intent(self, text: str) -> str:
        """Handle an intent the page sent (``model.send``), as JSON text."""
        try:
            content = loads(text, Message(TEXT, "message"))
        except SumerError as exc:
            self.board._show_refusal(exc)
            return self._answer()
        self.board.send_intent(content)
        return self._answer()

    def set(self, text: str) -> str:
        """Set the values the page changed (``model.set`` and ``save_changes``), as JSON text
        of ``{name: value}``."""
        try:
            values = loads(text, Message(TEXT, "message"))
        except SumerError as exc:
            self.board._show_refusal(exc)
            return self._answer()
        self.board.set_from_page(values)
        return self._answer()

    def new_game(self, seed: int | None = None) -> str:
        """A new game on the same board: the bots of the level chosen in its Bots menu stay."""
        self.board.replace_game(self._new_game(check_seed(seed)))
        return self._answer()

    def _answer(self) -> str:
        return json.dumps(self.board.take(), ensure_ascii=False, separators=(",", ":"))
