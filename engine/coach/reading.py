"""What the coach reads in one position: every legal move's chance of winning for the player
to move, and every player's chance of the position itself (`Chances`).

Each ruleset has a reader, ``engine.coach.<ruleset>``, with the same four functions:

- ``chances(state, rng) -> Chances`` for a whole state (the coach's viewpoint is applied
  before: `inputs.seen`);
- ``is_chance(state)``: whether the decision at `state` is chance's rather than a player's
  (a throw, a battle's dice, an activation order rolled at the table): a review grades no
  such move, and `luck` counts what it brings;
- ``chance_in(before, move, after)``: whether playing `move` drew something at random on the
  way (tiles, a card, a field, a throw): part of what follows it is luck;
- ``reasons(before, move, after, events, player) -> list[Reason]``: why the move is worth
  what it is, from the named terms of the ruleset's evaluation and what the move did.

The modern games' readers measure positions with the expert's own evaluation (`Reading`)
and turn the measure into chances with the fitted curves of `calibration`; the Royal Game of
Ur's reader answers from a solved table where one exists and by the expert's search elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.coach import calibration
from engine.core import Message


@dataclass(frozen=True)
class Chances:
    """The coach's chances in one position.

    Attributes:
        mover: the player to move (None once the game is over).
        moves: each legal move's chance of winning for the mover (in Priest-Kings: of being
            among the winners), in the order of the legal moves.
        after: each legal move's chances for every player (a tuple, by seat), worked out when
            asked for (a review asks for two moves of each position, not all of them).
        players: every player's chance of the position: after the mover's best move where
            the mover decides, else as it stands.
        chance: whether the decision here is chance's (no move is a choice).
        exact: whether the chances are exact (a solved table) rather than estimated.
    """

    mover: int | None
    moves: dict[Any, float]
    after: Mapping[Any, tuple[float, ...]]
    players: tuple[float, ...]
    chance: bool
    exact: bool


@dataclass(frozen=True)
class Reading:
    """A modern game's position in the expert's own measure (see `calibration`).

    Attributes:
        mover: the player to move.
        moves: the mover's measure after each legal move: the expert's own, as it chooses.
        vector: every player's measure after a move, by seat (the mover's is its entry of
            `moves`; the others' their measure of the position the move leads to).
        scores: each player's measure of the position as it stands.
        progress: how far the game has come, 0 to 1.
        chance: whether the decision here is chance's.
    """

    mover: int | None
    moves: dict[Any, float]
    vector: Callable[[Any], tuple[float, ...]]
    scores: tuple[float, ...]
    progress: float
    chance: bool = False


class Lazy(Mapping[Any, tuple[float, ...]]):
    """A mapping of moves whose values are worked out on first use, then kept."""

    def __init__(self, keys: Iterable[Any], work: Callable[[Any], tuple[float, ...]]):
        self._keys = tuple(keys)
        self._known: dict[Any, tuple[float, ...]] = {}
        self._work = work

    def __getitem__(self, key: Any) -> tuple[float, ...]:
        found = self._known.get(key)
        if found is None:
            if key not in self._keys:
                raise KeyError(key)
            found = self._known[key] = self._work(key)
        return found

    def __iter__(self) -> Iterator[Any]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def calibrated(ruleset: str, state: Any, reading: Reading) -> Chances:
    """The chances of a `Reading`, through the game's fitted curve."""
    players = state.players
    if state.is_over:
        return Chances(None, {}, {}, result(state), False, True)
    mover, t = reading.mover, reading.progress
    curve = calibration.curve(ruleset, players)
    moves = {move: curve.chance(x, t) for move, x in reading.moves.items()}

    def every(move: Any) -> tuple[float, ...]:
        return calibration.chances(ruleset, players, mover, reading.moves[move],
                                   reading.vector(move), t, moves[move])

    after = Lazy(moves, every)
    if moves and not reading.chance:
        best = after[max(moves, key=moves.__getitem__)]
    else:
        best = calibration.chances(ruleset, players, mover, reading.scores[mover],
                                   reading.scores, t)
    return Chances(mover, moves, after, best, reading.chance, False)


def result(state: Any) -> tuple[float, ...]:
    """A finished game's result for every player: 1 for a sole winner, a share of 1 for the
    players who share the win (in Priest-Kings, 1 for each city among the winners), else 0."""
    winners = state.winners()
    if state.RULESET in calibration.SEVERAL_WINNERS:
        return tuple(1.0 if p in winners else 0.0 for p in range(state.players))
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if p in winners else 0.0 for p in range(state.players))


@dataclass(frozen=True)
class Reason:
    """One reason for a move's value: how much it weighs (in the reader's own units, for the
    order: the largest first) and the sentence that says it (`Message`, from
    ``words.json``)."""

    weight: float
    message: Message


def changes(before: dict[tuple[str, ...], float],
            after: dict[tuple[str, ...], float]) -> dict[tuple[str, ...], float]:
    """How each named term changed, those that did (by more than rounding)."""
    out = {}
    for key in before.keys() | after.keys():
        delta = after.get(key, 0.0) - before.get(key, 0.0)
        if abs(delta) > 1e-9:
            out[key] = delta
    return out
