"""How fast the bots play whole games: games per second per bot, per ruleset, on one core.

    python benchmarks/bot_speed.py [--games 4] [--random-games 40] [--rulesets sumeria,tigris]
    python benchmarks/bot_speed.py --pool 1000 --bots expert   # the real thing, both cores

For each ruleset (at its usual player count, default options) and each of the random, greedy
and expert bots, the same bot in every seat plays `--games` whole games through
`engine.simulate.play_game` in this process (random seats take the fast ``random_playout``,
as `simulate` does). Printed per cell: games per second of one core's CPU time, decisions a
game, and what 1,000 games would take on two cores (``engine.simulate`` with two processes:
half the one-core time). The goal (issue 43): 1,000 games of strong play — greedy or expert —
in at most 10 minutes on this 2-core machine.

With ``--pool N`` it also plays N games of each ruleset with `--bots` in every seat through
``engine.simulate.simulate(..., workers=2)`` and prints the wall-clock minutes they took.

Times are CPU time of this process (``time.process_time``) so that other work on a shared
machine distorts them less; the first game of each cell is played once beforehand, untimed,
to fill the caches a process keeps (Sumeria's movement tables, Priest-Kings' battle odds).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.simulate import play_game, simulate, specs_for

#: ruleset: players (each ruleset's usual table).
PLAYERS = {"sumeria": 3, "tigris": 2, "mesopotamia": 4, "priest_kings": 4, "royal_ur": 2}
BOTS = ("random", "greedy", "expert")
#: The goal: 1,000 games of strong play in this many minutes on two cores.
GOAL_MINUTES = 10.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4,
                        help="games per greedy and expert cell (default 4)")
    parser.add_argument("--random-games", type=int, default=40,
                        help="games per random cell (default 40)")
    parser.add_argument("--rulesets", default=",".join(PLAYERS),
                        help="comma-separated rulesets (default: all five)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pool", type=int, default=0,
                        help="also play this many games per ruleset on two processes")
    parser.add_argument("--bots", default="expert", help="the bot of the --pool run")
    args = parser.parse_args()
    rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    print(f"bot speed (Python {sys.version.split()[0]}, {os.cpu_count()} cores, one core's CPU "
          f"time; games with the same bot in every seat, seed {args.seed})")
    print(f"  {'ruleset':<13}{'bot':<8}{'games':>6}{'games/s':>10}{'decisions':>11}"
          f"{'1,000 on 2 cores':>18}")
    for ruleset in rulesets:
        players = PLAYERS[ruleset]
        for bot in BOTS:
            games = args.random_games if bot == "random" else args.games
            specs = specs_for(ruleset, games + 1, players, [bot] * players, seed=args.seed)
            play_game(specs[0])  # fill this process's caches, untimed
            start = time.process_time()
            records = [play_game(spec) for spec in specs[1:]]
            spent = time.process_time() - start
            rate = games / spent if spent > 0 else float("inf")
            decisions = sum(r.length for r in records) / games
            minutes = 1000 / rate / 2 / 60
            mark = "" if bot == "random" else ("  ok" if minutes <= GOAL_MINUTES else "  slow")
            print(f"  {ruleset:<13}{bot:<8}{games:>6}{rate:>10.2f}{decisions:>11.0f}"
                  f"{minutes:>13.1f} min{mark}", flush=True)
    print(f"  (games per second of one core; the goal for greedy and expert: 1,000 games in "
          f"≤ {GOAL_MINUTES:g} min on 2 cores)")
    if args.pool:
        print(f"  {args.pool} games of {args.bots} in every seat, engine.simulate with 2 worker "
              "processes (wall clock):")
        for ruleset in rulesets:
            players = PLAYERS[ruleset]
            specs = specs_for(ruleset, args.pool, players, [args.bots] * players,
                              seed=args.seed)
            start = time.perf_counter()
            simulate(specs, workers=2, progress=False)
            wall = time.perf_counter() - start
            print(f"  {ruleset:<13}{wall / 60:8.2f} min  ({args.pool / wall:.2f} games/s)",
                  flush=True)


if __name__ == "__main__":
    main()
