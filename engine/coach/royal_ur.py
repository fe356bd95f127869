"""The coach of the Royal Game of Ur: exact where a solved table exists, the expert's search
elsewhere, and the reasons for a move in the words of the race.

Chances (`chances`):

- **Exact** wherever a table at hand solves the game or its endgame
  (`royal_ur.solver.solved_table` without solving: the shipped 1-, 2- and 3-piece games of
  Finkel's rules, any table solved or registered in this process, and the local cache —
  e.g. the full 7-piece game built with ``scripts/royal_ur_table.py --pieces 7 --cache``).
  The coach never solves a table itself: a board waiting for it would block a click.
- **Elsewhere** — the 7-piece game before its endgame, without the cached table; Masters'
  and Blitz's games — expectimax over the throws, `DEPTH` throws deep, with the expert's
  evaluation at the leaves (`royal_ur.expert.Search`: the fitted leaf where one exists, the
  race estimate else, and the exact value wherever the search reaches a solved endgame).
  The search ranks moves well but its numbers are the leaf's, far too sure of themselves
  (its race estimate says 5 % where the player goes on to win 40 % of expert self-play): so
  they pass through a curve fitted on self-play like the modern games' (`calibration`, with
  the search's value in log-odds as the measure and the pieces borne off as the progress),
  which keeps their order and makes them chances. `raw` gives the search's own numbers.

Before the throw the only decision is chance's: `Throw` is worth the position's chance (the
throws averaged); a throw typed in at the table is worth the chance after it.

Reasons (`reasons`): what the move does, from its events — a capture (weighed by the squares
the captured piece had run), a rosette and the throw it brings, a piece borne off, the win —
and from named terms: the race (`royal_ur.heuristic.terms`: the squares run) and the danger
each piece stands in, ``("exposed", square)``: the chance that the other player's next throw
lets one of its pieces land on it, times the squares the piece would lose. So a move that
leaves a piece in reach says so, with the throws that reach it and their chance.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine import royal_ur
from engine.coach import calibration
from engine.coach.reading import Chances, Reason, changes, result
from engine.coach.words import listed, percent, say
from engine.royal_ur import events as ev
from engine.royal_ur import heuristic
from engine.royal_ur.board import cell_name
from engine.royal_ur.dice import chances as dice_chances
from engine.royal_ur.expert import Search
from engine.royal_ur.moves import Throw
from engine.royal_ur.solver import solved_table
from engine.royal_ur.state import PLAYER_NAMES, State

#: Throws searched below a decision where no table answers: the expert's own depth.
DEPTH = 2


def is_chance(state: State) -> bool:
    """The throw is chance's decision; the move after it is the player's."""
    return not state.is_over and state.throw is None


def chance_in(before: State, move: Any, after: State) -> bool:
    return isinstance(move, Throw)


def progress(state: State) -> float:
    """The pieces borne off, of all."""
    return sum(state.off) / (2 * state.pieces)


def measure(value: float) -> float:
    """A search value as the calibration's measure: its log-odds (kept finite)."""
    value = min(max(value, 1e-6), 1.0 - 1e-6)
    return math.log(value / (1.0 - value))


def chances(state: State, rng: random.Random, depth: int = DEPTH,
            raw: bool = False) -> Chances:
    """Every legal move's chance of winning for the player to move (see the module); with
    `raw`, the search's own values where no table answers."""
    if state.is_over:
        return Chances(None, {}, {}, result(state), False, True)
    mover = state.to_move
    legal = royal_ur.legal_moves(state)
    found = solved_table(state, solve=False)
    if found is not None:
        table, small = found
        if state.throw is None:
            values = {m: (table.win_chance(small) if m.value is None
                          else max(table.move_values(small, m.value).values())) for m in legal}
            now = table.win_chance(small)
        else:
            table_values = table.move_values(small)
            values = {m: table_values[m] for m in legal}
            now = max(values.values())
        exact = True
    else:
        search = Search(state, depth, solve=False)
        position = (state.squares[mover], state.squares[1 - mover], state.off[mover],
                    state.off[1 - mover])
        if state.throw is None:
            now = search.value(position, depth)
            values = {m: now if m.value is None else _best_after(search, position, m.value,
                                                                 depth) for m in legal}
        else:
            searched = search.move_values()
            values = {m: searched[m] for m in legal}
            now = max(values.values())
        exact = False
        if not raw:
            curve, t = calibration.curve("royal_ur", 2), progress(state)
            values = {m: curve.chance(measure(v), t) for m, v in values.items()}
            now = curve.chance(measure(now), t)
    after = {m: _pair(mover, v) for m, v in values.items()}
    return Chances(mover, values, after, _pair(mover, now), state.throw is None, exact)


def _best_after(search: Search, position: Any, throw: int, depth: int) -> float:
    found = search.after_moves(position, throw, depth)
    if found:
        return max(v for _, v in found)
    mine, theirs, my_off, their_off = position
    return 1.0 - search.value((theirs, mine, their_off, my_off), depth - 1)


def _pair(mover: int, chance: float) -> tuple[float, float]:
    return (chance, 1.0 - chance) if mover == 0 else (1.0 - chance, chance)


# Reasons --------------------------------------------------------------------------------------


#: Every reason is told (their weights are the coach's own order, not a measure).
MIN_WEIGHT = 0.0


def reasons(before: State, move: Any, after: State, events: list[Any],
            player: int) -> list[Reason]:
    """Why `move` is worth what it is (see the module docstring)."""
    if isinstance(move, Throw):
        return [Reason(1.0, say("royal_ur", "throw"))]
    other = PLAYER_NAMES[1 - player]
    out = []
    for event in events:
        if isinstance(event, ev.Captured):
            out.append(Reason(5.0 + event.square,
                              say("royal_ur", "capture", other=other, cell=event.cell,
                                  square=event.square)))
        elif isinstance(event, ev.ExtraThrow):
            key = "rosette" if event.reason == "rosette" else "capture_throw"
            out.append(Reason(8.0, say("royal_ur", key, cell=event.cell)))
        elif isinstance(event, ev.BorneOff):
            out.append(Reason(6.0, say("royal_ur", "borne_off", off=event.off,
                                       pieces=event.pieces)))
        elif isinstance(event, ev.Won):
            out.append(Reason(100.0, say("royal_ur", "won")))
        elif isinstance(event, ev.Passed):
            out.append(Reason(1.0, say("royal_ur", "pass", value=event.value)))
        elif isinstance(event, ev.Entered):
            out.append(Reason(1.0, say("royal_ur", "enter", cell=event.cell)))
    if after.is_over:
        return out
    dangers_before = exposure(before, player)
    for square, (throws, chance, loss) in exposure(after, player).items():
        if loss > dangers_before.get(square, ((), 0.0, 0.0))[2] + 1e-9:
            cell = cell_name(before.path.cells[player][square])
            out.append(Reason(2.0 + loss, say("royal_ur", "exposed", cell=cell, other=other,
                                              throws=listed(list(throws)),
                                              chance=percent(chance))))
    source = getattr(move, "square", 0)
    if source in dangers_before and source not in after.squares[player]:
        _, chance, loss = dangers_before[source]
        cell = cell_name(before.path.cells[player][source])
        out.append(Reason(2.0 + loss, say("royal_ur", "escapes", cell=cell, other=other,
                                          chance=percent(chance))))
    race = changes(heuristic.terms(before, player), heuristic.terms(after, player))
    run = race.get(("progress",), 0.0)
    if run > 0 and not any(isinstance(e, ev.BorneOff) for e in events):
        out.append(Reason(0.5 + run / 4, say("royal_ur", "race", squares=int(run))))
    return out


def exposure(state: State, player: int) -> dict[int, tuple[tuple[int, ...], float, float]]:
    """``{square: (the throws that reach it, their chance, the squares it would expect to
    lose)}`` for each of the player's pieces the other player could capture with its next
    throw (the danger term; a piece on a safe rosette is safe)."""
    pair = state.path
    other = 1 - player
    theirs = set(state.squares[other])
    waiting = state.pieces - len(theirs) - state.off[other]
    out = {}
    chances = dict(dice_chances(state.options.dice))
    for square in state.squares[player]:
        meets = pair.meets[square]
        if not meets or (state.options.safe_rosettes and pair.rosettes[square]):
            continue
        throws = tuple(throw for throw, chance in sorted(chances.items())
                       if throw > 0 and chance and (
                           (meets[0] - throw == 0 and waiting) or meets[0] - throw in theirs))
        if throws:
            total = float(sum(chances[t] for t in throws))
            out[square] = (throws, total, total * square)
    return out


def terms(state: State, player: int) -> dict[tuple[str, ...], float]:
    """The named terms the coach reads a position by: the race (`heuristic.terms`) and each
    piece's danger, ``("exposed", square)`` (minus the squares it would expect to lose)."""
    found = dict(heuristic.terms(state, player))
    if not state.is_over:
        for square, (_, _, loss) in exposure(state, player).items():
            found[("exposed", str(square))] = -loss
    return found
