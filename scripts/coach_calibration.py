"""Fit the coach's curves (``engine/coach/calibration.json``): the expert's measure of a
position turned into a chance of winning, per game and number of players.

    nice -n 10 python scripts/coach_calibration.py --collect     # play, record (an hour or so)
    python scripts/coach_calibration.py --fit                    # fit, write the curves

``--collect`` plays the expert against itself (`engine.bots.ExpertBot` in every seat, seeds
from ``--seed``) in each game and number of players, and at positions spread along each game
records what the coach reads there as the player to move sees it (`engine.coach.reading`:
the mover's measure after its best move, every player's measure of the position, the game's
progress) with the game's outcome; the records go to ``--data`` (JSON, gzip), which
``benchmarks/coach.py`` reads too. In the Royal Game of Ur a position a table solves is
recorded with its exact chance (no curve), any other with the search's value in log-odds:
its curve turns the search's numbers into chances. Collect it with no local cache
(``SUMER_CACHE=/nonexistent``), as the package ships: with the 7-piece table cached,
every position is exact.

``--fit`` fits ``chance = 1 / (1 + exp(-(a + b u + c u t + d t)))``, ``u = asinh(x / s)``
(`engine.coach.calibration`) to each game and number of players by maximum likelihood
(Newton's method with a little ridge on the standardized coefficients, numpy), where `x` is
the mover's measure, `s` the median of its magnitude, `t` the progress, and the outcome 1
if the mover won (in Priest-Kings: is among the winners; a win shared by k players counts
1/k), and writes the curves with the figures of the fit. The chance must rise with the
measure at every stage of the game: where the games say otherwise (the measure telling
nothing, early in a game), the slope is held at `MIN_SLOPE` and the rest fitted again.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import bots
from engine.coach import inputs
from engine.coach.calibration import SEVERAL_WINNERS
from engine.core import rules_of

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "results" / "coach-calibration.json.gz"
CURVES = ROOT / "engine" / "coach" / "calibration.json"
#: Games and numbers of players fitted, with the games played for each by default.
PLAN = {("sumeria", 3): 40, ("sumeria", 4): 40, ("tigris", 2): 40, ("tigris", 3): 40,
        ("tigris", 4): 40, ("mesopotamia", 2): 40, ("mesopotamia", 3): 40,
        ("mesopotamia", 4): 40, ("priest_kings", 4): 130, ("royal_ur", 2): 90}
#: Positions recorded per game (spread evenly along it, from a random start).
PER_GAME = 26
#: The longest game played (decisions): Mesopotamia's expert games end well before.
MAX_DECISIONS = 6000


def play(ruleset: str, players: int, seed: int, per_game: int) -> list[dict]:
    """One expert self-play game; the records of the positions sampled along it."""
    rules = rules_of(ruleset)
    state = rules.new_state(players, seed)
    seats = [bots.ExpertBot(seed * 10 + p) for p in range(players)]
    history = []
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        mover = state.to_move
        history.append(state)
        state, _ = rules.apply(state, seats[mover].choose(state.view(mover)))
    if not state.is_over:
        return []
    winners = sorted(state.winners())
    coach = inputs.coach_of(rules)
    decisions = [s for s in history if not coach.is_chance(s)]
    rng = random.Random(seed)
    step = max(1, len(decisions) // per_game)
    records = []
    for at in range(rng.randrange(step), len(decisions), step):
        position = decisions[at]
        mover = position.to_move
        read = inputs.seen(position, mover, "player")
        record = {"ruleset": ruleset, "players": players, "seed": seed, "ply": at,
                  "mover": mover, "winners": winners}
        if ruleset == "royal_ur":
            found = coach.chances(read, random.Random(0), raw=True)
            if found.exact:
                record["chance"] = found.players[mover]
            else:
                record["x"] = coach.measure(found.players[mover])
                record["t"] = coach.progress(read)
        else:
            reading = coach.read(read, inputs.rng_for(read, "read"))
            record["x"] = max(reading.moves.values())
            record["scores"] = list(reading.scores)
            record["t"] = reading.progress
        records.append(record)
    return records


def collect(args: argparse.Namespace) -> None:
    only = set(args.only.split(",")) if args.only else None
    records: list[dict] = []
    taken: set[tuple[str, int, int]] = set()
    if (only or args.add) and args.data.exists():
        # Collecting some games again, or more games: the others' records stay (with --add,
        # all of them: the new games must have seeds of their own).
        with gzip.open(args.data, "rt", encoding="utf-8") as handle:
            records = [r for r in json.load(handle)["records"]
                       if args.add or r["ruleset"] not in only]
        taken = {(r["ruleset"], r["players"], r["seed"]) for r in records}
    started = time.process_time()
    for (ruleset, players), games in PLAN.items():
        if only and ruleset not in only:
            continue
        games = max(1, round(games * args.scale))
        count = 0
        for n in range(games):
            if (only or args.add) and (ruleset, players, args.seed + n) in taken:
                raise SystemExit(f"{ruleset} {players} players: game {args.seed + n} is "
                                 "recorded already: choose another --seed")
            found = play(ruleset, players, args.seed + n, args.per_game)
            records.extend(found)
            count += len(found)
        print(f"{ruleset} {players} players: {games} games, {count} positions "
              f"({time.process_time() - started:.0f} s CPU so far)", flush=True)
        args.data.parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(args.data, "wt", encoding="utf-8") as out:
            json.dump({"generated_by": "python scripts/coach_calibration.py --collect "
                       f"--scale {args.scale} --seed {args.seed}"
                       + (f" --only {args.only}" if args.only else "")
                       + (" --add" if args.add else ""), "records": records},
                      out)
    print(f"wrote {len(records)} records to {args.data}")


def outcome(record: dict) -> float:
    """The mover's result: 1 for a sole win (in Priest-Kings: among the winners), 1/k for a
    win shared by k players, else 0."""
    winners = record["winners"]
    if record["mover"] not in winners:
        return 0.0
    return 1.0 if record["ruleset"] in SEVERAL_WINNERS else 1.0 / len(winners)


def scale_of(records: list[dict]) -> float:
    """The measure's typical size: the median of its magnitude (at least a little above 0)."""
    import numpy as np

    return max(float(np.median(np.abs([r["x"] for r in records]))), 1e-6)


def design(records: list[dict], scale: float):
    """The fit's columns: 1, u (1 - t), u t, t — the measure's slope at the start and at the
    end of the game are parameters of their own (`b` and `b + c`), so each can be held up."""
    import numpy as np

    u = np.arcsinh(np.array([r["x"] for r in records], dtype=float) / scale)
    t = np.array([r["t"] for r in records], dtype=float)
    return np.column_stack([np.ones_like(u), u * (1 - t), u * t, t])


#: The least slope of the chance in the measure (per unit of u, at the start and at the end):
#: where the games say the measure tells nothing (or the wrong way, by chance), the curve is
#: held at this, nearly flat but still rising, so the coach still ranks moves as the expert.
MIN_SLOPE = 0.02


def fit(records: list[dict], ridge: float = 0.1) -> tuple[list[float], dict]:
    """The curve's (a, b, c, d) by maximum likelihood, with a small ridge on the standardized
    coefficients (so that a sample a curve separates perfectly still gives finite numbers;
    on thousands of positions it changes nothing that shows), by Newton's method with the
    step halved until the likelihood improves; a slope below `MIN_SLOPE` is held there and
    the rest fitted again. Also the figures of the fit."""
    import numpy as np

    scale = scale_of(records)
    features = design(records, scale)
    y = np.array([outcome(r) for r in records])
    # Standardize the measure so that Newton's steps are well conditioned; scale back after.
    spread = max(float(np.std(features[:, 1] + features[:, 2])), 1e-9)
    standard = np.array([1.0, spread, spread, 1.0])
    scaled = features / standard
    penalty = ridge * np.array([0.0, 1.0, 1.0, 1.0])
    held: dict[int, float] = {}

    def solve(held: dict[int, float]) -> np.ndarray:
        free = [k for k in range(4) if k not in held]
        fixed = np.zeros(4)
        for k, v in held.items():
            fixed[k] = v * standard[k]
        offset = scaled @ fixed
        cols = scaled[:, free]
        pen = penalty[free]

        def objective(beta: np.ndarray) -> float:
            z = np.clip(offset + cols @ beta, -40, 40)
            return float(np.sum(y * z - np.log1p(np.exp(z))) - 0.5 * np.sum(pen * beta**2))

        beta = np.zeros(len(free))
        current = objective(beta)
        for _ in range(200):
            p = 1.0 / (1.0 + np.exp(-np.clip(offset + cols @ beta, -40, 40)))
            gradient = cols.T @ (y - p) - pen * beta
            hessian = (cols * (p * (1 - p))[:, None]).T @ cols + np.diag(pen) + (
                1e-9 * np.eye(len(free)))
            step = np.linalg.solve(hessian, gradient)
            size = 1.0
            while size > 1e-6 and objective(beta + size * step) < current - 1e-12:
                size /= 2
            beta = beta + size * step
            improved = objective(beta)
            if abs(improved - current) < 1e-10:
                break
            current = improved
        out = fixed.copy()
        out[free] = beta
        return out / standard

    params = solve(held)
    for _ in range(2):
        low = {k: MIN_SLOPE for k in (1, 2) if params[k] < MIN_SLOPE and k not in held}
        if not low:
            break
        held.update(low)
        params = solve(held)
    a, b, e, d = params.tolist()
    curve = [a, b, e - b, d]
    u = np.arcsinh(np.array([r["x"] for r in records], dtype=float) / scale)
    t = np.array([r["t"] for r in records], dtype=float)
    p = 1.0 / (1.0 + np.exp(-np.clip(a + b * u + (e - b) * u * t + d * t, -40, 40)))
    eps = 1e-12
    figures = {"scale": scale, "positions": len(records),
               "games": len({r["seed"] for r in records}),
               "held": sorted(["start", "end"][k - 1] for k in held),
               "log_loss": float(-np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))),
               "brier": float(np.mean((p - y) ** 2))}
    return curve, figures


def fit_all(args: argparse.Namespace) -> None:
    with gzip.open(args.data, "rt", encoding="utf-8") as handle:
        records = json.load(handle)["records"]
    fitted: dict[str, dict[str, dict]] = {}
    for ruleset, players in PLAN:
        # The Royal Game of Ur's exact chances need no curve: its search's do.
        mine = [r for r in records if r["ruleset"] == ruleset and r["players"] == players
                and "x" in r]
        if not mine:
            print(f"{ruleset} {players} players: no records", file=sys.stderr)
            continue
        curve, figures = fit(mine)
        if curve[1] < MIN_SLOPE - 1e-9 or curve[1] + curve[2] < MIN_SLOPE - 1e-9:
            # The chance must grow with the expert's measure at every stage of the game, or
            # the coach would call best what the expert thinks worst.
            raise SystemExit(f"{ruleset} {players} players: the fitted chance falls as the "
                             f"expert's measure grows (b={curve[1]:.4g}, c={curve[2]:.4g}): "
                             "more games are needed")
        fitted.setdefault(ruleset, {})[str(players)] = {
            "curve": [round(v, 8) for v in curve], **figures}
        held = (f" (slope held at {MIN_SLOPE} at the {' and '.join(figures['held'])})"
                if figures["held"] else "")
        print(f"{ruleset} {players} players: a={curve[0]:.4f} b={curve[1]:.6f} "
              f"c={curve[2]:.6f} d={curve[3]:.4f} s={figures['scale']:.4g} on "
              f"{figures['positions']} positions of "
              f"{figures['games']} games{held}; log loss {figures['log_loss']:.3f}, Brier "
              f"{figures['brier']:.3f}")
    CURVES.write_text(json.dumps({
        "about": "The coach's curves: chance = 1 / (1 + exp(-(a + b u + c u t + d t))), "
                 "u = asinh(x / scale), x the expert's measure of the mover's best move, "
                 "t the game's progress "
                 "(engine/coach/calibration.py). Written by scripts/coach_calibration.py "
                 "--fit from expert self-play; do not edit by hand.",
        "data": str(args.data.relative_to(ROOT)) if args.data.is_relative_to(ROOT)
        else str(args.data),
        "fitted": fitted}, indent=1) + "\n")
    print(f"wrote {CURVES}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collect", action="store_true", help="play and record positions")
    parser.add_argument("--fit", action="store_true", help="fit the curves and write them")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--scale", type=float, default=1.0, help="games played, as a share "
                        "of the plan")
    parser.add_argument("--per-game", type=int, default=PER_GAME)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--only", help="collect only these games (comma-separated rulesets), "
                        "keeping the others' records in --data")
    parser.add_argument("--add", action="store_true", help="keep every record in --data and "
                        "add the new games' (another --seed)")
    args = parser.parse_args(argv)
    if not (args.collect or args.fit):
        parser.error("say --collect, --fit or both")
    if args.collect:
        collect(args)
    if args.fit:
        fit_all(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
