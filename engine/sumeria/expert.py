"""The Sumeria expert: `choose(view, moves, rng)` plays as a decent human does.

A Sumeria round is won or lost at its scoring (S-ROUND-1): only the three leading city-states
pay, and the row moves with every add, move between city-states and removal (S-ADD-2, S-MOVE-5,
S-REMOVE-2). So the expert reads the rest of the round before it commits:

1. Every legal move is rated one ply deep by the position's value (below); the best `WIDTH`
   become candidates (a move that scores at once or lifts its city-state into the row's
   leading three always rates high, since the value counts the scoring the standings would
   bring now).
2. For each candidate the rest of the round is played out, every player — the expert too —
   answering with the move that is best for themselves one ply deep (`heuristic.evaluate`,
   what an attentive opponent does, and exactly what `GreedyBot` plays). The line stops at
   the round's scoring (S-ROUND-1, S-CTRL-1…4, S-TILE-1…5), where control is decided, or after
   `HORIZON` plies in the setup (placement does not move the row, S-SETUP-6 / R-S3, so it
   looks only a turn of the table ahead).
3. The candidate whose line ends best for the expert is played; ties keep the one rated best
   one ply deep, then the first in `legal_moves` order (deterministic).

The value of a position for a player (`value`) is `heuristic.evaluate` — projected points if
the round were scored now (controllers keep the tiles worth most to them, S-TILE-1…3; points
by the triangle table, S-END-2), minus the best opponent's, plus a little for traders in the
city-states that lead next round (S-RESET-5) — and, once the game is over, the real margin
plus a bonus for winning (S-END-3). A controller's tile choice (S-TILE-6) is made the same way.

Limits: the opponents are modelled as one-ply players (against stronger or erratic players the
reading is only a guess); only `WIDTH` candidates are read, so a quiet move that rates poorly
one ply deep is never found; the bag's order is hidden (S-TILE-7), so a line runs on one
determinization (drawn from `rng`) and only the offer of the next round is averaged over; the
expert does not plan the next first player (S-RESET-3) beyond what the value sees. A move
costs a few thousand apply-and-evaluate steps: about 0.1 s on one core on average, under
0.5 s at worst (``python benchmarks/sumeria.py --expert``). Against two greedy players, 12
candidates won 86 % of 60 trial games (8 candidates: 78 %, 16: 88 % for a third more time);
the ladder (``benchmarks/results/ladder-sumeria.json``) gives 86 % of 100 games.

With `ExpertBot(blunder=p)` (a random move with chance p), 30 trial games each: p = 0.3 wins
40 % against two greedy players (about their equal: a "medium" level), p = 0.6 wins 12 %
against greedy and 97 % against random (an "easy" level).
"""

from __future__ import annotations

import random
from typing import Any

from engine.sumeria.heuristic import Valuer, evaluate
from engine.sumeria.rules import _draw, legal_moves, successor
from engine.sumeria.state import TURNS_PER_ROUND, State, _evolve

#: Candidates read to the end of the round (more win a little more, for proportionally more time).
WIDTH = 12
#: Plies read ahead during the setup, where no scoring is near.
HORIZON = 3
#: Added to the final margin for a win, so that a won game beats a bigger losing margin.
WIN_BONUS = 100.0
#: Offers drawn to rate a position at the start of a round whose tiles the expert cannot know.
REDRAWS = 6


def value(state: State, player: int, rng: random.Random | None = None) -> float:
    """The position's worth to `player`: its projected margin over the best opponent.

    At the start of a round reached by looking ahead, the offer came from one guess at the
    bag's order (S-RESET-2, S-TILE-7): with `rng`, the value is averaged over `REDRAWS`
    other draws from the same tiles, so that no line is chosen for tiles it only imagined.
    """
    if state.is_over:
        margin = evaluate(state, player)
        winners = state.winners()
        if player in winners:
            return margin + WIN_BONUS / len(winners)
        return margin
    if rng is None or state.phase != "turns" or state.step or state.round == 1:
        return evaluate(state, player)
    tiles = list("".join(state.offer) + state.bag)
    total = 0.0
    for _ in range(REDRAWS):
        rng.shuffle(tiles)
        offer, bag = _draw("".join(tiles), state.options.offer)
        total += evaluate(_evolve(state, offer=offer, bag=bag), player)
    return total / REDRAWS


def choose(view: State, moves: list[Any], rng: random.Random) -> Any:
    """The expert's move among `moves` (the view's legal moves)."""
    player = view.to_move
    state = view.determinize(rng)
    rated = []
    for index, move in enumerate(moves):
        after = successor(state, move)
        rated.append((value(after, player, rng), -index, after, move))
    rated.sort(key=lambda r: (r[0], r[1]), reverse=True)
    best_key, best_move = None, rated[0][3]
    for one_ply, neg_index, after, move in rated[:WIDTH]:
        leaf = _play_out(after, state.round, HORIZON if state.phase == "placement" else None)
        key = (value(leaf, player, rng), one_ply, neg_index)
        if best_key is None or key > best_key:
            best_key, best_move = key, move
    return best_move


def _play_out(state: State, round_: int, plies: int | None) -> State:
    """Every player answers one ply deep until the round `round_` is scored (or `plies`)."""
    done = 0
    while not state.is_over and state.round == round_ and (plies is None or done < plies):
        if state.phase == "placement" and plies is None:
            break
        state = _greedy_reply(state)
        done += 1
    return state


def _greedy_reply(state: State) -> State:
    """The state after the mover's best move one ply deep (the first of equals)."""
    mover = state.to_move
    assert mover is not None
    best, best_value = None, -float("inf")
    n = state.players
    if (state.phase == "turns" and state.step + 1 < TURNS_PER_ROUND * n) or (
            state.phase == "placement" and state.step + 1 < n * state.options.setup_for(n)):
        # A turn inside the round (or a placement) changes only traders, reserves and row:
        # each move is valued without making its state, and only the best is made.
        moves = legal_moves(state)
        for move, v in zip(moves, Valuer(state).move_values(moves, mover)):
            if v > best_value + 1e-9:
                best, best_value = move, v
        assert best is not None
        return successor(state, best)
    for move in legal_moves(state):
        after = successor(state, move)
        v = evaluate(after, mover)
        if v > best_value + 1e-9:
            best, best_value = after, v
    assert best is not None
    return best
