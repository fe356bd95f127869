"""The checked path plays the same games as before the speed work, move for move.

Speed-ups of `legal_moves`/`apply` (interned moves, reach tables, cached kingdoms, quick state
construction) must not change a single game. Each digest below covers, for one seeded random
game through the checked ``legal_moves``/``apply``: every list of legal moves in order, every
move drawn, every event of every move, and the final state's save data. The digests were
recorded from the engine at commit 1a02d00, before that work; a changed digest means a changed
game — a behaviour change, not a speed-up. The bots' choices are pinned the same way.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import hashlib
import importlib
import random

import pytest

from engine import bots, royal_ur, sumeria, tigris
from engine.core import IllegalMove, InvalidInput, dumps

RULES = {"sumeria": sumeria, "tigris": tigris, "royal_ur": royal_ur}
TIGRIS_VARIANTS = ({}, {"board": "advanced", "war_support": "english"},
                   {"buildings": True, "wonder": True, "open_scoring": True})

GAMES = [
    ("sumeria", 3, {"tiebreak": "towns"}, 0, "9aac4b31977e105e"),
    ("sumeria", 3, {"tiebreak": "towns"}, 1, "764d0958c7c37a0c"),
    ("sumeria", 3, {"tiebreak": "towns"}, 2, "149105484729bd44"),
    ("sumeria", 3, {"tiebreak": "villages"}, 0, "faa6472600c9b74b"),
    ("sumeria", 3, {"tiebreak": "villages"}, 1, "6969076220b06aa8"),
    ("sumeria", 3, {"tiebreak": "villages"}, 2, "080e672d99a73272"),
    ("sumeria", 4, {"tiebreak": "towns"}, 0, "a273a925057d15da"),
    ("sumeria", 4, {"tiebreak": "towns"}, 1, "15cc37b7eb5b5296"),
    ("sumeria", 4, {"tiebreak": "towns"}, 2, "c111366e81f3eba7"),
    ("sumeria", 4, {"tiebreak": "villages"}, 0, "79b29af509278ea7"),
    ("sumeria", 4, {"tiebreak": "villages"}, 1, "75a41692f7230479"),
    ("sumeria", 4, {"tiebreak": "villages"}, 2, "a8417140adac6b33"),
    ("tigris", 2, TIGRIS_VARIANTS[0], 2, "4472a7ffacb98ad3"),
    ("tigris", 2, TIGRIS_VARIANTS[1], 2, "24f67549372a67b7"),
    ("tigris", 2, TIGRIS_VARIANTS[2], 2, "29b6e5334ee1030d"),
    ("tigris", 3, TIGRIS_VARIANTS[0], 3, "33164ca3fdc9abc8"),
    ("tigris", 3, TIGRIS_VARIANTS[1], 3, "01ea66fb33c7f187"),
    ("tigris", 3, TIGRIS_VARIANTS[2], 3, "eb79b1a1c53c5805"),
    ("tigris", 4, TIGRIS_VARIANTS[0], 4, "4c9c14208c9353a2"),
    ("tigris", 4, TIGRIS_VARIANTS[1], 4, "833ca735f7209405"),
    ("tigris", 4, TIGRIS_VARIANTS[2], 4, "3e5db6b7ebf2bf25"),
    # Recorded when the Royal Game of Ur arrived (not from 1a02d00): its rules' games since.
    ("royal_ur", 2, {}, 0, "c3a07dd5e41d168e"),
    ("royal_ur", 2, {"rules": "masters"}, 1, "21fec7c2dec8dbb7"),
    ("royal_ur", 2, {"rules": "blitz", "throws": "either"}, 2, "05e7e27583df4ef9"),
    ("royal_ur", 2, {"path": "murray"}, 3, "f280fc6f41a9f5c6"),
]


def game_digest(rules, state, seed):
    rng = random.Random(seed)
    h = hashlib.sha256()
    while not state.is_over:
        moves = rules.legal_moves(state)
        h.update("|".join(map(str, moves)).encode())
        state, events = rules.apply(state, moves[rng.randrange(len(moves))])
        h.update(repr(events).encode())
    h.update(dumps(state.to_dict()).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("name", "players", "options", "seed", "expected"), GAMES)
def test_checked_path_plays_the_recorded_game(name, players, options, seed, expected):
    rules = RULES[name]
    assert game_digest(rules, rules.new_state(players, seed, **options), seed) == expected


# (ruleset, players, plies played from seed 1) -> per bot seed 0, 1, 2: (MCTS 100, greedy)
CHOICES = {
    ("sumeria", 3, 30): [("add umma.town3", "add uruk.town3"),
                         ("add eridu.town2", "add uruk.village3"),
                         ("add uruk.town3", "add uruk.town2")],
    ("sumeria", 4, 50): [("move kish.village3 lagash.village3", "move kish.town3 lagash.village3"),
                         ("add lagash.village1", "add lagash.village1"),
                         ("remove kish.village3", "add lagash.village3")],
    ("tigris", 2, 40): [("tile g a1", "leader k e6"),
                        ("tile r i5", "leader k f2"),
                        ("leader k j3", "leader k o8")],
}


@pytest.mark.parametrize("key", list(CHOICES))
def test_bots_choose_the_recorded_moves(key):
    name, players, plies = key
    rules = RULES[name]
    state = rules.new_state(players, 1)
    rng = random.Random(1)
    for _ in range(plies):
        moves = rules.legal_moves(state)
        state, _ = rules.apply(state, moves[rng.randrange(len(moves))])
    view = state.view(state.to_move)
    for seed, (mcts, greedy) in enumerate(CHOICES[key]):
        assert str(bots.MCTSBot(100, seed=seed).choose(view)) == mcts
        assert str(bots.GreedyBot(seed=seed).choose(view)) == greedy


@pytest.mark.parametrize("name", list(RULES))
def test_interleaved_games_and_refused_moves_leave_no_trace(name):
    """The speed-ups keep a little working data per state (Sumeria's occupancy, Tigris's
    working table) found by identity: two games stepped in turn, each step after a refused
    move and a move applied to an older state, still play the recorded games."""
    rules = RULES[name]
    cases = [case for case in GAMES if case[0] == name][:2]
    lines = []
    for _, players, options, seed, expected in cases:
        lines.append([rules.new_state(players, seed, **options), random.Random(seed),
                      hashlib.sha256(), expected])
    older = [line[0] for line in lines]
    while any(not line[0].is_over for line in lines):
        for k, line in enumerate(lines):
            state, rng, h, _ = line
            if state.is_over:
                continue
            moves = rules.legal_moves(state)
            h.update("|".join(map(str, moves)).encode())
            # A move of the other game (often illegal here), and one on an older state.
            other = lines[1 - k][0]
            if not other.is_over:
                with contextlib.suppress(IllegalMove, InvalidInput):
                    rules.apply(state, rules.legal_moves(other)[0])
            if not older[k].is_over:
                rules.apply(older[k], rules.legal_moves(older[k])[0])
            older[k] = state
            line[0], events = rules.apply(state, moves[rng.randrange(len(moves))])
            h.update(repr(events).encode())
    for state, _, h, expected in lines:
        h.update(dumps(state.to_dict()).encode())
        assert h.hexdigest()[:16] == expected


@pytest.mark.parametrize("name", list(RULES))
def test_games_on_threads_play_the_recorded_games(name):
    """An executor's threads may play games side by side (engine.simulate takes any
    executor): the per-state working data is never shared between them."""
    rules = RULES[name]
    cases = [case for case in GAMES if case[0] == name][:4]
    with cf.ThreadPoolExecutor(2) as pool:
        digests = list(pool.map(lambda c: game_digest(
            rules, rules.new_state(c[1], c[3], **c[2]), c[3]), cases))
    assert digests == [case[4] for case in cases]


# The search loop is the same for every ruleset: MCTS with 30 iterations, bot seeds 0 and 1.
MCTS_ELSEWHERE = {
    # Recorded again when every turn got 5 points (R-M2): the 20 random plies are another game.
    ("mesopotamia", 3, 20): ["go -2,0 . -1,1", "go 1,-1 . -2,0"],
    ("priest_kings", 4, 10): ["reorganize left", "reorganize centre"],
    ("royal_ur", 2, 19): ["move 4", "move 4"],
}


@pytest.mark.parametrize("key", list(MCTS_ELSEWHERE))
def test_mcts_chooses_the_recorded_moves_in_the_other_rulesets(key):
    name, players, plies = key
    rules = importlib.import_module(f"engine.{name}")
    state = rules.new_state(players, 1)
    rng = random.Random(1)
    for _ in range(plies):
        moves = rules.legal_moves(state)
        state, _ = rules.apply(state, moves[rng.randrange(len(moves))])
    view = state.view(state.to_move)
    for seed, expected in enumerate(MCTS_ELSEWHERE[key]):
        assert str(bots.MCTSBot(30, seed=seed).choose(view)) == expected
