"""Mesopotamia speed and memory, on one core. Prints figures; asserts nothing.

    python benchmarks/mesopotamia.py [--games 200] [--repeats 3] [--rounds 12] [--natural 6]

- random full games per second, 2, 3 and 4 players, with a round limit (option ``max_rounds``,
  docs/rulings-mesopotamia.md R-M12): setup plus the fast ``random_playout`` (the goal: at
  least 100 random 4-player games a second), and through the checked
  ``legal_moves``/``apply`` for comparison;
- decisions per game and microseconds per decision;
- natural random games (no round limit, the rule text's only end): how many end within a cap
  of decisions, and how long those take — uniformly random play can reach positions from which
  nobody can ever win (R-M12);
- MCTS iterations per second;
- with ``--expert N``: the expert's time per move (mean, 95th percentile, longest) over N
  expert-only 3-player games without a round limit (the goal: under 1 s always, 0.1 s on
  average);
- peak memory of a batch of random games (tracemalloc) and of the process.

Machines here are shared and noisy: times are the process's CPU time (what one core gives it,
not what other processes take), and each figure is the median of several repeats, with the best
beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._measure import peak_rss_mib, timed, traced_peak
from engine import bots, mesopotamia


def fast_games(players, games, rounds):
    decisions = 0
    for seed in range(games):
        record: list[int] = []
        mesopotamia.random_playout(mesopotamia.new_state(players, seed, max_rounds=rounds),
                                   random.Random(seed), record)
        decisions += len(record)
    return decisions


def checked_games(players, games, rounds):
    for seed in range(games):
        rng = random.Random(seed)
        state = mesopotamia.new_state(players, seed, max_rounds=rounds)
        while not state.is_over:
            moves = mesopotamia.legal_moves(state)
            state, _ = mesopotamia.apply(state, moves[rng.randrange(len(moves))])


def natural_games(players, games, cap):
    """Random games without a round limit, each stopped at `cap` decisions."""
    from engine.mesopotamia.rules import Work

    finished = []
    for seed in range(games):
        work = Work(mesopotamia.new_state(players, seed, max_rounds=None))
        rng = random.Random(seed)
        n = 0
        while work.phase != "over" and n < cap:
            moves = work.legal()
            work.do(moves[rng.randrange(len(moves))])
            n += 1
        if work.phase == "over":
            finished.append((n, work.turn // players + 1))
    return finished


def expert_move_times(players, games):
    """CPU seconds of each `ExpertBot` decision over `games` expert-only games (no round limit),
    and the rounds those games lasted."""
    times, rounds = [], []
    for seed in range(games):
        state = mesopotamia.new_state(players, seed, max_rounds=None)
        seats = [bots.ExpertBot(seed=100 * seed + p) for p in range(players)]
        while not state.is_over:
            view = state.view(state.to_move)
            start = time.process_time()
            move = seats[state.to_move].choose(view)
            times.append(time.process_time() - start)
            state, _ = mesopotamia.apply(state, move)
        rounds.append(state.round)
    return times, rounds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--natural", type=int, default=6,
                        help="natural games per player count (0 to skip)")
    parser.add_argument("--cap", type=int, default=60_000)
    parser.add_argument("--expert", type=int, default=0, metavar="GAMES",
                        help="also time the expert's moves over this many 3-player games")
    args = parser.parse_args()
    n, r, rounds = args.games, args.repeats, args.rounds
    print(f"Mesopotamia benchmarks (Python {sys.version.split()[0]}, one core, CPU time, "
          f"median | best of {r}; round limit {rounds})")
    for players in (2, 3, 4):
        median, best, decisions = timed(lambda p=players: fast_games(p, n, rounds), r)
        print(f"  random games/s, {players} players, fast path: {n / median:7.1f} | "
              f"{n / best:.1f}   ({decisions / n:.0f} decisions a game, "
              f"{median / decisions * 1e6:.0f} µs a decision)")
    for players in (2, 3, 4):
        games = max(5, n // 10)
        median, best, _ = timed(lambda p=players, g=games: checked_games(p, g, rounds), r)
        print(f"  random games/s, {players} players, checked path: {games / median:6.1f} | "
              f"{games / best:.1f}")
    if args.natural:
        for players in (2, 3, 4):
            start = time.process_time()
            finished = natural_games(players, args.natural, args.cap)
            seconds = time.process_time() - start
            lengths = sorted(d for d, _ in finished)
            rounds_ = sorted(rd for _, rd in finished)
            print(f"  natural random games, {players} players: {len(finished)} of "
                  f"{args.natural} ended within {args.cap} decisions"
                  + (f"; decisions {lengths[0]}–{lengths[-1]} (median "
                     f"{statistics.median(lengths):.0f}), rounds {rounds_[0]}–{rounds_[-1]}"
                     if finished else "") + f"  [{seconds:.0f} s]")

    # Mid-game: 40 random decisions in (or fewer, if a short round limit ends the game first).
    state = mesopotamia.new_state(3, seed=1, max_rounds=max(rounds, 4))
    rng = random.Random(0)
    for _ in range(40):
        moves = mesopotamia.legal_moves(state)
        if not moves:
            break
        state, _ = mesopotamia.apply(state, moves[rng.randrange(len(moves))])
    iterations = 100
    median, best, _ = timed(
        lambda: bots.MCTSBot(iterations, seed=0).choose(state.view(state.to_move)), r)
    print(f"  MCTS iterations/s (mid-game, 3 players, {rounds} rounds): "
          f"{iterations / median:7.0f} | {iterations / best:.0f}")

    if args.expert:
        times, lasted = expert_move_times(3, args.expert)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"  expert move time, {args.expert} 3-player games ({len(times)} decisions, "
              f"rounds {min(lasted)}–{max(lasted)}): mean {statistics.mean(times) * 1e3:.1f} ms, "
              f"p95 {p95 * 1e3:.1f} ms, max {times[-1] * 1e3:.0f} ms")

    peak, _ = traced_peak(lambda: fast_games(4, 50, rounds))
    rss = peak_rss_mib()
    print(f"  peak memory: {peak / 2**20:.2f} MiB traced during 50 4-player games; "
          f"process peak RSS {rss:.0f} MiB")


if __name__ == "__main__":
    main()
