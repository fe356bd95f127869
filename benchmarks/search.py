"""Search speed against its goals (issue 19, "Faster search"), on one core. Prints figures next
to the goals; asserts nothing.

    python benchmarks/search.py [--iterations 1000] [--games 1.0] [--repeats 5]

- MCTS: seconds for 1,000 iterations of Sumeria from the mid-game position of
  ``benchmarks/sumeria.py`` (3 players, round 1, turn 3: playouts run over five rounds).
  Goal: at most 1 s.
- The checked path that bots and greedy search use: random games a second through
  ``legal_moves``/``apply``, Sumeria 3 players (goal: at least 400) and Tigris & Euphrates
  2, 3 and 4 players (goal: at least 50).

Machines here are shared and noisy. Times are this process's CPU time, each figure the median
of `--repeats` runs with the best beside it; the load average is printed, and so is the speed
of Sumeria's fast path (``random_playout``) as a yardstick: it was about 1,450 games/s on this
machine at a quiet moment, so a lower figure there says the whole machine is slower now.
``--games`` scales the number of games (1.0: 200 Sumeria, 30 Tigris per player count).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._measure import timed
from engine import bots, sumeria, tigris

SUMERIA_GOAL = 400  # random 3-player games/s through legal_moves/apply, at least
TIGRIS_GOAL = 50  # random games/s through legal_moves/apply, at least
MCTS_GOAL = 1.0  # seconds for 1,000 iterations, at most


def checked_games(rules, players: int, games: int) -> None:
    """Random games through the checked ``legal_moves``/``apply`` (what `RandomBot` plays)."""
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_state(players, seed)
        while not state.is_over:
            moves = rules.legal_moves(state)
            state, _ = rules.apply(state, moves[rng.randrange(len(moves))])


def sumeria_mid_game() -> sumeria.State:
    """The position of ``benchmarks/sumeria.py``'s MCTS figure."""
    state = sumeria.new_state(3, seed=1)
    for _ in range(30):
        state, _ = sumeria.apply(state, sumeria.legal_moves(state)[0])
    return state


def verdict(ok: bool) -> str:
    return "meets the goal" if ok else "MISSES the goal"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--games", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    r = args.repeats
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Search speed against issue 19's goals (Python {sys.version.split()[0]}, one core, "
          f"CPU time, median | best of {r}; load average {load})")

    playouts = max(10, round(300 * args.games))
    sumeria.random_playout(sumeria.new_state(3, 0), random.Random(0))  # warm the tables
    median, best, _ = timed(lambda: [sumeria.random_playout(
        sumeria.new_state(3, seed), random.Random(seed)) for seed in range(playouts)], r)
    print(f"  yardstick: Sumeria fast path {playouts / median:6.0f} | {playouts / best:.0f} "
          "random 3-player games/s (about 1,450 when the machine is quiet)")

    state = sumeria_mid_game()
    view = state.view(state.to_move)
    n = args.iterations
    median, best, _ = timed(lambda: bots.MCTSBot(n, seed=0).choose(view), r)
    scaled = median * 1000 / n
    print(f"  MCTS, Sumeria mid-game ({state.summary()}): {n:,} iterations in "
          f"{median:.3f} s | {best:.3f} s = {n / median:.0f} iterations/s; "
          f"1,000 iterations in {scaled:.2f} s (goal: at most {MCTS_GOAL:.0f} s: "
          f"{verdict(scaled <= MCTS_GOAL)})")

    games = max(5, round(200 * args.games))
    checked_games(sumeria, 3, 5)
    median, best, _ = timed(lambda: checked_games(sumeria, 3, games), r)
    rate = games / median
    print(f"  checked path, Sumeria 3 players: {rate:6.0f} | {games / best:.0f} random games/s "
          f"(goal: at least {SUMERIA_GOAL}: {verdict(rate >= SUMERIA_GOAL)})")

    games = max(2, round(30 * args.games))
    checked_games(tigris, 2, 2)
    for players in (2, 3, 4):
        median, best, _ = timed(lambda p=players: checked_games(tigris, p, games), r)
        rate = games / median
        print(f"  checked path, Tigris & Euphrates {players} players: {rate:6.1f} | "
              f"{games / best:.1f} random games/s (goal: at least {TIGRIS_GOAL}: "
              f"{verdict(rate >= TIGRIS_GOAL)})")


if __name__ == "__main__":
    main()
