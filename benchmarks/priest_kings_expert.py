"""Where the Priest-Kings expert loses its points: one seat plays a bot, the other three its
opponent (as `scripts/results.py`'s ladder seats them, the same seeds), and each game is told
by what happened to that seat. Prints figures; asserts nothing.

    python benchmarks/priest_kings_expert.py --games 100 --opponent random [--bot expert]

Per game: the ladder score (sole win 1, shared win 1/2), the pairwise score (`pairwise`),
whether the seat was the final overlord or a credited vassal (P-END-2, R-P9), whether one of its
own vassals was credited with a city for it (which makes a sole win impossible: `made` is never
taken back), the turn at which it first lost its independence, and the CPU time of each of its
decisions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import priest_kings as pk
from engine.core import derive_seed
from engine.simulate import make_seat_bot, specs_for
from sumer_widgets.plots.analysis import wilson

SEED = 2024  # scripts/results.py's


def rate(label: str, successes: float, n: int) -> str:
    """`label`, the rate and its Wilson 95 % interval (the results files' interval)."""
    r = wilson(successes, n)
    return f"  {label} {r.value:.1%} [{r.low:.0%}, {r.high:.0%}]"


def ladder_score(winners, seat):
    """The ladder's score of a campaign's end: a sole win 1, a shared win 1/2 (a draw)."""
    return 1.0 if winners == {seat} else 0.5 if seat in winners else 0.0


def pairwise(winners, seat, players=4):
    """The seat's score against each other seat, averaged: 1 where only the seat is among the
    winners, 1/2 where both or neither are, 0 where only the other is (another reading of
    "beats its opponents" in a game with shared wins)."""
    mine = seat in winners
    scores = [0.5 if mine == (other in winners) else 1.0 if mine else 0.0
              for other in range(players) if other != seat]
    return sum(scores) / len(scores)


def play(spec, seat):
    """One game; returns (final state, first turn `seat` was a vassal, its CPU times)."""
    bots = [make_seat_bot(b, derive_seed(spec.seed, "seat", s)) for s, b in enumerate(spec.bots)]
    state = pk.new_state(spec.players, spec.seed, **spec.options)
    lost_at = None
    times = []
    while not state.is_over:
        player = state.to_move
        if player == seat:
            started = time.process_time()
            move = bots[player].choose(state.view(player))
            times.append(time.process_time() - started)
        else:
            move = bots[player].choose(state.view(player))
        state, _ = pk.apply(state, move)
        if lost_at is None and state.overlord[seat] >= 0:
            lost_at = state.turn
    return state, lost_at, times


def report(games, bot, opponent, label=None):
    specs = specs_for("priest_kings", games, 4, [bot] + [opponent] * 3, seed=SEED)
    kinds = Counter()
    score = sole = among = against_each = 0.0
    lost_turns, all_times, turns = [], [], []
    for number, spec in enumerate(specs):
        # specs_for rotates the seats: the bot, listed first, sits at -number mod 4.
        seat = -number % 4
        final, lost_at, times = play(spec, seat)
        all_times.extend(times)
        turns.append(final.turn)
        winners = final.winners()
        lord = final.independent[0]
        if winners == {seat}:
            kind = "sole win"
            sole += 1
        elif seat == lord:
            kind = "overlord, shared (own vassal credited)"
        elif seat in winners:
            kind = "credited vassal of the winner"
        else:
            kind = "loss (uncredited vassal)"
        kinds[kind] += 1
        score += ladder_score(winners, seat)
        among += seat in winners
        against_each += pairwise(winners, seat)
        if lost_at is not None:
            lost_turns.append(lost_at)
    n = len(specs)
    name = label or bot
    print(f"{name} vs 3 {opponent}, {n} games (seed {SEED}):")
    print(rate("ladder score", score, n))
    print(rate("among the winners", among, n))
    print(rate("sole winner", sole, n))
    print(rate("pairwise, against each opponent", against_each, n))
    for kind, count in sorted(kinds.items()):
        print(f"    {kind}: {count}")
    if lost_turns:
        print(f"  lost its independence in {len(lost_turns)} games, turn median "
              f"{statistics.median(lost_turns)}; turns per game median {statistics.median(turns)}")
    if all_times:
        all_times.sort()
        print(f"  CPU per decision: mean {statistics.mean(all_times) * 1000:.1f} ms, 95th "
              f"{all_times[int(0.95 * len(all_times))] * 1000:.1f} ms, most "
              f"{all_times[-1] * 1000:.0f} ms ({len(all_times)} decisions)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--bot", default="expert")
    args = parser.parse_args(argv)
    report(args.games, args.bot, args.opponent)


if __name__ == "__main__":
    main()
