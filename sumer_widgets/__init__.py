"""Sumer's visible layer: interactive boards (anywidget), SVG pictures and matplotlib plots.

Imports flow one way: notebooks → sumer_widgets → engine.
"""

from sumer_widgets import display
from sumer_widgets.display import attempt, attempts, show, told
from sumer_widgets.exercises import Exercise
from sumer_widgets.lessons import Lesson
from sumer_widgets.mesopotamia.board import MesopotamiaBoard
from sumer_widgets.mesopotamia.picture import render as mesopotamia_svg
from sumer_widgets.priest_kings.board import CampaignMap
from sumer_widgets.priest_kings.picture import render as priest_kings_svg
from sumer_widgets.refusals import show_refusals_briefly
from sumer_widgets.royal_ur.board import RoyalUrBoard
from sumer_widgets.royal_ur.picture import render as royal_ur_svg
from sumer_widgets.sumeria.board import SumeriaBoard
from sumer_widgets.sumeria.picture import render as sumeria_svg
from sumer_widgets.taskbook import TaskBook
from sumer_widgets.taskmaker import TaskMaker
from sumer_widgets.tigris.board import TigrisBoard
from sumer_widgets.tigris.picture import render as tigris_svg

show_refusals_briefly()

__all__ = [
    "CampaignMap", "Exercise", "Lesson", "MesopotamiaBoard", "RoyalUrBoard", "SumeriaBoard",
    "TaskBook", "TaskMaker", "TigrisBoard",
    "attempt", "attempts", "mesopotamia_svg", "priest_kings_svg",
    "royal_ur_svg", "show", "sumeria_svg", "tigris_svg", "told",
]

display.install()
