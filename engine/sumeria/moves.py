"""Sumeria moves: one small frozen dataclass per kind of decision, each with a text notation.

=====================  ===========================  =============================================
move                   notation                     when
=====================  ===========================  =============================================
`Place`                ``place kish.town1``         setup: the initial placement of a trader
`Add`                  ``add kish.town1``           a turn: a trader from the reserve to the board
`MoveTrader`           ``move kish.town1 ur.city``  a turn: a trader along the trade routes
`Remove`               ``remove kish.town1``        a turn: a trader back to the reserve
`TakeTiles`            ``take EM``                  scoring: the controller's choice of tiles
=====================  ===========================  =============================================

Tile letters: E economy, M military, P political, R religion.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import InvalidInput, Message, Move, Named, check_arity, move_words, shown
from engine.core import move_from_dict as _move_from_dict
from engine.sumeria.state import TILES


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Setup: place a trader from the reserve on an empty location (no influence changes)."""

    KIND: ClassVar[str] = "place"
    location: str

    def __str__(self) -> str:
        return f"place {self.location}"


@dataclass(frozen=True, slots=True)
class Add(Move):
    """Add one of your traders to an empty location; its city-state gains influence."""

    KIND: ClassVar[str] = "add"
    location: str

    def __str__(self) -> str:
        return f"add {self.location}"


@dataclass(frozen=True, slots=True)
class MoveTrader(Move):
    """Move one of your traders along the trade routes to a location it can reach."""

    KIND: ClassVar[str] = "move"
    origin: str
    destination: str

    def __str__(self) -> str:
        return f"move {self.origin} {self.destination}"


@dataclass(frozen=True, slots=True)
class Remove(Move):
    """Remove one of your traders to your reserve; its city-state loses influence."""

    KIND: ClassVar[str] = "remove"
    location: str

    def __str__(self) -> str:
        return f"remove {self.location}"


@dataclass(frozen=True, slots=True)
class TakeTiles(Move):
    """The controller of a scored city-state takes these influence tiles (letters, any order)."""

    KIND: ClassVar[str] = "take"
    tiles: str

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, str) or not self.tiles or any(
                t not in TILES for t in self.tiles):
            raise InvalidInput(Message(TEXT, "tiles", tiles=shown(self.tiles)))
        object.__setattr__(self, "tiles", "".join(sorted(self.tiles, key=TILES.index)))

    def __str__(self) -> str:
        return f"take {self.tiles}"


MOVE_KINDS: dict[str, type[Any]] = {
    cls.KIND: cls for cls in (Place, Add, MoveTrader, Remove, TakeTiles)}

_USAGE = Named(
    en="write 'place LOC', 'add LOC', 'move FROM TO', 'remove LOC' or 'take TILES' "
       "(e.g. 'move kish.town1 ur.city', 'take EM')",
    nl="schrijf 'place PLAATS', 'add PLAATS', 'move VAN NAAR', 'remove PLAATS' of "
       "'take MARKERS' (bijvoorbeeld 'move kish.town1 ur.city', 'take EM')")

TEXT = {
    "en": {"tiles": "tiles must be letters from EMPR (E economy, M military, P political, "
                    "R religion), not {tiles}"},
    "nl": {"tiles": "invloedsmarkers schrijf je met de letters EMPR (E economisch, M militair, "
                    "P politiek, R religieus), niet {tiles}"},
}


def parse_move(text: str) -> Any:
    """The move written as `text` in the notation above.

    Raises:
        InvalidInput: the text is not a move in that notation.
    """
    verb, args = move_words(text, _USAGE)
    check_arity(verb, args, {"place": 1, "add": 1, "move": 2, "remove": 1, "take": 1}, text,
                _USAGE)
    if verb == "take":
        return TakeTiles(args[0].upper())
    return MOVE_KINDS[verb](*args)


def move_from_dict(data: Any) -> Any:
    """The move written by ``move.to_dict()``; raises `InvalidInput` if malformed."""
    return _move_from_dict(data, MOVE_KINDS, "sumeria")
