"""How strong the Royal Game of Ur's bots are, and the first player's advantage under perfect
play. Prints rates with their Wilson 95 % intervals; asserts nothing.

    python benchmarks/royal_ur_ladder.py                      # 7 pieces, 200 games a pairing
    python benchmarks/royal_ur_ladder.py --pieces 3 --games 400
    python benchmarks/royal_ur_ladder.py --write    # and benchmarks/results/ladder-royal_ur.json

Each pairing plays `--games` games of Finkel's rules from seeds derived from ``--seed``; the
bot takes the first seat (light) in the even games and the second in the odd ones, so neither
side keeps the advantage of throwing first. The bots are the ones a board seats: random,
greedy (`engine.royal_ur.heuristic`), and the expert at the board's three levels
(`engine.bots.LEVEL_BLUNDERS`: "easy" and "medium" play a random legal move instead of the
expert's now and then). The expert plays perfectly in the 3-piece game (its table ships) and
in the endgame of the 7-piece game; elsewhere it searches (`engine.royal_ur.expert`).

The first player's advantage: the chance of winning from the start under perfect play, from
the solved table where one ships (3 pieces) — checked against the first seat's win rate when
the expert plays both seats — and, for the larger games, the value the numpy builder printed
(``scripts/royal_ur_table.py``), given here as recorded.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import bots
from engine import royal_ur as ur
from engine.core import derive_seed
from engine.royal_ur import solver
from sumer_widgets.plots.analysis import wilson
from sumer_widgets.plots.results import ladder_rate, write_result

ROOT = Path(__file__).resolve().parent.parent
SEED = 2024
#: (bot, opponent) pairings, weakest first.
PAIRINGS = [("greedy", "random"), ("easy", "random"), ("medium", "greedy"),
            ("expert", "random"), ("expert", "greedy"), ("expert", "medium")]
#: The first player's chance under perfect play as scripts/royal_ur_table.py printed it, for
#: the games no table of which ships (Finkel's rules, tolerance 1e-9 for 5, 1e-8 for 7).
RECORDED_START = {5: 0.516026}


def seat(name: str, seed: int) -> bots.Bot:
    if name in bots.LEVEL_BLUNDERS and name != "hard":
        return bots.ExpertBot(seed, blunder=bots.LEVEL_BLUNDERS[name])
    return bots.make_bot(name, seed)


def play(pieces: int, names: tuple[str, str], seed: int) -> int:
    """One game, `names[0]` light: the winner's seat."""
    seats = [seat(name, derive_seed(seed, "seat", n)) for n, name in enumerate(names)]
    state = ur.new_state(seed=seed, pieces=pieces)
    while not state.is_over:
        state, _ = ur.apply(state, seats[state.to_move].choose(state.view(state.to_move)))
    return state.winner  # type: ignore[return-value]


def rate(successes: float, n: int) -> str:
    r = wilson(successes, n)
    return f"{r.value:6.1%} [{r.low:5.1%}, {r.high:5.1%}]"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pieces", type=int, default=7)
    parser.add_argument("--games", type=int, default=200, help="games a pairing")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", help="one pairing, e.g. expert:greedy")
    parser.add_argument("--write", action="store_true",
                        help="write benchmarks/results/ladder-royal_ur.json")
    args = parser.parse_args(argv)
    pairings = PAIRINGS if args.only is None else [tuple(args.only.split(":"))]
    print(f"Royal Game of Ur ladder, Finkel's rules with {args.pieces} pieces: bot vs opponent, "
          f"{args.games} games a pairing, seats alternated; win rate [95 % interval]")
    rows = []
    for bot, opponent in pairings:
        started = time.process_time()
        wins = 0
        for g in range(args.games):
            seed = derive_seed(args.seed, "royal_ur", args.pieces, g) % 2**31
            names = (bot, opponent) if g % 2 == 0 else (opponent, bot)
            wins += play(args.pieces, names, seed) == g % 2
        seconds = time.process_time() - started
        print(f"  {bot:>6} vs {opponent:<6} {rate(wins, args.games)}  "
              f"({seconds / args.games:.2f} s CPU a game)")
        value, ci = ladder_rate(wins, 0, args.games)
        rows.append({"bot": bot, "opponent": opponent, "games": args.games, "wins": wins,
                     "draws": 0, "win_rate": value, "ci95": ci, "seed": args.seed})
    print("the first player's advantage:")
    table = solver.table_for(ur.Options(pieces=args.pieces))
    if table is not None:
        print(f"  under perfect play (the solved table): light wins {table.start_value:.2%}")
    elif args.pieces in RECORDED_START:
        print(f"  under perfect play (scripts/royal_ur_table.py, recorded): light wins "
              f"{RECORDED_START[args.pieces]:.2%}")
    light = sum(play(args.pieces, ("expert", "expert"),
                     derive_seed(args.seed, "self-play", args.pieces, g) % 2**31) == ur.LIGHT
                for g in range(args.games))
    print(f"  the expert against itself: light wins {rate(light, args.games)} of "
          f"{args.games} games")
    if args.write:
        options = {} if args.pieces == 7 else {"pieces": args.pieces}
        extra = "" if args.pieces == 7 else f" --pieces {args.pieces}"
        path = write_result("ladder-royal_ur", {
            "ruleset": "royal_ur",
            "generated_by": f"python benchmarks/royal_ur_ladder.py --write --games "
                            f"{args.games}{extra}",
            "players": 2, "options": options,
            "note": ("one seat plays the bot, the other its opponent, the seats alternating; "
                     "easy and medium are the expert at the boards' levels"),
            "pairings": rows}, ROOT / "benchmarks" / "results")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
