"""Fixed-seed games of the greedy and expert bots, recorded move by move with the evaluations
they read, so that speed work on the bots can be shown to change nothing.

`record(game)` plays one game the way `engine.simulate` seats bots (each seat's bot seeded by
``derive_seed(seed, "seat", seat)``) through the checked ``legal_moves``/``apply``, and returns
its moves (their text) and a digest of the values the bots and a coach read at every position:
the ruleset's ``evaluate`` for every player, and the expert's own evaluation (Sumeria's
`expert.value`, Tigris' `expert.evaluate`, Mesopotamia's `expert.value` of the rules' working
copy, Priest-Kings' `expert.order_values`, the Royal Game of Ur's expectimax `Search` values).

    python -m tests.engine.strong_play    # rewrites tests/engine/data/strong_play.json

The recording in ``data/strong_play.json`` was made from the engine on main at 26744e4, before
the bots were made faster; `test_strong_play.py` replays it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engine.core import derive_seed, dumps, rules_of
from engine.simulate import make_seat_bot

DATA = Path(__file__).parent / "data" / "strong_play.json"

#: (ruleset, players, options, bots by seat, seed, max decisions or None)
GAMES: list[tuple[str, int, dict[str, Any], tuple[str, ...], int, int | None]] = [
    ("sumeria", 3, {}, ("greedy",) * 3, 1, None),
    ("sumeria", 3, {}, ("expert",) * 3, 2, None),
    ("sumeria", 4, {"tiebreak": "villages"}, ("expert", "greedy", "random", "expert"), 3, 50),
    ("tigris", 2, {}, ("greedy",) * 2, 1, None),
    ("tigris", 2, {}, ("expert",) * 2, 2, None),
    ("tigris", 3, {"buildings": True, "wonder": True, "war_support": "english"},
     ("expert", "greedy", "expert"), 3, 120),
    ("mesopotamia", 2, {}, ("greedy",) * 2, 1, 300),
    ("mesopotamia", 3, {}, ("expert",) * 3, 2, None),
    ("mesopotamia", 4, {"cards_at_start": True}, ("expert", "greedy", "expert", "random"), 3,
     300),
    ("priest_kings", 4, {}, ("greedy",) * 4, 1, None),
    ("priest_kings", 4, {}, ("expert",) * 4, 2, None),
    ("priest_kings", 4, {"reroll_limit": "side"}, ("expert", "greedy", "expert", "random"), 3,
     None),
    ("royal_ur", 2, {}, ("greedy",) * 2, 1, None),
    ("royal_ur", 2, {}, ("expert",) * 2, 2, None),
    ("royal_ur", 2, {"rules": "masters"}, ("expert", "greedy"), 3, None),
    ("royal_ur", 2, {"pieces": 3}, ("expert", "expert"), 4, None),
]


def key(game: tuple[Any, ...]) -> str:
    ruleset, players, options, bots, seed, cap = game
    return f"{ruleset}:{players}:{dumps(options)}:{','.join(bots)}:{seed}:{cap}"


def _expert_values(ruleset: str, state: Any) -> list[float]:
    """What the expert of `ruleset` makes of `state` (a full state, not over)."""
    if ruleset == "sumeria":
        from engine.sumeria import expert
        return [expert.value(state, p) for p in range(state.players)]
    if ruleset == "tigris":
        from engine.tigris import expert
        return [expert.evaluate(state, p) for p in range(state.players)]
    if ruleset == "mesopotamia":
        from engine.mesopotamia import expert
        from engine.mesopotamia.rules import Work
        return [expert.value(Work(state), p) for p in range(state.players)]
    if ruleset == "priest_kings":
        from engine.priest_kings import expert, legal_moves
        if state.phase != "orders":
            return []
        return expert.order_values(state, legal_moves(state))
    from engine.royal_ur import expert
    if state.throw is None:
        return []
    values = expert.Search(state).move_values()
    return [values[m] for m in sorted(values, key=str)]


def record(game: tuple[Any, ...]) -> dict[str, Any]:
    """The moves of `game` (see `GAMES`) and a digest of the values read on the way."""
    ruleset, players, options, bots, seed, cap = game
    rules = rules_of(ruleset)
    state = rules.new_state(players, seed, **options)
    seats = [make_seat_bot(spec, derive_seed(seed, "seat", seat))
             for seat, spec in enumerate(bots)]
    digest = hashlib.sha256()
    moves = []
    while not state.is_over and (cap is None or len(moves) < cap):
        values = [rules.evaluate(state, p) for p in range(players)]
        values += _expert_values(ruleset, state)
        digest.update(" ".join(f"{v:.9g}" for v in values).encode() + b";")
        player = state.to_move
        move = seats[player].choose(state.view(player))
        moves.append(str(move))
        state, _ = rules.apply(state, move)
    return {"moves": moves, "values": digest.hexdigest()[:20],
            "scores": list(state.scores()) if state.is_over else None}


def main() -> None:
    recorded = {key(game): record(game) for game in GAMES}
    DATA.write_text(json.dumps(recorded, indent=0) + "\n")
    print(f"{len(recorded)} games recorded in {DATA}")


if __name__ == "__main__":
    main()
