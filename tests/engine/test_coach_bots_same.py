"""The expert and greedy bots choose the same moves after the evaluations were given named
terms for the coach (`engine.coach`): fixed games, recorded before the change
(``data/coach_bot_moves.json``), replayed move for move.

Each game seats the ruleset's expert and the greedy bot in turn and plays a fixed number of
decisions from a fixed seed; the moves, as text, must be the recorded ones. To record them
again (only when a change of the bots' play is intended): ``python
tests/engine/test_coach_bots_same.py --record``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine import bots
from engine.core import rules_of

DATA = Path(__file__).resolve().parent / "data" / "coach_bot_moves.json"

#: (name, ruleset, players, options, seed, decisions)
GAMES = (
    ("sumeria", "sumeria", 3, {}, 11, 70),
    ("tigris", "tigris", 2, {}, 12, 70),
    ("tigris-3", "tigris", 3, {}, 13, 50),
    ("mesopotamia", "mesopotamia", 2, {}, 14, 120),
    ("priest_kings", "priest_kings", 4, {}, 15, 60),
    ("royal_ur-7", "royal_ur", 2, {}, 16, 120),
    ("royal_ur-3", "royal_ur", 2, {"pieces": 3}, 17, 80),
)


def play(ruleset: str, players: int, options: dict, seed: int, decisions: int) -> list[str]:
    """The moves of a game whose seats are the expert and the greedy bot in turn."""
    rules = rules_of(ruleset)
    state = rules.new_state(players, seed, **options)
    seats = [bots.ExpertBot(seed + p) if p % 2 == 0 else bots.GreedyBot(seed + p)
             for p in range(players)]
    moves = []
    for _ in range(decisions):
        if state.is_over:
            break
        player = state.to_move
        move = seats[player].choose(state.view(player))
        moves.append(str(move))
        state, _ = rules.apply(state, move)
    return moves


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_the_bots_play_the_recorded_moves(name):
    recorded = json.loads(DATA.read_text())
    _, ruleset, players, options, seed, decisions = next(g for g in GAMES if g[0] == name)
    assert play(ruleset, players, options, seed, decisions) == recorded[name]


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    DATA.write_text(json.dumps({g[0]: play(*g[1:]) for g in GAMES}, indent=1) + "\n")
