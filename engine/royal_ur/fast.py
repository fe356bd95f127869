"""The fast path: a whole random game on private scratch data, for bots and simulations.

`random_playout` plays uniformly random legal moves to the end. It never builds the list of
legal moves: at each decision it finds what `legal_moves` would list (`rules.piece_moves`, the
same function), draws one index with ``rng.randrange(count)`` — even when there is a single
move, such as the `Throw` of a game whose dice the engine throws, or a forced `Pass` — and
acts on that index, in the order of `legal_moves`. So for the same generator it plays exactly
the game that repeatedly playing ``legal_moves(s)[rng.randrange(len(...))]`` through `apply`
plays (the tests compare them state for state). Throws drawn by the engine come from the same
`dice.draw` of the seed and the throw's number; nothing here builds an event.
"""

from __future__ import annotations

import random

from engine.core import InvalidInput, recording_randrange
from engine.royal_ur.dice import draw, value
from engine.royal_ur.rules import piece_moves
from engine.royal_ur.state import LIGHT, State, _evolve


def random_playout(state: State, rng: random.Random, record: list[int] | None = None,
                   max_moves: int | None = None) -> State:
    """Play random legal moves from `state` to the end of the game; return the final state.

    If `record` is a list, the index drawn at each decision is appended to it (the index into
    ``legal_moves`` of that state). With `max_moves`, stop after that many decisions and return
    the game as it then stands (a search's horizon).

    Raises:
        InvalidInput: `state` is a player's view (its seed is hidden): determinize it first.
    """
    if state.is_over:
        return state
    seed = state.seed
    if seed is None:
        raise InvalidInput("this is a player's view, whose seed is hidden: determinize it "
                           "before playing it out")
    randrange = recording_randrange(rng, record)
    options = state.options
    pair = state.path
    home = pair.length + 1
    # The squares where a piece's landing gives another throw (U-ROSETTE-1, U-OPT-ROSETTE-1).
    rosettes = pair.rosettes if options.rosette_throw else (False,) * len(pair.rosettes)
    safe = options.safe_rosettes
    capture_throw = options.capture_throw
    kind = options.dice
    pieces = state.pieces
    mode = options.throws
    engine_throws = 0 if mode == "recorded" else 1
    typed = () if mode == "dice" else options.throw_values
    throw_moves = engine_throws + len(typed)
    squares = [list(state.squares[0]), list(state.squares[1])]
    off = list(state.off)
    player = state.to_move
    assert player is not None
    throw = state.throw
    throws = state.throws
    decisions = 0
    while True:
        if max_moves is not None and decisions >= max_moves:
            return _final(state, squares, off, player, throw, throws)
        decisions += 1
        if throw is None:
            pick = randrange(throw_moves)
            throws += 1
            if pick < engine_throws:
                throw = value(kind, draw(seed, throws, kind))  # type: ignore[arg-type]
            else:
                throw = typed[pick - engine_throws]
            continue
        mine = squares[player]
        found = piece_moves(pair, safe, player, mine, squares[1 - player],  # type: ignore[arg-type]
                            pieces - len(mine) - off[player], throw)
        if not found:
            randrange(1)
            player, throw = 1 - player, None
            continue
        source, target, captured = found[randrange(len(found))]
        if source:
            mine.remove(source)
        throw = None
        if target == home:
            off[player] += 1
            if off[player] == pieces:
                return _final(state, squares, off, None, None, throws)
            player = 1 - player
            continue
        mine.append(target)
        mine.sort()
        if captured:
            squares[1 - player].remove(captured)
        if not (rosettes[target] or (captured and capture_throw)):
            player = 1 - player


def _final(state: State, squares: list[list[int]], off: list[int], player: int | None,
           throw: int | None, throws: int) -> State:
    return _evolve(state, squares=(tuple(squares[LIGHT]), tuple(squares[1 - LIGHT])),
                   off=(off[0], off[1]), to_move=player, throw=throw, throws=throws)
