"""A recorded playthrough: one seeded game told move by move, so that a change of the rules
shows as a readable diff of ``playthrough.txt``.

The game: Finkel's rules with 3 pieces, seed 2024, every move drawn at random (the index into
``legal_moves`` from ``random.Random(2024)``); each line is the move and its events in English,
then in Dutch. ``ROYAL_UR_PLAYTHROUGH=write pytest …`` writes the file afresh.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from engine import royal_ur as ur

FILE = Path(__file__).with_name("playthrough.txt")


def playthrough() -> str:
    state = ur.new_state(seed=2024, pieces=3)
    rng = random.Random(2024)
    lines = [f"# {state.options.describe()}, seed 2024, random moves"]
    while not state.is_over:
        moves = ur.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        state, events = ur.apply(state, move)
        lines.append(f"{move!s:<8} | " + " ".join(e.describe("en") for e in events))
        lines.append(f"{'':<8} | " + " ".join(e.describe("nl") for e in events))
    lines.extend(str(state).splitlines())
    return "\n".join(lines) + "\n"


def test_the_recorded_playthrough():
    text = playthrough()
    if os.environ.get("ROYAL_UR_PLAYTHROUGH") == "write":
        FILE.write_text(text, encoding="utf-8")
    assert text == FILE.read_text(encoding="utf-8")
