"""The campaign map as data: the shipped reconstruction, custom maps, and refusals."""

from __future__ import annotations

import copy
import json

import networkx as nx
import pytest

from engine import priest_kings
from engine.core import InvalidInput
from engine.priest_kings import CampaignMap

rules = pytest.mark.rules

#: docs/research.md §4: distances between the cities, in km.
DISTANCES = {("kish", "uruk"): 168, ("kish", "lagash"): 213, ("kish", "ur"): 228,
             ("uruk", "ur"): 61, ("lagash", "ur"): 58, ("lagash", "uruk"): 76}


def square_map(**changes):
    """A valid custom map: four cities in a ring."""
    data = {
        "name": "a ring",
        "cities": [{"id": c, "name": c.title(), "lat": 30 + n, "lon": 45 + n % 2}
                   for n, c in enumerate(["a", "b", "c", "d"])],
        "avenues": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
    }
    data.update(changes)
    return data


@rules("P-MAP-1", "P-SETUP-1")
def test_the_standard_map_is_our_labelled_reconstruction():
    cmap = CampaignMap.standard()
    assert [c.name for c in cmap.cities] == ["Kish", "Lagash", "Uruk", "Ur"]
    assert "reconstruction" in cmap.name.lower() and "reconstruction" in cmap.source.lower()
    edges = {frozenset(e) for e in cmap.graph.edges}
    assert edges == {frozenset(p) for p in [("kish", "uruk"), ("kish", "lagash"),
                                            ("uruk", "ur"), ("uruk", "lagash"),
                                            ("lagash", "ur")]}
    assert not cmap.joined(cmap.index_of("kish"), cmap.index_of("ur"))
    assert [lm.name for lm in cmap.landmarks] == ["Nippur", "Umma", "Eridu"]
    assert cmap.is_standard and CampaignMap.standard() is cmap


@rules("P-MAP-1")
def test_the_graph_carries_names_positions_and_distances():
    cmap = CampaignMap.standard()
    graph = cmap.graph
    assert isinstance(graph, nx.Graph) and nx.is_connected(graph)
    assert graph.nodes["kish"]["name"] == "Kish" and graph.nodes["ur"]["index"] == 3
    # Drawing positions: Kish lies north-west of Ur, so left of and above it (y grows down).
    kx, ky = graph.nodes["kish"]["pos"]
    ux, uy = graph.nodes["ur"]["pos"]
    assert kx < ux and ky < uy
    for (a, b), km in DISTANCES.items():
        measured = cmap.km(cmap.index_of(a), cmap.index_of(b))
        assert measured == pytest.approx(km, rel=0.15), (a, b)
        if graph.has_edge(a, b):
            assert graph.edges[a, b]["km"] == pytest.approx(measured, abs=0.1)


def test_any_valid_map_loads_and_plays():
    cmap = CampaignMap.from_dict(square_map())
    assert cmap.neighbours == ((1, 3), (0, 2), (1, 3), (0, 2))
    assert CampaignMap.from_dict(cmap.to_dict()) == cmap
    assert CampaignMap.from_json(cmap.to_json()) == cmap
    assert not cmap.is_standard and cmap != CampaignMap.standard()
    game = priest_kings.new_game(seed=3, campaign_map=cmap)
    assert game.state.name(0) == "A"
    assert all(str(m).split()[-1] in "abcd" for m in game.legal_moves() if "attack" in str(m))
    restored = priest_kings.Game.from_json(game.to_json())
    assert restored.state == game.state


@pytest.mark.parametrize(("change", "message"), [
    ({"cities": []}, "exactly 4 cities"),
    ({"cities": [{"id": "a", "lat": 1, "lon": 1}] * 4}, "duplicate place id 'a'"),
    ({"avenues": [["a", "b"], ["b", "z"]]}, "unknown city 'z'"),
    ({"avenues": [["a", "a"]]}, "joins 'a' to itself"),
    ({"avenues": [["a", "b"], ["b", "a"], ["c", "d"]]}, "joins 'b' and 'a' again"),
    ({"avenues": [["a", "b"], ["c", "d"]]}, "falls apart into a, b | c, d"),
    ({"avenues": [["a", "b", "c"]]}, "must be a pair of city ids"),
    ({"colour": "green"}, "unknown field"),
    ({"landmarks": "nippur"}, "landmarks must be a list"),
    ({"name": 5}, "map name must be a string"),
])
def test_bad_maps_are_refused_with_the_reason(change, message):
    with pytest.raises(InvalidInput, match=message):
        CampaignMap.from_dict(square_map(**change))


@pytest.mark.parametrize(("city", "message"), [
    ({"id": "a b", "lat": 1, "lon": 1}, "must be non-empty with no spaces"),
    ({"id": "a", "lat": 91, "lon": 1}, "lat must be a number of degrees"),
    ({"id": "a", "lat": 1, "lon": True}, "lon must be a number of degrees"),
    ({"id": "a", "lat": 1, "lon": float("nan")}, "lon must be a number of degrees"),
    ({"id": "a", "lat": 1}, "lon must be a number"),
    ({"id": "a", "lat": 1, "lon": 1, "pop": 3}, "unknown field"),
    ("a", "must be an object"),
])
def test_bad_cities_are_refused(city, message):
    data = square_map()
    data["cities"] = [city, *data["cities"][1:]]
    with pytest.raises(InvalidInput, match=message):
        CampaignMap.from_dict(data)


def test_bad_map_files_are_refused():
    with pytest.raises(InvalidInput, match="not valid JSON"):
        CampaignMap.from_json("{")
    with pytest.raises(InvalidInput, match="must be an object"):
        CampaignMap.from_dict([])
    with pytest.raises(InvalidInput, match="unknown city 'babylon'"):
        CampaignMap.standard().index_of("babylon")


def test_the_shipped_file_is_what_to_dict_writes():
    text = CampaignMap.standard().to_json()
    data = json.loads(text)
    assert data["cities"][0] == {"id": "kish", "name": "Kish", "lat": 32.55, "lon": 44.59}
    assert CampaignMap.from_dict(copy.deepcopy(data)) == CampaignMap.standard()
