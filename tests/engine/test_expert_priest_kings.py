"""The Priest-Kings expert (`engine/priest_kings/expert.py`): legal, reproducible, and it plays
by the odds it claims to use."""

from __future__ import annotations

import pytest

from engine import bots
from engine import priest_kings as pk
from engine.priest_kings import expert, position

KISH, LAGASH, URUK, UR = range(4)
ALL_SIX = {"centre": 2, "right": 2, "left": 2}


def everything(city):
    """A city's six reorganizations (every corps twice: 8 Reg Bw (I) each)."""
    return {city: [corps for corps, times in ALL_SIX.items() for _ in range(times)]}


def choice(state, seed=0):
    return bots.ExpertBot(seed).choose(state.view(state.to_move))


def play(seats, seed, **options):
    state = pk.new_state(4, seed, **options)
    played = []
    while not state.is_over:
        move = seats[state.to_move].choose(state.view(state.to_move))
        assert move in pk.legal_moves(state)
        state, _ = pk.apply(state, move)
        played.append(move)
        assert len(played) < 5000, "the campaign stalled"
    return state, played


@pytest.mark.rules("P-TURN-2", "P-END-1")
def test_expert_campaigns_against_random_end_legally_and_replay_from_their_seeds():
    for seed in range(3):
        def seats(seed=seed):
            return [bots.ExpertBot(10 + seed) if s == seed % 4 else bots.RandomBot(s)
                    for s in range(4)]

        final, played = play(seats(), seed)
        assert final.is_over and final.winners()
        assert play(seats(), seed) == (final, played)


@pytest.mark.rules("P-BATTLE-4", "P-TURN-4")
@pytest.mark.parametrize("options", [{"battles": "recorded"}, {"battles": "either"},
                                     {"activation": "recorded"}])
def test_expert_plays_recorded_campaigns(options):
    seats = [bots.ExpertBot(s) for s in range(4)]
    final, played = play(seats, 3, **options)
    assert final.is_over
    if options.get("battles") == "either":
        # Where the dice may decide, the expert lets them rather than typing in a result.
        assert not any(isinstance(m, pk.RecordedBattle) for m in played)


@pytest.mark.rules("P-BATTLE-DICE-3", "P-BATTLE-DICE-7", "P-SACRIFICE-1", "P-REORG-1")
def test_the_odds_are_a_distribution_and_favour_blessed_and_reorganized_armies():
    army = pk.Army.standard()
    odds = expert.battle_odds(army, army)
    assert len(odds) == 6 and abs(sum(odds) - 1) < 1e-9
    even = expert.break_chance(army, army)
    assert 0.4 < even < 0.65
    assert expert.break_chance(army, army, True, False) > even + 0.03
    assert expert.break_chance(army, army, False, True) < even - 0.03
    strong = army.reorganize("right").reorganize("right").reorganize("left")
    assert expert.break_chance(strong, army) > even + 0.05
    # The odds are a fixed sample: the same in every call (and every process).
    expert.battle_odds.cache_clear()
    assert expert.battle_odds(army, army) == odds


@pytest.mark.rules("P-ATTACK-1", "P-BATTLE-DICE-1", "P-REORG-2")
def test_expert_attacks_the_weaker_army_when_it_has_the_choice():
    # Kish reaches Uruk and Lagash; Uruk has reorganized its whole army, Lagash nothing.
    state = position(order=("kish", "uruk", "lagash", "ur"), reorganized=everything("uruk"))
    assert choice(state) == pk.Attack("lagash")
    state = position(order=("kish", "uruk", "lagash", "ur"), reorganized=everything("lagash"))
    assert choice(state) == pk.Attack("uruk")


@pytest.mark.rules("P-VASSAL-3", "P-VASSAL-4", "P-ATTACK-5")
def test_an_overlord_does_not_risk_its_vassals_at_bad_odds_but_takes_a_vassal():
    # Uruk holds Ur. Lagash, fully reorganized, holds Kish: beaten by Lagash, Uruk would lose
    # Ur; beating Kish (a vassal) on points is enough to take it, and risks nothing.
    state = position({"ur": "uruk", "kish": "lagash"}, order=("uruk", "lagash", "kish", "ur"),
                     reorganized=everything("lagash"))
    values = dict(zip(map(str, pk.legal_moves(state)),
                      expert.order_values(state, pk.legal_moves(state))))
    assert values["attack kish"] > values["attack lagash"] + 0.05
    assert choice(state) == pk.Attack("kish")


@pytest.mark.rules("P-ATTACK-3", "P-SACRIFICE-2", "P-REORG-1")
def test_an_attacked_city_strengthens_itself_and_never_sacrifices_twice():
    attacked = position(order=("kish", "lagash", "uruk", "ur"), step=1,
                        attacks=[("kish", "lagash")])
    assert isinstance(choice(attacked), (pk.Reorganize, pk.Sacrifice))
    blessed = position(order=("kish", "lagash", "uruk", "ur"), step=1,
                       attacks=[("kish", "lagash")], blessed=["lagash"])
    assert isinstance(choice(blessed), pk.Reorganize)


@pytest.mark.rules("P-SACRIFICE-1", "P-BATTLE-DICE-7")
def test_an_attacked_city_that_cannot_reorganize_sacrifices():
    # Lagash, attacked by Kish, has nothing left to reorganize: the reroll is its only help.
    state = position(order=("kish", "lagash", "uruk", "ur"), step=1,
                     attacks=[("kish", "lagash")], reorganized=everything("lagash"))
    values = expert.order_values(state, pk.legal_moves(state))
    assert pk.legal_moves(state) == [pk.Sacrifice()] and values[0] > 0


@pytest.mark.rules("P-END-1", "P-VASSAL-1")
def test_expert_takes_the_last_city_when_the_odds_allow():
    # Uruk holds Ur and Kish: breaking Lagash ends the campaign, won alone.
    state = position({"ur": "uruk", "kish": "uruk"}, order=("uruk", "lagash", "kish", "ur"),
                     reorganized=everything("uruk"))
    assert choice(state) == pk.Attack("lagash")


def test_blunder_plays_the_expert_or_a_random_move_reproducibly():
    state = position(order=("kish", "uruk", "lagash", "ur"), reorganized=everything("uruk"))
    view = state.view(KISH)
    picks = [bots.ExpertBot(s, blunder=0.5).choose(view) for s in range(20)]
    assert picks == [bots.ExpertBot(s, blunder=0.5).choose(view) for s in range(20)]
    assert pk.Attack("lagash") in picks and len(set(picks)) > 1
