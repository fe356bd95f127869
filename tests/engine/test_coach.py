"""The coach over every ruleset: chances for every legal move that make sense together, the
reasons in both languages, the best candidates, what a player's coach may see, and the
project's own refusals."""

from __future__ import annotations

import random

import pytest

from engine import bots, coach
from engine.coach import calibration, inputs
from engine.core import IllegalMove, InvalidInput, rules_of
from tests.fuzzing import RULESETS, sample_games


def live_states(ruleset: str, count: int = 4):
    """Positions of the sample games where the player to move decides."""
    rules = rules_of(ruleset)
    reader = inputs.coach_of(rules)
    found = []
    for game in sample_games(ruleset):
        for state in game.history[::5]:
            if not state.is_over and not reader.is_chance(state) and len(
                    rules.legal_moves(state)) > 1:
                found.append(state)
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_legal_move_gets_a_chance(ruleset):
    rules = rules_of(ruleset)
    for state in live_states(ruleset):
        values = coach.move_values(state)
        assert list(values) == [str(m) for m in rules.legal_moves(state)]
        assert all(0.0 <= v <= 1.0 for v in values.values())
        mover = state.to_move
        assert coach.win_chance(state, mover) == pytest.approx(max(values.values()))
        whole = coach.analyse(state, sees="all")
        if ruleset in calibration.SEVERAL_WINNERS:
            assert all(0.0 <= c <= 1.0 for c in whole.players)
            assert sum(whole.players) >= max(whole.players)
        else:
            assert sum(whole.players) == pytest.approx(1.0)
            for after in whole.after.values():
                assert sum(after) == pytest.approx(1.0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_coachs_best_move_is_the_one_its_measure_ranks_first(ruleset):
    """The chance grows with the expert's own measure: the coach ranks the moves as the
    expert's evaluation does."""
    rules = rules_of(ruleset)
    reader = inputs.coach_of(rules)
    if not hasattr(reader, "read"):
        pytest.skip("the Royal Game of Ur is valued by table and search, not a measure")
    for state in live_states(ruleset):
        read = inputs.seen(state, state.to_move, "player")
        reading = reader.read(read, inputs.rng_for(read, "read"))
        values = coach.analyse(state).moves
        by_measure = max(reading.moves, key=reading.moves.__getitem__)
        assert values[by_measure] == max(values.values())


def test_the_priest_kings_coach_calls_best_what_the_expert_plays():
    for state in live_states("priest_kings", 8):
        values = coach.move_values(state)
        chosen = bots.ExpertBot(1).choose(state.view(state.to_move))
        assert values[str(chosen)] == max(values.values())


def test_the_curves_grow_with_the_measure_at_every_stage():
    for ruleset, fits in calibration._fitted().items():
        for players in fits:
            curve = calibration.curve(ruleset, int(players))
            for t in (0.0, 0.5, 1.0):
                assert curve.chance(1.0, t) > curve.chance(0.0, t) > curve.chance(-1.0, t)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_move_has_reasons_in_both_languages(ruleset, lang):
    rules = rules_of(ruleset)
    for state in live_states(ruleset, 2):
        for move in rules.legal_moves(state)[:12]:
            told = coach.explain(state, move, lang)
            assert 1 <= len(told) <= 3
            assert all(isinstance(t, str) and t and "{" not in t for t in told)
            assert told == coach.explain(state, str(move), lang)


def test_the_words_have_every_sentence_in_both_languages():
    from engine.coach import words

    data = words._all()
    assert set(data["en"]) == set(data["nl"])
    for part in data["en"]:
        assert set(data["en"][part]) == set(data["nl"][part]), part


@pytest.mark.parametrize("ruleset", RULESETS)
def test_candidates_are_the_best_moves_with_a_reason_each(ruleset):
    state = live_states(ruleset, 1)[0]
    values = coach.move_values(state)
    found = coach.candidates(state, 3, "nl")
    assert [c.chance for c in found] == sorted(values.values(), reverse=True)[:len(found)]
    assert all(len(c.reasons) == 1 and values[c.move] == c.chance for c in found)
    assert found[0].to_dict()["move"] == found[0].move


@pytest.mark.parametrize("ruleset", ["sumeria", "tigris", "mesopotamia"])
def test_a_players_coach_sees_only_what_that_player_may_see(ruleset):
    """Two whole states that the player to move cannot tell apart (other hands, hidden
    values, the bag's order) get the same chances and reasons from that player's coach."""
    for state in live_states(ruleset, 2):
        view = state.view(state.to_move)
        one = view.determinize(random.Random(1))
        other = view.determinize(random.Random(2))
        assert coach.move_values(one) == coach.move_values(other) == coach.move_values(state)
        move = rules_of(ruleset).legal_moves(state)[0]
        assert coach.explain(one, move) == coach.explain(other, move)


def test_the_coach_refuses_what_is_not_a_live_state_or_a_legal_move():
    for junk in (None, "sumeria", 3, {"ruleset": "sumeria"}, object()):
        with pytest.raises(InvalidInput):
            coach.move_values(junk)
        with pytest.raises(InvalidInput):
            coach.win_chance(junk, 0)
    over = sample_games("royal_ur")[-1].state
    assert over.is_over
    with pytest.raises(InvalidInput, match="over"):
        coach.move_values(over)
    assert coach.win_chance(over, next(iter(over.winners()))) == 1.0
    state = live_states("royal_ur", 1)[0]
    for player in (-1, 2, True, "0", None):
        with pytest.raises(InvalidInput):
            coach.win_chance(state, player)
    with pytest.raises(InvalidInput):
        coach.explain(state, "fly away")
    with pytest.raises(InvalidInput):
        coach.explain(state, rules_of("royal_ur").legal_moves(state)[0], "de")
    sumeria_state = live_states("sumeria", 1)[0]
    with pytest.raises(InvalidInput):
        coach.explain(sumeria_state, "throw")  # a move of another game
    with pytest.raises(IllegalMove):
        coach.explain(sumeria_state, "remove kish.city")
    with pytest.raises(InvalidInput):
        coach.move_values(state, player_view="yes")
    with pytest.raises(InvalidInput):
        coach.candidates(state, 0)
