"""The README's Mesopotamia picture: a grown map late in a game, one native's reach lit up."""

from __future__ import annotations

from pathlib import Path

from engine import mesopotamia
from engine.bots import GreedyBot
from sumer_widgets.mesopotamia.board import MesopotamiaBoard
from tests.browser.harness import mount

#: A map most of the way discovered (22 fields), with huts, holy places, goods, carried markers
#: and markers already placed at the temple.
GROWN = dict(
    tiles={"-2,0": "plain", "-2,1": "forest", "-1,-1": "plain", "1,1": "quarry",
           "2,-1": "plain", "0,-2": "plain", "-1,2": "plain", "2,-2": "forest",
           "-2,2": "plain", "1,-2": "volcano", "2,0": "plain", "-3,1": "quarry",
           "-1,-2": "plain", "3,-2": "plain", "0,2": "plain"},
    natives=[("-1,-1", 0, "M7"), ("-1,-1", 0, "."), ("2,-1", 0, "."), ("1,-1", 0, "S"),
             ("-2,2", 0, "L"), ("-1,2", 1, "M6"), ("-2,1", 1, "."), ("0,-2", 1, "."),
             ("0,-2", 1, "L"), ("2,-2", 2, "."), ("2,-2", 2, "."), ("-2,0", 2, "M4"),
             ("1,1", 2, "S"), ("3,-2", 2, ".")],
    huts=[("-1,0", 0, 0), ("-1,1", 1, 0), ("-1,1", 2, 0), ("-2,0", 2, 6), ("-1,0", -1, 0),
          ("2,0", 0, 6), ("-1,-2", 1, 7)],
    holy={"-1,-1": 0, "0,-2": 1, "2,-1": 2},
    goods={"1,-1": (2, 0), "1,0": (0, 2), "2,-2": (1, 0), "-3,1": (0, 2), "0,2": (1, 1)},
    mana=[5, 4, 2], max_mana=[7, 6, 5], delivered=[[2, 4], [2, 4], [2]],
    hands=[["stamina", "teleport"], ["holy_stone"], ["priest"]], round=14)


def grown_board(name: str = "readme") -> MesopotamiaBoard:
    state = mesopotamia.position(3, seed=3, **GROWN)
    return MesopotamiaBoard(mesopotamia.Game(state), bots={1: GreedyBot(1), 2: GreedyBot(2)},
                            name=name)


def shoot(page, images: Path) -> None:
    """A grown Mesopotamia map with Blue's marker carrier selected: where it can go, at what
    cost, and the way to the temple."""
    board = grown_board()
    # The board is wider than the other boards (map and players side by side): shoot it at the
    # width a JupyterLab notebook gives it, then leave the page as it was.
    before = page.viewport_size
    page.set_viewport_size({"width": 1150, "height": 1250})
    mount(page, board)
    page.click('[data-native="-1,-1|0|M7"]')
    page.hover('.sumer-host [data-field="0,0"]:not([data-native])', position={"x": 40, "y": 20})
    page.locator(".sumer-board").screenshot(path=str(images / "mesopotamia-map.png"))
    if before:
        page.set_viewport_size(before)
