"""Chance made explicit: every ruleset's ``chance_outcomes(state)`` lists the outcomes of the next
chance event with their probabilities (or ``[]`` where a player decides), ``apply(state,
outcome)`` plays one out, and ``reseeded(state, seed)`` gives a position fresh chance. A generic
expectimax over them — nothing in it names a ruleset — agrees with the Royal Game of Ur's solved
table, and with the dice of Priest-Kings' battles."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engine import priest_kings as pk
from engine import royal_ur as ur
from engine.core import RULESETS, InvalidInput, Outcome, rules_of
from engine.royal_ur import solver

PLAYERS = {"sumeria": 3, "tigris": 2, "mesopotamia": 3, "priest_kings": 4, "royal_ur": 2}


def expectimax(rules, state, depth, leaf, player):
    """`player`'s expected result from `state`: the average over the outcomes of each chance
    event (`chance_outcomes`, played by `apply`), the mover's best move elsewhere — at most
    `depth` chance events deep, then `leaf(state, player)`. For two-player zero-sum results in
    [0, 1] (the chance of winning); the opponent's best move is `player`'s worst."""
    if state.is_over:
        return 1.0 if player in state.winners() else 0.0
    outcomes = rules.chance_outcomes(state)
    if outcomes:
        if depth == 0:
            return leaf(state, player)
        return sum(float(p) * expectimax(rules, rules.apply(state, outcome)[0], depth - 1,
                                         leaf, player)
                   for outcome, p in outcomes)
    values = [expectimax(rules, rules.apply(state, move)[0], depth, leaf, player)
              for move in rules.legal_moves(state)]
    return max(values) if state.to_move == player else min(values)


def positions(ruleset, count, seed=1, **options):
    """`count` positions of random games of `ruleset`, at every stage."""
    rules = rules_of(ruleset)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = rules.new_state(PLAYERS[ruleset], rng.randrange(1000), **options)
        while not state.is_over and len(found) < count:
            if rng.random() < 0.2:
                found.append(state)
            moves = rules.legal_moves(state)
            state, _ = rules.apply(state, moves[rng.randrange(len(moves))])
    return found


# ------------------------------------------------------------------------------ the contract


@pytest.mark.parametrize("ruleset", RULESETS)
def test_chance_outcomes_sum_to_one_and_each_plays_out(ruleset):
    rules = rules_of(ruleset)
    options = {"activation": "recorded"} if ruleset == "priest_kings" else {}
    seen = 0
    for state in positions(ruleset, 30, **options):
        outcomes = rules.chance_outcomes(state)
        if not outcomes:
            with pytest.raises(InvalidInput, match="no chance event is next"):
                rules.apply(state, Outcome(1))
            continue
        seen += 1
        assert sum(p for _, p in outcomes) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert len({o for o, _ in outcomes}) == len(outcomes)
        for outcome, _ in outcomes:
            after, _ = rules.apply(state, outcome)
            rules.check_state(after)
        with pytest.raises(InvalidInput, match="not"):
            rules.apply(state, Outcome("no such outcome"))
    assert seen or ruleset in ("sumeria", "tigris", "mesopotamia")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_refuses_an_outcome_of_chance(ruleset):
    rules = rules_of(ruleset)
    game = rules.Game(rules.new_state(PLAYERS[ruleset], 3))
    with pytest.raises(InvalidInput, match="outcome of chance, not a move"):
        game.play(Outcome(2))
    assert not game.moves


def test_the_royal_game_of_urs_throw_is_the_next_chance_event():
    state = ur.new_state(seed=1)
    assert ur.chance_outcomes(state) == [(Outcome(k), Fraction(n, 16))
                                         for k, n in enumerate((1, 4, 6, 4, 1))]
    thrown, events = ur.apply(state, Outcome(4))
    assert thrown.throw == 4 and thrown.throws == 1 and ur.chance_outcomes(thrown) == []
    assert events[0].describe() == ur.apply(ur.new_state(seed=1, throws="recorded"),
                                            ur.Throw(4))[1][0].describe()
    three = ur.new_state(seed=1, rules="masters")
    assert [(o.value, p) for o, p in ur.chance_outcomes(three)] == [
        (1, Fraction(3, 8)), (2, Fraction(3, 8)), (3, Fraction(1, 8)), (4, Fraction(1, 8))]
    with pytest.raises(InvalidInput, match="not a throw these dice can give"):
        ur.apply(three, Outcome(0))


def test_priest_kings_orders_and_battles_are_chance_events():
    state = pk.new_state(4, 2, activation="recorded")
    orders = pk.chance_outcomes(state)
    assert len(orders) == 24 and {p for _, p in orders} == {Fraction(1, 24)}
    after, _ = pk.apply(state, orders[5][0])
    assert after.order == pk.ORDERS[5] and pk.chance_outcomes(after) == []
    battle = pk.position(phase="battles", attacks=[("kish", "lagash")])
    results = pk.chance_outcomes(battle)
    assert {o.value for o, _ in results} <= {(m.broken, m.attacker_points, m.defender_points)
                                             for m in pk.RECORD_CHOICES}
    # The chances are the dice model's: close to the expert's own estimate of the same battle.
    from engine.priest_kings import expert

    odds = dict(zip(expert._RESULTS, expert.battle_odds(battle.armies[0], battle.armies[1])))
    broke = sum(float(p) for o, p in results if o.value[0] in ("defender", "both"))
    assert broke == pytest.approx(sum(v for (b, _), v in odds.items() if b), abs=0.06)


# ------------------------------------------------------------------------ fresh chance


def test_reseeded_throws_fresh_dice_from_the_same_position():
    start = ur.position(light=[3, 6], dark=[5], seed=4)
    throws = set()
    for seed in range(40):
        fresh = ur.reseeded(start, seed)
        assert (fresh.squares, fresh.off, fresh.to_move, fresh.throws) == (
            start.squares, start.off, start.to_move, start.throws)
        throws.add(ur.apply(fresh, ur.Throw())[0].throw)
    assert throws == {0, 1, 2, 3, 4}
    assert ur.reseeded(start, 9) == ur.reseeded(start, 9)
    # A view (its seed hidden) becomes a position to play on.
    assert ur.apply(ur.reseeded(start.view(1), 3), ur.Throw())[0].throw is not None
    with pytest.raises(InvalidInput, match="seed"):
        ur.reseeded(start, -1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_reseeded_keeps_the_position_and_redraws_what_nobody_has_seen(ruleset):
    rules = rules_of(ruleset)
    for state in positions(ruleset, 6, seed=3):
        fresh = rules.reseeded(state, 11)
        rules.check_state(fresh)
        assert fresh.seed == 11 and fresh.to_move == state.to_move
        assert rules.legal_moves(fresh) == rules.legal_moves(state)
        assert fresh.scores() == state.scores()
        for name in ("bag", "pile", "deck"):
            if hasattr(state, name):
                assert sorted(getattr(fresh, name)) == sorted(getattr(state, name))
        viewer = state.to_move if state.to_move is not None else 0
        rules.check_state(rules.reseeded(state.view(viewer), 5))
        with pytest.raises(InvalidInput, match="seed"):
            rules.reseeded(state, "7")


def test_reseeded_gives_sumeria_a_fresh_draw():
    state = positions("sumeria", 1, seed=2)[0]
    bags = {rules_of("sumeria").reseeded(state, s).bag for s in range(5)}
    assert len(bags) == 5


# ------------------------------------------------------------------- expectimax, generic


def test_expectimax_over_the_throws_agrees_with_the_solved_table():
    table = solver.table_for(ur.new_state(pieces=3).options)

    def leaf(state, player):
        return table.win_chance(state, player)

    checked = 0
    for state in positions("royal_ur", 40, seed=5, pieces=3):
        if state.throw is not None:
            continue
        for depth in (1, 2):
            for player in (0, 1):
                value = expectimax(ur, state, depth, leaf, player)
                assert value == pytest.approx(table.win_chance(state, player), abs=1e-5)
        checked += 1
    assert checked >= 10


def test_expectimax_over_a_battles_dice_agrees_with_fresh_dice():
    """Kish, overlord of Lagash and Uruk, attacks Ur, the last independent city: if Ur's army
    breaks, Kish wins the campaign. Expectimax over the battle's outcomes gives Kish's chance;
    the battle fought with fresh dice (`reseeded`) many times wins about as often. (The next
    turn's order is rolled at the table, a chance event too: the search stops there.)"""
    state = pk.position(overlords={"lagash": "kish", "uruk": "kish"},
                        phase="battles", attacks=[("kish", "ur")], activation="recorded")
    assert pk.chance_outcomes(state)

    def leaf(state, player):
        return 0.5

    chance = expectimax(pk, state, 1, leaf, 0)
    won = 0
    games = 300
    for seed in range(games):
        after, _ = pk.apply(pk.reseeded(state, seed), pk.DiceBattle())
        won += after.is_over and 0 in after.winners()
    # Kish's chance is that of the outcomes that end the campaign with its win (Ur broken,
    # and Kish not beaten on points, which would free its vassals first).
    wins = [float(p) for o, p in pk.chance_outcomes(state)
            if (after := pk.apply(state, o)[0]).is_over and 0 in after.winners()]
    ended = sum(wins)
    assert 0.05 < ended < 0.95
    sigma = (ended * (1 - ended) / games) ** 0.5
    assert abs(won / games - ended) < 4 * sigma + 0.03
    # The leaves (0.5 each) stand for every outcome after which the campaign goes on.
    assert chance == pytest.approx(ended + 0.5 * (1 - ended), abs=1e-9)
