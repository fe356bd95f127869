"""The fast path plays exactly the campaign the checked rules play; random campaigns finish."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import priest_kings as pk
from engine.bots import RandomBot
from engine.core import InvalidInput
from engine.priest_kings import check_state

rules = pytest.mark.rules


def checked_playout(state, rng):
    """Random legal moves through the checked `legal_moves` and `apply`."""
    choices, states = [], [state]
    while not state.is_over:
        moves = pk.legal_moves(state)
        index = rng.randrange(len(moves))
        choices.append(index)
        state, _ = pk.apply(state, moves[index])
        states.append(state)
    return state, choices, states


@pytest.mark.parametrize("battles", pk.BATTLE_MODES)
def test_fast_and_checked_paths_play_the_same_campaign(battles):
    for seed in range(12):
        start = pk.new_state(4, seed, battles=battles)
        record: list[int] = []
        fast = pk.random_playout(start, random.Random(seed), record)
        checked, choices, _ = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices


@rules("P-TURN-4", "P-SACRIFICE-3")
@pytest.mark.parametrize("options", [{"activation": "recorded"},
                                     {"activation": "recorded", "battles": "either",
                                      "reroll_limit": "side"},
                                     {"reroll_limit": "side"}])
def test_fast_and_checked_paths_play_the_same_campaign_with_typed_in_orders(options):
    for seed in range(8):
        start = pk.new_state(4, seed, **options)
        record: list[int] = []
        fast = pk.random_playout(start, random.Random(seed), record)
        checked, choices, states = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices
        typed = [s for s in states if s.phase == "activation"]
        assert bool(typed) == (options.get("activation") == "recorded")
        for state in typed[:3]:
            assert pk.random_playout(state, random.Random(3)) == checked_playout(
                state, random.Random(3))[0]
            stopped = pk.random_playout(state, random.Random(3), max_moves=1)
            assert stopped.phase == "orders" and stopped.to_move == stopped.order[0]
        check_state(pk.random_playout(start, random.Random(seed), max_moves=1))


def test_fast_path_resumes_from_any_state():
    """Mid-orders, mid-battles and reorganized states continue identically."""
    _, _, states = checked_playout(pk.new_state(4, 99, battles="either"), random.Random(5))
    battles = [s for s in states if s.phase == "battles"]
    assert battles and any(s.armies != states[0].armies for s in states)
    for state in [*states[::7], *battles[:5]]:
        assert pk.random_playout(state, random.Random(7)) == checked_playout(
            state, random.Random(7))[0]
    assert pk.random_playout(states[-1], random.Random(1)) is states[-1]


def test_a_random_bot_with_the_same_generator_plays_the_fast_campaign():
    start = pk.new_state(4, seed=4)
    bot = RandomBot(seed=0)
    bot.rng = random.Random(123)
    state = start
    while not state.is_over:
        view = state.view(state.to_move)
        assert view.seed is None, "bots never see the seed"
        state, _ = pk.apply(state, bot.choose(view))
    assert state == pk.random_playout(start, random.Random(123))


def test_a_view_cannot_be_played_out_without_determinizing():
    view = pk.new_state(4, seed=1).view(0)
    with pytest.raises(InvalidInput, match="determinize it"):
        pk.random_playout(view, random.Random(1))
    assert pk.random_playout(pk.determinize(view, random.Random(2)), random.Random(1)).is_over


@rules("P-END-1", "P-END-2", "P-VASSAL-2")
@pytest.mark.parametrize(("battles", "campaigns"), [("dice", 300), ("recorded", 150),
                                                    ("either", 150)])
def test_random_campaigns_always_finish(battles, campaigns):
    """Hundreds of random campaigns: every one ends, with one overlord among the winners."""
    overlords: Counter[int] = Counter()
    shared = 0
    for seed in range(campaigns):
        final = pk.random_playout(pk.new_state(4, seed, battles=battles), random.Random(seed))
        check_state(final)
        assert final.is_over and len(final.independent) == 1
        lord = final.independent[0]
        assert all(final.overlord[c] == lord for c in range(4) if c != lord)
        winners = final.winners()
        assert lord in winners
        assert winners == {lord} | {v for v in range(4) if v != lord and final.made[v][lord]}
        overlords[lord] += 1
        shared += len(winners) > 1
    assert set(overlords) == {0, 1, 2, 3}, "every city can become overlord"
    assert shared, "vassals sometimes share the win"
