"""Simulation at scale: games per second with one and with two workers, per ruleset, and the
speed-up from one worker to two in wall-clock time and in CPU time.

    python benchmarks/simulate.py [--repeats 3] [--scale 1.0] [--bots random] [--dask]

For each ruleset, a batch of games (random seats by default: the fast path) is played by
`engine.simulate.simulate`
- in this process (``workers=1``),
- on a pool of one worker process, and
- on a pool of two worker processes
(with ``--dask``, also on a dask.distributed cluster of one and of two worker processes,
`engine.simulate.local_cluster`), and the speed-up of two workers over one is printed twice:

- **wall**: how much sooner the batch is done (the point of a second worker: at best 2×);
- **CPU**: the CPU time one worker spends on the batch over the CPU time two spend (this
  process's and its worker processes', `resource.getrusage`): 1.00× when the second worker
  costs nothing extra, below 1 by what starting it and sharing out the games cost.

Times include starting the pool (or cluster) and each worker's first game, which fills that
process's caches (Sumeria's movement tables take a good part of a second): so a pool looks
slower than this process on small batches, and two workers, which warm up side by side, can
come out more than twice as fast as one. Machines here are shared: another engineer's work on
the same cores takes from the wall-clock speed-up (not from the CPU figures), so the load
average is printed beside each ruleset, and every figure is the median of several repeats.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.simulate import local_cluster, simulate, specs_for

#: ruleset: (players, options, games at scale 1). Mesopotamia's random games run to thousands
#: of decisions without a round limit (R-M12), so the benchmark plays them to 20 rounds.
WORKLOADS = {
    "sumeria": (3, {}, 300),
    "tigris": (2, {}, 120),
    "mesopotamia": (4, {"max_rounds": 20}, 60),
    "priest_kings": (4, {}, 1500),
    "royal_ur": (2, {}, 600),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every batch size (e.g. 0.2 for a quick look)")
    parser.add_argument("--bots", default="random",
                        help="the bot in every seat (e.g. greedy: slower games, better scaling)")
    parser.add_argument("--dask", action="store_true",
                        help="also on a dask.distributed cluster of 1 and of 2 workers")
    args = parser.parse_args()
    r = args.repeats
    print(f"engine.simulate throughput (Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"median of {r}); bots: {args.bots}")
    kinds = [("pool", _pool)] + ([("dask", _dask)] if args.dask else [])
    for kind, run in kinds:
        executor = "process pool" if kind == "pool" else "dask LocalCluster, processes"
        print(f"  {executor}: games per second (wall clock), and the speed-up of 2 workers "
              "over 1")
        print(f"  {'ruleset':<13}{'games':>6}{'in-process':>12}{'1 worker':>10}"
              f"{'2 workers':>11}{'wall':>8}{'CPU':>8}  load")
        for ruleset, (players, options, games) in WORKLOADS.items():
            games = max(4, round(games * args.scale))
            specs = specs_for(ruleset, games, players, [args.bots] * players,
                              options=options)
            simulate(specs[:2], workers=1, progress=False)  # warm caches and imports
            load = os.getloadavg()[0]
            inline = _median(lambda s=specs: simulate(s, workers=1, progress=False), r)
            one = _median(lambda s=specs, run=run: run(s, 1), r)
            two = _median(lambda s=specs, run=run: run(s, 2), r)
            print(f"  {ruleset:<13}{games:>6}{games / inline[0]:>12.1f}{games / one[0]:>10.1f}"
                  f"{games / two[0]:>11.1f}{one[0] / two[0]:>7.2f}×{one[1] / two[1]:>7.2f}×"
                  f"  {load:.1f}", flush=True)
    print("  (wall: how much sooner two workers finish; CPU: one worker's CPU time over two "
          "workers', 1.00× when the second worker costs nothing extra)")


def _median(play, repeats: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds (this process and its finished children) of play()."""
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), _cpu()
        play()
        walls.append(time.perf_counter() - wall)
        cpus.append(_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (pools shut down)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _pool(specs, workers: int):
    with cf.ProcessPoolExecutor(workers) as pool:
        return simulate(specs, pool, progress=False)


def _dask(specs, workers: int):
    with local_cluster(workers) as executor:
        return simulate(specs, executor, progress=False)


if __name__ == "__main__":
    main()
