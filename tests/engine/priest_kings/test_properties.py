"""Properties of random legal play (hypothesis): invariants, refusals, JSON and notation."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import priest_kings as pk
from engine.core import IllegalMove, InvalidInput
from engine.priest_kings import check_state, state_from_dict

rules = pytest.mark.rules


@st.composite
def campaigns(draw, max_moves=150):
    battles = draw(st.sampled_from(pk.BATTLE_MODES))
    state = pk.new_state(4, draw(st.integers(0, 2**31 - 1)), battles=battles)
    states = [state]
    for _ in range(draw(st.integers(0, max_moves))):
        if state.is_over:
            break
        moves = pk.legal_moves(state)
        state, _ = pk.apply(state, moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


@rules("P-VASSAL-5", "P-END-1", "P-TURN-2")
@given(campaigns())
def test_random_play_keeps_every_invariant(states):
    for state in states:
        check_state(state)
        for city, lord in enumerate(state.overlord):
            # Every city is independent or the vassal of exactly one independent overlord.
            assert lord < 0 or (lord != city and state.overlord[lord] < 0)
        assert state.is_over == (len(state.independent) == 1)
        assert bool(pk.legal_moves(state)) != state.is_over
        assert sum(state.scores()[c] for c in state.independent) == 4
    for before, after in zip(states, states[1:]):
        assert (after.turn, after.battles_fought) >= (before.turn, before.battles_fought)
        for old, new in zip(before.armies, after.armies):
            # Armies change only by reorganization: 3 elements fewer each time.
            assert new == old or new.elements == old.elements - 3
        for old_row, new_row in zip(before.made, after.made):
            assert all(n >= o for o, n in zip(old_row, new_row))


CITY_IDS = st.sampled_from(["kish", "lagash", "uruk", "ur"])
ALL_MOVES = st.one_of(
    st.builds(pk.Attack, CITY_IDS),
    st.just(pk.Sacrifice()),
    st.builds(pk.Reorganize, st.sampled_from(["centre", "right", "left"])),
    st.just(pk.DiceBattle()),
    st.builds(pk.RecordedBattle, st.sampled_from(["attacker", "defender", "none", "both"]),
              st.integers(0, 260), st.integers(0, 260)),
)


def is_legal(state, move) -> bool:
    if move in pk.legal_moves(state):
        return True
    # A recorded campaign takes any result the armies' worth allows, not only RECORD_CHOICES.
    if isinstance(move, pk.RecordedBattle) and state.phase == "battles" and (
            state.options.battles != "dice"):
        attacker, defender = state.battle
        return (move.attacker_points <= state.armies[defender].total_ap
                and move.defender_points <= state.armies[attacker].total_ap)
    return False


@rules("P-ATTACK-1", "P-ATTACK-3", "P-ATTACK-4", "P-ATTACK-5", "P-BATTLE-2", "P-BATTLE-4")
@given(campaigns(), ALL_MOVES)
def test_an_illegal_move_is_refused_with_a_reason_and_the_state_unchanged(states, move):
    state = states[-1]
    frozen = state.to_dict()
    if is_legal(state, move):
        after, events = pk.apply(state, move)
        assert after != state and events
        check_state(after)
    else:
        with pytest.raises(IllegalMove) as info:
            pk.apply(state, move)
        assert info.value.reason and not info.value.reason.endswith(".")
    assert state.to_dict() == frozen


@given(campaigns())
def test_json_round_trips_every_state_and_view(states):
    for state in states[:: max(1, len(states) // 6)] + states[-1:]:
        text = json.dumps(state.to_dict())
        assert state_from_dict(json.loads(text)) == state
        view = state.view(0)
        assert state_from_dict(json.loads(json.dumps(view.to_dict()))) == view


@given(campaigns(max_moves=60))
def test_move_notation_round_trips(states):
    state = states[-1]
    for move in pk.legal_moves(state):
        assert pk.parse_move(str(move)) == move
        assert pk.move_from_dict(move.to_dict()) == move
        assert eval(repr(move), vars(pk)) == move


@given(campaigns(max_moves=80))
def test_every_event_tells_itself_in_both_languages(states):
    state = states[-1]
    for move in pk.legal_moves(state)[:3]:
        for event in pk.apply(state, move)[1]:
            assert event.describe("en") and event.describe("nl")
            assert json.dumps(event.to_dict())


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move"),
    ("march uruk", "unknown move"),
    ("attack", "'attack' takes 1 argument"),
    ("sacrifice twice", "'sacrifice' takes 0 argument"),
    ("record defender 10", "'record' takes 3 argument"),
    ("record defender ten 5", "points must be whole numbers"),
    ("record defender 1² 5", "points must be whole numbers"),
    ("record defender -1 5", "points must be whole numbers"),
    ("record victory 1 5", "broken must be one of"),
])
def test_malformed_notation_is_invalid_input(text, message):
    with pytest.raises(InvalidInput, match=message):
        pk.parse_move(text)


def test_notation_reads_any_case():
    assert pk.parse_move("  ATTACK uruk ") == pk.Attack("uruk")
    assert pk.parse_move("Record Defender 120 45") == pk.RecordedBattle("defender", 120, 45)


@pytest.mark.parametrize("data", [
    None, [], {"kind": "march"}, {"kind": "attack"}, {"kind": "attack", "target": 5},
    {"kind": "attack", "target": "ur", "extra": 1}, {"kind": "sacrifice", "target": "ur"},
    {"kind": "record", "broken": "defender", "attacker_points": 1},
    {"kind": "record", "broken": "defender", "attacker_points": 1.5, "defender_points": 0},
    {"kind": "record", "broken": "defender", "attacker_points": True, "defender_points": 0},
    {"kind": "record", "broken": "nobody", "attacker_points": 1, "defender_points": 0},
    {"kind": "record", "broken": "none", "attacker_points": -3, "defender_points": 0},
])
def test_malformed_move_dicts_are_invalid_input(data):
    with pytest.raises(InvalidInput):
        pk.move_from_dict(data)


def test_unknown_ids_and_foreign_moves_are_invalid_input_and_change_nothing():
    state = pk.position(order=("kish", "lagash", "uruk", "ur"))
    frozen = state.to_dict()
    with pytest.raises(InvalidInput, match="unknown city 'babylon'"):
        pk.apply(state, pk.Attack("babylon"))
    with pytest.raises(InvalidInput, match="unknown corps 'rear'"):
        pk.apply(state, pk.Reorganize("rear"))
    with pytest.raises(InvalidInput, match="not a Priest-Kings move"):
        pk.apply(state, "attack uruk")
    from engine import sumeria

    with pytest.raises(InvalidInput, match="not a Priest-Kings move"):
        pk.apply(state, sumeria.Add("kish.city"))
    with pytest.raises(IllegalMove, match="fighting a battle is not possible now: it is Kish's"):
        pk.apply(state, pk.DiceBattle())
    assert state.to_dict() == frozen
