"""How good and how fast the coach is (`engine.coach`): calibration, agreement with a stronger
judge, and speed. Prints figures; asserts nothing.

    python benchmarks/coach.py --calibration              # reads the calibration's records
    python benchmarks/coach.py --calibration --picture    # and docs/images/coach-calibration.png
    nice -n 10 python benchmarks/coach.py --agreement --positions 100
    python benchmarks/coach.py --speed --positions 60 --games 3

**Calibration** reads the positions ``scripts/coach_calibration.py --collect`` recorded from
expert self-play (``benchmarks/results/coach-calibration.json.gz``) and sets the coach's
chance for the player to move against the outcome, in ten bands of the predicted chance:
each band's positions, mean prediction, observed rate and gap (the goal: every band within 5
points, where a band holds enough positions to tell: its 95 % interval is given). The curves
are checked on the games they were not fitted on too (fitted on the even-numbered games,
checked on the odd ones). In the Royal Game of Ur the positions a table solves count with
their exact chance, the others with the search's value through its curve.

**Agreement** plays expert self-play games (seeds from ``--seed``) and, at positions where
the player to move has a choice, compares the coach's best move with a judge's: the judge's
chance of the coach's move against the judge's best (the goal: within 2 points in 90 % of
positions). The judges, each about ten times the coach's work or more: the Royal Game of Ur —
the exact table where one is at hand (the 7-piece game once cached), else the search four
throws deep against the coach's two; Sumeria — every move read to the round's scoring (not
the expert's 12) over 5 draws of the bag; Tigris and Mesopotamia — the coach's ten best moves
read one decision deeper (the next decision, the opponent's or the mover's own second
action, taken as the coach takes it, and the chance read after it: a full reading per move);
Priest-Kings — the battle odds from 4,000 battles instead of 400. In the
Royal Game of Ur it also counts the positions where a table answers and the coach's values
equal the table's exactly.

**Speed**: `move_values` at positions of expert self-play (CPU time of one core, p50 and p95
per position; the goal p95 ≤ 300 ms), and a whole game's `review` (goal ≤ 10 s).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import bots, coach
from engine.coach import calibration, inputs
from engine.core import rules_of

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "results" / "coach-calibration.json.gz"
PICTURE = ROOT / "docs" / "images" / "coach-calibration.png"
GAMES = (("royal_ur", 2), ("sumeria", 3), ("tigris", 2), ("mesopotamia", 2),
         ("priest_kings", 4))
BANDS = 10


def wilson(wins: float, n: int) -> tuple[float, float]:
    if not n:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# Calibration ----------------------------------------------------------------------------------


def outcome(record: dict) -> float:
    winners = record["winners"]
    if record["mover"] not in winners:
        return 0.0
    return 1.0 if record["ruleset"] in calibration.SEVERAL_WINNERS else 1.0 / len(winners)


def predicted(record: dict, curves: dict | None = None) -> float:
    if "chance" in record:
        return record["chance"]  # exact: a table answered
    key = (record["ruleset"], record["players"])
    curve = curves[key] if curves else calibration.curve(*key)
    return curve.chance(record["x"], record["t"])


def bands(pairs: list[tuple[float, float]]) -> list[tuple[int, float, float, float, float]]:
    """(positions, mean predicted, observed, interval low, high) for each band."""
    grouped: list[list[tuple[float, float]]] = [[] for _ in range(BANDS)]
    for p, y in pairs:
        grouped[min(BANDS - 1, int(p * BANDS))].append((p, y))
    out = []
    for group in grouped:
        n = len(group)
        if not n:
            out.append((0, math.nan, math.nan, 0.0, 1.0))
            continue
        mean_p = sum(p for p, _ in group) / n
        wins = sum(y for _, y in group)
        low, high = wilson(wins, n)
        out.append((n, mean_p, wins / n, low, high))
    return out


def held_out_curves(records: list[dict]) -> dict:
    """Curves fitted on the even-numbered games (numpy: scripts/coach_calibration.py)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import coach_calibration

    curves = {}
    for key in {(r["ruleset"], r["players"]) for r in records if "x" in r}:
        train = [r for r in records if (r["ruleset"], r["players"]) == key and r["seed"] % 2 == 0
                 and "x" in r]
        fitted, figures = coach_calibration.fit(train)
        curves[key] = calibration.Curve(*fitted, scale=figures["scale"])
    return curves


def calibration_report(args: argparse.Namespace) -> None:
    with gzip.open(args.data, "rt", encoding="utf-8") as handle:
        data = json.load(handle)
    records = data["records"]
    print(f"calibration: the coach's chance for the player to move against the outcome, "
          f"expert self-play ({data['generated_by']}); python {sys.version.split()[0]}")
    held = held_out_curves(records)
    pictures = {}
    for ruleset, _ in GAMES:
        mine = [r for r in records if r["ruleset"] == ruleset]
        if not mine:
            continue
        games = len({(r["players"], r["seed"]) for r in mine})
        counts = sorted({r["players"] for r in mine})
        for label, chosen, curves in (
                ("all games, shipped curves", mine, None),
                ("odd games, curves fitted on the even ones", [r for r in mine
                                                                 if r["seed"] % 2], held)):
            pairs = [(predicted(r, curves), outcome(r)) for r in chosen]
            found = bands(pairs)
            worst = max((abs(p - o) for n, p, o, *_ in found if n >= 50), default=math.nan)
            brier = sum((p - y) ** 2 for p, y in pairs) / len(pairs)
            print(f"{ruleset} ({'/'.join(map(str, counts))} players; {label}): "
                  f"{len(pairs)} positions of {games} games, Brier {brier:.3f}, largest gap "
                  f"of a band with 50+ positions {100 * worst:.1f} points")
            for k, (n, p, o, low, high) in enumerate(found):
                if n:
                    print(f"   {k * 10:3d}-{k * 10 + 10:3d} %: {n:5d} positions, predicted "
                          f"{100 * p:5.1f} %, observed {100 * o:5.1f} % [{100 * low:5.1f}, "
                          f"{100 * high:5.1f}], gap {100 * (o - p):+5.1f}")
            if curves is None:
                pictures[ruleset] = found
    if args.picture:
        draw(pictures, args.picture_path)


def draw(pictures: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(pictures), figsize=(3.2 * len(pictures), 3.8),
                             sharey=True)
    names = {"royal_ur": "Royal Game of Ur", "sumeria": "Sumeria",
             "tigris": "Tigris & Euphrates", "mesopotamia": "Mesopotamia",
             "priest_kings": "Priest-Kings"}
    for ax, (ruleset, found) in zip(axes, pictures.items()):
        ax.plot([0, 1], [0, 1], color="#999999", lw=1, ls="--")
        shown = [(p, o, n, low, high) for n, p, o, low, high in found if n]
        ax.errorbar([p for p, *_ in shown], [o for _, o, *_ in shown],
                    yerr=[[o - low for _, o, _, low, _ in shown],
                          [high - o for _, o, _, _, high in shown]],
                    fmt="none", ecolor="#4a7ab5", lw=1)
        ax.scatter([p for p, *_ in shown], [o for _, o, *_ in shown],
                   s=[10 + 60 * math.sqrt(n / max(x[2] for x in shown)) for *_, n, _, _ in
                      [(p, o, n, lo, hi) for p, o, n, lo, hi in shown]],
                   color="#1f4e8c", zorder=3)
        ax.set_title(names[ruleset], fontsize=10)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xlabel("predicted chance of winning")
        ax.set_aspect("equal")
    axes[0].set_ylabel("observed share of wins")
    fig.suptitle("The coach's chances against the outcomes of expert self-play "
                 "(ten bands; 95 % intervals)", fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    print(f"wrote {path}")


# Positions from expert self-play ------------------------------------------------------------


def positions(ruleset: str, players: int, count: int, seed: int) -> list:
    """Positions where the player to move decides among several moves, spread over expert
    self-play games (seeds from `seed`)."""
    rules = rules_of(ruleset)
    reader = inputs.coach_of(rules)
    found = []
    game = 0
    while len(found) < count:
        state = rules.new_state(players, seed + game)
        seats = [bots.ExpertBot(seed + game + p) for p in range(players)]
        mine = []
        while not state.is_over and len(mine) < 5000:
            if not reader.is_chance(state) and len(rules.legal_moves(state)) > 1:
                mine.append(state)
            state, _ = rules.apply(state, seats[state.to_move].choose(
                state.view(state.to_move)))
        rng = random.Random(seed + game)
        found.extend(rng.sample(mine, min(len(mine), max(5, count // 4))))
        game += 1
    return found[:count]


# Judges ----------------------------------------------------------------------------------------


def judge_royal_ur(state) -> tuple[dict, str]:
    from engine.royal_ur.solver import solved_table

    found = solved_table(state, solve=False)
    if found is not None:
        table, small = found
        return {str(m): v for m, v in table.move_values(small).items()}, "the exact table"
    from engine.coach import royal_ur as ur_coach

    chances = ur_coach.chances(state, random.Random(0), depth=4)
    return {str(m): v for m, v in chances.moves.items()}, "the search four throws deep"


def judge_sumeria(state) -> tuple[dict, str]:
    from engine.sumeria import expert
    from engine.sumeria.rules import apply, legal_moves

    mover = state.to_move
    view = state.view(mover)
    curve = calibration.curve("sumeria", state.players)
    t = inputs.coach_of(rules_of("sumeria")).progress(state)
    totals: dict[str, float] = defaultdict(float)
    draws = 5
    for k in range(draws):
        full = view.determinize(random.Random(k))
        rng = random.Random(k)
        read_to = expert.HORIZON if full.phase == "placement" else None
        for move in legal_moves(full):
            after, _ = apply(full, move)
            leaf = expert._play_out(after, full.round, read_to)
            totals[str(move)] += curve.chance(expert.value(leaf, mover, rng), t) / draws
    return dict(totals), "every move read to the scoring, 5 draws of the bag"


#: The moves a deeper judge reads (its verdict is among them).
TOP = 10


def judge_deeper(ruleset: str, state) -> tuple[dict, str]:
    """The coach's `TOP` best moves read one decision deeper: after each, the next decision
    (another player's, or the mover's own next action) is taken as the coach takes it, and the
    mover's chance is read there."""
    rules = rules_of(ruleset)
    mover = state.to_move
    full = inputs.seen(state, mover, "player")
    first = coach.analyse(full, sees="all")
    out = {}
    for move in sorted(first.moves, key=lambda m: -first.moves[m])[:TOP]:
        after, _ = rules.apply(full, move)
        out[str(move)] = coach.analyse(after, sees="all").players[mover]
    return out, f"the coach's {TOP} best moves read one decision deeper"


JUDGES = {"royal_ur": judge_royal_ur, "sumeria": judge_sumeria,
          "tigris": lambda state: judge_deeper("tigris", state),
          "mesopotamia": lambda state: judge_deeper("mesopotamia", state)}


def agreement_report(args: argparse.Namespace) -> None:
    print(f"agreement: the coach's best move against a stronger judge's, at positions of "
          f"expert self-play; python {sys.version.split()[0]}")
    for ruleset, players in GAMES:
        if args.games_only and ruleset not in args.games_only:
            continue
        found = positions(ruleset, players, args.positions, args.seed)
        started = time.process_time()
        if ruleset == "priest_kings":
            coach_best = []
            for state in found:
                values = coach.move_values(state)
                coach_best.append(max(values, key=values.get))
            from engine.priest_kings import expert

            with mock.patch.object(expert, "ODDS_BATTLES", 4000):
                expert.battle_odds.cache_clear()
                coach.values._analysed.cache_clear()
                judged = [coach.move_values(state) for state in found]
            expert.battle_odds.cache_clear()
            coach.values._analysed.cache_clear()
            how = "the battle odds from 4,000 battles (the coach's: 400)"
        else:
            coach_best, judged = [], []
            for state in found:
                values = coach.move_values(state)
                coach_best.append(max(values, key=values.get))
                verdict, how = JUDGES[ruleset](state)
                judged.append(verdict)
        within = exact = 0
        gaps = []
        for best, verdict in zip(coach_best, judged):
            top = max(verdict.values())
            gap = top - verdict[best]
            gaps.append(gap)
            within += gap <= 0.02
            exact += gap <= 1e-9
        n = len(found)
        rate = n / max(time.process_time() - started, 1e-9)
        print(f"{ruleset} ({players} players; judge: {how}): {n} positions, the coach's move "
              f"within 2 points of the judge's best in {100 * within / n:.1f} % (the same move "
              f"or as good in {100 * exact / n:.1f} %), mean gap "
              f"{100 * statistics.mean(gaps):.2f} points, largest {100 * max(gaps):.1f}; "
              f"{rate:.2f} positions/s")
        if ruleset == "royal_ur":
            exact_table()


def exact_table() -> None:
    """Where a table answers, the coach's values are the table's, to the bit."""
    from engine import royal_ur as ur
    from engine.royal_ur.solver import solved_table

    same = total = 0
    rng = random.Random(3)
    for game in range(30):
        state = ur.new_state(pieces=3, seed=game)
        while not state.is_over:
            moves = ur.legal_moves(state)
            if state.throw is not None and len(moves) > 1:
                table, small = solved_table(state, solve=False)
                total += 1
                same += coach.move_values(state) == {
                    str(m): v for m, v in table.move_values(small).items()}
            state, _ = ur.apply(state, moves[rng.randrange(len(moves))])
    print(f"royal_ur (3 pieces, the table shipped): the coach's values equal the table's "
          f"exactly at {same} of {total} positions")


# Speed ----------------------------------------------------------------------------------------


def forget() -> None:
    """Drop what the coach remembers of positions it read (each timing starts afresh)."""
    from engine.coach import sumeria

    coach.values._analysed.cache_clear()
    sumeria._LEAVES.clear()


def speed_report(args: argparse.Namespace) -> None:
    print(f"speed: CPU time of one core, python {sys.version.split()[0]}")
    for ruleset, players in GAMES:
        if args.games_only and ruleset not in args.games_only:
            continue
        found = positions(ruleset, players, args.positions, args.seed + 500)
        times = []
        for state in found:
            forget()
            started = time.process_time()
            coach.move_values(state)
            times.append(time.process_time() - started)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        rules = rules_of(ruleset)
        reviews = []
        for n in range(args.games):
            state = rules.new_state(players, args.seed + 900 + n)
            game = rules.Game(state)
            seats = [bots.ExpertBot(n + p) for p in range(players)]
            while not game.is_over:
                game.play(seats[game.to_move].choose(game.state.view(game.to_move)))
            forget()
            started = time.process_time()
            coach.review(game)
            reviews.append((time.process_time() - started, len(game.moves)))
        print(f"{ruleset} ({players} players): move_values at {len(times)} positions: p50 "
              f"{1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, most "
              f"{1000 * times[-1]:.0f} ms ({len(times) / sum(times):.1f} positions/s); a "
              f"whole game's review: mean {statistics.mean(r for r, _ in reviews):.1f} s, most "
              f"{max(r for r, _ in reviews):.1f} s ({args.games} games of "
              f"{min(m for _, m in reviews)}-{max(m for _, m in reviews)} moves)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calibration", action="store_true")
    parser.add_argument("--picture", action="store_true", help="draw the reliability picture")
    parser.add_argument("--picture-path", type=Path, default=PICTURE)
    parser.add_argument("--agreement", action="store_true")
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--games", type=int, default=3, help="games reviewed (speed)")
    parser.add_argument("--only", dest="games_only", type=lambda s: set(s.split(",")),
                        help="only these rulesets (comma-separated)")
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    if not (args.calibration or args.agreement or args.speed):
        parser.error("say --calibration, --agreement and/or --speed")
    if args.calibration:
        calibration_report(args)
    if args.agreement:
        agreement_report(args)
    if args.speed:
        speed_report(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
