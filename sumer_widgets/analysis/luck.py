"""The luck meter's games (05-analysis, Part 6): seeded games of the 3-piece Royal Game of Ur,
each player's result split by the coach into luck and choices (`engine.coach.luck`).

The 3-piece game is solved, so the coach's chances are exact there: nothing is left
unexplained, and a player's gain from its chance at the start to its result is exactly its
**luck** (what the throws brought, against what a throw brings on average) plus its
**choices** (what its own moves cost it, and what the other player's moves gave or took;
docs/coach.md, "Luck and choices"). The expert plays this game perfectly: its own choices
cost it nothing.

A pairing's games alternate the seats (the first bot plays light in the even games, dark in
the odd ones) and are seeded from one number, so the notebook's figures are the same on every
machine; they are played once a process (`pairing_games` is cached). Limits: the 3-piece game
only (the 7-piece game has no exact chances, and its unexplained part is not zero).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine import bots, coach, royal_ur
from engine.core import InvalidInput, play_out, shown

#: The size of the game the meter is taught on: solved, so exact and fast.
PIECES = 3
#: The seed the pairings' games are drawn from, and how many each pairing plays.
SEED, GAMES = 2026, 200
#: The most games a pairing plays (about a minute on one core).
MAX_GAMES = 10_000


@dataclass(frozen=True)
class Split:
    """One player's result in one game, split: `start` + `luck` + `choices` = `result`
    (chances from 0 to 1; `choices` is its own choices' cost plus the other player's)."""

    bot: str
    light: bool
    start: float
    luck: float
    own: float
    others: float
    result: float

    @property
    def choices(self) -> float:
        return self.own + self.others

    @property
    def won(self) -> bool:
        return self.result == 1.0


def play(first: str, second: str, seed: int, first_is_light: bool = True) -> royal_ur.Game:
    """A seeded 3-piece game of bot `first` against bot `second` (``"expert"`` or
    ``"random"``), played to its end.

    Raises:
        InvalidInput: a seed that is no whole number or one the game refuses, or a bot
            `engine.bots.make_bot` does not know.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(f"a game's seed must be a whole number, not {shown(seed)}")
    game = royal_ur.new_game(seed=seed, pieces=PIECES)  # refuses a seed out of its range
    light, dark = (first, second) if first_is_light else (second, first)
    seats = [bots.make_bot(light, seed=2 * seed + 1), bots.make_bot(dark, seed=2 * seed + 2)]
    return play_out(game, lambda state: seats[state.to_move].choose(state.view(state.to_move)))


def split(game: royal_ur.Game, player: int, bot: str) -> Split:
    """`player`'s result in `game`, split by `engine.coach.luck`.

    Raises:
        InvalidInput: `player` is not 0 (light) or 1 (dark), or `game` is no game.
    """
    if isinstance(player, bool) or player not in (0, 1):
        raise InvalidInput(f"a player of the Royal Game of Ur is 0 or 1, not {shown(player)}")
    figures = coach.luck(game)[player]
    return Split(bot, player == 0, figures["start"], figures["luck"], figures["skill"],
                 figures["others"] + figures["unexplained"], figures["result"])


def pairing_games(first: str, second: str, games: int = GAMES, seed: int = SEED
                  ) -> tuple[Split, ...]:
    """`first`'s split in each of `games` games against `second`, the seats alternating.

    Raises:
        InvalidInput: `games` is not a whole number from 1 to 10,000, a bot is unknown or a
            seed refused.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise InvalidInput(f"games must be a whole number from 1 to {MAX_GAMES:,}, not "
                           f"{shown(games)}")
    if not all(isinstance(bot, str) for bot in (first, second)):
        raise InvalidInput(f"a bot is named by text, not {shown(first)} or {shown(second)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(f"a pairing's seed must be a whole number, not {shown(seed)}")
    return _pairing_games(first, second, games, seed)


@cache
def _pairing_games(first: str, second: str, games: int, seed: int) -> tuple[Split, ...]:
    found = []
    for n in range(games):
        light = n % 2 == 0
        game = play(first, second, seed + n, first_is_light=light)
        found.append(split(game, 0 if light else 1, first))
    return tuple(found)


def winner_split(first: str, second: str, seed: int = SEED) -> Split:
    """The winner's split in the seeded game of `first` (light) against `second`."""
    game = play(first, second, seed)
    (winner,) = game.state.winners()
    return split(game, winner, (first, second)[winner])
