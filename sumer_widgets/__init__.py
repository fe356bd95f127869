"""Sumer's visible layer: interactive boards (anywidget), SVG pictures and matplotlib plots.

Imports flow one way: notebooks → sumer_widgets → engine.

The names below that belong to one game (its board, its picture) or to the lessons are
imported when first asked for (``from sumer_widgets import SumeriaBoard`` works as ever): a board
widget imports anywidget and every picture its game's engine, which the browser-only site's
board page — one game's board, built on the boards' decisions alone (`sumer_widgets.core`) —
never needs, and which a notebook's first cell need not wait for.
"""

from importlib import import_module
from typing import Any

from sumer_widgets import display
from sumer_widgets.display import attempt, attempts, show, told
from sumer_widgets.refusals import show_refusals_briefly

#: Each name imported when first asked for: (module, name there).
_LATER = {
    "CampaignMap": ("sumer_widgets.priest_kings.board", "CampaignMap"),
    "Exercise": ("sumer_widgets.exercises", "Exercise"),
    "Lesson": ("sumer_widgets.lessons", "Lesson"),
    "MesopotamiaBoard": ("sumer_widgets.mesopotamia.board", "MesopotamiaBoard"),
    "RoyalUrBoard": ("sumer_widgets.royal_ur.board", "RoyalUrBoard"),
    "SumeriaBoard": ("sumer_widgets.sumeria.board", "SumeriaBoard"),
    "TaskBook": ("sumer_widgets.taskbook", "TaskBook"),
    "TaskMaker": ("sumer_widgets.taskmaker", "TaskMaker"),
    "TigrisBoard": ("sumer_widgets.tigris.board", "TigrisBoard"),
    "mesopotamia_svg": ("sumer_widgets.mesopotamia.picture", "render"),
    "priest_kings_svg": ("sumer_widgets.priest_kings.picture", "render"),
    "royal_ur_svg": ("sumer_widgets.royal_ur.picture", "render"),
    "sumeria_svg": ("sumer_widgets.sumeria.picture", "render"),
    "tigris_svg": ("sumer_widgets.tigris.picture", "render"),
}

show_refusals_briefly()

__all__ = [
    "CampaignMap", "Exercise", "Lesson", "MesopotamiaBoard", "RoyalUrBoard", "SumeriaBoard",
    "TaskBook", "TaskMaker", "TigrisBoard",
    "attempt", "attempts", "mesopotamia_svg", "priest_kings_svg",
    "royal_ur_svg", "show", "sumeria_svg", "tigris_svg", "told",
]

display.install()


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module 'sumer_widgets' has no attribute {name!r}")
    module, attribute = _LATER[name]
    value = getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})
