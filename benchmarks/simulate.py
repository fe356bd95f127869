"""Simulation at scale: games per second with one and with two worker processes, per ruleset.

    python benchmarks/simulate.py [--repeats 3] [--scale 1.0] [--bots random]

For each ruleset, a batch of games (random seats by default: the fast path) is played by
`engine.simulate.simulate`
- in this process (``workers=1``),
- on a pool of one worker process, and
- on a pool of two worker processes,
and the speed-up of two processes over one is printed. Prints figures; asserts nothing.

Times are wall-clock (a process pool's whole point is to shorten it), including starting the
pool and each worker's first game, which fills that process's caches (Sumeria's movement tables
take a good part of a second): so a pool looks slower than this process on small batches, and
two workers, which warm up side by side, can come out more than twice as fast as one.
Machines here are shared: another engineer's work on the same cores takes from the speed-up
too, so the load average is printed beside each ruleset, and every figure is the median of
several repeats with the best beside it.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._measure import timed
from engine.simulate import simulate, specs_for

#: ruleset: (players, options, games at scale 1). Mesopotamia's random games run to thousands
#: of decisions without a round limit (R-M12), so the benchmark plays them to 20 rounds.
WORKLOADS = {
    "sumeria": (3, {}, 300),
    "tigris": (2, {}, 120),
    "mesopotamia": (4, {"max_rounds": 20}, 60),
    "priest_kings": (4, {}, 1500),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every batch size (e.g. 0.2 for a quick look)")
    parser.add_argument("--bots", default="random",
                        help="the bot in every seat (e.g. greedy: slower games, better scaling)")
    args = parser.parse_args()
    r = args.repeats
    print(f"engine.simulate throughput (Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"wall clock, median | best of {r}); bots: {args.bots}")
    print(f"  {'ruleset':<13}{'games':>6}  {'in-process':>17}  {'1 worker':>17}  "
          f"{'2 workers':>17}  {'speed-up':>13}  load")
    for ruleset, (players, options, games) in WORKLOADS.items():
        games = max(4, round(games * args.scale))
        specs = specs_for(ruleset, games, players, [args.bots] * players, options=options)
        simulate(specs[:2], workers=1, progress=False)  # warm caches and imports
        load = os.getloadavg()[0]
        rates = {}
        for label, workers in (("in-process", 0), ("1 worker", 1), ("2 workers", 2)):
            median, best, _ = timed(lambda s=specs, w=workers: _play(s, w), r,
                                    clock=time.perf_counter)
            rates[label] = (games / median, games / best)
        cells = "  ".join(f"{m:8.1f} | {b:6.1f}" for m, b in rates.values())
        speedup = (rates["2 workers"][0] / rates["1 worker"][0],
                   rates["2 workers"][1] / rates["1 worker"][1])
        print(f"  {ruleset:<13}{games:>6}  {cells}  {speedup[0]:5.2f} | {speedup[1]:4.2f}"
              f"  {load:.1f}")
    print("  (games per second; speed-up is 2 workers over 1 worker)")


def _play(specs, workers):
    """Play in this process (0 workers) or on a fresh pool of `workers` processes."""
    if not workers:
        return simulate(specs, workers=1, progress=False)
    with cf.ProcessPoolExecutor(workers) as pool:
        return simulate(specs, pool, progress=False)


if __name__ == "__main__":
    main()
