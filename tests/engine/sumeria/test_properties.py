"""Properties of random legal play (hypothesis): invariants, refusals, JSON round-trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import sumeria
from engine.core import IllegalMove, InvalidInput
from engine.sumeria import TRADERS, check_state, state_from_dict

rules = pytest.mark.rules


@st.composite
def games(draw, max_moves=120):
    players = draw(st.sampled_from([3, 4]))
    tiebreak = draw(st.sampled_from(["towns", "villages"]))
    state = sumeria.new_state(players, draw(st.integers(0, 2**31 - 1)), tiebreak=tiebreak)
    states = [state]
    for _ in range(draw(st.integers(0, max_moves))):
        if state.is_over:
            break
        moves = sumeria.legal_moves(state)
        state, _ = sumeria.apply(state, moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


@rules("S-SETUP-7", "S-COMP-2", "S-SETUP-1")
@given(games())
def test_random_play_keeps_every_invariant(states):
    for state in states:
        check_state(state)
        n = state.players
        for p in range(n):
            assert state.traders.count(p) + state.reserve[p] == TRADERS[n]
        tiles = state.bag + "".join(state.offer) + state.discard
        for t, letter in enumerate("EMPR"):
            assert tiles.count(letter) + sum(c[t] for c in state.influence) == 9
        assert sorted(state.row) == sorted(cs.id for cs in state.board.city_states)
        if not state.is_over:
            assert sumeria.legal_moves(state), "a live state always has a legal move"
    for before, after in zip(states, states[1:]):
        assert sum(map(sum, after.influence)) >= sum(map(sum, before.influence))
        assert after.round >= before.round


ALL_MOVES = st.one_of(
    st.builds(sumeria.Place, st.sampled_from(["kish.city", "ur.town1", "uruk.village3"])),
    st.builds(sumeria.Add, st.sampled_from(["kish.city", "ur.town1", "larsa.village2"])),
    st.builds(sumeria.Remove, st.sampled_from(["kish.city", "ur.town1", "umma.town2"])),
    st.builds(sumeria.MoveTrader, st.sampled_from(["kish.city", "ur.town1", "lagash.town3"]),
              st.sampled_from(["kish.town1", "ur.city", "nippur.village2"])),
    st.builds(sumeria.TakeTiles, st.sampled_from(["E", "EM", "PR", "MM", "R"])),
)


@given(games(), ALL_MOVES)
def test_an_illegal_move_is_refused_with_a_reason_and_the_state_unchanged(states, move):
    state = states[-1]
    frozen = state.to_dict()
    if move in sumeria.legal_moves(state):
        after, events = sumeria.apply(state, move)
        assert after != state and events
    else:
        with pytest.raises(IllegalMove) as info:
            sumeria.apply(state, move)
        assert (info.value.reason and info.value.reason[0].islower()) or info.value.reason[0]
    assert state.to_dict() == frozen


@given(games())
def test_json_round_trips_every_state(states):
    for state in states[:: max(1, len(states) // 6)] + states[-1:]:
        text = json.dumps(state.to_dict())
        assert state_from_dict(json.loads(text)) == state


@given(games(max_moves=60))
def test_move_notation_round_trips(states):
    state = states[-1]
    for move in sumeria.legal_moves(state)[:40]:
        assert sumeria.parse_move(str(move)) == move
        assert sumeria.move_from_dict(move.to_dict()) == move
        assert eval(repr(move), vars(sumeria)) == move


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move"),
    ("jump kish.city", "unknown move"),
    ("move kish.city", "'move' takes 2 argument"),
    ("take XY", "tiles must be letters from EMPR"),
])
def test_malformed_notation_is_invalid_input(text, message):
    with pytest.raises(InvalidInput, match=message):
        sumeria.parse_move(text)


@pytest.mark.parametrize("data", [
    None, [], {"kind": "teleport"}, {"kind": "add"}, {"kind": "add", "location": 5},
    {"kind": "add", "location": "kish.city", "extra": 1}, {"kind": "take", "tiles": "Q"},
])
def test_malformed_move_dicts_are_invalid_input(data):
    with pytest.raises(InvalidInput):
        sumeria.move_from_dict(data)


def test_unknown_location_in_a_move_is_invalid_input_and_changes_nothing():
    state = sumeria.position(3)
    with pytest.raises(InvalidInput, match="unknown location 'babylon.city'"):
        sumeria.apply(state, sumeria.Add("babylon.city"))
    with pytest.raises(InvalidInput, match="not a Sumeria move"):
        sumeria.apply(state, "add kish.city")
