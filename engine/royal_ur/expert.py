"""The Royal Game of Ur expert: perfect play where the game is solved, a search elsewhere.

`choose(view, moves, rng)` (called by `engine.bots.ExpertBot`):

- **The throw** (U-THROW-3): `Throw()` where the engine throws; in a game whose throws are
  typed in, a throw drawn from the dice's own chances (`dice.CHANCES`) — it is a fact of the
  board, not a choice.
- **Solved games** — where `solver.table_for` has a table (Finkel's rules with 3 pieces ship
  solved; games of up to `solver.ON_DEMAND` positions, such as the 1- and 2-piece games, are
  solved on first use): the move with the best chance of winning, ties broken at random.
  That is perfect play. So is the endgame of a larger game once both players have borne off
  enough pieces for the rest to be a solved smaller game (`solver.endgame_for`: in Finkel's
  7-piece game, from 4 pieces off each), and any game whose table is in the local cache
  (`engine.royal_ur.cache`: the whole 7-piece game, once built with the numpy builder).
- **Other games** (Finkel's 5 and 7 pieces before their endgame, Masters', Murray's path, …):
  expectimax over the throws, `DEPTH` throws deep — each throw's chances averaged, the
  mover's best move taken, another throw after a rosette (U-ROSETTE-1) or a pass (U-PASS-1)
  searched like any other — with the exact value wherever the search reaches a solved
  endgame, and at its leaves a value fitted to the solved game where one was fitted
  (`weights.WEIGHTS`, from ``scripts/royal_ur_table.py --fit``), else a race estimate
  (`race_value`).

The search works on the mover's view of a position — ``(mine, theirs, my_off, their_off)``,
squares as sorted tuples — with `rules.piece_moves`, the rules' own move generator, and keeps
the positions it has valued in a table for the one decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from engine.royal_ur.dice import chances
from engine.royal_ur.moves import Enter, MovePiece, Pass, Throw
from engine.royal_ur.rules import piece_moves
from engine.royal_ur.solver import Table, endgame_for, move_values
from engine.royal_ur.state import State
from engine.royal_ur.weights import weights_for

#: Throws searched below a move decision: the opponent's reply, then ours.
DEPTH = 2
#: How sharply the race estimate turns a lead (in squares) into a chance of winning.
RACE_SCALE = 0.09
#: Half an expected throw, as in the heuristic: whose throw it is is worth a little.
TEMPO = 1.0

Position = tuple[tuple[int, ...], tuple[int, ...], int, int]


def choose(view: State, moves: Sequence[Any], rng: random.Random) -> Any:
    """The expert's move among `moves` (the legal moves of `view`)."""
    if view.throw is None:
        if Throw() in moves:
            return Throw()
        throws, weights = zip(*chances(view.options.dice))  # type: ignore[arg-type]
        drawn = rng.choices(throws, weights)[0]
        return next(m for m in moves if m.value == drawn)
    if len(moves) == 1:
        return moves[0]
    values = move_values(view, solve=True)  # the solved game's, or its endgame's
    if values is None:
        values = Search(view).move_values()
    best = max(values.values())
    tied = [m for m in moves if values[m] >= best - 1e-12]
    return tied[rng.randrange(len(tied))] if len(tied) > 1 else tied[0]


def race_value(state_options: Any, position: Position) -> float:
    """A rough chance of winning for the player to move: the race lead (squares run, a
    piece borne off counting the path's length + 1, plus the tempo of the throw), through a
    logistic curve."""
    mine, theirs, my_off, their_off = position
    home = state_options.board_path.length + 1
    lead = sum(mine) - sum(theirs) + (my_off - their_off) * home + TEMPO
    return 1.0 / (1.0 + math.exp(-RACE_SCALE * lead))


class Search:
    """Expectimax over the throws from one decision (see the module docstring)."""

    def __init__(self, state: State, depth: int = DEPTH, solve: bool = True):
        options = state.options
        self.options = options
        self.pair = options.board_path
        self.safe = options.safe_rosettes
        self.capture_throw = options.capture_throw
        self.rosette_throw = options.rosette_throw
        self.pieces = state.pieces
        self.home = self.pair.length + 1
        self.throws = chances(options.dice)  # type: ignore[arg-type]
        self.depth = depth
        self.state = state
        fitted = weights_for(options)
        self.leaf = (fitted if fitted is not None
                     else (lambda position: race_value(options, position)))
        # Without `solve`, only an endgame table at hand is used (the coach: it never
        # makes a player wait for a table to be solved).
        endgame = endgame_for(options, solve=solve)
        self.endgame: Table | None = endgame[0] if endgame else None
        self.fewer = endgame[1] if endgame else options.pieces
        self.memo: dict[tuple[Position, int], float] = {}

    def move_values(self) -> dict[Any, float]:
        """Each legal move's estimated chance of winning for the player to move."""
        state = self.state
        player = state.to_move
        assert player is not None and state.throw is not None
        position = (state.squares[player], state.squares[1 - player], state.off[player],
                    state.off[1 - player])
        found = self.after_moves(position, state.throw, self.depth)
        if not found:
            return {Pass(): 1.0 - self.value(_swap(position), self.depth)}
        return {(Enter() if source == 0 else MovePiece(source)): value
                for source, value in found}

    def after_moves(self, position: Position, throw: int,
                    depth: int) -> list[tuple[int, float]]:
        """``(source, the mover's chance after the move)`` for each move with `throw`."""
        mine, theirs, my_off, their_off = position
        player = 0  # the paths mirror each other: the mover's view is light's
        found = piece_moves(self.pair, self.safe, player, mine, theirs,  # type: ignore[arg-type]
                            self.pieces - len(mine) - my_off, throw)
        out = []
        for source, target, captured in found:
            rest = tuple(s for s in mine if s != source)
            if target == self.home:
                if my_off + 1 == self.pieces:
                    out.append((source, 1.0))
                    continue
                after = (theirs, rest, their_off, my_off + 1)
                out.append((source, 1.0 - self.value(after, depth - 1)))
                continue
            moved = tuple(sorted((*rest, target)))
            left = tuple(s for s in theirs if s != captured) if captured else theirs
            if (self.pair.rosettes[target] and self.rosette_throw) or (
                    captured and self.capture_throw):
                out.append((source, self.value((moved, left, my_off, their_off), depth - 1)))
            else:
                out.append((source, 1.0 - self.value((left, moved, their_off, my_off),
                                                     depth - 1)))
        return out

    def value(self, position: Position, depth: int) -> float:
        """The chance of winning of the player to move before throwing, searched `depth`
        throws deep (exact in a solved endgame)."""
        mine, theirs, my_off, their_off = position
        if self.endgame is not None and my_off >= self.fewer and their_off >= self.fewer:
            return self.endgame.value(sum(1 << s for s in mine), sum(1 << s for s in theirs),
                                      my_off - self.fewer, their_off - self.fewer)
        if depth <= 0:
            return self.leaf(position)
        key = (position, depth)
        known = self.memo.get(key)
        if known is not None:
            return known
        total = 0.0
        for throw, chance in self.throws:
            found = self.after_moves(position, throw, depth)
            if found:
                total += chance * max(v for _, v in found)
            else:
                total += chance * (1.0 - self.value(_swap(position), depth - 1))
        self.memo[key] = total
        return total


def _swap(position: Position) -> Position:
    mine, theirs, my_off, their_off = position
    return (theirs, mine, their_off, my_off)
