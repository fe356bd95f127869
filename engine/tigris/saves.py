"""Reading a Tigris & Euphrates state back from its save-file form (`State.to_dict`), checked.

Every field is checked for its type and range, the grid token by token (`text.parse_grid`),
then the whole state for the rules' invariants (`rules.check_state`), so a tampered or
hand-written save is refused with the field named and never loads as a position the rules
could not reach. It sits above `rules`, which it needs for those invariants; the state itself
stays below everything that reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from engine.core import InvalidInput, field, saved_state, shown
from engine.tigris.board import SIZE, Board
from engine.tigris.pieces import CATASTROPHES, COLOURS, MONUMENTS
from engine.tigris.rules import check_state
from engine.tigris.state import PHASES, PLAYERS, Options, State
from engine.tigris.text import parse_grid

_SAVED = ("ruleset", "grid", *(f.name for f in fields(State)
                               if f.name not in ("cells", "treasures", "buildings")))


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{where} must be a whole number from {low} to {high}, "
                           f"not {shown(value)}")
    return value


def _ints(data: Mapping[str, Any], key: str, where: str, length: int, low: int,
          high: int) -> tuple[int, ...]:
    values = field(data, key, list, where)
    if len(values) != length:
        raise InvalidInput(f"{where}.{key} must hold {length} numbers, not {len(values)}")
    return tuple(_int(v, f"{where}.{key}[{i}]", low, high) for i, v in enumerate(values))


def _letters(value: Any, where: str, allowed: str) -> str:
    if not isinstance(value, str) or any(ch not in allowed for ch in value):
        raise InvalidInput(f"{where} must be a string of the letters {allowed}, "
                           f"not {shown(value)}")
    return value


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    where = saved_state(data, "tigris", _SAVED)
    options = Options.from_dict(field(data, "options", dict, where))
    players = field(data, "players", int, where)
    if players not in PLAYERS:
        raise InvalidInput(f"{where}: players must be 2, 3 or 4, not {shown(players)}")
    grid = field(data, "grid", list, where)
    cells, treasures, buildings = parse_grid(grid, Board.get(options.board), players,
                                             f"{where}.grid")
    viewer = data.get("viewer")
    if viewer is not None:
        viewer = _int(viewer, f"{where}.viewer", 0, players - 1)
    to_move = data.get("to_move")
    if to_move is not None:
        to_move = _int(to_move, f"{where}.to_move", 0, players - 1)
    hands = field(data, "hands", list, where)
    if len(hands) != players:
        raise InvalidInput(f"{where}.hands must hold one hand per player")
    hands_t = tuple(_letters(h, f"{where}.hands[{p}]", COLOURS + "?")
                    for p, h in enumerate(hands))
    # Saves written before swapped tiles were kept apart counted them in the discard.
    swapped = field(data, "swapped", list, where) if "swapped" in data else [""] * players
    if len(swapped) != players:
        raise InvalidInput(f"{where}.swapped must hold one string of tiles per player")
    swapped_t = tuple(_letters(s, f"{where}.swapped[{p}]", COLOURS + "?")
                      for p, s in enumerate(swapped))
    influence_data = field(data, "influence", list, where)
    if len(influence_data) != players:
        raise InvalidInput(f"{where}.influence must hold one entry per player")
    influence: list[tuple[int, int, int, int] | None] = []
    for p, counts in enumerate(influence_data):
        if counts is None:
            influence.append(None)
            continue
        if not isinstance(counts, list) or len(counts) != 4:
            raise InvalidInput(f"{where}.influence[{p}] must be four counts or null")
        a, b, c, d = (_int(n, f"{where}.influence[{p}]", 0, 10_000) for n in counts)
        influence.append((a, b, c, d))
    conflict = data.get("conflict")
    if conflict is not None:
        if not isinstance(conflict, list) or len(conflict) != 7:
            raise InvalidInput(f"{where}.conflict must be a list of 7 numbers or null")
        conflict = tuple(_int(v, f"{where}.conflict", -1, 10_000) for v in conflict)
    phase = field(data, "phase", str, where)
    if phase not in PHASES:
        raise InvalidInput(f"{where}.phase must be one of {', '.join(PHASES)}, not {shown(phase)}")
    if not isinstance(data.get("ending"), bool):
        raise InvalidInput(f"{where}.ending must be true or false")
    # A player's view has no seed (it would tell the bag's order).
    seed = None if data.get("seed", 0) is None and data.get("viewer") is not None else field(
        data, "seed", int, where)
    if seed is not None and seed < 0:
        raise InvalidInput(f"{where}.seed must be ≥ 0")
    state = State(
        options=options,
        players=players,
        seed=seed,
        first_player=_int(data.get("first_player"), f"{where}.first_player", 0, players - 1),
        cells=cells,
        treasures=treasures,
        monuments=_ints(data, "monuments", where, len(MONUMENTS), -1, SIZE - 1),
        wonder=_int(data.get("wonder"), f"{where}.wonder", -1, SIZE - 1),
        buildings=buildings,
        hands=hands_t,
        catastrophes=_ints(data, "catastrophes", where, players, 0, CATASTROPHES),
        influence=tuple(influence),
        treasures_taken=_ints(data, "treasures_taken", where, players, 0, 14),
        bag=_letters(field(data, "bag", str, where), f"{where}.bag", COLOURS + "?"),
        discard=_ints(data, "discard", where, 4, 0,  # type: ignore[arg-type]
                      sum(options.tiles)),
        active=_int(data.get("active"), f"{where}.active", 0, players - 1),
        actions=_int(data.get("actions"), f"{where}.actions", 0, options.actions),
        phase=phase,
        to_move=to_move,
        placed=_int(data.get("placed"), f"{where}.placed", -1, SIZE - 1),
        conflict=conflict,
        ending=data["ending"],
        viewer=viewer,
        unseen=_letters(field(data, "unseen", str, where), f"{where}.unseen", COLOURS),
        swapped=swapped_t,
    )
    check_state(state)
    return state
