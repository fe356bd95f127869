"""The Mesopotamia expert (engine/mesopotamia/expert.py): legal, deterministic, does in small
positions what its docstring says, and finishes games by the rule text alone."""

from __future__ import annotations

import random

import pytest

from engine import mesopotamia
from engine.bots import ExpertBot
from engine.mesopotamia import expert
from tests.engine.mesopotamia.util import WEST, pos

rules = pytest.mark.rules


def pick(state, seed=0):
    """The expert's move in `state` (for the player to move), as text."""
    view = state.view(state.to_move)
    moves = mesopotamia.legal_moves(view)
    move = expert.choose(view, moves, random.Random(seed))
    assert move in moves
    return str(move)


def play_turn(state, seed=0):
    """The expert's whole turn from `state`: the moves (as text) and the state after it."""
    player, turn, moves = state.to_move, state.turn, []
    rng = random.Random(seed)
    while not state.is_over and state.turn == turn:
        view = state.view(player)
        move = expert.choose(view, mesopotamia.legal_moves(view), rng)
        moves.append(str(move))
        state, _ = mesopotamia.apply(state, move)
    return moves, state


def play_out(players, seed, max_decisions=6000):
    """An expert-only game without a round limit; the moves and the final state."""
    state = mesopotamia.new_state(players, seed, max_rounds=None)
    bots = [ExpertBot(seed=100 * seed + p) for p in range(players)]
    moves = []
    while not state.is_over and len(moves) < max_decisions:
        move = bots[state.to_move].choose(state.view(state.to_move))
        moves.append(str(move))
        state, _ = mesopotamia.apply(state, move)  # refuses an illegal move
    return moves, state


@rules("M-END-1", "M-SAC-3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_games_end_by_four_markers_without_a_round_limit(players):
    moves, final = play_out(players, seed=1)
    assert final.is_over, f"no winner after {len(moves)} decisions"
    [winner] = final.winners()
    assert len(final.delivered[winner]) == 4
    assert final.round < 60  # people's length, not a random walk's hundreds of rounds


def test_the_same_seed_plays_the_same_game():
    first, _ = play_out(3, seed=3, max_decisions=120)
    second, _ = play_out(3, seed=3, max_decisions=120)
    assert first == second and len(first) == 120


@rules("M-TEMPLE-1")
def test_a_stone_carried_into_the_temple_is_put_down_there():
    state = pos(natives=[("0,0", 0, "S"), ("-1,0", 0, "."), ("-1,0", 0, ".")])
    moves, after = play_turn(state)
    assert "drop 0,0 S" in moves
    assert (after.max_mana[0], after.mana[0]) == (4, 1)


@rules("M-TEMPLE-1", "M-CARRY-1")
def test_a_stone_beside_the_temple_is_fetched_and_brought_in():
    state = pos(natives=[("1,0", 0, "."), ("-1,0", 0, "."), ("-1,0", 0, ".")],
                goods={"1,0": (0, 2)})
    moves, after = play_turn(state)
    assert moves[0] == "pick 1,0 . S" and "drop 0,0 S" in moves
    assert after.max_mana[0] >= 4


@rules("M-SAC-3")
def test_a_marker_is_carried_into_the_temple_when_the_mana_pays_for_it():
    state = pos(natives=[("-1,0", 0, "M2"), ("-1,0", 0, "."), ("-1,0", 0, ".")], mana=[2, 0, 0, 0])
    assert pick(state) == "go -1,0 M2 0,0"
    after, _ = mesopotamia.apply(state, mesopotamia.parse_move("go -1,0 M2 0,0"))
    assert after.delivered[0] == (2,)


@rules("M-SAC-3", "M-SAC-2")
def test_a_marker_waiting_on_the_temple_place_is_offered_once_the_mana_is_there():
    state = pos(natives=[("0,0", 0, "M4"), ("-1,0", 0, "."), ("-1,0", 0, ".")],
                mana=[4, 0, 0, 0], max_mana=[5, 3, 3, 3])
    assert pick(state) == "offer 4"


@rules("M-SAC-4")
def test_a_marker_it_cannot_pay_for_is_not_pushed_against_the_temple():
    state = pos(natives=[("-1,0", 0, "M7"), ("-1,0", 0, "."), ("-1,0", 0, ".")], mana=[3, 0, 0, 0])
    assert pick(state) != "go -1,0 M7 0,0"


@rules("M-SAC-1", "M-SAC-2")
def test_its_own_marker_is_taken_up_from_the_hut():
    state = pos(tiles=WEST, natives=[("-2,0", 0, "."), ("-2,0", 0, "."), ("-1,0", 0, ".")],
                huts=[("-1,0", 0, 0), ("-2,0", 0, 2)])
    assert pick(state) == "lift -2,0 2"


@rules("M-HUT-1", "M-HUT-2")
def test_a_hut_is_built_with_the_cheapest_marker_under_it():
    state = pos(tiles=WEST, natives=[("-2,0", 0, "L"), ("-2,0", 0, "."), ("-1,0", 0, ".")],
                huts=[("-1,0", 0, 0)], phase="action")
    assert pick(state) == "hut -2,0 2"


@rules("M-HOLY-1")
def test_a_holy_place_is_erected_where_two_natives_bring_a_stone():
    state = pos(tiles=WEST, natives=[("-2,0", 0, "S"), ("-2,0", 0, "."), ("-1,0", 0, ".")],
                huts=[("-1,0", 0, 0)], phase="action")
    assert pick(state) == "holy -2,0"


@rules("M-BIRTH-1")
def test_few_natives_give_birth_at_the_hut_without_a_marker():
    state = pos(natives=[("-1,0", 0, "."), ("-1,0", 0, ".")], huts=[("-1,0", 0, 0)],
                phase="action")
    assert pick(state) == "birth -1,0"


@rules("M-CARD-STAMINA-1")
def test_stamina_is_played_at_the_start_of_the_movement():
    state = pos(natives=[("-1,0", 0, "."), ("-1,0", 0, ".")], huts=[("-1,0", 0, 0)],
                hands=[["stamina"], [], [], []])
    assert pick(state) == "play stamina"


def test_the_expert_bot_seats_it():
    state = mesopotamia.new_state(3, seed=5, max_rounds=None)
    bot = ExpertBot(seed=1)
    view = state.view(0)
    assert bot.choose(view) in mesopotamia.legal_moves(view)



#: West of the temple: a quarry two steps away with empty plains beside it; huts on the start
#: plains, where no holy place can stand (M-HOLY-1).
QUARRY_WEST = {"-2,0": "quarry", "-2,-1": "plain", "-3,0": "plain"}
START_HUTS = [("-1,0", -1, 0), ("-1,1", -1, 0)]


@rules("M-HOLY-1", "M-MANA-1", "M-SAC-3", "M-END-1")
def test_stone_carriers_short_of_the_last_mana_erect_a_holy_place_and_win():
    # Seed 1469855765 of `results.py lengths` (2 experts, no round limit) stalled for ever
    # here: one mana short of its last marker, Red kept two stones beside an empty plain. The
    # partner's stone was counted on its way to the temple from where it stood, so each step
    # towards the site cost as much as it gained, and the pair never met.
    state = pos(players=2, tiles=QUARRY_WEST, huts=START_HUTS, delivered=[[2, 4, 6], []],
                mana=[6, 0], max_mana=[7, 3],
                natives=[("-1,0", 0, "M7"), ("-2,0", 0, "S"), ("-2,0", 0, "S"),
                         ("1,-1", 1, "."), ("1,-1", 1, ".")])
    moves, state = play_turn(state)
    assert any(m.startswith("holy ") for m in moves), moves
    assert state.mana[0] == 7  # the holy place, staffed, pays for the 7 (M-MANA-1)
    _, state = play_turn(state)  # the other player
    moves, state = play_turn(state)
    assert "go -1,0 M7 0,0" in moves
    assert state.is_over and state.winners() == {0} and state.delivered[0] == (2, 4, 6, 7)



#: Seed 467756292 of the ladder (the expert against greedy, 2 players), round 40: the fields
#: discovered by then.
LADDER_FIELDS = {"-3,1": "P", "-2,0": "Q", "-2,1": "Q", "-2,2": "P", "-2,3": "F", "-1,-1": "F",
                 "-1,2": "F", "-1,3": "P", "0,-2": "P", "0,2": "P", "1,-4": "V", "1,-2": "P",
                 "1,1": "F", "1,2": "Q", "2,-4": "Q", "2,-3": "F", "2,-2": "P", "2,0": "P",
                 "2,1": "Q", "3,-4": "P", "3,-2": "V", "4,-5": "P"}


@rules("M-HUT-1", "M-HUT-2", "M-END-1")
def test_two_lumber_carriers_meet_on_one_plain_and_build():
    # This ladder game waited from round 40 to the round limit: Blue's two lumber carriers
    # stood on a forest between two plains with room, each counted as the other's partner at
    # a different plain, so a step towards one plain cost the other building as much as it
    # gained. A native now serves one part of the plan. (Then, 1 mana after the 6 for the 7
    # and no holy place, each free native beside a stone counted the one holy place to build
    # as its own errand, so picking a stone up for it lost the others' and nobody did.)
    state = pos(players=2, tiles=LADDER_FIELDS, to_move=1,
                huts=[("-1,0", -1, 0), ("-1,0", 0, 0), ("-1,1", -1, 0), ("-1,1", 1, 0),
                      ("1,-2", 1, 0), ("1,-2", 1, 0)],
                goods={"-2,1": (0, 3), "-2,3": (1, 0), "-1,-1": (0, 1), "1,0": (1, 0),
                       "1,1": (2, 0), "2,-4": (0, 2), "2,-3": (1, 0)},
                delivered=[[], [2, 4]], mana=[5, 7], max_mana=[5, 7],
                natives=[("0,0", 0, "L"), ("0,0", 0, "L"), ("0,0", 0, "L"),
                         ("-2,1", 1, "."), ("-2,1", 1, "."), ("1,1", 1, "L"), ("1,1", 1, "L"),
                         ("2,-4", 1, "."), ("2,-4", 1, ".")])
    built = []
    for _ in range(10):
        moves, state = play_turn(state)
        built += [m for m in moves if m.startswith("hut ")]
        if state.is_over:
            break
        _, state = play_turn(state)  # the other player
    assert len(built) == 2, built  # the 6 and the 7 go under new huts (M-HUT-2)
    assert state.is_over and state.winners() == {1} and state.delivered[1] == (2, 4, 6, 7)


@rules("M-TEMPLE-1", "M-SAC-3", "M-END-1")
def test_short_of_mana_for_the_last_marker_it_brings_stones_to_the_temple():
    # Seed 635492840 of the ladder (the expert against random, 2 players), round 50: Red
    # carries its 7 beside the temple with 4 of the 6 mana it may hold, and stones lie all
    # around. Each free native beside a stone counted the next stone's whole worth (it raises
    # the maximum to 7) as its own errand, so the first stone picked up lost the others' and
    # nobody picked one up. The stones fetched now count one after the other.
    state = pos(players=2, tiles={
        "-4,3": "Q", "-3,0": "P", "-3,1": "P", "-3,2": "F", "-3,3": "P", "-2,-2": "P",
        "-2,-1": "P", "-2,0": "V", "-2,1": "Q", "-2,2": "P", "-1,-2": "F", "-1,2": "P",
        "-1,3": "P", "-1,4": "V", "0,-2": "P", "0,2": "P", "0,3": "F", "1,-4": "Q", "1,-3": "Q",
        "1,-2": "F", "2,-4": "V", "2,-3": "Q", "2,-2": "Q", "2,-1": "P", "2,0": "P", "3,0": "F"},
        huts=[("-1,0", -1, 0), ("-1,0", 0, 0), ("-1,1", -1, 0), ("-1,1", 1, 0), ("0,-2", 0, 0),
              ("2,-1", 0, 0), ("2,-1", 0, 0), ("2,0", 0, 0)],
        goods={"-4,3": (1, 0), "-3,2": (0, 1), "0,-2": (1, 0), "0,3": (2, 0), "1,-4": (0, 1),
               "1,-3": (1, 0), "1,-2": (1, 0), "1,0": (0, 2), "2,-2": (0, 3), "2,-1": (1, 0),
               "3,0": (1, 0)},
        holy={"0,2": 1}, delivered=[[2, 4, 6], []], mana=[4, 6], max_mana=[6, 6],
        natives=[("-3,2", 0, "."), ("-3,2", 0, "."), ("1,-4", 0, "."), ("1,0", 0, "."),
                 ("1,0", 0, "."), ("1,0", 0, "M7"), ("2,-2", 0, "."), ("2,-2", 0, "."),
                 ("-2,-2", 1, "."), ("-2,2", 1, "."), ("1,0", 1, "."), ("2,-2", 1, "."),
                 ("2,-1", 1, ".")])
    moves, state = play_turn(state)
    assert "pick 1,0 . S" in moves and "go 1,0 S 0,0" in moves, moves
    assert state.max_mana[0] == 7  # M-TEMPLE-1
    for _ in range(6):
        _, state = play_turn(state)  # the other player
        if state.is_over:
            break
        moves, state = play_turn(state)
    assert state.is_over and state.winners() == {0} and state.delivered[0] == (2, 4, 6, 7)


@rules("M-BIRTH-1", "M-BIRTH-2", "M-SAC-3")
def test_a_marker_carrier_stands_in_for_a_birth_when_natives_are_few():
    # Seed 327560865 of the ladder (the expert against greedy), round 50: Red has two natives
    # left, one carrying its 6 beside the temple with the mana to pay. Placing it would leave
    # one native, who can never give birth again (M-BIRTH-1), and births counted free natives
    # only, so Red waited to the round limit. A marker carried does not prevent a birth
    # (M-BIRTH-2): the carrier now stands in and takes the 6 on from the hut.
    state = pos(players=2, tiles={
        "-2,2": "P", "-2,3": "Q", "-2,4": "P", "-1,-1": "Q", "-1,2": "P", "-1,3": "F",
        "0,-2": "V", "1,-2": "F", "2,-4": "Q", "2,-3": "Q", "2,-2": "P", "2,-1": "Q", "2,0": "F",
        "3,-5": "P", "3,-4": "F", "3,-3": "P", "3,-2": "P", "3,0": "V", "4,-6": "P", "4,-4": "P",
        "4,-3": "Q", "5,-6": "V", "5,-4": "P"},
        huts=[("-1,0", -1, 0), ("-1,0", 0, 0), ("-1,1", -1, 0), ("-1,1", 1, 0), ("2,-2", 0, 0),
              ("2,-2", 0, 0), ("3,-3", 0, 0), ("4,-4", 1, 0)],
        goods={"-1,3": (0, 1), "1,-1": (1, 0), "1,0": (1, 1), "2,-4": (1, 0), "2,-3": (0, 3),
               "2,-1": (0, 3), "2,0": (1, 0), "4,-3": (0, 1)},
        delivered=[[2, 4], [4]], mana=[7, 2], max_mana=[7, 4],
        natives=[("1,-1", 0, "M6"), ("1,0", 0, "."), ("0,0", 1, "L"), ("0,0", 1, "L")])
    moves, state = play_turn(state)
    assert any(m.startswith("birth ") for m in moves), moves
    assert state.natives_of(0) == 3
    for _ in range(12):
        _, state = play_turn(state)  # the other player
        if state.is_over:
            break
        moves, state = play_turn(state)
        assert state.is_over or state.natives_of(0) >= 2
    assert state.is_over and state.winners() == {0} and state.delivered[0] == (2, 4, 6, 7)


@rules("M-TEMPLE-1", "M-MOVE-5")
def test_a_stone_carried_onto_the_temple_place_is_put_down():
    # Seed 1049137708 of the ladder (the expert against random), round 30: two of Red's
    # natives stood on the temple place with stones for twenty rounds. Putting one down freed
    # a native for a birth that the value counted below the errand it took that native from.
    state = pos(players=2, huts=START_HUTS, mana=[5, 0], max_mana=[5, 3],
                delivered=[[2, 4], []],
                natives=[("0,0", 0, "S"), ("0,0", 0, "S"), ("1,-1", 0, "M6"), ("1,0", 0, "M7"),
                         ("-1,1", 1, "."), ("-1,1", 1, ".")])
    moves, state = play_turn(state)
    assert moves[:2] == ["drop 0,0 S", "drop 0,0 S"], moves
    assert state.max_mana[0] == 7  # M-TEMPLE-1: 5 + 2, and the mana with it
    assert "go 1,-1 M6 0,0" in moves and state.delivered[0] == (2, 4, 6)  # M-SAC-3: 7 - 6
    assert state.mana[0] == 1
