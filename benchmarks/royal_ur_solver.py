"""What solving the Royal Game of Ur costs: positions, solve time, memory and the table's size,
for games of 1 to 7 pieces (Finkel's rules), by the engine's pure-Python solver and by the
numpy builder (``scripts/royal_ur_table.py``). Prints figures; asserts nothing.

    python benchmarks/royal_ur_solver.py                          # pure Python 1-3, numpy 3 and 5
    python benchmarks/royal_ur_solver.py --python 1,2 --numpy 2   # quick
    python benchmarks/royal_ur_solver.py --numpy 7                # about an hour, ~9 GB

Every game's positions are counted (`solver._size`, the solver's own count) and its table's
size given at 16 bits a value (`Table.to_bytes`) — the figures that decide what ships (a table
in the wheel only if it is at most 5 MB). Times are the process's CPU time; memory is the
peak resident memory of a fresh process for each solve. Each solve also gives the first
player's chance of winning from the start under perfect play.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.royal_ur import solver
from engine.royal_ur.state import Options

ROOT = Path(__file__).resolve().parent.parent
SHIP_LIMIT = 5_000_000

#: One solve in a fresh process, printing its figures as JSON.
PYTHON_SOLVE = """
import json, resource, sys, time
from engine.royal_ur import solver
started = time.process_time()
table = solver.solve(pieces={pieces})
print(json.dumps({{"seconds_cpu": time.process_time() - started, "layers": len(table.sweeps),
    "most_sweeps": max(table.sweeps), "start_value": table.start_value,
    "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""
NUMPY_SOLVE = """
import json, sys
sys.path.insert(0, "scripts")
import royal_ur_table
from engine.royal_ur.state import Options
_, _, figures = royal_ur_table.solve(Options(pieces={pieces}), {tolerance},
                                     log=lambda *a: None)
print(json.dumps(figures))
"""


def pieces_list(text: str) -> list[int]:
    return [int(p) for p in text.split(",") if p.strip()]


def plural(pieces: int) -> str:
    return f"{pieces} piece{'s' if pieces != 1 else ' '}"


def run(code: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True)
    if done.returncode:
        raise SystemExit(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def say(method: str, pieces: int, figures: dict) -> None:
    positions = solver._size(Options(pieces=pieces))
    rate = positions / max(figures["seconds_cpu"], 1e-9)
    print(f"  {method:<11} {plural(pieces)}: {figures['seconds_cpu']:9.1f} s CPU "
          f"({rate:>11,.0f} positions/s), peak memory {figures['peak_rss_mib']:7,.0f} MiB, "
          f"{figures['layers']} layers (at most {figures['most_sweeps']} sweeps); "
          f"first player {figures['start_value']:.5f}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", type=pieces_list, default=[1, 2, 3],
                        help="pieces to solve in pure Python (default 1,2,3)")
    parser.add_argument("--numpy", type=pieces_list, default=[3, 5],
                        help="pieces to solve with numpy (default 3,5; 7 takes an hour)")
    parser.add_argument("--tolerance", type=float, default=1e-8,
                        help="the numpy builder's tolerance (the engine's is its default)")
    args = parser.parse_args(argv)
    print(f"Royal Game of Ur solver, Finkel's rules (Python {sys.version.split()[0]}, CPU time "
          f"of one core)")
    print("positions and table sizes (16 bits a value):")
    for pieces in range(1, 8):
        options = Options(pieces=pieces)
        positions = solver._size(options)
        size = 2 * positions
        if any(solver._compatible(Options(**spec), options)
               for spec in solver.SHIPPED.values()):
            ships = "ships in the wheel"
        elif positions <= solver.ON_DEMAND:
            ships = "solved on demand"
        else:
            ships = "small enough to ship" if size <= SHIP_LIMIT else "too large to ship"
        print(f"  {plural(pieces)}: {positions:>12,} positions, table {size / 1e6:8.2f} MB "
              f"({ships})")
    print("solves:")
    for pieces in args.python:
        say("pure Python", pieces, run(PYTHON_SOLVE.format(pieces=pieces)))
    for pieces in args.numpy:
        say("numpy", pieces, run(NUMPY_SOLVE.format(pieces=pieces, tolerance=args.tolerance)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
