"""What the coach costs a board's click (issue 42): with `why_bots` on, the time the board spends
weighing each bot decision since the learner's move (`BoardCore._bot_decisions`: the coach's
three best moves and their reasons), and the time of "Review this game" (the review, the luck
meter and the panel) — in CPython, CPU time of one core, in the kernel (no page).

    nice -n 10 python benchmarks/coach_board.py [--moves 30] [--games sumeria,royal_ur]

Each game: the learner (seat 0) plays random moves against the closing games' bots (level
"medium"), `--moves` of the learner's; after each, the board's "why" values are made again with
the reasons cache emptied, and timed. Prints p50, p95 and the most per game, and the review's
time at the end. A figure, never a test (the house rules: no test fails on wall-clock time).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bots import RandomBot, bot_for_level  # noqa: E402
from engine.coach import values  # noqa: E402
from engine.core import rules_of  # noqa: E402
from sumer_widgets.games import card  # noqa: E402

PLAYERS = {"sumeria": 3, "tigris": 2, "mesopotamia": 2, "priest_kings": 4, "royal_ur": 2}


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def measure(game_name: str, moves: int) -> None:
    rules = rules_of(game_name)
    game = rules.new_game(PLAYERS[game_name], 7)
    bots = {seat: bot_for_level(game_name, "medium", seed=seat)
            for seat in range(1, PLAYERS[game_name])}
    # The board of the browser-only site's pages: the same core, no widgets needed.
    board = _page_board(game_name)(game, bots=bots, why_bots=True)
    learner = RandomBot(seed=3)
    times = []
    played = 0
    while played < moves and not game.is_over:
        if game.to_move in bots:
            board.bot_move()
            continue
        board.play(learner.choose(game.state.view(game.to_move)))
        played += 1
        # Cold: the board's reasons and the coach's readings of positions forgotten (the
        # board weighed them already as the move was played).
        board._weighed = {}
        values._analysed.cache_clear()
        started = time.process_time()
        board._bot_decisions()
        times.append(1000 * (time.process_time() - started))
    values._analysed.cache_clear()
    started = time.process_time()
    board.review()
    review = time.process_time() - started
    rate = f"{len(game.moves) / review:,.0f} moves/s" if review > 0 else "at once"
    print(f"{game_name:13s} why after a learner's move: p50 {statistics.median(times):6.0f} ms"
          f"  p95 {percentile(times, 95):6.0f} ms  most {max(times):6.0f} ms "
          f"({len(times)} moves)   review of {len(game.moves)} moves: {review:5.1f} s "
          f"({rate})", flush=True)


def _page_board(game_name: str):
    from sumer_widgets.page import board_class

    return board_class(card(game_name).core)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--games", default=",".join(PLAYERS))
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}): the coach "
          "on a board, CPU time of one core", flush=True)
    for name in args.games.split(","):
        measure(name, args.moves)


if __name__ == "__main__":
    main()
