"""A review of a whole game and the luck in it: small seeded games, graded against the
coach's best move, each player's accuracy and key moments, the luck that adds up to the
result, and a review stored as plain data and read back, checked."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import bots, coach, priest_kings, royal_ur, tigris
from engine.coach.review import MOMENT, THRESHOLDS, Review, grade, move_accuracy
from engine.core import InvalidInput, SumerError
from tests.fuzzing import fuzz, garbage, mutated


def played(game, seats, plies=None):
    count = 0
    while not game.is_over and (plies is None or count < plies):
        player = game.to_move
        game.play(seats[player].choose(game.state.view(player)))
        count += 1
    return game


@pytest.fixture(scope="module")
def ur_game():
    """A 3-piece game, exact throughout: the expert (light) against random play (dark)."""
    return played(royal_ur.new_game(seed=21, pieces=3),
                  [bots.ExpertBot(1), bots.RandomBot(2)])


@pytest.fixture(scope="module")
def ur_review(ur_game):
    return coach.review(ur_game)


def test_the_grades_and_their_thresholds():
    assert [grade(x) for x in (0.0, 0.005, 0.006, 0.03, 0.05, 0.07, 0.1, 0.15, 0.16, 1.0)] == [
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake",
        "blunder", "blunder"]
    assert list(THRESHOLDS) == list(coach.GRADES[:-1])
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    assert move_accuracy(0.1) == pytest.approx(63.6, abs=0.1)
    assert move_accuracy(0.2) == pytest.approx(40.0, abs=0.1)
    assert move_accuracy(1.0) == 0.0


def test_every_choice_is_graded_against_the_tables_best_move(ur_game, ur_review):
    review = ur_review
    assert review.exact and review.ruleset == "royal_ur" and review.sees == "all"
    assert len(review.chances) == len(ur_game.history)
    assert review.chances[-1] == review.result == tuple(
        float(p in ur_game.state.winners()) for p in (0, 1))
    choices = [ply for ply, state in enumerate(ur_game.history[:-1])
               if state.throw is not None and len(royal_ur.legal_moves(state)) > 1]
    assert [d.ply for d in review.decisions] == choices
    table = royal_ur.solver.table_for(royal_ur.Options(pieces=3))
    for d in review.decisions:
        state = ur_game.history[d.ply]
        values = table.move_values(state)
        assert d.move == str(ur_game.moves[d.ply]) and d.player == state.to_move
        assert d.before == max(values.values()) and d.after == values[royal_ur.parse_move(
            d.move)]
        assert d.lost == pytest.approx(d.before - d.after) and d.grade == grade(d.lost)
    expert = [d for d in review.decisions if d.player == 0]
    assert all(d.grade == "best" for d in expert) and review.accuracy[0] == pytest.approx(100,
                                                                                          abs=1e-3)
    assert review.accuracy[1] < review.accuracy[0]
    assert review.grades(0)["best"] == len(expert)
    assert review.moments[0] == ()
    moments = review.key_moments(1)
    assert 0 < len(moments) <= 3 and all(m.player == 1 and m.lost >= MOMENT for m in moments)
    assert [m.lost for m in moments] == sorted((m.lost for m in moments), reverse=True)


def test_the_luck_adds_up_to_the_result_and_is_exact_with_a_table(ur_game):
    split = coach.luck(ur_game)
    for figures in split.values():
        total = (figures["start"] + figures["luck"] + figures["skill"] + figures["others"]
                 + figures["unexplained"])
        assert total == pytest.approx(figures["result"], abs=1e-9)
        assert figures["unexplained"] == pytest.approx(0.0, abs=1e-9)
        assert figures["skill"] <= 1e-12
    assert split[0]["skill"] == pytest.approx(0.0, abs=1e-12)  # the expert plays perfectly
    assert split[0]["luck"] == pytest.approx(-split[1]["luck"])
    assert split[0]["others"] == pytest.approx(-split[1]["skill"])


@pytest.mark.parametrize("ruleset, seats, plies", [
    ("priest_kings", 4, None), ("tigris", 2, 24), ("royal_ur", 2, 60)])
def test_review_and_luck_of_other_games(ruleset, seats, plies):
    from engine.core import rules_of

    rules = rules_of(ruleset)
    game = played(rules.Game(rules.new_state(seats, 5)),
                  [bots.ExpertBot(p) if p % 2 else bots.RandomBot(p) for p in range(seats)],
                  plies)
    review = coach.review(game, sees="player")
    assert review.sees == "player" and len(review.chances) == len(game.history)
    assert all(0.0 <= c <= 1.0 for row in review.chances for c in row)
    for d in review.decisions:
        assert 0.0 <= d.after <= d.before <= 1.0 and d.grade == grade(d.lost)
    for figures in coach.luck(game).values():
        total = sum(figures[k] for k in ("start", "luck", "skill", "others", "unexplained"))
        assert total == pytest.approx(figures["result"], abs=1e-9)
    assert Review.from_dict(json.loads(json.dumps(review.to_dict()))) == review


def test_a_review_is_stored_as_plain_data_and_read_back(ur_review):
    data = ur_review.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Review.from_dict(json.loads(json.dumps(data))) == ur_review
    assert Review.from_dict(data).key_moments(1) == ur_review.key_moments(1)


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="sumer.game"),
    lambda d: d.update(version=2),
    lambda d: d.update(players=5),
    lambda d: d.update(ruleset="chess"),
    lambda d: d.update(sees="nobody"),
    lambda d: d["decisions"][0].update(grade="best", lost=0.5),
    lambda d: d["decisions"][0].update(lost=-0.1),
    lambda d: d["decisions"][0].update(before=math.inf),
    lambda d: d["decisions"][0].update(player=7),
    lambda d: d["decisions"].reverse(),
    lambda d: d["chances"].append([0.5]),
    lambda d: d["accuracy"].append(50.0),
    lambda d: d.update(accuracy=[101.0, 0.0]),
    lambda d: d["moments"][1].append(0),
    lambda d: d.update(extra=1),
    lambda d: d.update(result=[1.5, 0.0]),
])
def test_a_malformed_review_is_refused(ur_review, change):
    data = json.loads(json.dumps(ur_review.to_dict()))
    change(data)
    with pytest.raises(InvalidInput):
        Review.from_dict(data)


@fuzz(0.5)
@given(st.data())
def test_a_review_read_from_anything_is_a_review_or_refused(ur_review, data):
    original = json.loads(json.dumps(ur_review.to_dict()))
    value = data.draw(st.one_of(garbage, mutated(original)))
    try:
        loaded = Review.from_dict(value)
    except SumerError as refused:
        assert refused.reason
    else:
        assert isinstance(loaded, Review)


def test_review_and_luck_refuse_what_is_not_a_game():
    for junk in (None, 3, "not json", royal_ur.new_state(), {"moves": []}):
        with pytest.raises(InvalidInput):
            coach.review(junk)
        with pytest.raises(InvalidInput):
            coach.luck(junk)
    game = priest_kings.new_game(seed=1)
    with pytest.raises(InvalidInput):
        coach.review(game, sees="everyone")
    assert coach.review(game.to_json()).decisions == ()


def test_an_unfinished_game_is_reviewed_to_its_last_move():
    game = played(tigris.new_game(seed=3), [bots.RandomBot(0), bots.RandomBot(1)], 6)
    review = coach.review(game)
    assert review.result == (0.0, 0.0) and len(review.chances) == 7
