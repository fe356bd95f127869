"""Reading a Mesopotamia state back from its save-file form (`State.to_dict`), checked.

Every field is checked for its type and range, then the whole state for the rules' invariants
(`rules.check_state`), so a tampered or hand-written save is refused with the field named and
never loads as a position the rules could not reach. It sits above `rules`, which it needs for
those invariants; the state itself stays below everything that reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import InvalidInput, field, saved_state, shown
from engine.mesopotamia.board import FIELD_COUNTS, Coord, parse_coord
from engine.mesopotamia.pieces import FRESH, LUMBER, MANA_TOP, NATIVES, STONES
from engine.mesopotamia.rules import check_state
from engine.mesopotamia.state import _FIELDS, Options, State


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{where} must be a whole number, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidInput(f"{where} must be between {low} and {high}, not {value}")
    return value


def _rows(data: Mapping[str, Any], key: str, where: str, size: int) -> list[list[Any]]:
    rows = field(data, key, list, where)
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size:
            raise InvalidInput(f"{where}.{key}[{i}] must be a list of {size} items")
    return rows


def _coord(text: Any, where: str) -> Coord:
    return parse_coord(text, where)


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidInput(f"{where} must be a list of strings")
    return tuple(value)


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    w = saved_state(data, "mesopotamia", [*_FIELDS, "ruleset"])
    players = _int(field(data, "players", int, w), f"{w}.players", 2, 4)
    to_move = data.get("to_move")
    if to_move is not None:
        to_move = _int(to_move, f"{w}.to_move", 0, players - 1)
    tiles = []
    for i, (c, k) in enumerate(_rows(data, "tiles", w, 2)):
        if not isinstance(k, str) or k not in FIELD_COUNTS:
            raise InvalidInput(f"{w}.tiles[{i}] has unknown kind {shown(k)}")
        tiles.append((_coord(c, f"{w}.tiles[{i}]"), k))
    pile = field(data, "pile", str, w)
    if any(k not in FIELD_COUNTS for k in pile):
        raise InvalidInput(f"{w}.pile holds unknown field kinds: {shown(pile)}")
    natives = []
    for i, (c, owner, cargo, stole) in enumerate(_rows(data, "natives", w, 4)):
        q, r = _coord(c, f"{w}.natives[{i}]")
        _int(owner, f"{w}.natives[{i}] owner", 0, players - 1)
        _int(cargo, f"{w}.natives[{i}] cargo", 0, FRESH + 9)
        if not isinstance(stole, bool):
            raise InvalidInput(f"{w}.natives[{i}] stole must be true or false")
        natives.append((q, r, owner, cargo, stole))
    goods = []
    for i, (c, lumber, stone) in enumerate(_rows(data, "goods", w, 3)):
        q, r = _coord(c, f"{w}.goods[{i}]")
        goods.append((q, r, _int(lumber, f"{w}.goods[{i}] lumber", 0, LUMBER),
                      _int(stone, f"{w}.goods[{i}] stone", 0, STONES)))
    huts = []
    for i, (c, owner, marker) in enumerate(_rows(data, "huts", w, 3)):
        q, r = _coord(c, f"{w}.huts[{i}]")
        huts.append((q, r, _int(owner, f"{w}.huts[{i}] owner", -1, players - 1),
                     _int(marker, f"{w}.huts[{i}] marker", 0, 7)))
    holy = []
    for i, (c, owner) in enumerate(_rows(data, "holy", w, 2)):
        q, r = _coord(c, f"{w}.holy[{i}]")
        holy.append((q, r, _int(owner, f"{w}.holy[{i}] owner", 0, players - 1)))
    per_player = {}
    for key in ("mana", "max_mana"):
        values = field(data, key, list, w)
        if len(values) != players:
            raise InvalidInput(f"{w}.{key} needs one entry per player")
        per_player[key] = tuple(_int(v, f"{w}.{key}", 0, MANA_TOP) for v in values)
    for key in ("markers", "delivered", "hands"):
        values = field(data, key, list, w)
        if len(values) != players or not all(isinstance(v, list) for v in values):
            raise InvalidInput(f"{w}.{key} needs one list per player")
    markers = tuple(tuple(_int(v, f"{w}.markers", 1, 7) for v in m) for m in data["markers"])
    delivered = tuple(tuple(_int(v, f"{w}.delivered", 2, 7) for v in d)
                      for d in data["delivered"])
    hands = tuple(_strings(h, f"{w}.hands") for h in data["hands"])
    used = []
    for i, (c, a, b, births) in enumerate(_rows(data, "used", w, 4)):
        q, r = _coord(c, f"{w}.used[{i}]")
        used.append((q, r, _int(a, f"{w}.used", 0, NATIVES), _int(b, f"{w}.used", 0, NATIVES),
                     _int(births, f"{w}.used", 0, 2)))
    pending = field(data, "pending", list, w)
    for v in pending:
        _int(v, f"{w}.pending", -99, 99)
    won = field(data, "won", list, w)
    for v in won:
        _int(v, f"{w}.won", 0, players - 1)
    candidates = field(data, "candidates", str, w)
    for flag in ("fertility", "land"):
        field(data, flag, bool, w)
    state = State(
        options=Options.from_dict(field(data, "options", dict, w)),
        players=players,
        # A player's view has no seed (it would tell the hidden orders).
        seed=None if data.get("seed", 0) is None else _int(field(data, "seed", int, w),
                                                             f"{w}.seed", 0),
        turn=_int(field(data, "turn", int, w), f"{w}.turn", 0),
        to_move=to_move,
        phase=field(data, "phase", str, w),
        tiles=tuple(tiles),
        pile=tuple(pile),
        natives=tuple(sorted(natives)),
        goods=tuple(sorted(goods)),
        huts=tuple(sorted(huts)),
        holy=tuple(sorted(holy)),
        mana=per_player["mana"],
        max_mana=per_player["max_mana"],
        markers=markers,
        delivered=delivered,
        deck=_strings(field(data, "deck", list, w), f"{w}.deck"),
        discard=_strings(field(data, "discard", list, w), f"{w}.discard"),
        hands=hands,
        fresh=field(data, "fresh", str, w),
        out=_strings(field(data, "out", list, w), f"{w}.out"),
        points=_int(field(data, "points", int, w), f"{w}.points", 0, 99),
        discoveries=_int(field(data, "discoveries", int, w), f"{w}.discoveries", 0, 99),
        action=field(data, "action", str, w),
        used=tuple(sorted(used)),
        fertility=data["fertility"],
        land=data["land"],
        priests=tuple(_coord(c, f"{w}.priests") for c in _strings(
            field(data, "priests", list, w), f"{w}.priests")),
        pending=tuple(pending),
        candidates=tuple(candidates),
        draws=_int(field(data, "draws", int, w), f"{w}.draws", 0),
        won=tuple(won),
    )
    check_state(state)
    return state
