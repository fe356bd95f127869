"""Memory of loading text: hostile save files against real ones. Prints figures; asserts nothing.

    python benchmarks/load_memory.py [--scale 1.0]

Each case runs twice, each time in a fresh process that measures from its start (the engine
imported): once the peak resident memory above that start (``VmHWM``; the text itself
included), once the most memory Python objects took while the text was loaded (tracemalloc).

- a hostile save of 20 million characters (the boards' limit) made of one long string, which
  `engine.core.loads` must refuse by its size before reading it (the goal: at most 200 MB above
  the process's start);
- hostile saves within the size limit, which are read and then refused: one long string, and
  JSON of empty arrays (the most objects a character can make Python build); `--scale` shrinks
  them, for a quick run;
- real saves: a finished random Sumeria game (4 players) and a Mesopotamia game played to its
  round limit, loaded with every move replayed (the games are played first, in the
  parent process).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import core

GOAL_MB = 200
HOSTILE_CHARS = 20_000_000


def one_string(length: int) -> str:
    return ('{"format":"sumer.game","version":1,"ruleset":"sumeria","start":"'
            + "a" * length + '","moves":[]}')


def empty_arrays(length: int) -> str:
    return "[" + ",".join(["[]"] * (length // 3)) + "]"


def finished_game(ruleset: str, players: int, seed: int = 1) -> str:
    import random

    rules = core.rules_of(ruleset)
    game = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    core.play_out(game, lambda state: rng.choice(rules.legal_moves(state)))
    return game.to_json()


def hostile(case: str, scale: float) -> str:
    within = max(1000, int(core.MAX_JSON_CHARS * 0.99 * scale))
    if case == "hostile":
        return one_string(HOSTILE_CHARS)
    return one_string(within - 80) if case == "string" else empty_arrays(within)


def _status_kib(key: str) -> int | None:
    """A memory figure of /proc/self/status (``VmRSS``, ``VmHWM``) in KiB, or None."""
    try:
        lines = Path("/proc/self/status").read_text().splitlines()
    except OSError:
        return None
    return next((int(line.split()[1]) for line in lines if line.startswith(key + ":")), None)


def start_rss_kib() -> int:
    """The resident memory now, with the peak reset to it (Linux: importing the engine may
    have peaked higher, and that peak is no part of a load); elsewhere the peak so far."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return _status_kib("VmRSS") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def peak_rss_kib() -> int:
    return _status_kib("VmHWM") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def measure(case: str | None, scale: float, save: Path | None, trace: bool) -> dict:
    """Build or read the text of `case`, then load it: what that cost above the start.

    With `trace`, the most memory Python objects took during the load (tracemalloc); else
    the peak resident memory above the start, text included (tracemalloc's own records of
    a million allocations would weigh more than the allocations, so it is left off).
    """
    start = start_rss_kib()
    text = save.read_text(encoding="utf-8") if save else hostile(str(case), scale)
    game_class = core.Game if save else core.rules_of("sumeria").Game
    if trace:
        tracemalloc.start()
    try:
        game_class.from_json(text)
        outcome = "loaded"
    except core.InvalidInput as exc:
        outcome = "refused: " + exc.reason[:90]
    if trace:
        megabytes = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    else:
        megabytes = (peak_rss_kib() - start) / 1024
    return {"chars": len(text), "mb": megabytes, "outcome": outcome}


HOSTILE = {
    "hostile": f"hostile save, one string of {HOSTILE_CHARS:,} characters",
    "string": "hostile save within the limit, one string",
    "arrays": "hostile JSON within the limit, empty arrays",
}
#: Real saves: (ruleset, players) of a finished random game.
REAL = {
    "real save: a finished Sumeria game, 4 players": ("sumeria", 4),
    "real save: Mesopotamia played to its round limit, 4 players": ("mesopotamia", 4),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0,
                        help="size of the hostile saves within the limit, as a share of it")
    parser.add_argument("--case", choices=sorted(HOSTILE), help=argparse.SUPPRESS)
    parser.add_argument("--save", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case or args.save:
        print(json.dumps(measure(args.case, args.scale, args.save, args.trace)))
        return
    print(f"Loading text (Python {sys.version.split()[0]}; each case in a fresh process; "
          f"memory above the process's start; size limit {core.MAX_JSON_CHARS:,} characters)")
    with tempfile.TemporaryDirectory() as folder:
        runs = [(title, ["--case", case]) for case, title in HOSTILE.items()]
        for title, (ruleset, players) in REAL.items():
            path = Path(folder) / f"{ruleset}.json"
            path.write_text(finished_game(ruleset, players), encoding="utf-8")
            runs.append((title, ["--save", str(path)]))
        for title, extra in runs:
            rss, traced = (json.loads(subprocess.run(
                [sys.executable, __file__, "--scale", str(args.scale), *extra, *trace],
                capture_output=True, text=True, check=True).stdout)
                for trace in ([], ["--trace"]))
            goal = f" (goal: at most {GOAL_MB} MB)" if extra[1] == "hostile" else ""
            print(f"  {title}: {rss['chars']:,} chars, peak RSS +{rss['mb']:.1f} MB{goal}, "
                  f"traced {traced['mb']:.1f} MB; {rss['outcome']}")


if __name__ == "__main__":
    main()
