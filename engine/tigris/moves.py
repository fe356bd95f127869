"""Tigris & Euphrates moves: one small frozen dataclass per kind of decision, with a notation.

=================  =======================  ==================================================
move               notation                 when
=================  =======================  ==================================================
`PlaceTile`        ``tile r f3``            action: a tile from the hand onto a cell
`PositionLeader`   ``leader r f3``          action: a leader from the hand, or moved, to a cell
`Withdraw`         ``withdraw r``           action: a leader from the board to the hand
`Catastrophe`      ``catastrophe f3``       action: a catastrophe tile onto a cell
`Discard`          ``discard kkr``          action: discard these tiles and draw as many
`Pass`             ``pass``                 action: only when no action is legal (R-T13)
`Support`          ``support 2``            a conflict: the side to move commits 2 tiles
`ChooseWar`        ``war r``                several wars: the active player picks the next
`KeepTreasure`     ``keep f3``              a trader takes treasures: which one stays
`PlaceBuilding`    ``building f3``          buildings variant: the building onto a tile
`BuildMonument`    ``monument kr f3``       a 2 × 2 square: this monument, top-left at f3
`BuildWonder`      ``wonder f3``            wonder variant: the wonder, centred on f3
`Decline`          ``decline``              build no building / monument / wonder
`TakeCube`         ``cube r``               wonder variant: the king's point of any colour
=================  =======================  ==================================================

Colours are letters: ``k`` black, ``r`` red, ``b`` blue, ``g`` green; a leader is named by its
colour (``k`` the king, ``r`` the priest, ``b`` the farmer, ``g`` the trader). Cells are named
by column ``a``–``p`` and row ``1``–``11`` from the top (`board.parse_cell`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core import (
    InvalidInput,
    Message,
    Move,
    Named,
    check_arity,
    move_words,
    not_a_move,
    parse_whole,
    shown,
)
from engine.core import move_from_dict as _move_from_dict
from engine.tigris.board import SIZE, cell_name, parse_cell
from engine.tigris.refusals import TEXT
from engine.tigris.state import COLOURS, MONUMENTS
from engine.tigris.table import (
    M_BUILD,
    M_CATASTROPHE,
    M_CUBE,
    M_DECLINE,
    M_DISCARD,
    M_KEEP,
    M_LEADER,
    M_MONUMENT,
    M_PASS,
    M_SUPPORT,
    M_TILE,
    M_WAR,
    M_WITHDRAW,
    M_WONDER,
    Table,
    discard_options,
)


def _colour(value: Any) -> str:
    if not isinstance(value, str) or len(value) != 1 or value.lower() not in COLOURS:
        raise InvalidInput(Message(TEXT, "unknown_colour", value=shown(value)))
    return value.lower()


def _cell(value: Any) -> str:
    return cell_name(parse_cell(value))


class _Move(Move):
    __slots__ = ()

    def __post_init__(self) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            name = f.name
            value = getattr(self, name)
            if name == "colour":
                object.__setattr__(self, name, _colour(value))
            elif name == "cell":
                object.__setattr__(self, name, _cell(value))


@dataclass(frozen=True, slots=True)
class PlaceTile(_Move):
    """Place a tile of `colour` from the hand on `cell`."""

    KIND: ClassVar[str] = "tile"
    colour: str
    cell: str

    def __str__(self) -> str:
        return f"tile {self.colour} {self.cell}"


@dataclass(frozen=True, slots=True)
class PositionLeader(_Move):
    """Place the leader of `colour` from the hand on `cell`, or move it there from the board."""

    KIND: ClassVar[str] = "leader"
    colour: str
    cell: str

    def __str__(self) -> str:
        return f"leader {self.colour} {self.cell}"


@dataclass(frozen=True, slots=True)
class Withdraw(_Move):
    """Take the leader of `colour` from the board back to the hand."""

    KIND: ClassVar[str] = "withdraw"
    colour: str

    def __str__(self) -> str:
        return f"withdraw {self.colour}"


@dataclass(frozen=True, slots=True)
class Catastrophe(_Move):
    """Place a catastrophe tile on `cell`."""

    KIND: ClassVar[str] = "catastrophe"
    cell: str

    def __str__(self) -> str:
        return f"catastrophe {self.cell}"


@dataclass(frozen=True, slots=True)
class Discard(_Move):
    """Discard `tiles` (letters, any order) and draw as many."""

    KIND: ClassVar[str] = "discard"
    tiles: str

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, str) or not self.tiles or any(
                t not in COLOURS for t in self.tiles.lower()):
            raise InvalidInput(Message(TEXT, "discard_letters", value=shown(self.tiles)))
        object.__setattr__(self, "tiles", "".join(sorted(self.tiles.lower(),
                                                         key=COLOURS.index)))

    def __str__(self) -> str:
        return f"discard {self.tiles}"


@dataclass(frozen=True, slots=True)
class Pass(_Move):
    """Do nothing with this action (legal only when no action is: R-T13)."""

    KIND: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Support(_Move):
    """Commit `count` tiles as support in the conflict being fought."""

    KIND: ClassVar[str] = "support"
    count: int

    def __post_init__(self) -> None:
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 0:
            raise InvalidInput(Message(TEXT, "support_count", value=shown(self.count)))

    def __str__(self) -> str:
        return f"support {self.count}"


@dataclass(frozen=True, slots=True)
class ChooseWar(_Move):
    """Resolve the war of the leaders of `colour` next."""

    KIND: ClassVar[str] = "war"
    colour: str

    def __str__(self) -> str:
        return f"war {self.colour}"


@dataclass(frozen=True, slots=True)
class KeepTreasure(_Move):
    """The trader takes every treasure of the kingdom but the one on `cell`."""

    KIND: ClassVar[str] = "keep"
    cell: str

    def __str__(self) -> str:
        return f"keep {self.cell}"


@dataclass(frozen=True, slots=True)
class PlaceBuilding(_Move):
    """Put the building of the placed tile's colour on `cell` (buildings variant)."""

    KIND: ClassVar[str] = "building"
    cell: str

    def __str__(self) -> str:
        return f"building {self.cell}"


@dataclass(frozen=True, slots=True)
class BuildMonument(_Move):
    """Build `monument` (two colour letters) on the square whose top-left cell is `cell`."""

    KIND: ClassVar[str] = "monument"
    monument: str
    cell: str

    def __post_init__(self) -> None:
        name = self.monument.lower() if isinstance(self.monument, str) else ""
        if len(name) == 2 and name[::-1] in MONUMENTS:
            name = name[::-1]
        if name not in MONUMENTS:
            raise InvalidInput(Message(TEXT, "unknown_monument", value=shown(self.monument),
                                       monuments=", ".join(MONUMENTS)))
        object.__setattr__(self, "monument", name)
        object.__setattr__(self, "cell", _cell(self.cell))

    def __str__(self) -> str:
        return f"monument {self.monument} {self.cell}"


@dataclass(frozen=True, slots=True)
class BuildWonder(_Move):
    """Build the wonder on the cross of five tiles centred on `cell` (wonder variant)."""

    KIND: ClassVar[str] = "wonder"
    cell: str

    def __str__(self) -> str:
        return f"wonder {self.cell}"


@dataclass(frozen=True, slots=True)
class Decline(_Move):
    """Build nothing now: no building, monument or wonder."""

    KIND: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class TakeCube(_Move):
    """The king by the wonder brings one point of `colour` (wonder variant)."""

    KIND: ClassVar[str] = "cube"
    colour: str

    def __str__(self) -> str:
        return f"cube {self.colour}"


MOVE_CLASSES = (PlaceTile, PositionLeader, Withdraw, Catastrophe, Discard, Pass, Support,
                ChooseWar, KeepTreasure, PlaceBuilding, BuildMonument, BuildWonder, Decline,
                TakeCube)
MOVE_KINDS: dict[str, type[Any]] = {cls.KIND: cls for cls in MOVE_CLASSES}
_ARITY = {cls.KIND: len(fields(cls)) for cls in MOVE_CLASSES}

_USAGE = Named.of(lambda lang: TEXT[lang]["usage"])


def parse_move(text: str) -> Any:
    """The move written as `text` in the notation above.

    Raises:
        InvalidInput: the text is not a move in that notation.
    """
    verb, args = move_words(text, _USAGE)
    check_arity(verb, args, _ARITY, text, _USAGE)
    if verb == "support":
        count = parse_whole(args[0])
        if count is None:
            raise InvalidInput(Message(TEXT, "support_text", value=shown(args[0])))
        return Support(count)
    return MOVE_KINDS[verb](*args)


def move_from_dict(data: Any) -> Any:
    """The move written by ``move.to_dict()``; raises `InvalidInput` if malformed."""
    return _move_from_dict(data, MOVE_KINDS, "tigris")


# Raw moves (the rules' tuples) ------------------------------------------------------------------


_MOVES: dict[tuple[Any, ...], Any] = {}
_RAWS: dict[Any, tuple[Any, ...]] = {}


def to_move(raw: tuple[Any, ...]) -> Any:
    """The public move for a raw move of `table` (moves are values: each is made once)."""
    move = _MOVES.get(raw)
    if move is None:
        move = _MOVES[raw] = _make(raw)
        _RAWS[move] = raw
    return move


def _make(raw: tuple[Any, ...]) -> Any:
    kind = raw[0]
    if kind == M_TILE:
        return PlaceTile(COLOURS[raw[1]], cell_name(raw[2]))
    if kind == M_LEADER:
        return PositionLeader(COLOURS[raw[1]], cell_name(raw[2]))
    if kind == M_WITHDRAW:
        return Withdraw(COLOURS[raw[1]])
    if kind == M_CATASTROPHE:
        return Catastrophe(cell_name(raw[1]))
    if kind == M_DISCARD:
        return Discard("".join(letter * k for letter, k in zip(COLOURS, raw[1])))
    if kind == M_PASS:
        return Pass()
    if kind == M_SUPPORT:
        return Support(raw[1])
    if kind == M_WAR:
        return ChooseWar(COLOURS[raw[1]])
    if kind == M_KEEP:
        return KeepTreasure(cell_name(raw[1]))
    if kind == M_BUILD:
        return PlaceBuilding(cell_name(raw[1]))
    if kind == M_MONUMENT:
        return BuildMonument(MONUMENTS[raw[1]], cell_name(raw[2]))
    if kind == M_WONDER:
        return BuildWonder(cell_name(raw[1]))
    if kind == M_DECLINE:
        return Decline()
    return TakeCube(COLOURS[raw[1]])


def to_raw(move: Any) -> tuple[Any, ...]:
    """The raw tuple of a public move (fields already validated by the move's class)."""
    raw = _RAWS.get(move) if isinstance(move, MOVE_CLASSES) else None
    return raw if raw is not None else _raw(move)


def _raw(move: Any) -> tuple[Any, ...]:
    cls = type(move)
    if cls is PlaceTile:
        return (M_TILE, COLOURS.index(move.colour), parse_cell(move.cell))
    if cls is PositionLeader:
        return (M_LEADER, COLOURS.index(move.colour), parse_cell(move.cell))
    if cls is Withdraw:
        return (M_WITHDRAW, COLOURS.index(move.colour))
    if cls is Catastrophe:
        return (M_CATASTROPHE, parse_cell(move.cell))
    if cls is Discard:
        return (M_DISCARD, tuple(move.tiles.count(letter) for letter in COLOURS))
    if cls is Pass:
        return (M_PASS,)
    if cls is Support:
        return (M_SUPPORT, move.count)
    if cls is ChooseWar:
        return (M_WAR, COLOURS.index(move.colour))
    if cls is KeepTreasure:
        return (M_KEEP, parse_cell(move.cell))
    if cls is PlaceBuilding:
        return (M_BUILD, parse_cell(move.cell))
    if cls is BuildMonument:
        return (M_MONUMENT, MONUMENTS.index(move.monument), parse_cell(move.cell))
    if cls is BuildWonder:
        return (M_WONDER, parse_cell(move.cell))
    if cls is Decline:
        return (M_DECLINE,)
    if cls is TakeCube:
        return (M_CUBE, COLOURS.index(move.colour))
    raise not_a_move("Tigris & Euphrates", move)


# Listing a table's legal moves ----------------------------------------------------------------


def legal_public_moves(table: Table) -> list[Any]:
    """``[to_move(raw) for raw in table.raw_moves()]``, made faster: a kind's cells come as a
    mask, and the moves of a whole byte of it (8 cells) are looked up at once, in cell order;
    a hand's discards are listed once per hand."""
    phase = table.phase
    if phase == "over":
        return []
    if phase != "action":
        return [to_move(raw) for raw in table.choices()]
    out: list[Any] = []
    for kind, arg, items in table.action_groups():
        if kind == M_DISCARD:
            key = tuple(items)
            found = _DISCARDS.get(key)
            if found is None:
                found = _DISCARDS[key] = tuple(
                    to_move((M_DISCARD, counts)) for counts in discard_options(items))
            out += found
        elif kind == M_WITHDRAW:
            out += [to_move((M_WITHDRAW, colour)) for colour in items]
        elif kind == M_PASS:
            out.append(to_move((M_PASS,)))
        else:
            by_byte = _BY_BYTE.get((kind, arg))
            if by_byte is None:
                by_byte = _BY_BYTE[(kind, arg)] = [[None] * 256 for _ in range(_BYTES)]
            for k, byte in enumerate(items.to_bytes(_BYTES, "little")):
                if byte:
                    moves = by_byte[k][byte]
                    if moves is None:
                        cells = [8 * k + bit for bit in range(8) if byte >> bit & 1]
                        moves = by_byte[k][byte] = tuple(
                            to_move((kind, cell) if arg is None else (kind, arg, cell))
                            for cell in cells)
                    out += moves
    return out


_BYTES = (SIZE + 7) // 8
#: Per (kind, colour): per byte of a cell mask and its value, the moves on those cells.
_BY_BYTE: dict[tuple[int, Any], list[list[tuple[Any, ...] | None]]] = {}
#: Per hand (counts per colour): its discards in order.
_DISCARDS: dict[tuple[int, ...], tuple[Any, ...]] = {}
