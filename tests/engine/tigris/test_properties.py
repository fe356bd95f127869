"""Properties of random legal play (hypothesis): invariants, refusals, round-trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import tigris
from engine.core import IllegalMove, InvalidInput
from engine.tigris import check_state, state_from_dict
from engine.tigris.board import NEIGHBOURS, SIZE, cell_name
from engine.tigris.state import CATASTROPHE, FLIPPED, LEADER, RED, TILE

rules = pytest.mark.rules

OPTIONS = st.fixed_dictionaries({
    "board": st.sampled_from(["standard", "advanced"]),
    "war_support": st.sampled_from(["standard", "english"]),
    "buildings": st.booleans(),
    "wonder": st.booleans(),
    "open_scoring": st.booleans(),
})


@st.composite
def games(draw, max_moves=160):
    players = draw(st.sampled_from([2, 3, 4]))
    state = tigris.new_state(players, draw(st.integers(0, 2**31 - 1)), **draw(OPTIONS))
    states = [state]
    for _ in range(draw(st.integers(0, max_moves))):
        if state.is_over:
            break
        moves = tigris.legal_moves(state)
        state, _ = tigris.apply(state, moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


def counts(state):
    """Tiles per colour everywhere, treasures, leaders and catastrophes."""
    tiles = [0, 0, 0, 0]
    leaders = []
    placed = 0
    for code in state.cells:
        if TILE <= code < CATASTROPHE:
            tiles[code - TILE] += 1
        elif FLIPPED <= code < LEADER:
            tiles[code - FLIPPED] += 1
        elif code >= LEADER:
            leaders.append(code)
        elif code == CATASTROPHE:
            placed += 1
    for colour, letter in enumerate("krbg"):
        tiles[colour] += state.discard[colour] + state.bag.count(letter) + sum(
            h.count(letter) for h in (*state.hands, *state.swapped))
    return tiles, len(state.treasures) + sum(state.treasures_taken), leaders, placed + sum(
        state.catastrophes)


@rules("T-COMP-1", "T-COMP-2", "T-CAT-1", "T-LEADER-3", "T-LEADER-7", "T-TREAS-1")
@given(games())
def test_random_play_keeps_every_invariant(states):
    first = states[0]
    for state in states:
        check_state(state)
        tiles, treasures, leaders, catastrophes = counts(state)
        assert tiles == [30, 57, 36, 30], "the 153 tiles are all accounted for"
        assert treasures == len(first.board.temples), "the 10 or 14 treasures too"
        assert len(leaders) == len(set(leaders)) <= 4 * state.players
        assert catastrophes == 2 * state.players
        for cell, code in enumerate(state.cells):
            if code >= LEADER:
                assert any(state.cells[m] == TILE + RED for m in NEIGHBOURS[cell]), (
                    f"leader on {cell_name(cell)} without a temple")
        if not state.is_over:
            assert tigris.legal_moves(state), "a live game always has a legal move"
        else:
            assert tigris.legal_moves(state) == [] and state.winners()
    for before, after in zip(states, states[1:]):
        assert all(a >= b for x, y in zip(after.influence, before.influence)
                   for a, b in zip(x, y)), "points are never lost"
        assert len(after.bag) <= len(before.bag)


MOVES = st.one_of(
    st.builds(tigris.PlaceTile, st.sampled_from("krbg"), st.integers(0, SIZE - 1).map(cell_name)),
    st.builds(tigris.PositionLeader, st.sampled_from("krbg"),
              st.integers(0, SIZE - 1).map(cell_name)),
    st.builds(tigris.Withdraw, st.sampled_from("krbg")),
    st.builds(tigris.Catastrophe, st.integers(0, SIZE - 1).map(cell_name)),
    st.builds(tigris.Discard, st.sampled_from(["k", "rr", "kbgg", "rrrrrr", "g"])),
    st.just(tigris.Pass()),
    st.builds(tigris.Support, st.integers(0, 7)),
    st.builds(tigris.ChooseWar, st.sampled_from("krbg")),
    st.builds(tigris.KeepTreasure, st.integers(0, SIZE - 1).map(cell_name)),
    st.builds(tigris.PlaceBuilding, st.integers(0, SIZE - 1).map(cell_name)),
    st.builds(tigris.BuildMonument, st.sampled_from(tigris.MONUMENTS),
              st.integers(0, SIZE - 1).map(cell_name)),
    st.builds(tigris.BuildWonder, st.integers(0, SIZE - 1).map(cell_name)),
    st.just(tigris.Decline()),
    st.builds(tigris.TakeCube, st.sampled_from("krbg")),
)


@given(games(max_moves=120), MOVES)
def test_an_illegal_move_is_refused_with_a_reason_and_the_state_unchanged(states, move):
    state = states[-1]
    frozen = state.to_dict()
    if move in tigris.legal_moves(state):
        after, events = tigris.apply(state, move)
        assert events
        check_state(after)
    else:
        with pytest.raises(IllegalMove) as info:
            tigris.apply(state, move)
        assert info.value.reason and not info.value.reason.endswith(".")
    assert state.to_dict() == frozen


@given(games())
def test_json_round_trips_every_state_and_its_views(states):
    for state in states[:: max(1, len(states) // 5)] + states[-1:]:
        text = json.dumps(state.to_dict())
        assert state_from_dict(json.loads(text)) == state
        if state.to_move is not None:
            view = state.view(state.to_move)
            assert state_from_dict(json.loads(json.dumps(view.to_dict()))) == view


@given(games(max_moves=100))
def test_move_notation_round_trips(states):
    state = states[-1]
    for move in tigris.legal_moves(state)[::7]:
        assert tigris.parse_move(str(move)) == move
        assert tigris.move_from_dict(move.to_dict()) == move


@pytest.mark.parametrize("data", [
    None, [], {"kind": "teleport"}, {"kind": "tile"}, {"kind": "tile", "colour": "r", "cell": 5},
    {"kind": "tile", "colour": "r", "cell": "a1", "extra": 1}, {"kind": "support", "count": "2"},
    {"kind": "support", "count": True}, {"kind": "discard", "tiles": ""},
])
def test_malformed_move_dicts_are_invalid_input(data):
    with pytest.raises(InvalidInput):
        tigris.move_from_dict(data)
