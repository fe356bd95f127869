"""Luck and choices: how much of each player's result came from chance (throws, draws, dice)
and how much from the players' choices.

Every position of the game gets the coach's chances for every player (`values.analyse`, as
the review sees them: ``sees``): where a player decides, the chances after its best move;
where chance decides, its chances averaged over what chance may bring (exactly so in the
Royal Game of Ur, where the tables and the search average the throws). A player's chance
then goes from its value at the start to its result at the end (1, a share of a shared win, 0;
or the chances now in an unfinished game) in steps, one per move, and each step splits in
two:

- **the choice**: the chances after the move played (before anything is drawn) minus the
  chances before it — for the player who chose, what its choice cost it (0 for the best
  move); for the others, what that choice gave or took from them;
- **what followed**: the chances in the next position minus those after the move. Where the
  move was chance's (a throw, a battle) or drew something (tiles, a card, a field, the next
  turn's order of activation), this is **luck**: what was drawn, against what was expected.
  Elsewhere nothing was drawn, and what changed is the coach changing its mind on seeing the
  next position (**unexplained**: zero where the chances are exact, as with the Royal Game of
  Ur's tables).

So for each player ``start + luck + skill + others + unexplained = result``, exactly: `luck`
sums what chance brought it, `skill` what its own choices cost it (at most 0: the best play
loses nothing), `others` what the other players' choices did to its chance.
"""

from __future__ import annotations

from typing import Any

from engine.coach import inputs
from engine.coach.reading import result
from engine.coach.values import analyse

#: The figures `luck` gives each player.
FIGURES = ("start", "luck", "skill", "others", "unexplained", "result")


def luck(game: Any, *, sees: str = "all") -> dict[int, dict[str, float]]:
    """``{player: {"start", "luck", "skill", "others", "unexplained", "result"}}`` for
    `game` (a `Game`, or its save file's text), finished or not (see the module docstring).

    Raises:
        InvalidInput: `game` is not a game (or a save file that loads), or `sees` is neither
            ``"all"`` nor ``"player"``.
    """
    game = inputs.game_of(game)
    sees = inputs.viewpoint(sees)
    history, moves = game.history, game.moves
    coach = inputs.coach_of(game.rules())
    players = history[0].players
    totals = {p: dict.fromkeys(FIGURES, 0.0) for p in range(players)}

    def chances_at(state: Any) -> tuple[tuple[float, ...], Any]:
        if state.is_over:
            return result(state), None
        read = analyse(state, sees=sees, player=state.to_move)
        return read.players, read

    now, read = chances_at(history[0])
    for p in range(players):
        totals[p]["start"] = now[p]
    for ply, move in enumerate(moves):
        before_state, after_state = history[ply], history[ply + 1]
        expected = read.after[move] if read is not None else now
        following, next_read = chances_at(after_state)
        drawn = coach.is_chance(before_state) or coach.chance_in(before_state, move,
                                                                 after_state)
        mover = before_state.to_move
        for p in range(players):
            choice = expected[p] - now[p]
            totals[p]["skill" if p == mover else "others"] += choice
            totals[p]["luck" if drawn else "unexplained"] += following[p] - expected[p]
        now, read = following, next_read
    for p in range(players):
        totals[p]["result"] = now[p]
    return totals
