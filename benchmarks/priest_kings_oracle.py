"""An upper-bound estimate for Priest-Kings: how often can a player who sees the future win the
campaign alone? Measurement only — it cheats, and is no part of the engine. Prints figures.

    python benchmarks/priest_kings_oracle.py --games 100 --opponent random
    python benchmarks/priest_kings_oracle.py --games 40 --dice-only 6   # sees the dice only

The oracle sits in one seat against three bots (the ladder's seats and seeds, as
`benchmarks/priest_kings_expert.py`). It reads the whole state, seed included, so it knows
every die to come (a battle's dice follow from the seed and the battle's number, P-BATTLE-DICE-8,
and the order of activation from the seed and the turn, R-P14), and it holds copies of its
opponents' bots with their generators, so it knows every move they will make. The world is
then deterministic: at each of its orders it plays each legal order out to the end of the
campaign — the opponents by their copied bots, itself by each of a few base policies (the
expert, an always-attack policy, a reorganize-first policy, a random policy) — and keeps the
best line found so far (nested Monte Carlo of level 1: it never does worse than the line it
already holds). A line's worth is 1 for a sole win, 1/2 for a shared win, 0 for a loss (the
ladder's), then the fewest decisions.

With ``--dice-only SAMPLES`` it sees the dice and the orders of activation but not its
opponents' moves: at each order it plays each legal order out `SAMPLES` times with its
opponents' bots drawing from new generators (a sample of what they may do), itself by an
always-attack and a reorganize-first policy, and takes the order whose better policy scores
most on average.

It is not optimal play (one level of search over a few policies), so its rates are a lower
bound on what a player who sees that much can reach; but that is far beyond what a player who
cannot see the dice can reach, so it is an upper reference for a fair bot.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.priest_kings_expert import SEED, ladder_score, pairwise, rate
from engine import priest_kings as pk
from engine.core import derive_seed
from engine.priest_kings import expert
from engine.simulate import make_seat_bot, specs_for


def attacker_policy(state, moves, rng):
    """Attack the target the odds favour most; else the expert's choice."""
    attacks = [m for m in moves if isinstance(m, pk.Attack)]
    if state.phase != "orders" or not attacks:
        return expert.choose(state, moves, rng)
    me = state.to_move

    def odds(move):
        t = state.map.index_of(move.target)
        return expert.break_chance(state.armies[me], state.armies[t], state.blessed[me],
                                   state.blessed[t], state.options.reroll_limit)
    return max(attacks, key=odds)


def fortifier_policy(state, moves, rng):
    """Reorganize while a corps can be; then the expert's choice."""
    reorganizations = [m for m in moves if isinstance(m, pk.Reorganize)]
    if state.phase == "orders" and reorganizations:
        return reorganizations[0]
    return expert.choose(state, moves, rng)


def random_policy(state, moves, rng):
    return moves[rng.randrange(len(moves))]


POLICIES = {"expert": expert.choose, "attacker": attacker_policy,
            "fortifier": fortifier_policy, "random": random_policy}


def outcome(state, seat):
    return ladder_score(state.winners(), seat)


def final_tally(state, seat):
    """(ladder score, among the winners, pairwise score) of a campaign's end."""
    winners = state.winners()
    return ladder_score(winners, seat), float(seat in winners), pairwise(winners, seat)


def rollout(state, bots, seat, first, policy, rng, reseed=None):
    """Play `first` (the seat's move) then on to the end; returns (worth, the seat's moves).

    With `reseed`, the opponents' copies draw from new generators seeded from it: their moves
    are a sample, no longer the ones they will make.
    """
    bots = copy.deepcopy(bots)
    if reseed is not None:
        for number, bot in enumerate(bots):
            bot.rng = random.Random(reseed * 4 + number)
    line = [first]
    state, _ = pk.apply(state, first)
    while not state.is_over:
        player = state.to_move
        if player == seat:
            moves = pk.legal_moves(state)
            move = moves[0] if len(moves) == 1 else policy(state, moves, rng)
            line.append(move)
        else:
            move = bots[player].choose(state.view(player))
        state, _ = pk.apply(state, move)
    return (outcome(state, seat), -len(line)), line


def dice_only_choice(state, bots, seat, moves, rng, samples):
    """The order whose best policy wins most over `samples` sampled futures of the opponents'
    moves, the dice (and the orders of activation) being the true ones."""
    seeds = [rng.getrandbits(30) for _ in range(samples)]

    def worth(first):
        return max(sum(rollout(state, bots, seat, first, policy, rng, s)[0][0] for s in seeds)
                   for policy in DICE_ONLY_POLICIES.values())
    return max(moves, key=worth)


#: The dice-only oracle's own policies (it cannot afford them all: it plans at every order).
DICE_ONLY_POLICIES = {"attacker": attacker_policy, "fortifier": fortifier_policy}


def play(spec, seat_name, dice_only_samples=0):
    bots = [make_seat_bot(b, derive_seed(spec.seed, "seat", s)) for s, b in enumerate(spec.bots)]
    seat = spec.bots.index(seat_name)
    rng = random.Random(spec.seed)
    state = pk.new_state(spec.players, spec.seed)
    plan: list = []
    plan_worth = (-1.0, 0)
    while not state.is_over:
        player = state.to_move
        if player == seat:
            moves = pk.legal_moves(state)
            if len(moves) == 1:
                move = moves[0]
            elif dice_only_samples:
                move = dice_only_choice(state, bots, seat, moves, rng, dice_only_samples)
            elif plan_worth[0] == 1.0:
                move = plan[0]  # a sole win is already in hand: follow it
            else:
                best_worth, best_line = plan_worth, plan
                for first in moves:
                    for policy in POLICIES.values():
                        worth, line = rollout(state, bots, seat, first, policy, rng)
                        if worth > best_worth:
                            best_worth, best_line = worth, line
                plan_worth, plan = best_worth, best_line
                move = plan[0]
            if plan and plan[0] == move:
                plan = plan[1:]
            else:
                plan, plan_worth = [], (-1.0, 0)
        else:
            move = bots[player].choose(state.view(player))
        state, _ = pk.apply(state, move)
    return final_tally(state, seat)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--dice-only", type=int, default=0, metavar="SAMPLES",
                        help="see the dice but not the opponents' moves: sample them this "
                             "many times at each order")
    args = parser.parse_args(argv)
    # The seat is named "expert" so that the ladder's seeds and seating are used; the oracle
    # plays it instead of the expert.
    specs = specs_for("priest_kings", args.games, 4, ["expert"] + [args.opponent] * 3, seed=SEED)
    started = time.process_time()
    results = [play(spec, "expert", args.dice_only) for spec in specs]
    n = len(results)
    sole = sum(score == 1.0 for score, _, _ in results)
    score, among, against_each = (sum(column) for column in zip(*results))
    name = f"dice-only oracle ({args.dice_only} samples)" if args.dice_only else "oracle"
    print(f"{name} vs 3 {args.opponent}, {n} games (seed {SEED}), "
          f"{time.process_time() - started:.0f} s CPU:")
    for label, value in (("ladder score", score), ("among the winners", among),
                         ("sole winner", sole),
                         ("pairwise, against each opponent", against_each)):
        print(rate(label, value, n))


if __name__ == "__main__":
    main()
