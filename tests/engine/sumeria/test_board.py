"""Boards as data, their validation, and movement (reachability and paths) on small boards."""

from __future__ import annotations

import copy
import json

import networkx as nx
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.core import InvalidInput
from engine.sumeria import Board
from engine.sumeria.rays import tables

rules = pytest.mark.rules


def line_board(*kinds_by_cs: str, routes: list[list[str]] | None = None) -> Board:
    """A board from compact specs: ``"a:cttv"`` is city-state a with a city, 2 towns, a village
    (ids a.c, a.t1, a.t2, a.v1); by default one route through every location in order."""
    city_states, locations = [], []
    for spec in kinds_by_cs:
        cs, kinds = spec.split(":")
        city_states.append({"id": cs, "name": cs.upper()})
        counters = {"c": 0, "t": 0, "v": 0}
        for k in kinds:
            counters[k] += 1
            loc_id = f"{cs}.c" if k == "c" else f"{cs}.{k}{counters[k]}"
            kind = {"c": "city", "t": "town", "v": "village"}[k]
            locations.append({"id": loc_id, "kind": kind, "city_state": cs,
                              "x": float(len(locations)), "y": 0.0})
    if routes is None:
        routes = [[loc["id"] for loc in locations]]
    return Board.from_dict({"city_states": city_states, "locations": locations,
                            "routes": routes})


def fast_reach(board: Board, start: str, occupied: set[str]) -> frozenset[str]:
    """The fast path's answer (start counted as occupied, shared city groups)."""
    occ = board.mask_of(occupied | {start})
    masks, _ = tables(board).destinations([board.index_of(start)], occ)
    return frozenset(board.locations[i].id for i in range(len(board.locations))
                     if masks[0] >> i & 1)


# ------------------------------------------------------------------------------ the standard


@rules("S-COMP-1")
def test_standard_board_has_eight_city_states_of_seven_locations():
    board = Board.standard()
    assert len(board.city_states) == 8
    assert len(board.locations) == 56
    for cs in board.city_states:
        kinds = sorted(board.location(i).kind for i in board.locations_of(cs.id))
        assert kinds == ["city"] + ["town"] * 3 + ["village"] * 3
    assert "reconstruction" in board.name.lower() and "reconstruction" in board.source.lower()
    assert {cs.name for cs in board.city_states} == {
        "Kish", "Nippur", "Umma", "Lagash", "Eridu", "Ur", "Larsa", "Uruk"}


@rules("S-COMP-1")
def test_standard_board_graph_carries_kinds_positions_and_routes():
    board = Board.standard()
    graph = board.graph
    assert isinstance(graph, nx.Graph) and nx.is_connected(graph)
    assert graph.number_of_nodes() == 56 and graph.number_of_edges() == 12 * 5
    assert graph.nodes["kish.city"]["kind"] == "city"
    assert graph.nodes["kish.town1"]["city_state"] == "kish"
    assert len(graph.nodes["ur.village2"]["pos"]) == 2
    assert graph.edges["kish.city", "kish.town1"]["route"] == 0
    # Every city has three routes; every town and village lies on exactly one.
    for loc in board.locations:
        assert graph.degree(loc.id) == (3 if loc.kind == "city" else 2)


def test_board_round_trips_through_dict_and_json():
    board = Board.standard()
    assert Board.from_dict(board.to_dict()) == board
    assert Board.from_json(board.to_json()) == board
    assert board.is_standard and hash(board) == hash(Board.from_dict(board.to_dict()))
    assert board.label("kish.town2") == "Kish town 2"
    assert board.label("kish.town2", "nl") == "Kish stad 2"
    assert board.label("ur.city", "nl") == "Ur hoofdstad"


# ----------------------------------------------------------------------------- validation

BASE = {
    "city_states": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
    "locations": [
        {"id": "a.c", "kind": "city", "city_state": "a", "x": 0, "y": 0},
        {"id": "a.t", "kind": "town", "city_state": "a", "x": 1, "y": 0},
        {"id": "b.c", "kind": "city", "city_state": "b", "x": 2, "y": 0},
    ],
    "routes": [["a.c", "a.t", "b.c"]],
}


def broken(change) -> dict:
    data = copy.deepcopy(BASE)
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["locations"].append(dict(d["locations"][0])), "duplicate location id 'a.c'"),
    (lambda d: d["city_states"].append({"id": "a", "name": "A2"}), "duplicate city-state id 'a'"),
    (lambda d: d["locations"][1].update(kind="hamlet"), "kind 'hamlet'"),
    (lambda d: d["locations"][1].update(city_state="z"), "unknown city-state 'z'"),
    (lambda d: d["locations"][1].update(kind="city"), "city-state 'a' has 2 cities"),
    (lambda d: d["locations"].pop(2), "city-state 'b' has 0 cities"),
    (lambda d: d["routes"].append(["a.c"]), "route 1 has 1 location(s)"),
    (lambda d: d["routes"].append(["a.c", "zz"]), "unknown location 'zz'"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", "a.t", "a.c"]), "passes a.c more than once"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", "b.c"]), "on no route: a.t"),
    (lambda d: d["routes"].append(["a.t", "a.c"]), "both join a.t and a.c"),
    (lambda d: d["locations"][0].update(x="left"), "needs a number for x"),
    (lambda d: d["locations"][0].pop("y"), "needs a number for y"),
    (lambda d: d["locations"][0].update(x=float("nan")), "needs a number for x"),
    (lambda d: d.update(colour="red"), "unknown field(s) 'colour'"),
    (lambda d: d.update(city_states=[]), "no city-states"),
    (lambda d: d.pop("routes"), "has no 'routes'"),
    (lambda d: d["locations"][0].update(id="a city"), "no spaces"),
    (lambda d: d.update(river=[[0, 1, 2]]), "river"),
    (lambda d: d["routes"].__setitem__(0, [[0, 5], "a.c", "a.t", "b.c"]), "begins with a bend"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", "a.t", "b.c", [0, 5]]), "ends with a bend"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", [0], "a.t", "b.c"]), "a bend is an [x, y]"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", ["0", 1], "a.t", "b.c"]), "a bend is an"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", [1e12, 1], "a.t", "b.c"]), "a bend is an"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", [True, 1], "a.t", "b.c"]), "a bend is an"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", {"x": 1}, "a.t", "b.c"]), "list of location"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", *[[1, 1]] * 33, "a.t", "b.c"]),
     "bends more than 32 times"),
    (lambda d: d["routes"].__setitem__(0, ["a.c", [1, 1], "a.t", "b.c"])
     or d["routes"].append(["a.t", [3, 3], "a.c"]), "both join a.t and a.c"),
])
def test_malformed_boards_are_refused_with_the_problem_named(change, message):
    with pytest.raises(InvalidInput, match=None) as info:
        Board.from_dict(broken(change))
    assert message in info.value.reason


def test_locations_without_coordinates_are_laid_out():
    data = copy.deepcopy(BASE)
    for loc in data["locations"]:
        del loc["x"], loc["y"]
    board = Board.from_dict(data)
    points = {(loc.x, loc.y) for loc in board.locations}
    assert len(points) == 3 and all(0 <= x <= 1000 and 0 <= y <= 700 for x, y in points)
    assert board.reachable("a.c", ["a.t"]) == {"b.c"}


def test_board_file_that_is_not_json_is_refused():
    with pytest.raises(InvalidInput, match="board file is not valid JSON"):
        Board.from_json("{not json")
    with pytest.raises(InvalidInput, match="a board must be an object"):
        Board.from_dict([1, 2])  # type: ignore[arg-type]


def test_unknown_location_in_a_query_is_refused():
    board = Board.standard()
    with pytest.raises(InvalidInput, match="unknown location 'atlantis'"):
        board.reachable("atlantis", [])
    with pytest.raises(InvalidInput, match="unknown location 'nowhere'"):
        board.reachable("kish.city", ["nowhere"])
    with pytest.raises(InvalidInput, match="collection of location ids"):
        board.reachable("kish.city", "kish.town1")


# ---------------------------------------------------------------------- movement, small boards


@rules("S-MOVE-1", "S-MOVE-3")
def test_a_trader_moves_to_the_next_empty_location_either_way():
    board = line_board("a:ctvtv")  # a.c a.t1 a.v1 a.t2 a.v2
    assert board.reachable("a.v1", []) == {"a.t1", "a.t2"}
    assert board.paths("a.v1", []) == {"a.t1": ["a.v1", "a.t1"], "a.t2": ["a.v1", "a.t2"]}


@rules("S-MOVE-2", "S-MOVE-3")
def test_occupied_locations_are_jumped_and_the_first_empty_one_stops_the_move():
    board = line_board("a:ctvtv")
    assert board.reachable("a.t1", ["a.v1", "a.t2"]) == {"a.c", "a.v2"}
    assert board.paths("a.t1", ["a.v1", "a.t2"])["a.v2"] == ["a.t1", "a.v1", "a.t2", "a.v2"]


@rules("S-MOVE-4")
def test_at_an_occupied_city_the_trader_may_take_any_route_leaving_it():
    # Three routes meet at a's city: x, y and z arms.
    board = line_board("a:ctttvvv", routes=[["a.t1", "a.v1", "a.c"], ["a.c", "a.t2", "a.v2"],
                                            ["a.c", "a.t3", "a.v3"]])
    assert board.reachable("a.v1", ["a.c"]) == {"a.t1", "a.t2", "a.t3"}
    assert board.reachable("a.v1", ["a.c", "a.t2"]) == {"a.t1", "a.v2", "a.t3"}
    paths = board.paths("a.v1", ["a.c", "a.t2"])
    assert paths["a.v2"] == ["a.v1", "a.c", "a.t2", "a.v2"]


@rules("S-MOVE-4")
def test_chains_of_occupied_cities_are_followed():
    board = line_board("a:ct", "b:ct", "c:ct", routes=[
        ["a.t1", "a.c", "b.c", "c.c", "c.t1"], ["b.c", "b.t1"]])
    occupied = ["a.c", "b.c", "c.c"]
    assert board.reachable("a.t1", occupied) == {"b.t1", "c.t1"}
    assert board.paths("a.t1", occupied)["c.t1"] == ["a.t1", "a.c", "b.c", "c.c", "c.t1"]


@rules("S-MOVE-4", "S-MOVE-6")
def test_cycles_of_occupied_cities_terminate_and_never_return_to_the_start():
    board = line_board("a:ct", "b:c", "c:c", routes=[
        ["a.c", "b.c"], ["b.c", "c.c"], ["c.c", "a.c"], ["a.c", "a.t1"]])
    # Everything but the trader's own town is occupied: every branch comes back to a.t1.
    assert board.reachable("a.t1", ["a.c", "b.c", "c.c"]) == frozenset()
    assert board.paths("a.t1", ["a.c", "b.c", "c.c"]) == {}
    assert board.reachable("b.c", ["a.c", "c.c"]) == {"a.t1"}


@rules("S-MOVE-6")
def test_the_start_counts_as_vacated_whether_listed_or_not():
    board = line_board("a:ctv")
    assert board.reachable("a.t1", ["a.t1"]) == board.reachable("a.t1", []) == {"a.c", "a.v1"}
    assert "a.t1" not in board.reachable("a.t1", ["a.c", "a.v1"])


@rules("S-MOVE-3")
def test_a_route_end_that_is_not_an_occupied_city_is_a_dead_end():
    board = line_board("a:ctv")
    assert board.reachable("a.c", ["a.t1", "a.v1"]) == frozenset()
    assert board.reachable("a.v1", ["a.t1", "a.c"]) == frozenset()


@rules("S-MOVE-4")
def test_a_junction_that_is_not_a_city_lets_a_trader_pass_straight_on():
    # a.t1 lies on two routes; a trader passing it keeps to its route: only an occupied city is
    # turned at — the Dutch "bezette stad" is the city too (R-S1).
    board = line_board("a:cttttv", routes=[
        ["a.c", "a.t1", "a.t2"], ["a.t3", "a.t1", "a.t4", "a.v1"]])
    assert board.reachable("a.c", ["a.t1"]) == {"a.t2"}
    assert board.reachable("a.t3", ["a.t1", "a.t4"]) == {"a.v1"}
    # A trader on the junction may set off along either route.
    assert board.reachable("a.t1", []) == {"a.c", "a.t2", "a.t3", "a.t4"}


@rules("S-MOVE-4")
def test_routes_of_any_length_work():
    ids = "c" + "v" * 30
    board = line_board(f"a:{ids}")
    occupied = [f"a.v{i}" for i in range(1, 30)]
    assert board.reachable("a.c", occupied) == {"a.v30"}


@rules("S-MOVE-2", "S-MOVE-3", "S-MOVE-4")
def test_standard_board_example_positions():
    board = Board.standard()
    assert board.reachable("kish.town1", []) == {"kish.city", "kish.village1"}
    # An occupied town is jumped, never turned at: its single route goes on (R-S1, R-S2).
    assert board.reachable("kish.city", ["kish.town1"]) == {
        "kish.village1", "kish.town2", "kish.town3"}
    # Kish city occupied: the trader turns there onto both other routes.
    assert board.reachable("kish.town1", ["kish.city"]) == {
        "kish.village1", "kish.town2", "kish.town3"}
    # The route to Nippur is full up to Nippur city, which is occupied: it turns there too.
    full = ["kish.village1", "nippur.village1", "nippur.town1", "nippur.city"]
    assert board.reachable("kish.town1", full) == {"kish.city", "nippur.town2", "nippur.town3"}


# ------------------------------------------------------------------------- random boards


@st.composite
def boards_and_occupancy(draw):
    """A random board (junctions, dead ends, cycles, long routes) with a random occupancy."""
    n_cs = draw(st.integers(1, 4))
    locations, city_states = [], []
    for c in range(n_cs):
        city_states.append({"id": f"s{c}", "name": f"S{c}"})
        locations.append({"id": f"s{c}.c", "kind": "city", "city_state": f"s{c}", "x": c,
                          "y": 0})
        for k in range(draw(st.integers(1 if c == 0 else 0, 4))):
            kind = draw(st.sampled_from(["town", "village"]))
            locations.append({"id": f"s{c}.{kind[0]}{k}", "kind": kind, "city_state": f"s{c}",
                              "x": c, "y": k + 1})
    ids = [loc["id"] for loc in locations]
    routes, used = [], set()
    for _ in range(draw(st.integers(1, 6))):
        route = draw(st.lists(st.sampled_from(ids), min_size=2, max_size=8, unique=True))
        pairs = {frozenset(p) for p in zip(route, route[1:])}
        if not pairs & used:
            used |= pairs
            routes.append(route)
    for loc_id in ids:
        if not any(loc_id in route for route in routes):
            partner = next((o for o in ids if o != loc_id
                            and frozenset((loc_id, o)) not in used), None)
            assume(partner is not None)
            used.add(frozenset((loc_id, partner)))
            routes.append([loc_id, partner])
    board = Board.from_dict({"city_states": city_states, "locations": locations,
                             "routes": routes})
    occupied = set(draw(st.lists(st.sampled_from(ids), unique=True)))
    start = draw(st.sampled_from(ids))
    return board, start, occupied


@rules("S-MOVE-2", "S-MOVE-3", "S-MOVE-4", "S-MOVE-6")
@given(boards_and_occupancy())
def test_reachability_invariants_on_random_boards(case):
    board, start, occupied = case
    reach = board.reachable(start, occupied)
    paths = board.paths(start, occupied)
    assert set(paths) == reach
    assert start not in reach
    others = occupied - {start}
    for dest, path in paths.items():
        assert dest not in others, "a move ends on an empty location"
        assert path[0] == start and path[-1] == dest
        assert nx.is_path(board.graph, path), "each hop follows a trade route"
        assert all(p in others for p in path[1:-1]), "only occupied locations are jumped"
    # The fast path's shared-city formulation gives the same answer.
    assert fast_reach(board, start, others) == reach


def test_paths_are_json_friendly():
    board = Board.standard()
    json.dumps(board.paths("kish.town1", ["kish.city"]))


def test_a_route_may_bend_between_two_locations():
    data = copy.deepcopy(BASE)
    data["locations"].append({"id": "b.t", "kind": "town", "city_state": "b", "x": 1, "y": 1})
    # The second route goes round a.t instead of seeming to pass through it.
    data["routes"] = [["a.c", "a.t", "b.c"], ["a.c", [0.5, 2], [1.5, 2], "b.t"]]
    board = Board.from_dict(data)
    assert board.routes == (("a.c", "a.t", "b.c"), ("a.c", "b.t"))
    assert board.bends == (((), ()), (((0.5, 2.0), (1.5, 2.0)),))
    assert board.route_points(1) == [(0.0, 0.0), (0.5, 2.0), (1.5, 2.0), (1.0, 1.0)]
    assert board.route_points(0) == [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]
    # Bends are drawing only: the moves follow the locations.
    straight = copy.deepcopy(data)
    straight["routes"][1] = ["a.c", "b.t"]
    plain = Board.from_dict(straight)
    assert board.reachable("a.c", set()) == plain.reachable("a.c", set())
    assert set(board.graph.edges) == set(plain.graph.edges)
    # They are data: saved with the board, and a game on it saves and loads.
    assert board.to_dict()["routes"][1] == ["a.c", [0.5, 2.0], [1.5, 2.0], "b.t"]
    assert Board.from_dict(board.to_dict()) == board and board != plain
    assert Board.standard().bends == tuple(tuple(() for _ in r[1:]) for r in
                                           Board.standard().routes)
