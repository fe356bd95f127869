"""The Tigris & Euphrates expert (`engine.tigris.expert`, seated by `bots.ExpertBot`): legal,
deterministic, and in small positions it does what its docstring claims."""

from __future__ import annotations

import math
import random

import pytest

from engine import bots, tigris
from engine.tigris import expert
from tests.engine.tigris.helpers import influence, play, pos

rules = pytest.mark.rules


def pick(state, seed=0):
    """The expert's move for the player to move, from that player's view."""
    view = state.view(state.to_move)
    return str(expert.choose(view, tigris.legal_moves(view), random.Random(seed)))


def whole_turn(state, seed=0):
    """The expert plays the active player's turn (others answer with their first option)."""
    me = state.active
    played = []
    while state.active == me and not state.is_over:
        if state.to_move == me:
            move = tigris.parse_move(pick(state, seed))
        else:
            move = tigris.legal_moves(state)[0]
        played.append(str(move))
        state, _ = tigris.apply(state, move)
    return played, state


def game(seed, seats):
    state = tigris.new_state(2, seed=seed)
    played = []
    while not state.is_over:
        player = state.to_move
        view = state.view(player)
        move = seats[player].choose(view)
        assert move in tigris.legal_moves(state)
        played.append(str(move))
        state, _ = tigris.apply(state, move)
    return played, state


@rules("T-TURN-1", "T-HIDDEN-1")
def test_legal_from_views_and_the_same_seed_plays_the_same_game():
    first, end = game(4, [bots.ExpertBot(5), bots.RandomBot(6)])
    second, _ = game(4, [bots.ExpertBot(5), bots.RandomBot(6)])
    assert first == second and len(first) > 50
    assert end.winners() == {0}


@rules("T-TILE-3", "T-SCORE-1")
def test_scores_a_point_in_its_weakest_colour():
    state = pos("""
        4  . . . . R0
        5  . . . . r K0 k
        influence 0 k5 r0 b5 g5
        hand 0 kkrbgg
        turn 0
    """)
    for seed in range(3):
        after, _ = tigris.apply(state, tigris.parse_move(pick(state, seed)))
        assert influence(after, 0)["r"] == 1


REVOLT = """
    5  . . . . r K0 k k r
    4  . . . . . r
    hand 0 kkbbgg
    hand 1 rrrrkb
    influence 1 k3 r3 b3 g3
    turn 1
"""


@rules("T-REVOLT-1", "T-REVOLT-2", "T-REVOLT-3", "T-REVOLT-4")
def test_starts_a_revolt_its_support_should_win_and_backs_it():
    state = pos(REVOLT)
    move = pick(state)
    assert move.startswith("leader k")
    state, _ = play(state, move)
    assert state.phase == "support" and state.to_move == 1
    # 1 temple against 2: four temples from the hand make 5, which the defender matches
    # only with four or more of its six unseen tiles red.
    assert pick(state) == "support 4"


@rules("T-REVOLT-2", "T-REVOLT-4")
def test_starts_no_revolt_it_cannot_win():
    state = pos(REVOLT.replace("hand 0 kkbbgg", "hand 0 rrrrkb").replace(
        "hand 1 rrrrkb", "hand 1 kkbbgg"))
    for seed in range(3):
        after, _ = play(state, pick(state, seed))
        assert after.phase != "support"


DEFENCE = """
    5  . . . . r K0 k . r
    4  . . . . . r
    hand 0 rrkbgg
    hand 1 rrrkbg
    turn 1
"""


@rules("T-REVOLT-3", "T-REVOLT-4", "T-REVOLT-5")
@pytest.mark.parametrize(("attack", "defence"), [(1, 0), (2, 1), (3, 2)])
def test_defends_with_the_fewest_temples_that_win(attack, defence):
    """The defender has 2 temples beside its king, the attacker 1: a tie goes to the
    defender, so it needs exactly ``attack - 1`` of its two red tiles."""
    state, _ = play(pos(DEFENCE), "tile k h5", "leader k j5", f"support {attack}")
    assert state.to_move == 0
    assert pick(state) == f"support {defence}"


WAR = """
    5  . . . . r K0 k k . k K1 r
    influence 0 k3 r3 b3 g3
    hand 0 kkbbgg
    hand 1 rrrkbg
    turn 0
"""


@rules("T-WAR-1", "T-WAR-4", "T-WAR-5", "T-WAR-7")
def test_joins_kingdoms_for_a_war_it_wins():
    played, state = whole_turn(pos(WAR))
    assert "tile g i5" in played or "tile k i5" in played
    assert played[played.index("support 0") - 1] == "support 2"
    assert state.leader_cell(1, 0) == -1 and state.leader_cell(0, 0) >= 0


@rules("T-WAR-4", "T-WAR-6", "T-CAT-3", "T-LEADER-7")
def test_breaks_a_stronger_kingdom_instead_of_fighting_it():
    """Its king is weaker (1 black tile against 3): it does not join the kingdoms, and it
    spends a catastrophe on the temple that keeps the other king on the board."""
    state = pos(WAR.replace(". . . . r K0 k k . k K1 r", ". . . . r K0 k . k K1 r k k r*"))
    played, after = whole_turn(state)
    assert "tile k h5" not in played and "tile g h5" not in played
    assert "catastrophe k5" in played and after.leader_cell(1, 0) == -1


@rules("T-CAT-2", "T-LEADER-7")
def test_a_catastrophe_removes_a_rival_leader_when_its_own_leaders_are_placed():
    state = pos("""
        5  . . . . r K1 k k k
        6  . . . . . . k
        9  . . . . . B0
        10 . . . . R0 r* K0
        11 . . . . . G0
        influence 0 k3 r3 b3 g3
        hand 0 kkbbgg
        hand 1 rrrkbg
        turn 0
    """)
    assert pick(state) == "catastrophe e5"
    after, _ = play(state, "catastrophe e5")
    assert expert.evaluate(after, 0) > expert.evaluate(state, 0)


@rules("T-HIDDEN-1", "T-HIDDEN-2")
def test_the_defenders_unseen_support_follows_the_hypergeometric_law():
    # No red among 6 tiles drawn from 20 of which 5 are red.
    assert expert.defender_holds_less(1, 5, 20, 6) == pytest.approx(
        math.comb(15, 6) / math.comb(20, 6))
    assert expert.defender_holds_less(0, 5, 20, 6) == 0.0
    assert expert.defender_holds_less(7, 5, 20, 6) == pytest.approx(1.0)
    # Fewer than 2 red: none, or exactly one.
    assert expert.defender_holds_less(2, 5, 20, 6) == pytest.approx(
        (math.comb(15, 6) + 5 * math.comb(15, 5)) / math.comb(20, 6))


@rules("T-SCORE-1", "T-SCORE-2")
def test_beats_random_players_from_either_seat():
    for seed in range(3):
        seats = [bots.ExpertBot(seed), bots.RandomBot(seed + 10)]
        expert_seat = seed % 2
        if expert_seat:
            seats.reverse()
        _, end = game(seed, seats)
        assert end.winners() == {expert_seat}
