"""The hex map: axial geometry, the growing networkx graph, the layouts file, text and events."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from engine import mesopotamia
from engine.core import InvalidInput
from engine.mesopotamia import board
from tests.engine.mesopotamia.util import play, pos, with_pile

rules = pytest.mark.rules


def test_axial_neighbours_and_distances():
    assert board.neighbours((0, 0)) == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    assert all(board.distance((0, 0), n) == 1 for n in board.neighbours((0, 0)))
    assert board.distance((-1, 0), (1, -1)) == 2 and board.distance((2, -4), (-1, 2)) == 6


def test_coordinates_in_text():
    assert board.parse_coord("-1,2") == (-1, 2) and board.fmt((3, -4)) == "3,-4"
    for bad in ("1", "a,b", "1,2,3", 5, "1000,0"):
        with pytest.raises(InvalidInput):
            board.parse_coord(bad)


@rules("M-SETUP-2")
def test_the_layouts_file_labels_its_reconstructions():
    data = board.layouts()["layouts"]
    assert "docs/research.md" in data["4"]["source"]
    assert data["3"]["source"].startswith("RECONSTRUCTION")
    assert data["2"]["source"].startswith("RECONSTRUCTION")


@rules("M-DISC-1")
def test_the_map_graph_grows_as_land_is_discovered():
    state = with_pile(pos(natives=[("-1,0", 0, ".")]), "P")
    g = mesopotamia.map_graph(state)
    assert isinstance(g, nx.Graph) and g.number_of_nodes() == 7
    assert g.nodes["0,0"]["kind"] == "temple" and g.nodes["0,-1"]["kind"] == "volcano"
    assert not g.edges["0,0", "0,-1"]["passable"] and g.edges["0,0", "-1,0"]["passable"]
    after, _ = play(state, "discover -1,0 . -2,0")
    g2 = mesopotamia.map_graph(after)
    assert g2.number_of_nodes() == 8 and g2.has_edge("-2,0", "-1,0")
    assert len(mesopotamia.edge_places(dict(state.tiles))) == 12
    assert len(mesopotamia.edge_places(dict(after.tiles))) == 14
    assert nx.is_connected(g2)


def test_reach_avoids_volcanoes_and_respects_the_temple():
    tiles = dict(mesopotamia.new_state(4, 0).tiles)
    free = board.reach(tiles, (-1, 0), 5, True)
    assert set(free) == {(0, 0), (-1, 1), (1, -1), (1, 0)}
    assert free[(1, -1)] == (2, (0, 0))
    loaded = board.reach(tiles, (-1, 0), 5, False)
    assert set(loaded) == {(0, 0), (-1, 1)}


def test_text_picture_and_summary():
    state = mesopotamia.new_state(4, seed=1)
    text = str(state)
    assert text.startswith("Mesopotamia: round 1, Blue to move (move, 5 movement points)")
    assert "temple place" in text and "natives B. B. B. G. G. G." in text
    assert repr(mesopotamia.new_game(4, 1)).startswith("<engine.mesopotamia.Game: 0 moves")


def test_every_event_speaks_english_and_dutch():
    game = mesopotamia.new_game(3, seed=8, cards_at_start=True, max_rounds=6)
    rng = random.Random(1)
    seen = set()
    while not game.is_over:
        moves = game.legal_moves()
        for event in game.play(moves[rng.randrange(len(moves))]):
            seen.add(type(event).__name__)
            assert event.describe("en") and event.describe("nl")
            assert event.to_dict()["kind"] == type(event).__name__
    assert {"NativeMoved", "TurnStarted", "GameEnded", "CardPlayed"} <= seen


@rules("M-MOVE-1", "M-MOVE-3", "M-MOVE-5")
def test_the_rules_cached_ways_agree_with_a_fresh_search_as_the_map_grows():
    """`Work` keeps shortest ways across discoveries; every one matches `board.reach`."""
    from engine.mesopotamia.rules import _WAYS, Work

    _WAYS.clear()  # so that every map's cache starts from the one before it
    for seed in range(6):
        work = Work(mesopotamia.new_state(4, seed, max_rounds=10))
        rng = random.Random(seed)
        while work.phase != "over":
            if work.phase == "move":
                tiles = dict(work.tiles)
                for c in {c for c in work.nat}:
                    for through in (True, False):
                        fresh = board.reach(tiles, c, work.points, through)
                        assert work.dests(c, through, work.points) == sorted(fresh)
                        for f, cost, prev in work.ways(c, through, work.points):
                            if cost <= work.points:
                                assert fresh[f] == (cost, prev)
                        for f, (cost, _) in fresh.items():
                            assert work.reach.cost(c, through, f) == cost
            moves = work.legal()
            work.do(moves[rng.randrange(len(moves))])


@rules("M-MOVE-1", "M-MOVE-3", "M-MOVE-5")
@pytest.mark.parametrize("steps", [1, 3, 5, 8, 40])
def test_the_bitmask_search_reaches_what_the_plain_search_reaches(steps):
    """`reach.Reach` (sets of fields as bits, kept as the map grows) against `board.reach`,
    from every field of maps met in random games, with and without passing the temple."""
    from engine.mesopotamia.reach import Reach
    from engine.mesopotamia.rules import Work

    for seed in range(3):
        work = Work(mesopotamia.new_state(3, seed, max_rounds=8))
        rng = random.Random(seed)
        while work.phase != "over":
            tiles = dict(work.tiles)
            fresh_reach = Reach(tiles)
            for c, kind in tiles.items():
                if kind == "V":
                    continue
                for through in (True, False):
                    expected = sorted(board.reach(tiles, c, steps, through))
                    for searched in (work.reach, fresh_reach):
                        mask = searched.within(c, through, steps)
                        assert searched.fields(mask) == expected, (board.fmt(c), through, steps)
                        assert mask.bit_count() == len(expected)
                        assert [searched.nth(mask, i) for i in range(len(expected))] == expected
            moves = work.legal()
            work.do(moves[rng.randrange(len(moves))])
