"""The coach's chances: each legal move's chance of winning for the player to move
(`move_values`), a player's chance in a position (`win_chance`), and the best few moves with
their reasons (`candidates`) — what a board's "why" panel shows.

A player's coach sees what that player may see: with ``player_view=True`` (the default) the
position is read from ``state.view(player)``, what it hides filled in with one draw made from
the position itself (`inputs.seen`), so the same position always gets the same answer. With
``player_view=False`` it reads the whole state (a review after the game may see everything).
In the Royal Game of Ur and Priest-Kings nothing a player decides by is hidden.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from engine.coach import inputs
from engine.coach.reading import Chances


def analyse(state: Any, *, sees: str = "player", player: int | None = None) -> Chances:
    """The coach's `Chances` in `state`, read as `player` (default: the player to move)
    sees it (``sees="player"``) or seeing everything (``"all"``).

    Raises:
        InvalidInput: `state` is not a state of one of the rulesets; `sees` is neither.
    """
    rules = inputs.ruleset_of(state)
    sees = inputs.viewpoint(sees)
    if player is None:
        player = state.to_move
    return _analysed(state, sees, player, rules.NAME)


@functools.lru_cache(maxsize=1024)
def _analysed(state: Any, sees: str, player: int | None, name: str) -> Chances:
    # `name` keeps states of different rulesets apart in the cache; the reader is found again.
    rules = inputs.ruleset_of(state)
    read = inputs.seen(state, player, sees)
    return inputs.coach_of(rules).chances(read, inputs.rng_for(read, "read"))


def move_values(state: Any, *, player_view: bool = True) -> dict[str, float]:
    """``{move text: chance}``: for each legal move, the chance that the player to move wins
    after it (in Priest-Kings: is among the winners), in the order of the legal moves.

    Raises:
        InvalidInput: `state` is not a state of one of the rulesets, or the game is over.
    """
    inputs.ruleset_of(state)
    inputs.live(state)
    sees = "player" if inputs.flag(player_view, "player_view") else "all"
    return {str(move): chance for move, chance in analyse(state, sees=sees).moves.items()}


def win_chance(state: Any, player: int, *, player_view: bool = True) -> float:
    """The chance that `player` wins from `state` (in Priest-Kings: is among the winners):
    where `player` is to move and decides, after its best move; once the game is over, its
    result (1, a share of 1 when the win is shared, or 0). With `player_view`, as `player`
    sees the position.

    Raises:
        InvalidInput: `state` is not a state of one of the rulesets; `player` is not a seat.
    """
    inputs.ruleset_of(state)
    player = inputs.player_of(state, player)
    sees = "player" if inputs.flag(player_view, "player_view") else "all"
    return analyse(state, sees=sees, player=player).players[player]


@dataclass(frozen=True)
class Candidate:
    """One of the best moves: its text, its chance of winning for the player to move, and
    the reasons for it (sentences, in the language asked for)."""

    move: str
    chance: float
    reasons: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "chance": self.chance, "reasons": list(self.reasons)}


def candidates(state: Any, count: int = 3, lang: str = "en", *, reasons: int = 1,
               player_view: bool = True) -> list[Candidate]:
    """The `count` best moves for the player to move, best first, each with its chance and
    its `reasons` strongest reasons (`explain`): what a bot's move shows ("why this move").

    Raises:
        InvalidInput: as `move_values`; `count` or `reasons` not a whole number from 1 to 20;
            an unknown language.
    """
    from engine.coach.explain import explain

    inputs.ruleset_of(state)
    inputs.live(state)
    lang = inputs.language(lang)
    for what, value in (("count", count), ("reasons", reasons)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
            raise inputs.InvalidInput(f"{what} must be a whole number from 1 to 20, not "
                                      f"{inputs.shown(value)}")
    sees = "player" if inputs.flag(player_view, "player_view") else "all"
    values = analyse(state, sees=sees).moves
    order = sorted(values, key=lambda m: -values[m])[:count]
    return [Candidate(str(m), values[m], tuple(explain(state, m, lang, player_view=player_view)
                                                [:reasons])) for m in order]
