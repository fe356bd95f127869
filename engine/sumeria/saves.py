"""Reading a Sumeria state back from its save-file form (`State.to_dict`), checked.

Every field is checked for its type and range, then the whole state for the rules' invariants
(`rules.check_state`), so a tampered or hand-written save is refused with the field named and
never loads as a position the rules could not reach. It sits above `rules`, which it needs for
those invariants; the state itself stays below everything that reads it.
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, field, saved_state, shown
from engine.sumeria.board import Board
from engine.sumeria.pieces import TRADERS
from engine.sumeria.rules import check_state
from engine.sumeria.state import OFFER_SIZES, Options, State


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    where = saved_state(data, "sumeria", (
        "ruleset", "board", "options", "players", "seed", "phase", "round", "step",
        "first_player", "to_move", "traders", "reserve", "row", "offer", "bag", "discard",
        "influence", "scoring"))
    board_data = data.get("board")
    board = Board.standard() if board_data == "standard" else Board.from_dict(board_data)
    players = field(data, "players", int, where)
    if players not in TRADERS:
        raise InvalidInput(f"{where}: players must be 3 or 4, not {players}")
    traders = [-1] * len(board.locations)
    for loc_id, owner in field(data, "traders", dict, where).items():
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < players:
            raise InvalidInput(f"{where}: trader on {shown(loc_id)} has bad owner {shown(owner)}")
        traders[board.index_of(loc_id)] = owner
    to_move = data.get("to_move")
    if to_move is not None and (not isinstance(to_move, int) or isinstance(to_move, bool)):
        raise InvalidInput(f"{where}: to_move must be a player number or null")
    offer = field(data, "offer", list, where)
    influence = field(data, "influence", list, where)
    if not all(isinstance(t, str) for t in offer) or len(offer) != len(OFFER_SIZES):
        raise InvalidInput(f"{where}: offer must be three strings of tile letters")
    if len(influence) != players or not all(
            isinstance(c, list) and len(c) == 4
            and all(isinstance(n, int) and not isinstance(n, bool) for n in c)
            for c in influence):
        raise InvalidInput(f"{where}: influence must hold four counts for each player")
    reserve = field(data, "reserve", list, where)
    row = field(data, "row", list, where)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in reserve):
        raise InvalidInput(f"{where}: reserve must be a list of counts")
    if not all(isinstance(cs, str) for cs in row):
        raise InvalidInput(f"{where}: row must be a list of city-state ids")
    state = State(
        board=board,
        options=Options.from_dict(field(data, "options", dict, where)),
        players=players,
        seed=field(data, "seed", int, where),
        phase=field(data, "phase", str, where),
        round=field(data, "round", int, where),
        step=field(data, "step", int, where),
        first_player=field(data, "first_player", int, where),
        to_move=to_move,
        traders=tuple(traders),
        reserve=tuple(reserve),
        row=tuple(row),
        offer=(offer[0], offer[1], offer[2]),
        bag=field(data, "bag", str, where),
        discard=field(data, "discard", str, where),
        influence=tuple((c[0], c[1], c[2], c[3]) for c in influence),
        scoring=field(data, "scoring", int, where),
    )
    check_state(state)
    return state
