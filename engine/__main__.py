"""The command line: ``python -m engine simulate sumeria --games 100 --bots greedy,random,mcts``.

Prints each bot's win rate and mean score over the games, with a progress bar. ``--records
FILE`` also writes every game's record as one JSON object a line (``--stats`` adds the
ruleset's per-game statistics to each), for analysis elsewhere. ``--option KEY=VALUE`` sets an
option or house rule of the ruleset, once per key: a value is ``true``/``false``, ``none``, a
whole number, a comma-separated list of whole numbers (``offer=4,1,1``), JSON (``[...]`` or
``{...}``) or else text.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from engine.core import RULESETS, SumerError, loads, parse_whole, rules_of, shown


class _Parser(argparse.ArgumentParser):
    """Bad arguments get one line on stderr (not the usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _whole(least: int, most: int | None = None):
    """An argument type: a whole number in ASCII digits from `least` to `most`."""
    def parse(text: str) -> int:
        value = parse_whole(text)
        if value is None or value < least or (most is not None and value > most):
            bounds = f"from {least:,} to {most:,}" if most is not None else f"≥ {least}"
            raise argparse.ArgumentTypeError(f"must be a whole number {bounds}, "
                                             f"not {shown(text)}")
        return value
    return parse


def _option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"an option is KEY=VALUE, not {shown(text)}")
    parsed: object = value
    numbers = value.split(",")
    if value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    elif value.lower() == "none":
        parsed = None
    elif parse_whole(value) is not None:
        parsed = parse_whole(value)
    elif len(numbers) > 1 and all(parse_whole(n.strip()) is not None for n in numbers):
        parsed = [parse_whole(n.strip()) for n in numbers]
    elif value.lstrip()[:1] in ("[", "{"):
        try:
            parsed = loads(value, f"option {key}")
        except SumerError as exc:
            raise argparse.ArgumentTypeError(exc.reason) from None
    return key, parsed


def main(argv: Sequence[str] | None = None) -> int:
    from engine.simulate import MAX_GAMES, MAX_WORKERS, RUNAWAY

    parser = _Parser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = commands.add_parser("simulate", help="play many games between bots")
    sim.add_argument("ruleset", choices=RULESETS)
    sim.add_argument("--games", type=_whole(1, MAX_GAMES), default=100)
    sim.add_argument("--players", type=_whole(1), default=None,
                     help="number of players (default: as many as bots, or the ruleset's "
                          "usual table)")
    sim.add_argument("--bots", default=None,
                     help="comma-separated bot per seat: random, greedy, expert, mcts, mcts:N "
                          "(N iterations) or mcts:N:hH (playouts cut after H decisions); "
                          "default: a random bot in every seat")
    sim.add_argument("--seed", type=_whole(0, 2**64 - 1), default=0)
    sim.add_argument("--workers", type=_whole(1, MAX_WORKERS), default=None,
                     help="worker processes (default: every core; 1 runs in this process)")
    sim.add_argument("--option", type=_option, action="append", default=[],
                     metavar="KEY=VALUE",
                     help="a ruleset option or house rule, once per key, e.g. "
                          "tiebreak=villages, scoring=linear, offer=4,1,1")
    sim.add_argument("--max-moves", type=_whole(1, RUNAWAY), default=None,
                     help="stop each game after this many decisions")
    sim.add_argument("--stats", action="store_true",
                     help="add the ruleset's per-game statistics to the --records file")
    sim.add_argument("--records", metavar="FILE", default=None,
                     help="write every game's record to FILE, one JSON object a line")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)

    from engine.simulate import RULESET_STATS, simulate, specs_for, summarize

    keys = [key for key, _ in args.option]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:
        parser.error(f"--option {', '.join(twice)} is given more than once; give each option "
                     "once")
    if args.bots is None:
        players = _usual_players(args.ruleset) if args.players is None else args.players
        bots = ["random"] * players
    else:
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        players = len(bots) if args.players is None else args.players
    out = None
    try:
        specs = specs_for(args.ruleset, args.games, players, bots, seed=args.seed,
                          options=dict(args.option), rotate=not args.no_rotate,
                          max_moves=args.max_moves,
                          stats=RULESET_STATS if args.stats else None)
        # The records file is opened before the first game, so a bad path costs no games.
        out = _open_records(args.records)
        records = simulate(specs, workers=args.workers, progress=not args.quiet)
        if out is not None:
            for record in records:
                out.write(json.dumps(record.to_dict(), ensure_ascii=False) + "\n")
            out.close()
    except (SumerError, OSError) as exc:
        if out is not None:
            out.close()
            os.remove(out.name)
        reason = exc.reason if isinstance(exc, SumerError) else _os_reason(exc, args.records)
        print(f"error: {reason}", file=sys.stderr)
        return 2
    table = summarize(records)
    unfinished = sum(not r.finished for r in records)
    print(f"{args.ruleset}: {len(records)} games, {players} players, seed {args.seed}"
          + (f" ({unfinished} stopped at {args.max_moves} decisions)" if unfinished else ""))
    print(f"{'bot':<14}{'seats':>7}{'wins':>9}{'win rate':>10}{'mean score':>12}")
    for bot, row in table.items():
        print(f"{bot:<14}{row['seats']:>7}{row['wins']:>9.1f}{row['win_rate']:>10.1%}"
              f"{row['mean_score']:>12.1f}")
    return 0


def _usual_players(ruleset: str) -> int:
    """The player count a ruleset's ``new_state`` sets up by default (its usual table)."""
    default = inspect.signature(rules_of(ruleset).new_state).parameters["players"].default
    return int(default)


def _open_records(path: str | None):
    if path is None:
        return None
    if not path or "\0" in path:
        raise OSError(f"{shown(path)} is not a file name")
    return open(path, "w", encoding="utf-8")


def _os_reason(exc: OSError, path: str | None) -> str:
    what = exc.strerror or str(exc)
    return f"cannot write the records to {shown(path)}: {what}"


if __name__ == "__main__":
    raise SystemExit(main())
