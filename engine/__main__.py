"""The command line: ``python -m engine simulate sumeria --games 100 --bots greedy,random,mcts``.

Prints each bot's win rate and mean score over the games, with a progress bar.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.core import RULESETS, SumerError


def _option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"an option is KEY=VALUE, not {text!r}")
    parsed: object = value
    if value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    elif value.lstrip("-").isdigit():
        parsed = int(value)
    return key, parsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play many games between bots")
    sim.add_argument("ruleset", choices=RULESETS)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=None,
                     help="number of players (default: as many as bots)")
    sim.add_argument("--bots", default="random,random,random",
                     help="comma-separated bot per seat: random, greedy, mcts or mcts:N")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--workers", type=int, default=None,
                     help="worker processes (default: every core; 1 runs in this process)")
    sim.add_argument("--option", type=_option, action="append", default=[],
                     metavar="KEY=VALUE", help="a ruleset option, e.g. tiebreak=villages")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)

    from concurrent.futures import ThreadPoolExecutor

    from engine.simulate import simulate, specs_for, summarize

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or len(bots)
    try:
        specs = specs_for(args.ruleset, args.games, players, bots, seed=args.seed,
                          options=dict(args.option), rotate=not args.no_rotate)
        executor = ThreadPoolExecutor(1) if args.workers == 1 else None
        records = simulate(specs, executor, workers=args.workers, progress=not args.quiet)
    except SumerError as exc:
        print(f"error: {exc.reason}", file=sys.stderr)
        return 2
    finally:
        if args.workers == 1:
            executor.shutdown()
    table = summarize(records)
    print(f"{args.ruleset}: {len(records)} games, {players} players, seed {args.seed}")
    print(f"{'bot':<12}{'seats':>7}{'wins':>9}{'win rate':>10}{'mean score':>12}")
    for bot, row in table.items():
        print(f"{bot:<12}{row['seats']:>7}{row['wins']:>9.1f}{row['win_rate']:>10.1%}"
              f"{row['mean_score']:>12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
