"""The Royal Game of Ur's house rule (docs/rules/royal_ur.md, U-OPT-ROSETTE-1): no other throw
for a rosette, obeyed by the checked rules, the fast path, the solver and the expert's search,
and kept in the save file."""

from __future__ import annotations

import random

import pytest

from engine import royal_ur as ur
from engine.bots import ExpertBot, GreedyBot
from engine.royal_ur import expert, solver
from tests.engine.royal_ur.test_fast import checked

rules = pytest.mark.rules


@rules("U-OPT-ROSETTE-1")
def test_a_rosette_gives_no_other_throw_under_the_house_rule():
    plain = ur.position(light=[2], throw=2)
    after, events = ur.apply(plain, ur.MovePiece(2))
    assert after.to_move == 0 and any(type(e).__name__ == "ExtraThrow" for e in events)
    house = ur.position(light=[2], throw=2, rosette_throw=False)
    after, events = ur.apply(house, ur.MovePiece(2))
    assert after.to_move == 1 and not any(type(e).__name__ == "ExtraThrow" for e in events)
    # The central rosette still protects the piece on it.
    safe = ur.position(light=[8], dark=[6], to_move="dark", throw=2, rosette_throw=False)
    assert ur.MovePiece(6) not in ur.legal_moves(safe)
    assert house.options.describe() == "finkel rules, 7 pieces (rosette_throw=no)"
    assert ur.position(str(house)) == house


@rules("U-OPT-ROSETTE-1")
@pytest.mark.parametrize("options", [{"rosette_throw": False},
                                     {"rosette_throw": False, "rules": "blitz"},
                                     {"rosette_throw": False, "pieces": 2, "throws": "either"}])
def test_fast_and_checked_paths_play_the_same_house_rule_game(options):
    for seed in range(4):
        start = ur.new_state(seed=seed, **options)
        record: list[int] = []
        fast = ur.random_playout(start, random.Random(seed), record)
        assert fast.is_over and fast == checked(start, random.Random(seed))


@rules("U-OPT-ROSETTE-1")
def test_the_solver_and_the_search_obey_the_house_rule():
    table = solver.table_for(ur.new_state(pieces=2, rosette_throw=False).options)
    plain = solver.table_for(ur.new_state(pieces=2).options)
    assert table is not None and plain is not None and table is not plain
    state = ur.position(light=[2], pieces=2, throw=2, rosette_throw=False)
    values = table.move_values(state)
    assert values != plain.move_values(ur.position(light=[2], pieces=2, throw=2))
    # The expectimax search of a 2-piece game agrees closely with its solved table.
    search = expert.Search(state, depth=2).move_values()
    assert set(search) == set(values)
    # Finkel's 5-piece fit was made with the rule text's extra throw: not used here.
    assert ur.weights.weights_for(ur.new_state(pieces=5, rosette_throw=False).options) is None
    assert ur.weights.weights_for(ur.new_state(pieces=5).options) is not None


@rules("U-OPT-ROSETTE-1")
def test_the_house_rule_is_saved_and_a_bots_game_replays():
    assert "rosette_throw" not in ur.new_state(seed=1).to_dict()["options"]
    game = ur.new_game(seed=3, pieces=2, rosette_throw=False)
    assert game.state.options.house_rules() == {"rosette_throw": False}
    bots = [ExpertBot(seed=1), GreedyBot(seed=2)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.state.view(game.to_move)))
    loaded = ur.Game.from_json(game.to_json())
    assert loaded.state == game.state
