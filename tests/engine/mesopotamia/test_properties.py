"""Properties of random legal play (hypothesis): invariants, refusals, round-trips, save files."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import mesopotamia
from engine.core import IllegalMove, InvalidInput
from engine.mesopotamia import check_state, state_from_dict
from engine.mesopotamia.state import LUMBER, OLD, STONES

rules = pytest.mark.rules


@st.composite
def games(draw, max_moves=160):
    players = draw(st.sampled_from([2, 3, 4]))
    options = {"cards_at_start": draw(st.booleans()), "no_reshuffle": draw(st.booleans())}
    state = mesopotamia.new_state(players, draw(st.integers(0, 2**31 - 1)), **options)
    states = [state]
    for _ in range(draw(st.integers(0, max_moves))):
        if state.is_over:
            break
        moves = mesopotamia.legal_moves(state)
        state, _ = mesopotamia.apply(state, moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


def invariants(state):
    check_state(state)
    n = state.players
    for p in range(n):
        assert state.natives_of(p) <= 8
        carried = [x[3] % 10 for x in state.natives if x[2] == p and x[3] >= OLD]
        under = [h[3] for h in state.huts if h[2] == p and h[3]]
        assert sorted([*state.markers[p], *state.delivered[p], *carried, *under]) == [2, 4, 6, 7]
        assert 0 <= state.mana[p] <= state.max_mana[p] <= 8
    assert 0 <= state.lumber_supply() <= LUMBER and 0 <= state.stone_supply() <= STONES
    assert len(state.tiles) + len(state.pile) + len(state.candidates) + (
        state.phase == "volcano") + mesopotamia.rules.removed_plains(n, state.options) == 41
    cards = [*state.deck, *state.discard, *state.out, *(c for h in state.hands for c in h)]
    assert len(cards) + bool(state.fresh) == (14 if n == 2 else 18)
    if not state.is_over:
        assert mesopotamia.legal_moves(state), "a live state always has a legal move"


@rules("M-COMP-2", "M-COMP-3", "M-COMP-5", "M-MOVE-4")
@given(games())
def test_random_play_keeps_every_invariant(states):
    for state in states:
        invariants(state)
    for before, after in zip(states, states[1:]):
        assert after.turn >= before.turn
        assert all(len(a) >= len(b) for a, b in zip(after.delivered, before.delivered))


ALL_MOVES = st.one_of(
    st.builds(mesopotamia.Go, st.sampled_from(["-1,0", "1,-1", "0,0"]),
              st.sampled_from([".", "L", "M4"]), st.sampled_from(["1,-1", "0,-1", "5,5", "0,0"])),
    st.builds(mesopotamia.Discover, st.sampled_from(["-1,0", "-1,1"]), st.just("."),
              st.sampled_from(["-2,0", "0,0", "-1,-1"])),
    st.builds(mesopotamia.PickUp, st.sampled_from(["1,-1", "1,0"]), st.sampled_from([".", "L"]),
              st.sampled_from(["L", "S"])),
    st.builds(mesopotamia.Drop, st.sampled_from(["1,-1", "0,0"]), st.sampled_from(["L", "S"])),
    st.builds(mesopotamia.Steal, st.sampled_from(["-1,0", "-1,1"]), st.integers(0, 3),
              st.sampled_from(["L", "S"])),
    st.builds(mesopotamia.TakeMarker, st.sampled_from(["-1,0"]), st.sampled_from([2, 7])),
    st.builds(mesopotamia.Offer, st.sampled_from([2, 4, 6, 7])),
    st.builds(mesopotamia.BuildHut, st.sampled_from(["-1,0", "-1,1", "1,0"]),
              st.sampled_from([0, 2, 7])),
    st.builds(mesopotamia.BuildHoly, st.sampled_from(["-1,0", "-1,1"])),
    st.builds(mesopotamia.Birth, st.sampled_from(["-1,0", "-1,1"])),
    st.builds(mesopotamia.PlaceVolcano, st.sampled_from(["-2,0", "0,0", "3,3"])),
    st.builds(mesopotamia.ChooseTile, st.sampled_from(["plain", "forest"])),
    st.builds(mesopotamia.Spread, st.sampled_from([("1,-1",), ("1,0",)])),
    st.sampled_from([mesopotamia.EndMovement(), mesopotamia.DrawCard(),
                     mesopotamia.EndActions(), mesopotamia.PlayCard("stamina"),
                     mesopotamia.PlayCard("priest", "-1,0"),
                     mesopotamia.PlayCard("mana_theft", None, "1"),
                     mesopotamia.PlayCard("teleport", "1,-1", "L", "-1,0")]),
)


@given(games(), ALL_MOVES)
def test_an_illegal_move_is_refused_with_a_reason_and_the_state_unchanged(states, move):
    state = states[-1]
    frozen = state.to_dict()
    if state.is_over:
        with pytest.raises(IllegalMove, match="game is over"):
            mesopotamia.apply(state, move)
    elif move in mesopotamia.legal_moves(state):
        after, events = mesopotamia.apply(state, move)
        assert events
    else:
        with pytest.raises(IllegalMove) as info:
            mesopotamia.apply(state, move)
        assert info.value.reason and len(info.value.reason) > 15
    assert state.to_dict() == frozen


@given(games())
def test_json_round_trips_every_state(states):
    for state in states[:: max(1, len(states) // 5)] + states[-1:]:
        text = json.dumps(state.to_dict())
        assert state_from_dict(json.loads(text)) == state
        view = state.view(state.to_move)
        assert state_from_dict(json.loads(json.dumps(view.to_dict()))) == view


@given(games(max_moves=80))
def test_move_notation_round_trips(states):
    state = states[-1]
    for move in mesopotamia.legal_moves(state)[:60]:
        assert mesopotamia.parse_move(str(move)) == move
        assert mesopotamia.move_from_dict(move.to_dict()) == move
        assert eval(repr(move), vars(mesopotamia)) == move


@rules("M-HIDDEN-1")
@given(games(max_moves=120), st.integers(0, 1000))
def test_views_hide_and_determinizations_agree(states, seed):
    """A view's legal moves are the real ones, and a determinization keeps what is known."""
    state = states[-1]
    if state.is_over:
        return
    me = state.to_move
    view = state.view(me)
    det = mesopotamia.determinize(view, random.Random(seed))
    check_state(det)
    assert mesopotamia.legal_moves(view) == mesopotamia.legal_moves(state)
    assert mesopotamia.legal_moves(det) == mesopotamia.legal_moves(state)
    assert det.hands[me] == state.hands[me] and det.markers[me] == state.markers[me]
    assert sorted(det.pile) == sorted(state.pile)
    for p in range(state.players):
        if p != me:
            assert all(v == 1 for v in view.markers[p])
            assert all(c == "?" for c in view.hands[p])


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move"),
    ("jump -1,0", "unknown move"),
    ("go -1,0 .", "'go' takes 3 argument"),
    ("go -1,0 X 0,0", None),
    ("go a,b . 0,0", "must be written 'q,r'"),
    ("play joker", "'play' needs a card"),
    ("play priest", "takes 1 argument"),
    ("spread", "at least one field"),
    ("steal -1,0 x L", "whole number"),
])
def test_malformed_notation_is_invalid_input(text, message):
    with pytest.raises(InvalidInput, match=message):
        move = mesopotamia.parse_move(text)
        mesopotamia.apply(mesopotamia.new_state(4, 0), move)


@pytest.mark.parametrize("data", [
    None, [], {"kind": "teleport"}, {"kind": "go"}, {"kind": "offer", "value": "4"},
    {"kind": "end", "extra": 1}, {"kind": "spread", "fields": [1, 2]},
    {"kind": "play", "card": "stamina", "field": 3, "target": None, "to": None},
])
def test_malformed_move_dicts_are_invalid_input(data):
    with pytest.raises(InvalidInput):
        mesopotamia.move_from_dict(data)


def test_unknown_things_in_a_move_are_invalid_input_and_change_nothing():
    state = mesopotamia.new_state(4, 1)
    with pytest.raises(InvalidInput, match="not a Mesopotamia move"):
        mesopotamia.apply(state, "end")
    with pytest.raises(InvalidInput, match="unknown card"):
        mesopotamia.apply(state, mesopotamia.PlayCard("joker"))
    with pytest.raises(InvalidInput, match="unknown native"):
        mesopotamia.apply(state, mesopotamia.Go("-1,0", "Q", "0,0"))
    with pytest.raises(InvalidInput, match="unknown target"):
        mesopotamia.apply(state, mesopotamia.PlayCard("teleport", "-1,0", "x9", "1,0"))


# ----------------------------------------------------------------------------- save files


def played_game():
    game = mesopotamia.new_game(3, seed=12, cards_at_start=True)
    rng = random.Random(3)
    for _ in range(120):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


def test_a_save_file_replays_to_the_same_game():
    game = played_game()
    again = mesopotamia.Game.from_json(game.to_json())
    assert again.state == game.state and again.history == game.history
    assert repr(again).startswith("<engine.mesopotamia.Game: 120 moves, round")


@pytest.mark.parametrize("corrupt", [
    lambda d: d["start"].update(players=5),
    lambda d: d["start"].update(mana=[9, 0, 0]),
    lambda d: d["start"]["natives"].append(["0,-1", 0, 0, False]),
    lambda d: d["start"]["natives"].extend([["-1,0", 0, 0, False]] * 6),
    lambda d: d["start"]["goods"].append(["1,-1", 30, 0]),
    lambda d: d["start"].update(pile=d["start"]["pile"][1:]),
    lambda d: d["start"].update(deck=d["start"]["deck"][1:]),
    lambda d: d["start"]["markers"][0].append(2),
    lambda d: d["start"].update(to_move=2),
    lambda d: d["start"]["tiles"].append(["9,9", "P"]),
    lambda d: d["start"]["huts"].append(["1,-1", 0, 0]),
    lambda d: d["start"].update(phase="dance"),
    lambda d: d["start"].update(tiles="all"),
    lambda d: d["start"].update(extra=1),
    lambda d: d["moves"].__setitem__(3, {"kind": "go", "origin": "9,9", "native": ".",
                                         "destination": "0,0"}),
    lambda d: d["moves"].__setitem__(0, {"kind": "offer", "value": 7}),
])
def test_corrupted_save_files_never_load(corrupt):
    data = json.loads(played_game().to_json())
    corrupt(data)
    with pytest.raises(InvalidInput):
        mesopotamia.Game.from_json(json.dumps(data))
