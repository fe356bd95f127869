"""Priest-Kings speed and memory, on one core. Prints figures; asserts nothing.

    python benchmarks/priest_kings.py [--campaigns 500] [--repeats 5]
    python benchmarks/priest_kings.py --expert 40     # only the expert's move time, 40 games

- random full campaigns per second with `DiceBattle` (the goal: at least 200), through the fast
  ``random_playout`` and, for comparison, through the checked ``legal_moves``/``apply`` (which
  also builds every event); and typed-in campaigns (``battles="recorded"``), which roll no dice;
- microseconds per dice battle between two standard armies;
- the length of a random campaign: decisions, battles, turns (mean and 99th percentile);
- MCTS iterations per second;
- with ``--expert GAMES``: the expert's time per decision (mean, 95th percentile, most; the goal
  is at most 1 s, well under 0.1 s on average), one `ExpertBot` against three `RandomBot`s, its
  seat rotating; the first games include filling its cache of battle odds;
- peak memory of a batch of random campaigns (tracemalloc) and of the process.

Machines here are shared and noisy: each figure is the median of several repeats, with the
best beside it. Times are CPU time of this process (``time.process_time``), so that other
engineers' work on the same cores does not count against it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._measure import peak_rss_mib, timed, traced_peak
from engine import bots
from engine import priest_kings as pk
from engine.core import make_rng


def fast_campaigns(count, battles="dice"):
    for seed in range(count):
        pk.random_playout(pk.new_state(4, seed, battles=battles), random.Random(seed))


def checked_campaigns(count):
    for seed in range(count):
        rng = random.Random(seed)
        state = pk.new_state(4, seed)
        while not state.is_over:
            moves = pk.legal_moves(state)
            state, _ = pk.apply(state, moves[rng.randrange(len(moves))])


def dice_battles(count):
    army = pk.Army.standard()
    for seed in range(count):
        pk.fight(army, army, (False, False), make_rng(seed, "bench"))


def expert_move_times(games):
    """CPU seconds of each decision of an `ExpertBot` seated against three random bots (only
    decisions with a choice: the bot answers a single legal move without thinking)."""
    times = []
    for game in range(games):
        seat = game % 4
        seats = [bots.ExpertBot(game) if s == seat else bots.RandomBot(100 * game + s)
                 for s in range(4)]
        state = pk.new_state(4, seed=game)
        while not state.is_over:
            view = state.view(state.to_move)
            choosing = state.to_move == seat and len(pk.legal_moves(state)) > 1
            start = time.process_time()
            move = seats[state.to_move].choose(view)
            if choosing:
                times.append(time.process_time() - start)
            state, _ = pk.apply(state, move)
    return times


def print_expert_times(games):
    times = sorted(expert_move_times(games))
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"  expert move time over {len(times)} decisions ({games} games vs random): mean "
          f"{statistics.mean(times) * 1e3:.1f} ms, 95th percentile {p95 * 1e3:.1f} ms, most "
          f"{times[-1] * 1e3:.1f} ms   (goal: at most 1000 ms, mean well under 100 ms)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--expert", type=int, default=0, metavar="GAMES",
                        help="print only the expert's move time over GAMES games")
    args = parser.parse_args()
    if args.expert:
        print(f"Priest-Kings expert (Python {sys.version.split()[0]}, one core, CPU time)")
        print_expert_times(args.expert)
        return
    n, r = args.campaigns, args.repeats
    print(f"Priest-Kings benchmarks (Python {sys.version.split()[0]}, one core, CPU time, "
          f"median | best of {r})")

    fast_campaigns(20)  # warm the caches
    median, best, _ = timed(lambda: fast_campaigns(n), r)
    print(f"  random campaigns/s, dice battles, fast path:   {n / median:7.0f} | {n / best:.0f}"
          "   (goal: 200)")
    median, best, _ = timed(lambda: fast_campaigns(n, "recorded"), r)
    print(f"  random campaigns/s, recorded results, fast:    {n / median:7.0f} | {n / best:.0f}")
    few = max(10, n // 10)
    median, best, _ = timed(lambda: checked_campaigns(few), r)
    print(f"  random campaigns/s, dice, checked path:        {few / median:7.0f} | "
          f"{few / best:.0f}")
    battles = 2000
    median, best, _ = timed(lambda: dice_battles(battles), r)
    print(f"  µs per dice battle (standard armies):          {median / battles * 1e6:7.0f} | "
          f"{best / battles * 1e6:.0f}")

    decisions, fought, turns = [], [], []
    for seed in range(1000):
        record: list[int] = []
        final = pk.random_playout(pk.new_state(4, seed), random.Random(seed), record)
        decisions.append(len(record))
        fought.append(final.battles_fought)
        turns.append(final.turn)
    for name, values in (("decisions", decisions), ("battles", fought), ("turns", turns)):
        p99 = sorted(values)[int(len(values) * 0.99)]
        print(f"  random campaign {name:<10} mean {statistics.mean(values):6.1f}, 99th "
              f"percentile {p99}, longest {max(values)}")

    state = pk.new_state(4, seed=1)
    iterations = 100
    median, best, _ = timed(lambda: bots.MCTSBot(iterations, seed=0).choose(
        state.view(state.to_move)), r)
    print(f"  MCTS iterations/s (the first choice):          "
          f"{iterations / median:7.0f} | {iterations / best:.0f}")

    peak, _ = traced_peak(lambda: fast_campaigns(200))
    rss = peak_rss_mib()
    print(f"  peak memory: {peak / 2**10:.0f} KiB traced during 200 campaigns; "
          f"process peak RSS {rss:.0f} MiB")


if __name__ == "__main__":
    main()
