"""Save files: a campaign saves to JSON and resumes; a corrupted file never loads."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine import priest_kings as pk
from engine.core import IllegalMove, InvalidInput


def played(seed=3, moves=40, **options):
    game = pk.new_game(seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize("options", [*({"battles": b} for b in pk.BATTLE_MODES),
                                     {"activation": "recorded", "reroll_limit": "side"}])
def test_a_campaign_saves_and_resumes(options):
    game = played(**options)
    text = game.to_json()
    loaded = pk.Game.from_json(text)
    assert loaded.history == game.history and loaded.moves == game.moves
    assert loaded.log == game.log
    assert loaded.to_json() == text
    # The resumed campaign plays on exactly as the original would.
    for _ in range(20):
        if game.is_over:
            break
        move = game.legal_moves()[0]
        assert game.play(move) == loaded.play(move)
    assert loaded.state == game.state


def test_a_typed_in_campaign_round_trips_with_any_scores():
    game = pk.new_game(seed=8, battles="recorded")
    game.play(next(m for m in game.legal_moves() if isinstance(m, pk.Attack)))
    for _ in range(3):
        game.play("sacrifice")
    game.play("record defender 143 57")
    assert game.state.battles_fought == 1
    assert game.moves[-1] == pk.RecordedBattle("defender", 143, 57)
    assert pk.Game.from_json(game.to_json()).state == game.state


def test_undo_copy_and_truncate():
    game = played(moves=12)
    state = game.state
    copy_game = game.copy()
    move = game.undo()
    game.play(move)
    assert game.state == state and copy_game.state == state
    game.truncate(0)
    assert game.state == pk.new_state(seed=3) and not game.moves


def corrupt(edit):
    data = json.loads(played().to_json())
    edit(data)
    return json.dumps(data)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(ruleset="sumeria"), "this is a sumeria save file"),
    (lambda d: d["moves"].append({"kind": "dice"}), "cannot be replayed"),
    (lambda d: d["moves"].insert(0, {"kind": "attack", "target": "nineveh"}),
     "move 1 cannot be replayed: unknown city 'nineveh'"),
    (lambda d: d["moves"].insert(0, {"kind": "record", "broken": "defender",
                                     "attacker_points": 1, "defender_points": 0}),
     "move 1 cannot be replayed"),
    (lambda d: d["start"].update(players=3), "players must be 4"),
    (lambda d: d["start"].update(overlord={"kish": "lagash", "lagash": "uruk"}),
     "itself a vassal"),
    (lambda d: d["start"].update(overlord={"kish": "kish"}), "has overlord"),
    (lambda d: d["start"].update(overlord={"kish": "babylon"}), "unknown city 'babylon'"),
    (lambda d: d["start"].update(order=["kish", "kish", "uruk", "ur"]), "every city once"),
    (lambda d: d["start"].update(to_move="ur"), "to_move is"),
    (lambda d: d["start"].update(phase="battles"), "no battle is left"),
    (lambda d: d["start"].update(phase="war"), "phase 'war'"),
    (lambda d: d["start"].update(turn=0), "turn must be at least 1"),
    (lambda d: d["start"].update(seed=-1), "seed must be a whole number"),
    (lambda d: d["start"].update(seed="7"), "seed must be a whole number"),
    (lambda d: d["start"].update(step=9), "beyond the 4 activations"),
    (lambda d: d["start"].update(attacks=[["kish"]]), "each attack must be"),
    (lambda d: d["start"].update(made=[["kish", "kish", 1]]), "none for a city itself"),
    (lambda d: d["start"].update(made=[["kish", "ur", 0]]), "count ≥ 1"),
    (lambda d: d["start"].update(blessed=["sippar"]), "unknown city 'sippar'"),
    (lambda d: d["start"].update(options={"battles": "chess"}), "battles must be one of"),
    (lambda d: d["start"].update(options={"weather": 3}), "unknown field"),
    (lambda d: d["start"]["armies"].update(kish={"points": 1}), "army list has no"),
    (lambda d: d["start"]["armies"].pop("ur"), "no army for 'ur'"),
    (lambda d: d["start"]["armies"].update(nineveh="standard"), "unknown field"),
    (lambda d: d["start"].update(map={"cities": []}), "exactly 4 cities"),
    (lambda d: d["start"].update(colour="red"), "unknown field"),
    (lambda d: d["start"].pop("made"), "has no 'made'"),
    (lambda d: d.update(start=[]), "save file.start must be an object"),
])
def test_a_corrupted_save_file_is_refused(edit, message):
    with pytest.raises(InvalidInput, match=message):
        pk.Game.from_json(corrupt(edit))


def test_a_tampered_result_cannot_replay():
    game = pk.new_game(seed=5, battles="recorded")
    while game.state.phase != "battles":
        moves = game.legal_moves()
        game.play(moves[0])
    game.play("record defender 100 50")
    data = json.loads(game.to_json())
    move = data["moves"][-1]
    assert move == {"kind": "record", "broken": "defender", "attacker_points": 100,
                    "defender_points": 50}
    tampered = copy.deepcopy(data)
    tampered["moves"][-1]["attacker_points"] = 999
    with pytest.raises(InvalidInput, match="cannot be replayed: .* worth 200 AP"):
        pk.Game.from_json(json.dumps(tampered))
    while game.state.phase == "battles":
        game.play("record none 0 0")
    with pytest.raises(IllegalMove, match="recording a battle is not possible now"):
        game.play("record defender 1 1")
