"""The Game session wrapper and save files, exercised through Sumeria."""

from __future__ import annotations

import json

import pytest

from engine import core, sumeria
from engine.core import IllegalMove, InvalidInput


def played(moves=40, seed=3):
    game = sumeria.new_game(3, seed=seed)
    for i in range(moves):
        legal = game.legal_moves()
        game.play(legal[(i * 7) % len(legal)])
    return game


def test_play_undo_history_and_log():
    game = sumeria.new_game(3, seed=1)
    start = game.state
    events = game.play("place kish.city")
    assert events and game.history == (start, game.state)
    assert game.moves == (sumeria.Place("kish.city"),)
    assert game.log[0][0] == sumeria.Place("kish.city")
    assert game.undo() == sumeria.Place("kish.city")
    assert game.state == start and game.history == (start,)
    with pytest.raises(IllegalMove, match="no move to undo"):
        game.undo()


def test_play_accepts_text_dicts_and_moves():
    game = sumeria.new_game(3, seed=1)
    game.play("place kish.city")
    game.play({"kind": "place", "location": "ur.city"})
    game.play(sumeria.Place("uruk.city"))
    assert len(game.moves) == 3


def test_an_illegal_move_leaves_the_game_unchanged():
    game = played(30)
    before = (game.history, game.moves)
    with pytest.raises(IllegalMove):
        game.play("take EM")
    with pytest.raises(InvalidInput):
        game.play("fly kish.city")
    assert (game.history, game.moves) == before


def test_copy_and_truncate_are_independent():
    game = played(20)
    other = game.copy()
    other.play(other.legal_moves()[0])
    assert len(other.moves) == 21 and len(game.moves) == 20
    game.truncate(5)
    assert len(game.moves) == 5 and game.state == other.history[5]
    with pytest.raises(InvalidInput, match="ply must be between 0 and 5"):
        game.truncate(9)


def test_save_files_round_trip():
    game = played(80)
    text = game.to_json()
    loaded = sumeria.Game.from_json(text)
    assert loaded.history == game.history and loaded.moves == game.moves
    assert core.Game.from_json(text).history == game.history, "the base class dispatches"
    custom = sumeria.new_game(4, seed=2, tiebreak="villages")
    custom.play(custom.legal_moves()[3])
    assert sumeria.Game.from_json(custom.to_json()).state == custom.state


def test_a_finished_game_round_trips_with_its_scores():
    game = sumeria.new_game(3, seed=12)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    loaded = sumeria.Game.from_json(game.to_json())
    assert loaded.scores() == game.scores() and loaded.winners() == game.winners()


def corrupt(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="chess"), "not a Sumer save file"),
    (lambda d: d.update(version=99), "unsupported save file version"),
    (lambda d: d.update(ruleset="tigris"), "this is a tigris save file"),
    (lambda d: d.update(extra=1), "unknown field"),
    (lambda d: d["moves"].__setitem__(3, {"kind": "place", "location": "kish.city"}),
     "save file move 4 cannot be replayed"),
    (lambda d: d["moves"].__setitem__(0, {"kind": "warp"}), "unknown sumeria move kind"),
    (lambda d: d["start"].update(players=7), "players must be 3 or 4"),
    (lambda d: d["start"]["reserve"].__setitem__(0, 3), "must make 14"),
    (lambda d: d["start"].update(bag="EEEE"), "not all accounted for"),
    (lambda d: d["start"].update(to_move=2, first_player=0), "to_move is 2"),
    (lambda d: d["start"].update(row=["kish"] * 8), "row must list every city-state once"),
    (lambda d: d["start"]["traders"].update({"atlantis.city": 0}), "unknown location"),
    (lambda d: d["start"].update(phase="intermission"), "phase 'intermission'"),
    (lambda d: d["start"].update(board={"city_states": []}), "no city-states"),
    (lambda d: d["start"]["options"].update(tiebreak="coins"), "tiebreak must be one of"),
    (lambda d: d["start"].update(seed="x"), "seed must be a whole number"),
    (lambda d: d["start"].update(round=True), "round must be a whole number"),
])
def test_corrupted_save_files_raise_invalid_input(change, message):
    text = played(10).to_json()
    with pytest.raises(InvalidInput) as info:
        sumeria.Game.from_json(corrupt(text, change))
    assert message in info.value.reason


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", b"\xff\xfe", 42])
def test_garbage_is_not_a_save_file(text):
    with pytest.raises(InvalidInput):
        sumeria.Game.from_json(text)


def test_seeds_and_rngs_are_reproducible():
    assert core.derive_seed(7, "a") == core.derive_seed(7, "a") != core.derive_seed(7, "b")
    assert core.make_rng(3, "x").random() == core.make_rng(3, "x").random()
    assert core.dumps({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'


def test_a_game_needs_its_own_ruleset():
    with pytest.raises(InvalidInput, match="a sumeria game needs a sumeria state"):
        sumeria.Game("not a state")
    with pytest.raises(TypeError, match="use the Game of a ruleset"):
        core.Game.rules()
    with pytest.raises(InvalidInput, match="unknown ruleset 'chess'"):
        core.rules_of("chess")


def test_repr_is_stable():
    game = sumeria.new_game(3, seed=1)
    assert repr(game) == "<engine.sumeria.Game: 0 moves, round 1, setup, Green to move>"
    assert "0x" not in repr(game)


@pytest.mark.parametrize("ruleset", ["sumeria", "tigris", "mesopotamia", "priest_kings",
                                     "royal_ur"])
def test_every_move_kind_loads_from_its_own_dict(ruleset):
    """``Move.from_dict`` on the class, as the engine contract names it (docs/architecture.md),
    for every move a random game offers; another kind or a malformed field is refused with a
    reason."""
    import importlib
    import random

    rules = importlib.import_module(f"engine.{ruleset}")
    rng = random.Random(3)
    seen = set()
    for seed in range(3):
        game = rules.new_game(seed=seed)
        while not game.is_over and len(game.moves) < 400:
            moves = game.legal_moves()
            for move in moves[:40]:
                data = move.to_dict()
                assert type(move).from_dict(data) == move
                del data["kind"]
                assert type(move).from_dict(data) == move
                seen.add(type(move))
            game.play(moves[rng.randrange(len(moves))])
    assert len(seen) >= 4
    some = next(iter(seen))
    other = next(k for k in seen if k is not some)
    with pytest.raises(InvalidInput, match="move, not"):
        some.from_dict({"kind": other.KIND})
    with pytest.raises(InvalidInput):
        some.from_dict({"kind": some.KIND, "no such field": 1})
    with pytest.raises(InvalidInput):
        some.from_dict(["not", "an", "object"])
