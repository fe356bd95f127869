"""Royal Game of Ur events: the game told as it happens, in English and Dutch.

Every change has an event: a throw (with the dice, when the engine threw them), a piece
entering, moving or borne off, a capture, another throw earned on a rosette (or, in Blitz, by
a capture), a turn passed for want of a move, and the win. Squares are numbered along the
moving player's own path; each event also names the square of the board (``"d2"``), which is
the same for both players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import Event
from engine.royal_ur.state import PLAYER_NAMES


@dataclass(frozen=True)
class UrEvent(Event):
    """An event of one player's turn: its texts may name the player (``{name}``, capitalised)
    and the other player (``{other}``)."""

    player: int

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        words["name"] = PLAYER_NAMES[self.player].describe(lang)
        words["other"] = PLAYER_NAMES[1 - self.player].describe(lang).lower()
        return words


@dataclass(frozen=True)
class Thrown(UrEvent):
    """The player throws: `dice` holds each die (1 marked tip up, 0 blank) when the engine
    threw them, and is empty for a throw typed in from a real board."""

    value: int
    dice: tuple[int, ...]

    TEXT: ClassVar = {"en": "{name} throws {value}.", "nl": "{name} gooit {value}."}
    TYPED: ClassVar = {"en": "{name} throws {value} (at the board).",
                       "nl": "{name} gooit {value} (aan het bord)."}

    def _describe(self, lang: str) -> str:
        return (self.TEXT if self.dice else self.TYPED)[lang].format(**self._words(lang))


@dataclass(frozen=True)
class Entered(UrEvent):
    """A waiting piece enters on `square` (`cell` on the board)."""

    square: int
    cell: str

    TEXT: ClassVar = {"en": "{name} enters a piece on square {square} ({cell}).",
                      "nl": "{name} brengt een stuk in op veld {square} ({cell})."}


@dataclass(frozen=True)
class Moved(UrEvent):
    """The piece on `source` moves to `target` (`cell` on the board)."""

    source: int
    target: int
    cell: str

    TEXT: ClassVar = {"en": "{name} moves a piece from square {source} to square {target} "
                            "({cell}).",
                      "nl": "{name} zet een stuk van veld {source} naar veld {target} ({cell})."}


@dataclass(frozen=True)
class BorneOff(UrEvent):
    """The piece on `source` leaves the board: `off` of the player's `pieces` are now off."""

    source: int
    off: int
    pieces: int

    TEXT: ClassVar = {"en": "{name} bears a piece off from square {source} ({off} of {pieces} "
                            "off).",
                      "nl": "{name} haalt een stuk van het bord vanaf veld {source} ({off} van "
                            "{pieces} eraf)."}


@dataclass(frozen=True)
class Captured(UrEvent):
    """The player's piece landing on `cell` captures the other player's piece there (on the
    other player's square `square`): it goes back off the board, to enter again."""

    cell: str
    square: int

    TEXT: ClassVar = {"en": "{name} captures {other}'s piece on {cell}: it goes back off the "
                            "board, to start again.",
                      "nl": "{name} slaat het stuk van {other} op {cell}: het gaat terug van het "
                            "bord en begint opnieuw."}


@dataclass(frozen=True)
class ExtraThrow(UrEvent):
    """The player throws again: it landed on a rosette (`reason` ``"rosette"``) or, with
    option ``capture_throw``, captured a piece (``"capture"``)."""

    reason: str
    cell: str

    TEXT: ClassVar = {"en": "{name} landed on the rosette {cell} and throws again.",
                      "nl": "{name} landt op de rozet {cell} en gooit nog een keer."}
    CAPTURE: ClassVar = {"en": "{name} captured a piece and throws again.",
                         "nl": "{name} heeft een stuk geslagen en gooit nog een keer."}

    def _describe(self, lang: str) -> str:
        table = self.CAPTURE if self.reason == "capture" else self.TEXT
        return table[lang].format(**self._words(lang))


@dataclass(frozen=True)
class Passed(UrEvent):
    """The throw `value` allows no move: the turn passes to the other player."""

    value: int

    TEXT: ClassVar = {"en": "{name} cannot move with a throw of {value}: the turn passes to "
                            "{other}.",
                      "nl": "{name} kan met een worp van {value} geen stuk zetten: de beurt gaat "
                            "naar {other}."}


@dataclass(frozen=True)
class Won(UrEvent):
    """The player has borne off all its `pieces`: it wins."""

    pieces: int

    TEXT: ClassVar = {"en": "{name} wins: all {pieces} of its pieces are borne off.",
                      "nl": "{name} wint: alle {pieces} stukken zijn van het bord."}
