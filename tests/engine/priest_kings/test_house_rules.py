"""Priest-Kings' house rules (docs/rules/priest_kings.md, P-OPT-…): options with the rule
text's values as defaults, obeyed by the checked rules, the fast path and the bots, and kept in
the save file."""

from __future__ import annotations

import json
import random

import pytest

from engine import priest_kings as pk
from engine.bots import ExpertBot, GreedyBot
from engine.core import InvalidInput
from engine.priest_kings import Army, check_state
from tests.engine.priest_kings.test_fast import checked_playout

rules = pytest.mark.rules


def more_bows() -> dict:
    """The standard list with two more bow elements in the centre and ten more points."""
    data = Army.standard().to_dict()
    data["name"] = "a designer's list"
    data["points"] = 210
    centre = data["commands"][0]["elements"]
    bows = next(e for e in centre if e["troops"] == "Reg Bw (I)")
    bows["count"] += 2
    return data


@rules("P-OPT-TURNS-1")
def test_the_campaign_ends_after_its_turns():
    for seed in range(12):
        final, _, states = checked_playout(pk.new_state(4, seed, turns=2), random.Random(seed))
        assert final.is_over and final.turn <= 2
        check_state(final)
        if len(final.independent) > 1:
            assert final.turn == 2
            sizes = {c: 1 + final.overlord.count(c) for c in final.independent}
            largest = max(sizes.values())
            assert {c for c in final.independent if sizes[c] == largest} <= final.winners()
    game = pk.new_game(seed=3, turns=1)
    events = []
    while not game.is_over:
        events += game.play(game.legal_moves()[0])
    assert type(events[-1]).__name__ in ("TurnLimitReached", "CampaignEnded")
    assert "house rule" in events[-1].describe() or len(game.state.independent) == 1
    with pytest.raises(InvalidInput, match="turns must be a whole number from 1"):
        pk.new_state(4, 1, turns=0)


@rules("P-OPT-TURNS-1")
def test_the_turn_limit_winners_are_the_largest_realms_and_their_credited_vassals():
    overlord = (-1, 0, -1, -1)
    made = ((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    assert pk.scoring.limit_winners(overlord, made) == {0}
    assert pk.scoring.limit_winners((-1, 0, -1, 2), made) == {0, 2}
    made_for_kish = ((0, 0, 0, 0), (0, 0, 0, 0), (1, 0, 0, 0), (0, 0, 0, 0))
    assert pk.scoring.limit_winners((-1, 0, 0, -1), made_for_kish) == {0, 2}


@rules("P-OPT-ARMY-1")
def test_the_army_list_is_an_option():
    data = more_bows()
    state = pk.new_state(4, 1, army=data)
    assert all(a.name == "a designer's list" for a in state.armies)
    assert state.options.starting_army() is state.armies[0]
    same = pk.new_state(4, 1, army=json.dumps(data))
    assert same.options == state.options
    assert pk.new_state(4, 1).options.army == "standard"
    with pytest.raises(InvalidInput, match="army list"):
        pk.new_state(4, 1, army={"points": 1})
    with pytest.raises(InvalidInput, match="army must be 'standard' or an army list"):
        pk.new_state(4, 1, army=[1, 2])
    with pytest.raises(InvalidInput, match="either as the option army"):
        pk.new_state(4, 1, army=data, armies=Army.standard())


HOUSE = [{"turns": 3}, {"army": more_bows(), "battles": "either"},
         {"turns": 2, "army": more_bows(), "reroll_limit": "side"}]


@rules("P-OPT-TURNS-1", "P-OPT-ARMY-1")
@pytest.mark.parametrize("options", HOUSE, ids=["turns", "army", "both"])
def test_fast_and_checked_paths_play_the_same_house_rule_campaign(options):
    for seed in range(10):
        start = pk.new_state(4, seed, **options)
        record: list[int] = []
        fast = pk.random_playout(start, random.Random(seed), record)
        checked, choices, _ = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices


@rules("P-OPT-TURNS-1", "P-OPT-ARMY-1")
def test_house_rules_are_saved_and_a_bots_campaign_replays():
    assert "turns" not in pk.new_state(4, 1).to_dict()["options"]
    game = pk.new_game(seed=5, turns=3, army=more_bows())
    assert set(game.state.options.house_rules()) == {"turns", "army"}
    bots = [ExpertBot(seed=1), GreedyBot(seed=2), ExpertBot(seed=3), GreedyBot(seed=4)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.state.view(game.to_move)))
    loaded = pk.Game.from_json(game.to_json())
    assert loaded.state == game.state and loaded.state.turn <= 3
