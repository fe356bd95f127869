"""Sumer's visible layer: interactive boards (anywidget), SVG pictures and matplotlib plots.

Imports flow one way: notebooks → sumer_widgets → engine.
"""

from sumer_widgets.exercises import Exercise
from sumer_widgets.sumeria import SumeriaBoard
from sumer_widgets.sumeria_svg import render as sumeria_svg

__all__ = ["Exercise", "SumeriaBoard", "sumeria_svg"]
