"""Priest-Kings moves: one small frozen dataclass per kind of decision, each with a text notation.

=================  ===============================  ==============================================
move               notation                         when
=================  ===============================  ==============================================
`Attack`           ``attack uruk``                  orders: attack a city along the avenues
`Sacrifice`        ``sacrifice``                    orders: reroll one die in the next battle
`Reorganize`       ``reorganize left``              orders: 4 Reg Bw (I) of a corps -> 1 Reg Bd (F)
`DiceBattle`       ``dice``                         battles: fight the battle with the dice model
`RecordedBattle`   ``record defender 120 45``       battles: the result of a table battle: who
                                                    broke (attacker, defender, none or both), the
                                                    points the attacker and the defender scored
`ActivationOrder`  ``order uruk kish ur lagash``    the start of a turn, with the option
                                                    ``activation="recorded"``: the order rolled at
                                                    the table, every city once, first to act first
=================  ===============================  ==============================================

Cities are named by their map id (``kish``, ``lagash``, ``uruk``, ``ur``), corps by their id in
the army list (``centre``, ``right``, ``left``).
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
    move_words,
    parse_whole,
    shown,
)
from engine.core import move_from_dict as _move_from_dict
from engine.priest_kings.battle import BROKEN
from engine.priest_kings.board import CITIES
from engine.priest_kings.refusals import TEXT


@dataclass(frozen=True, slots=True)
class Attack(Move):
    """Attack a city joined by an avenue to yours or to one of your vassals' cities."""

    KIND: ClassVar[str] = "attack"
    target: str

    def __str__(self) -> str:
        return f"attack {self.target}"


@dataclass(frozen=True, slots=True)
class Sacrifice(Move):
    """Make sacrifices and invoke the god: reroll a single die in your next battle."""

    KIND: ClassVar[str] = "sacrifice"

    def __str__(self) -> str:
        return "sacrifice"


@dataclass(frozen=True, slots=True)
class Reorganize(Move):
    """Swap 4 Reg Bw (I) of one corps for 1 Reg Bd (F) in that corps, for good."""

    KIND: ClassVar[str] = "reorganize"
    corps: str

    def __str__(self) -> str:
        return f"reorganize {self.corps}"


@dataclass(frozen=True, slots=True)
class DiceBattle(Move):
    """Resolve the battle to fight next with the dice model (`engine.priest_kings.battle`)."""

    KIND: ClassVar[str] = "dice"

    def __str__(self) -> str:
        return "dice"


@dataclass(frozen=True, slots=True)
class RecordedBattle(Move):
    """The result of the battle to fight next, fought on the table with DBMM and typed in.

    Attributes:
        broken: whose army broke: ``"attacker"``, ``"defender"``, ``"none"`` (the day ended
            first) or ``"both"``.
        attacker_points: the points of the defender's army the attacker scored (its losses).
        defender_points: the points of the attacker's army the defender scored.
    """

    KIND: ClassVar[str] = "record"
    broken: str
    attacker_points: int
    defender_points: int

    def __post_init__(self) -> None:
        if self.broken not in BROKEN:
            raise InvalidInput(Message(TEXT, "broken", choices=", ".join(BROKEN),
                                       value=shown(self.broken)))
        for name in ("attacker_points", "defender_points"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInput(Message(TEXT, "points", name=name, value=shown(value)))

    def __str__(self) -> str:
        return f"record {self.broken} {self.attacker_points} {self.defender_points}"


@dataclass(frozen=True, slots=True)
class ActivationOrder(Move):
    """The turn's order of activation as rolled at the table (option ``activation=
    "recorded"``): the city ids, the first to act first. Which ids a map has, and that each
    city is named once, is checked when the move is played.

    Attributes:
        cities: the city ids in order (a list is taken as a tuple).
    """

    KIND: ClassVar[str] = "order"
    cities: tuple[str, ...]

    def __post_init__(self) -> None:
        cities = self.cities
        if isinstance(cities, list):
            cities = tuple(cities)
            object.__setattr__(self, "cities", cities)
        if not isinstance(cities, tuple) or not all(
                isinstance(c, str) and c and not any(ch.isspace() for ch in c)
                for c in cities):
            raise InvalidInput(Message(TEXT, "order_ids", value=shown(cities)))

    def __str__(self) -> str:
        return " ".join(("order", *self.cities))


MOVE_KINDS: dict[str, type[Any]] = {
    cls.KIND: cls for cls in (Attack, Sacrifice, Reorganize, DiceBattle, RecordedBattle,
                              ActivationOrder)}

_USAGE = Named.of(lambda lang: TEXT[lang]["usage"])


def parse_move(text: str) -> Any:
    """The move written as `text` in the notation above.

    Raises:
        InvalidInput: the text is not a move in that notation.
    """
    verb, args = move_words(text, _USAGE)
    check_arity(verb, args, {"attack": 1, "sacrifice": 0, "reorganize": 1, "dice": 0, "record": 3,
                             "order": CITIES}, text, _USAGE)
    if verb == "order":
        return ActivationOrder(tuple(args))
    if verb == "record":
        points = []
        for word in args[1:]:
            value = parse_whole(word)
            if value is None or value < 0:
                raise InvalidInput(Message(TEXT, "points_text", value=shown(word),
                                           usage=_USAGE))
            points.append(value)
        return RecordedBattle(args[0].lower(), points[0], points[1])
    return MOVE_KINDS[verb](*args)


def move_from_dict(data: Any) -> Any:
    """The move written by ``move.to_dict()``; raises `InvalidInput` if malformed."""
    return _move_from_dict(data, MOVE_KINDS, "priest_kings")
