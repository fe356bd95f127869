"""Tigris & Euphrates speed and memory, on one core. Prints figures; asserts nothing.

    python benchmarks/tigris.py [--games 300] [--repeats 5]
    python benchmarks/tigris.py --expert [--expert-games 4]   # only the expert's move time

- random full games per second, 2, 3 and 4 players: setup plus the fast ``random_playout``
  (the goal: at least 100 random 2-player games a second; a compiled Rust engine does about
  1,000), also with every variant on, and through the checked ``legal_moves``/``apply`` that
  bots and greedy search use (the goal: at least 50 games a second);
- microseconds per decision of the fast path, and per checked ``apply`` (what GreedyBot pays
  for every legal move it looks at);
- MCTS iterations per second;
- with ``--expert``, only the expert's (`engine.tigris.expert`) time a decision: mean, 95th
  percentile and worst over whole 2-player games against the greedy bot (its goal: at most
  1 s a move, well under 0.2 s on average);
- peak memory of a batch of random games (tracemalloc) and of the process.

Machines here are shared and noisy: each figure is the median of several repeats, with the
best beside it. Times are CPU time of this process (``time.process_time``), so that other
work on the machine distorts them less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._measure import peak_rss_mib, timed, traced_peak
from engine import bots, tigris

ALL_VARIANTS = {"board": "advanced", "war_support": "english", "buildings": True,
                "wonder": True, "open_scoring": True}


def fast_games(players, games, options=None, decisions=None):
    for seed in range(games):
        record = [] if decisions is not None else None
        tigris.random_playout(tigris.new_state(players, seed, **(options or {})),
                              random.Random(seed), record)
        if decisions is not None:
            decisions.append(len(record))


def checked_games(players, games):
    for seed in range(games):
        rng = random.Random(seed)
        state = tigris.new_state(players, seed)
        while not state.is_over:
            moves = tigris.legal_moves(state)
            state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])


def mid_game(players, seed, plies):
    state = tigris.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = tigris.legal_moves(state)
        state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])
    return state


def expert_move_times(games):
    """CPU seconds of each of the expert's real decisions (more than one legal move) over
    `games` games against greedy."""
    times = []
    for seed in range(games):
        state = tigris.new_state(2, seed)
        seats = [bots.ExpertBot(seed), bots.GreedyBot(seed + 1000)]
        if seed % 2:
            seats.reverse()
        while not state.is_over:
            bot = seats[state.to_move]
            start = time.process_time()
            move = bot.choose(state.view(state.to_move))
            if isinstance(bot, bots.ExpertBot) and len(tigris.legal_moves(state)) > 1:
                times.append(time.process_time() - start)
            state, _ = tigris.apply(state, move)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--expert", action="store_true",
                        help="measure only the expert's time a move")
    parser.add_argument("--expert-games", type=int, default=4)
    args = parser.parse_args()
    n, r = args.games, args.repeats
    if args.expert:
        times = sorted(expert_move_times(args.expert_games))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"Tigris & Euphrates expert, {args.expert_games} games against greedy, "
              f"{len(times)} decisions (CPU time, one core): mean "
              f"{1000 * sum(times) / len(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
              f"max {1000 * times[-1]:.0f} ms")
        return
    print(f"Tigris & Euphrates benchmarks (Python {sys.version.split()[0]}, one core, CPU time, "
          f"median | best of {r})")

    fast_games(2, 10)  # warm up
    from engine import sumeria

    start = time.process_time()
    for seed in range(300):
        sumeria.random_playout(sumeria.new_state(3, seed), random.Random(seed))
    print(f"  (this machine now: Sumeria's fast path runs "
          f"{300 / (time.process_time() - start):.0f} random 3-player games/s)")
    for players in (2, 3, 4):
        median, best, _ = timed(lambda p=players: fast_games(p, n), r)
        print(f"  random games/s, {players} players, fast path: "
              f"{n / median:7.0f} | {n / best:.0f}")
    median, best, _ = timed(lambda: fast_games(2, n, ALL_VARIANTS), r)
    print(f"  random games/s, 2 players, every variant on: {n / median:7.0f} | {n / best:.0f}")

    decisions: list[int] = []
    fast_games(2, n, decisions=decisions)
    median, best, _ = timed(lambda: fast_games(2, n), r)
    per = sum(decisions)
    print(f"  fast path, 2 players: {per / n:.0f} decisions a game, "
          f"{median / per * 1e6:.0f} µs | {best / per * 1e6:.0f} µs a decision")

    games = max(5, n // 30)
    for players in (2, 4):
        median, best, _ = timed(lambda p=players, g=games: checked_games(p, g), r)
        print(f"  random games/s, {players} players, checked path: "
              f"{games / median:7.1f} | {games / best:.1f} (goal: at least 50)")

    state = mid_game(3, 1, 60)
    while state.phase != "action":
        state = tigris.apply(state, tigris.legal_moves(state)[0])[0]
    moves = tigris.legal_moves(state)
    median, best, _ = timed(lambda: [tigris.apply(state, m) for m in moves], r)
    print(f"  checked apply (mid-game, {len(moves)} legal moves): "
          f"{median / len(moves) * 1e6:.0f} µs | {best / len(moves) * 1e6:.0f} µs each")

    state = mid_game(2, 2, 40)
    iterations = 100
    median, best, _ = timed(lambda: bots.MCTSBot(iterations, seed=0).choose(
        state.view(state.to_move)), r)
    print(f"  MCTS iterations/s (mid-game, 2 players): "
          f"{iterations / median:7.0f} | {iterations / best:.0f}")

    peak, _ = traced_peak(lambda: fast_games(2, 100))

    def whole_game():
        game = tigris.new_game(2, seed=5)
        rng = random.Random(5)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        return game

    history_peak, game = traced_peak(whole_game)
    rss = peak_rss_mib()
    print(f"  peak memory: {peak / 2**10:.0f} KiB traced during 100 fast games; "
          f"{history_peak / 2**20:.1f} MiB for a whole game kept with its history "
          f"({len(game.history)} states); process peak RSS {rss:.0f} MiB")


if __name__ == "__main__":
    main()
