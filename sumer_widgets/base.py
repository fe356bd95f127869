"""The shared board widget: a board's decisions (`sumer_widgets.core.BoardCore`) as an anywidget,
whose values are synced traits — the board in JupyterLab, Voilà and the site's notebooks.

The front end is the board's ES module (``static/base.js`` and the game's ``board.js``, joined
by `front_end`) with its CSS (`styles`); intents from the page arrive as the widget's custom
messages and go to `BoardCore._on_msg`; every value the core sets is a trait of the same name,
synced to the page, and a value the page sets (the history slider's ``ply``) reaches the core's
observers. A game's widget is its core class joined with this one (``class SumeriaBoard(
SumeriaCore, BoardWidget)``), declaring its own values as traits too.

Beside the live board, a notebook saved after running shows the board's saved view: the same
picture with the task's goal above it (`saved_view`), where widgets do not run.
"""

from __future__ import annotations

import base64
import html
import pathlib
from typing import Any

import anywidget
import traitlets

from sumer_widgets.core import (  # noqa: F401 - the boards' shared names, as they were here
    MAX_BOT_MOVES,
    MAX_SAVE_CHARS,
    NO_TRIES,
    TEXT,
    UI_WORDS,
    BoardCore,
    SumerErrorForMessage,
    from_page,
    refused,
)
from sumer_widgets.palette import css_variables

STATIC = pathlib.Path(__file__).parent / "static"


def front_end(board_file: str) -> str:
    """A board's front-end module: the shared ``static/base.js``, then the ``board.js`` beside
    the board's Python file `board_file` (an anywidget module loads from a Blob URL and cannot
    import another file)."""
    return _joined(STATIC / "base.js", pathlib.Path(board_file).with_name("board.js"))


def styles(board_file: str) -> str:
    """A board's CSS: the palette's meaning colours as variables (`palette.css_variables`),
    the shared ``static/board.css``, then the ``board.css`` beside `board_file` if there is one."""
    own = pathlib.Path(board_file).with_name("board.css")
    return css_variables() + _joined(STATIC / "board.css", *([own] if own.exists() else []))


def _joined(*files: pathlib.Path) -> str:
    return "\n".join(file.read_text(encoding="utf-8") for file in files)


class BoardWidget(BoardCore, anywidget.AnyWidget):
    """Base of the board widgets: `BoardCore`'s decisions, its values synced traits.

    Every board takes the keywords of `BoardCore` (bots, lang, autoplay, level, name).
    """

    svg = traitlets.Unicode("").tag(sync=True)
    """The SVG of the position shown."""
    choices = traitlets.Dict({}).tag(sync=True)
    """What a click may do in the position shown (from the engine)."""
    log = traitlets.List([]).tag(sync=True)
    """The game's events as ``{"ply": n, "text": sentence}``, oldest first."""
    error = traitlets.Unicode("").tag(sync=True)
    """Why the last intent was refused, in `lang` ('' when it was not)."""
    error_rule = traitlets.Unicode("").tag(sync=True)
    """The catalogue id of the rule the last refusal enforces ('' when none)."""
    ply = traitlets.Int(0).tag(sync=True)
    """The position shown: 0 is the start, `plies` the latest."""
    plies = traitlets.Int(0).tag(sync=True)
    """How many moves have been played."""
    status = traitlets.Unicode("").tag(sync=True)
    """One line on the position shown."""
    lang = traitlets.Unicode("en").tag(sync=True)
    """The language of the board: "en" or "nl"."""
    words = traitlets.Dict({}).tag(sync=True)
    """The interface's words in `lang`."""
    bot_seats = traitlets.List([]).tag(sync=True)
    """The players played by bots."""
    autoplay = traitlets.Bool(True).tag(sync=True)
    """Whether seated bots move by themselves after each human move."""
    name = traitlets.Unicode("").tag(sync=True)
    """A name for the board's element (``data-name``), for tests and styling."""
    tools = traitlets.Dict({}).tag(sync=True)
    """The toolbar as Python decides it (`_toolbar`): which buttons show, why "Bot moves"
    cannot be pressed now, the bot levels offered and the one chosen."""
    level = traitlets.Unicode("").tag(sync=True)
    """The level of every seated bot (`LEVELS`), or '' while the seats are as set up."""
    why_bots = traitlets.Bool(False).tag(sync=True)
    """Whether the log says, after each bot move, why the rules allowed it (`why`)."""
    bot_why = traitlets.List([]).tag(sync=True)
    """With `why_bots`: each bot decision since the learner's last move, with the coach's three
    best moves for it, their chances and a reason each (`sumer_widgets.coaching`)."""
    review_panel = traitlets.Dict({}).tag(sync=True)
    """The game's review (`review`): the chances along the game, accuracy, the luck meter, the
    key moments and the open moment's puzzle (`sumer_widgets.coaching`); ``{}`` when none."""
    task = traitlets.Dict({}).tag(sync=True)
    """The board task shown above the picture (`set_task`): its goal, whether it is reached
    and why not, in the board's language; ``{}`` when there is none."""

    def _start_values(self, **values: Any) -> None:
        anywidget.AnyWidget.__init__(self, **values)
        self.on_msg(self._on_msg)

    # Display ------------------------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        bundle_ = super()._repr_mimebundle_(**kwargs)
        if bundle_ is None:
            return None
        data, metadata = bundle_
        # Where widgets do not run (GitHub, nbviewer, a notebook opened before it is run), the
        # same picture shows, with the task's goal above it and a line on making it live.
        data["image/svg+xml"] = self.svg
        data["text/html"] = self.saved_view()
        return data, metadata

    def saved_view(self) -> str:
        """The board as a saved notebook shows it: the task's goal (if any), the picture and
        one line saying that running the cell makes the board live. The picture is an image
        of the SVG, which shows even where a notebook is not trusted (its HTML sanitized)."""
        words = self._words_for(self.lang)
        goal = ""
        if self.task:
            goal = (f'<p class="sumer-task-static"><b>{html.escape(self.task["task"])}:</b> '
                    f'{html.escape(self.task["goal"])}</p>')
        picture = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        return (f'<div class="sumer-board-static">{goal}'
                f'<img src="data:image/svg+xml;base64,{picture}" alt="{html.escape(self.status)}"'
                f' style="max-width:100%"><p><i>{html.escape(words["live"])}</i></p></div>')
