"""Sumeria speed and memory, on one core. Prints figures; asserts nothing.

    python benchmarks/sumeria.py [--games 1000] [--repeats 5]
    python benchmarks/sumeria.py --expert [--games 10]   # only the expert's move time

- random full games per second, 3 and 4 players: setup plus the fast ``random_playout``
  (the goal: at least 1,000 3-player games a second), and through the checked
  ``legal_moves``/``apply`` that bots and greedy search use (the goal: at least 400 3-player
  games a second);
- microseconds per reachability query on the standard board, through the contract
  ``Board.reachable(start, occupied)`` (ids in, ids out) and through the uncached index-level
  search (goal: at most 20 µs);
- MCTS iterations per second (the goal: 1,000 iterations in at most 1 s);
- peak memory of a batch of random games (tracemalloc) and of the process;
- with ``--expert``: only the expert's (``engine/sumeria/expert.py``) CPU time per decision,
  mean, 95th percentile and maximum, over `--games` 3-player games against two greedy players
  (the goal: at most 1 s a move, well under 0.2 s on average).

Machines here are shared and noisy: times are the process's CPU time (what one core gives it,
not what other processes take), and each figure is the median of several repeats, with the best
beside it.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import statistics
import time

from benchmarks._measure import peak_rss_mib, timed, traced_peak
from engine import bots, sumeria


def fast_games(players, games):
    for seed in range(games):
        sumeria.random_playout(sumeria.new_state(players, seed), random.Random(seed))


def checked_games(players, games):
    for seed in range(games):
        rng = random.Random(seed)
        state = sumeria.new_state(players, seed)
        while not state.is_over:
            moves = sumeria.legal_moves(state)
            state, _ = sumeria.apply(state, moves[rng.randrange(len(moves))])


def sample_queries(count):
    """(start, occupied) pairs from the turns of random games: realistic crowding."""
    queries = []
    seed = 0
    while len(queries) < count:
        game = sumeria.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(queries) < count:
            state = game.state
            if state.phase == "turns":
                occupied = sorted(state.occupied)
                for start in state.traders_of(state.to_move):
                    queries.append((start, occupied))
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        seed += 1
    return queries[:count]


def expert_move_times(games):
    """CPU seconds of each decision the expert made with a choice, its seat rotating."""
    times = []
    for game in range(games):
        seat = game % 3
        seats = [bots.GreedyBot(seed=game * 3 + s) for s in range(3)]
        seats[seat] = bots.ExpertBot(seed=game)
        state = sumeria.new_state(3, seed=game)
        while not state.is_over:
            view = state.view(state.to_move)
            if state.to_move == seat and len(sumeria.legal_moves(view)) > 1:
                start = time.process_time()
                move = seats[seat].choose(view)
                times.append(time.process_time() - start)
            else:
                move = seats[state.to_move].choose(view)
            state, _ = sumeria.apply(state, move)
    return times


def print_expert_times(games):
    times = sorted(expert_move_times(games))
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"  expert move time over {len(times)} decisions in {games} games (3 players, vs two "
          f"greedy): mean {statistics.mean(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
          f"max {times[-1] * 1000:.0f} ms (goal: at most 1 s, mean well under 0.2 s)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games to play (default 1000; with --expert, 10)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--expert", action="store_true",
                        help="only time the expert's moves, over --games games (default 10)")
    args = parser.parse_args()
    if args.expert:
        print(f"Sumeria expert (Python {sys.version.split()[0]}, one core, CPU time)")
        print_expert_times(args.games or 10)
        return
    n, r = args.games or 1000, args.repeats
    print(f"Sumeria benchmarks (Python {sys.version.split()[0]}, one core, CPU time, "
          f"median | best of {r})")

    fast_games(3, 50)  # warm the movement tables
    for players in (3, 4):
        median, best, _ = timed(lambda p=players: fast_games(p, n), r)
        print(f"  random games/s, {players} players, fast path: "
              f"{n / median:8.0f} | {n / best:.0f}")
    for players in (3, 4):
        games = max(20, n // 10)
        median, best, _ = timed(lambda p=players, g=games: checked_games(p, g), r)
        goal = " (goal: at least 400)" if players == 3 else ""
        print(f"  random games/s, {players} players, checked path: "
              f"{games / median:5.0f} | {games / best:.0f}{goal}")

    board = sumeria.Board.standard()
    queries = sample_queries(20_000)
    median, best, _ = timed(lambda: [board.reachable(s, o) for s, o in queries], r)
    print(f"  reachability query, Board.reachable (ids): "
          f"{median / len(queries) * 1e6:6.2f} µs | {best / len(queries) * 1e6:.2f}")
    indexed = [(board.index_of(s), board.mask_of(o) & ~(1 << board.index_of(s)))
               for s, o in queries]
    median, best, _ = timed(lambda: [board.reach_scan(s, o) for s, o in indexed], r)
    print(f"  reachability query, uncached index search: "
          f"{median / len(queries) * 1e6:6.2f} µs | {best / len(queries) * 1e6:.2f}")

    state = sumeria.new_state(3, seed=1)
    for _ in range(30):
        state, _ = sumeria.apply(state, sumeria.legal_moves(state)[0])
    iterations = 300
    median, best, _ = timed(lambda: bots.MCTSBot(iterations, seed=0).choose(state.view(0)), r)
    print(f"  MCTS iterations/s (mid-game, 3 players): "
          f"{iterations / median:8.0f} | {iterations / best:.0f}; 1,000 iterations in "
          f"{median / iterations * 1000:.2f} s (goal: at most 1 s; benchmarks/search.py)")

    peak, _ = traced_peak(lambda: fast_games(3, 200))
    rss = peak_rss_mib()
    print(f"  peak memory: {peak / 1024:.0f} KiB traced during 200 games; "
          f"process peak RSS {rss:.0f} MiB")


if __name__ == "__main__":
    main()
