"""The command line: ``python -m engine simulate sumeria --games 100 --bots greedy,random,mcts``.

Prints each bot's win rate and mean score over the games, with a progress bar. ``--records
FILE`` also writes every game's record as one JSON object a line (``--stats`` adds the
ruleset's per-game statistics to each), for analysis elsewhere.
"""

from __future__ import annotations

import argparse
import json
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
    elif value.lower() == "none":
        parsed = None
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
                     help="comma-separated bot per seat: random, greedy, mcts, mcts:N "
                          "(N iterations) or mcts:N:hH (playouts cut after H decisions)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--workers", type=int, default=None,
                     help="worker processes (default: every core; 1 runs in this process)")
    sim.add_argument("--option", type=_option, action="append", default=[],
                     metavar="KEY=VALUE", help="a ruleset option, e.g. tiebreak=villages")
    sim.add_argument("--max-moves", type=int, default=None,
                     help="stop each game after this many decisions")
    sim.add_argument("--stats", action="store_true",
                     help="add the ruleset's per-game statistics to the --records file")
    sim.add_argument("--records", metavar="FILE", default=None,
                     help="write every game's record to FILE, one JSON object a line")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)

    from engine.simulate import RULESET_STATS, simulate, specs_for, summarize

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or len(bots)
    try:
        specs = specs_for(args.ruleset, args.games, players, bots, seed=args.seed,
                          options=dict(args.option), rotate=not args.no_rotate,
                          max_moves=args.max_moves,
                          stats=RULESET_STATS if args.stats else None)
        records = simulate(specs, workers=args.workers, progress=not args.quiet)
    except SumerError as exc:
        print(f"error: {exc.reason}", file=sys.stderr)
        return 2
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            for record in records:
                out.write(json.dumps(record.to_dict(), ensure_ascii=False) + "\n")
    table = summarize(records)
    unfinished = sum(not r.finished for r in records)
    print(f"{args.ruleset}: {len(records)} games, {players} players, seed {args.seed}"
          + (f" ({unfinished} stopped at {args.max_moves} decisions)" if unfinished else ""))
    print(f"{'bot':<14}{'seats':>7}{'wins':>9}{'win rate':>10}{'mean score':>12}")
    for bot, row in table.items():
        print(f"{bot:<14}{row['seats']:>7}{row['wins']:>9.1f}{row['win_rate']:>10.1%}"
              f"{row['mean_score']:>12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
