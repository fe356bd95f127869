"""A one-ply evaluation of a position, for `GreedyBot` and for reading positions: the race.

`evaluate(state, player)` is the player's progress minus the other player's, where a piece's
progress is the square it stands on (0 waiting, the path's length + 1 borne off), plus a
tempo term: `TEMPO` if the player is to throw next, minus it if the other player is. Once
the game is over: `END` for the winner, minus it for the loser.

So a move's worth to a greedy player is the throw (every piece gains it), plus the progress
taken from a captured piece, plus twice `TEMPO` (one expected throw, 2 squares) for another
throw from a rosette; the heuristic sees neither danger nor safety. It is the published greedy
player's taste (RoyalUr.net's analysis: capture first, then a rosette), with ties broken at
random rather than towards the most advanced piece. It is a heuristic, not the rules, and it
knows nothing of the throws to come; the expert (`expert.py`) plays from the solved game.
"""

from __future__ import annotations

from engine.royal_ur.state import State

#: Half an expected throw (2 squares with four dice): the swing of an extra throw is one.
TEMPO = 1.0
END = 1000.0


def progress(state: State, player: int) -> int:
    """The squares the player's pieces have run: each piece on the board its square, each
    borne off the path's length + 1."""
    return sum(state.squares[player]) + state.off[player] * (state.path.length + 1)


def evaluate(state: State, player: int) -> float:
    """The player's lead in the race (higher is better); see the module docstring."""
    if state.is_over:
        return END if state.winner == player else -END
    value = float(progress(state, player) - progress(state, 1 - player))
    if state.throw is None:
        value += TEMPO if state.to_move == player else -TEMPO
    return value


def terms(state: State, player: int) -> dict[tuple[str, ...], float]:
    """The named terms `evaluate(state, player)` adds up (for the coach, `engine.coach`):
    ``("progress",)`` the player's, ``("rival",)`` minus the other player's, ``("tempo",)``
    whose throw it is; ``("over",)`` once the game is over."""
    if state.is_over:
        return {("over",): END if state.winner == player else -END}
    found = {("progress",): float(progress(state, player)),
             ("rival",): -float(progress(state, 1 - player))}
    if state.throw is not None:
        return found
    return {**found, ("tempo",): TEMPO if state.to_move == player else -TEMPO}
