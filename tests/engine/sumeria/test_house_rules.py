"""Sumeria's house rules (docs/rules/sumeria.md, S-OPT-…): options with the rule text's values
as defaults, obeyed by the checked rules, the fast path, the heuristic and the expert, and kept
in the save file."""

from __future__ import annotations

import random

import pytest

from engine import sumeria
from engine.bots import ExpertBot, GreedyBot
from engine.core import InvalidInput
from engine.sumeria import check_state, evaluate, position
from tests.engine.sumeria.test_fast import checked_playout

rules = pytest.mark.rules


def placements(state):
    while state.phase == "placement":
        state, _ = sumeria.apply(state, sumeria.legal_moves(state)[0])
    return state


@rules("S-OPT-TRADERS-1")
def test_traders_and_setup_traders_change_the_setup():
    state = sumeria.new_state(3, seed=2, traders=12, setup_traders=6)
    assert state.reserve == (12, 12, 12)
    after = placements(state)
    assert after.phase == "turns"
    assert after.reserve == (6, 6, 6)
    assert [len(after.traders_of(p)) for p in range(3)] == [6, 6, 6]
    check_state(after)
    # None is the rule text's count for the table: 14 and 8 with three, 10 and 5 with four.
    assert sumeria.new_state(4, seed=2, setup_traders=None).reserve == (10,) * 4
    assert placements(sumeria.new_state(4, seed=2, traders=7)).reserve == (2,) * 4


@rules("S-OPT-TRADERS-1")
def test_no_setup_starts_with_the_turns():
    state = sumeria.new_state(3, seed=2, setup_traders=0)
    assert state.phase == "turns" and state.step == 0 and state.to_move == state.first_player
    assert all(isinstance(m, sumeria.Add) for m in sumeria.legal_moves(state))


@rules("S-OPT-TRADERS-1")
@pytest.mark.parametrize(("options", "words"), [
    ({"traders": 0}, "traders must be a whole number from 1"),
    ({"traders": 2.5}, "traders must be a whole number"),
    ({"setup_traders": -1}, "setup_traders must be a whole number from 0"),
    ({"traders": 4, "setup_traders": 5}, "cannot exceed traders"),
    ({"setup_traders": 11}, "places 11 traders during setup but has only 10"),
    ({"traders": 19}, "needs at least 58"),
])
def test_impossible_trader_counts_are_refused(options, words):
    with pytest.raises(InvalidInput, match=words):
        sumeria.new_state(4 if "setup_traders" in options and len(options) == 1 else 3,
                          seed=1, **options)


@rules("S-OPT-SCORING-1")
def test_the_scoring_table_is_an_option():
    counts = [{"economy": 4, "military": 2, "political": 4, "religion": 5},
              {"military": 7}, {}]
    triangle = position(3, influence=counts, round=6)
    assert triangle.scores() == (38, 28, 0)
    linear = position(3, influence=counts, scoring="linear", round=6)
    assert linear.scores() == (15, 7, 0)
    own = position(3, influence=counts, round=6,
                   scoring=[0, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    assert own.options.points == (0, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    assert own.scores() == (8 + 6 + 8 + 9, 11, 0)
    # The heuristic the greedy bot and the expert read counts by the game's table (no trader
    # is on the board, so no scoring is projected).
    assert evaluate(triangle, 0) == 38 - 28
    assert evaluate(linear, 0) == 15 - 7


@rules("S-OPT-SCORING-1")
def test_the_winner_is_decided_by_the_games_table():
    state = position(3, influence=[{"economy": 9}, {"economy": 0, "military": 4,
                                                    "political": 4, "religion": 4}, {}],
                     round=6)
    assert sumeria.final_winners(state.influence, state.options.points) == {0}
    linear = position(3, influence=[{"economy": 9}, {"military": 4, "political": 4,
                                                     "religion": 4}, {}], scoring="linear",
                      round=6)
    assert sumeria.final_winners(linear.influence, linear.options.points) == {1}


@rules("S-OPT-SCORING-1")
@pytest.mark.parametrize("scoring", ["square", [1, 2, 3], [0] * 9 + [-1], [0] * 9 + [1.5],
                                     {"a": 1}, None, [True] * 10])
def test_bad_scoring_tables_are_refused(scoring):
    with pytest.raises(InvalidInput, match="scoring must be"):
        sumeria.new_state(3, seed=1, scoring=scoring)


@rules("S-OPT-OFFER-1")
def test_the_tiles_drawn_each_round_are_an_option():
    state = sumeria.new_state(3, seed=5, offer=(2, 2, 2))
    assert tuple(len(o) for o in state.offer) == (2, 2, 2)
    assert len(state.bag) == 30
    assert state.options.takes == (1, 1, 1)
    big = sumeria.new_state(3, seed=5, offer=[4, 1, 0], rounds=7)
    assert tuple(len(o) for o in big.offer) == (4, 1, 0)
    assert big.options.offer == (4, 1, 0) and big.options.takes == (3, 1, 0)


@rules("S-OPT-OFFER-1")
def test_the_controller_chooses_all_but_one_and_second_place_gets_the_rest():
    start = sumeria.new_state(3, seed=8, offer=(4, 1, 1), rounds=6)
    rng = random.Random(3)
    state = start
    seen = 0
    while not state.is_over:
        moves = sumeria.legal_moves(state)
        if state.phase == "scoring" and state.scoring == 0:
            assert {len(m.tiles) for m in moves} == {3}
            before = [sum(c) for c in state.influence]
            order, _, _ = sumeria.control(state, 0)
            state, _ = sumeria.apply(state, moves[0])
            after = [sum(c) for c in state.influence]
            assert after[order[0]] - before[order[0]] >= 3
            if len(order) > 1:
                assert after[order[1]] - before[order[1]] >= 1
            seen += 1
            continue
        state, _ = sumeria.apply(state, moves[rng.randrange(len(moves))])
    assert seen
    check_state(state)
    assert sum(map(sum, state.influence)) + len(state.discard) == 36


@rules("S-OPT-OFFER-1")
@pytest.mark.parametrize("offer", [(0, 0, 0), (3, 2), (10, 0, 0), (3, 2, -1), "321", None])
def test_bad_offers_are_refused(offer):
    with pytest.raises(InvalidInput, match="offer must be"):
        sumeria.new_state(3, seed=1, offer=offer)


@rules("S-OPT-ROUNDS-1")
def test_the_number_of_rounds_is_an_option():
    rng = random.Random(1)
    final = sumeria.random_playout(sumeria.new_state(3, seed=4, rounds=3), rng)
    assert final.is_over and final.round == 3
    assert len(final.bag) == 36 - 3 * 6
    check_state(final)
    assert sumeria.new_state(3, seed=4, offer=(2, 2, 1), rounds=7).options.rounds == 7
    with pytest.raises(InvalidInput, match="rounds must be a whole number from 1 to 6"):
        sumeria.new_state(3, seed=4, rounds=7)
    with pytest.raises(InvalidInput, match="rounds must be a whole number from 1 to 36"):
        sumeria.new_state(3, seed=4, offer=(1, 0, 0), rounds=0)


HOUSE = [
    {"traders": 11, "setup_traders": 5, "scoring": "linear"},
    {"offer": (4, 1, 1), "rounds": 5, "tiebreak": "villages"},
    {"setup_traders": 0, "scoring": [0, 2, 3, 5, 8, 13, 21, 34, 55, 89], "offer": (2, 2, 2)},
]


@rules("S-OPT-TRADERS-1", "S-OPT-SCORING-1", "S-OPT-OFFER-1", "S-OPT-ROUNDS-1")
@pytest.mark.parametrize("options", HOUSE)
@pytest.mark.parametrize("players", [3, 4])
def test_fast_and_checked_paths_play_the_same_house_rule_game(options, players):
    for seed in range(8):
        start = sumeria.new_state(players, seed, **options)
        record: list[int] = []
        fast = sumeria.random_playout(start, random.Random(seed), record)
        checked, choices = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices
        check_state(fast)


@rules("S-OPT-TRADERS-1", "S-OPT-SCORING-1", "S-OPT-OFFER-1", "S-OPT-ROUNDS-1")
def test_house_rules_are_saved_and_the_rule_texts_values_are_not():
    plain = sumeria.new_game(3, seed=1)
    assert plain.state.to_dict()["options"] == {"tiebreak": "towns"}
    assert plain.state.options.house_rules() == {}
    game = sumeria.new_game(3, seed=1, **HOUSE[2])
    saved = game.state.to_dict()["options"]
    assert saved == {"tiebreak": "towns", "setup_traders": 0,
                     "scoring": [0, 2, 3, 5, 8, 13, 21, 34, 55, 89], "offer": [2, 2, 2]}
    assert set(game.state.options.house_rules()) == {"setup_traders", "scoring", "offer"}
    bots = [GreedyBot(seed=1), ExpertBot(seed=2), GreedyBot(seed=3)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.state.view(game.to_move)))
    loaded = sumeria.Game.from_json(game.to_json())
    assert loaded.state == game.state
    assert loaded.state.options == game.state.options
