"""Royal Game of Ur moves: one small frozen dataclass per kind of decision, with a text notation.

=============  ==============  ===================================================================
move           notation        when
=============  ==============  ===================================================================
`Throw`        ``throw``       the turn begins: throw the dice (the engine draws them from the
                               game's seed; option ``throws="dice"`` or ``"either"``)
`Throw`        ``throw 3``     the turn begins: a throw made at a real board, typed in (option
                               ``throws="recorded"`` or ``"either"``)
`Enter`        ``enter``       after the throw: a waiting piece enters on square *throw*
`MovePiece`    ``move 5``      after the throw: the piece on square 5 (of the mover's own path)
                               moves on by the throw; past the last square it is borne off
`Pass`         ``pass``        after a throw of 0, or one no piece can move by: the turn passes
=============  ==============  ===================================================================

Squares are numbered along the mover's own path (`board`), from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import (
    InvalidInput,
    Message,
    Move,
    Named,
    check_arity,
    is_int,
    move_words,
    parse_whole,
    shown,
)
from engine.core import move_from_dict as _move_from_dict

#: The largest throw any dice give, and the longest path (Murray's).
MAX_THROW = 4
MAX_SQUARE = 27

#: The refusals of malformed moves, in every language the boards speak.
TEXT = {
    "en": {"bad_throw": "a throw is a whole number from 0 to {most} (the marked tips pointing "
                        "up), not {value}",
           "bad_square": "a piece is named by its square, a whole number from 1 to {most}, "
                         "not {value}",
           "throw_number": "a throw is a whole number, not {value}: {usage}",
           "square_number": "a square is a whole number, not {value}: {usage}"},
    "nl": {"bad_throw": "een worp is een geheel getal van 0 tot en met {most} (de gemerkte "
                        "punten die boven liggen), niet {value}",
           "bad_square": "een stuk wordt genoemd naar zijn veld, een geheel getal van 1 tot en "
                         "met {most}, niet {value}",
           "throw_number": "een worp is een geheel getal, niet {value}: {usage}",
           "square_number": "een veld is een geheel getal, niet {value}: {usage}"},
}


@dataclass(frozen=True, slots=True)
class Throw(Move):
    """Throw the dice: `value` None asks the engine to throw (from the seed); a number is the
    throw made at a real board, typed in.

    Attributes:
        value: None, or the throw, 0 to 4.
    """

    KIND: ClassVar[str] = "throw"
    value: int | None = None

    def __post_init__(self) -> None:
        if self.value is not None and (not is_int(self.value)
                                       or not 0 <= self.value <= MAX_THROW):
            raise InvalidInput(Message(TEXT, "bad_throw", most=MAX_THROW,
                                       value=shown(self.value)))

    def __str__(self) -> str:
        return "throw" if self.value is None else f"throw {self.value}"


@dataclass(frozen=True, slots=True)
class Enter(Move):
    """Bring a waiting piece onto the board, on the square the throw counts to."""

    KIND: ClassVar[str] = "enter"

    def __str__(self) -> str:
        return "enter"


@dataclass(frozen=True, slots=True)
class MovePiece(Move):
    """Move the piece on `square` (of the mover's path) on by the throw.

    Attributes:
        square: 1 to the path's length.
    """

    KIND: ClassVar[str] = "move"
    square: int

    def __post_init__(self) -> None:
        if not is_int(self.square) or not 1 <= self.square <= MAX_SQUARE:
            raise InvalidInput(Message(TEXT, "bad_square", most=MAX_SQUARE,
                                       value=shown(self.square)))

    def __str__(self) -> str:
        return f"move {self.square}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Let the turn pass: only when the throw is 0 or no piece can move by it."""

    KIND: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


MOVE_KINDS: dict[str, type[Any]] = {cls.KIND: cls for cls in (Throw, Enter, MovePiece, Pass)}

_USAGE = Named(
    en="write 'throw', 'throw N' (a throw made at the board), 'enter', 'move SQUARE' or 'pass'",
    nl="schrijf 'throw', 'throw N' (een worp aan het bord), 'enter', 'move VELD' of 'pass'")


def parse_move(text: str) -> Any:
    """The move written as `text` in the notation above.

    Raises:
        InvalidInput: the text is not a move in that notation.
    """
    verb, args = move_words(text, _USAGE)
    if verb == "throw" and not args:
        return Throw()
    check_arity(verb, args, {"throw": 1, "enter": 0, "move": 1, "pass": 0}, text, _USAGE)
    if verb in ("throw", "move"):
        value = parse_whole(args[0])
        if value is None:
            key = "throw_number" if verb == "throw" else "square_number"
            raise InvalidInput(Message(TEXT, key, value=shown(args[0]), usage=_USAGE))
        return Throw(value) if verb == "throw" else MovePiece(value)
    return MOVE_KINDS[verb]()


def move_from_dict(data: Any) -> Any:
    """The move written by ``move.to_dict()``; raises `InvalidInput` if malformed."""
    return _move_from_dict(data, MOVE_KINDS, "royal_ur")
