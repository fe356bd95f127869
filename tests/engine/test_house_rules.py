"""House rules go where the game goes: a game with a house rule of each ruleset plays the same
in a worker process as here (`engine.simulate` in every executor), and its save file replays in
a fresh Python process with the same result. Each ruleset's own tests check what its house
rules do (``tests/engine/<ruleset>/test_house_rules.py``)."""

from __future__ import annotations

import concurrent.futures as cf
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots import make_bot
from engine.core import derive_seed, rules_of
from engine.simulate import simulate, specs_for

ROOT = Path(__file__).resolve().parents[2]


def _army() -> dict:
    from engine.priest_kings import Army

    data = Army.standard().to_dict()
    data["points"] = 210
    data["commands"][0]["elements"][2]["count"] += 2
    return data


#: ruleset: (players, house rules, bots by seat)
HOUSE = {
    "sumeria": (3, {"scoring": "linear", "traders": 12, "setup_traders": 6, "rounds": 5},
                ("greedy", "random", "greedy")),
    "tigris": (2, {"hand_size": 5, "actions": 3, "treasures_left": 4}, ("expert", "random")),
    "mesopotamia": (2, {"movement": 6, "markers_to_win": 2, "max_rounds": 30},
                    ("expert", "greedy")),
    "priest_kings": (4, {"turns": 3, "army": _army()}, ("expert", "greedy", "random", "expert")),
    "royal_ur": (2, {"rosette_throw": False, "pieces": 2}, ("expert", "greedy")),
}
RULESETS = sorted(HOUSE)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_house_rule_game_plays_the_same_in_a_worker_process_and_a_thread(ruleset):
    players, options, bots = HOUSE[ruleset]
    specs = specs_for(ruleset, 2, players, bots, seed=4, options=options)
    here = simulate(specs, workers=1, progress=False)
    with cf.ProcessPoolExecutor(1) as pool:
        in_process = simulate(specs, pool, progress=False)
    with cf.ThreadPoolExecutor(2) as pool:
        in_thread = simulate(specs, pool, progress=False)
    assert in_process == here and in_thread == here
    assert all(r.options == options for r in here)
    # The house rule changed the games: the same seeds by the rule text play otherwise.
    plain = simulate(specs_for(ruleset, 2, players, bots, seed=4), workers=1, progress=False)
    assert [(r.scores, r.length) for r in plain] != [(r.scores, r.length) for r in here]


REPLAY = """
import json, sys
from engine.core import rules_of
game = rules_of(sys.argv[1]).Game.from_json(sys.stdin.read())
print(json.dumps({"state": game.state.to_dict(), "scores": list(game.scores()),
                  "winners": sorted(game.winners()), "moves": len(game.moves)}))
"""


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_house_rule_save_replays_in_a_fresh_process(ruleset):
    players, options, bots = HOUSE[ruleset]
    rules = rules_of(ruleset)
    game = rules.Game(rules.new_state(players, 7, **options))
    seats = [make_bot(spec, derive_seed(7, "seat", seat)) for seat, spec in enumerate(bots)]
    while not game.is_over and len(game.moves) < 400:
        game.play(seats[game.to_move].choose(game.state.view(game.to_move)))
    done = subprocess.run([sys.executable, "-c", REPLAY, ruleset], input=game.to_json(),
                          capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    there = json.loads(done.stdout)
    assert there == json.loads(json.dumps({
        "state": game.state.to_dict(), "scores": list(game.scores()),
        "winners": sorted(game.winners()), "moves": len(game.moves)}))
    assert there["state"]["options"] == json.loads(json.dumps(
        game.state.options.to_dict()))
    assert game.state.options.house_rules()
