"""The two boards as data, checked cell for cell against docs/research.md §2, and cell names."""

from __future__ import annotations

import pytest

from engine import tigris
from engine.core import InvalidInput
from engine.tigris.board import NEIGHBOURS, SIZE, Board

rules = pytest.mark.rules

# Copied from docs/research.md §2.
STANDARD = """
 row  0  ....~~~~~.T.~...
      1  .S..~.......~..S
      2  ...~~T......~~..
      3  ~~~~.........~~~
      4  .............T~~
      5  ..............~.
      6  ~~~~....T...~~~.
      7  .S.~~~~.....~...
      8  ......~~~~~~~.S.
      9  .....T..........
     10  ..........T.....
"""
ADVANCED = """
 row  0  ..~~T....T.....~
      1  ..~~..........T~
      2  .S~~...........~
      3  ..~...T....T~~~~
      4  ..~.........~...
      5  ..~T........~..S
      6  ..~~........~~..
      7  S..~~~.T....T~..
      8  .....~~~.....~..
      9  ....S.~~~~~~~~..
     10  ......~..S....S.
"""


def rows_of(text):
    return tuple(line.split()[-1] for line in text.strip().splitlines())


@rules("T-BOARD-1", "T-BOARD-2")
def test_the_standard_board_matches_research_cell_for_cell():
    board = Board.get("standard")
    assert board.rows == rows_of(STANDARD)
    assert all(len(row) == 16 for row in board.rows) and len(board.rows) == 11
    assert len(board.temples) == 10 and len(board.special) == 4
    assert sorted(tigris.cell_name(c) for c in board.special) == ["b2", "b8", "o9", "p2"]


@rules("T-VAR-ADVANCED-1")
def test_the_advanced_board_matches_research_cell_for_cell():
    board = Board.get("advanced")
    assert board.rows == rows_of(ADVANCED)
    assert len(board.temples) == 14 and len(board.special) == 6
    assert tigris.parse_cell("j11") in board.special, "row 10, column 9 (R-T20)"


@rules("T-BOARD-1")
def test_squares_touch_along_edges_only():
    assert len(NEIGHBOURS) == SIZE == 176
    assert NEIGHBOURS[0] == (1, 16)
    assert NEIGHBOURS[tigris.parse_cell("f5")] == tuple(
        tigris.parse_cell(c) for c in ("f4", "e5", "g5", "f6"))
    assert all(b in NEIGHBOURS[a] for a in range(SIZE) for b in NEIGHBOURS[a])
    graph = Board.get("standard").graph
    assert graph.number_of_nodes() == 176 and graph.number_of_edges() == 15 * 11 + 16 * 10
    assert graph.nodes[tigris.parse_cell("b2")]["special"] is True
    assert graph.nodes[tigris.parse_cell("e1")]["river"] is True
    assert graph.nodes[0]["name"] == "a1" and graph.nodes[0]["pos"] == (0, 0)


def test_cell_names_round_trip_and_bad_names_are_refused():
    assert [tigris.cell_name(c) for c in (0, 15, 16, 175)] == ["a1", "p1", "a2", "p11"]
    assert all(tigris.parse_cell(tigris.cell_name(c)) == c for c in range(SIZE))
    assert tigris.parse_cell("F3") == tigris.parse_cell("f3")
    for bad in ["q1", "a0", "a12", "a01", "", "aa", 5, None]:
        with pytest.raises(InvalidInput, match="unknown cell"):
            tigris.parse_cell(bad)
    with pytest.raises(InvalidInput, match="board must be one of"):
        Board("huge")
