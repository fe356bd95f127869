"""Army lists as data: troops, commands (corps) and the campaign's reorganization.

Covers "Each city has an army made by 200AP from list I / 1 Early Sumerian in 3000 B.C. year.
The army list must be chosen at the campaign start" and "Reorganize his army: The player can
swap 4 RBwI from a single corps with a single RBdF that will be part of the corps losing the
archers. This army change is definitive". DBMM itself is played on the table; this module only
holds what the engine needs: which elements each command has, what each costs (AP) and counts
for morale (ME), and the troop type and grade the dice model (`battle`) fights with.

`Army.standard()` is the shipped list (``data/armies/i1-early-sumerian-3000bc.json``), our
reconstruction (docs/research.md §4, ruling R-P2): 200 AP in three commands. Any list in the same
form loads with `Army.from_dict`; a malformed one raises `InvalidInput`.

Limits: troops are matched by name for the reorganization ("Reg Bw (I)" becomes "Reg Bd (F)"),
so a list must spell them so; the general's own element is never swapped.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engine.core import IllegalMove, InvalidInput, Message, check_keys, field, loads, shown
from engine.priest_kings.refusals import TEXT

#: DBMM troop types (the dice model gives each a combat factor).
TROOP_TYPES = ("El", "Kn", "Cv", "LH", "Cm", "Ch", "Sp", "Pk", "Bd", "Wb", "Ax", "Bw", "Ps",
               "Hd", "Art", "WWg")
#: DBMM grades: superior, ordinary, inferior, fast, exception.
GRADES = ("S", "O", "I", "F", "X")
#: The morale equivalents of a general's element, whatever its troops (DBMM).
GENERAL_ME = 4

#: The campaign's reorganization: 4 of these from one corps become 1 of those.
REORGANIZE_FROM = "Reg Bw (I)"
REORGANIZE_COUNT = 4
REORGANIZE_TO = "Reg Bd (F)"

_ARMY_KEYS = ("name", "source", "points", "troops", "commands")


@dataclass(frozen=True, slots=True)
class Troops:
    """A kind of element: its DBMM name, type and grade, cost in AP and morale equivalents."""

    name: str
    type: str
    grade: str
    ap: int
    me: float

    @property
    def me2(self) -> int:
        """Morale equivalents in half points (every DBMM value is a multiple of 1/2)."""
        return round(self.me * 2)


@dataclass(frozen=True, slots=True)
class Element:
    """`count` elements of the same troops in one command; `general` marks the general's own."""

    troops: str
    count: int
    general: bool = False


@dataclass(frozen=True, slots=True)
class Command:
    """A command (the rule text's "corps"): its general's element and its troops."""

    id: str
    name: str
    elements: tuple[Element, ...]

    def count(self, troops: str, general: bool = False) -> int:
        """How many elements of `troops` the command has (the general's own or the others)."""
        return sum(e.count for e in self.elements if e.troops == troops and e.general == general)


@dataclass(frozen=True, slots=True)
class Army:
    """An army list: its commands, in order (the first is the C-in-C's), and its troops.

    Immutable: `reorganize` returns a new army. Equal lists compare equal.
    """

    name: str
    source: str
    points: int
    troops: tuple[Troops, ...]
    commands: tuple[Command, ...]

    # Construction ---------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Any) -> Army:
        """An army list from plain data (the form of `to_dict`).

        Raises:
            InvalidInput: naming the first problem — an unknown troop type or grade, troops
                used but not defined, a command without exactly one general's element, a count
                below 1, a cost or morale value that is not a whole or half number, or elements
                that cost more than the list's points.
        """
        return _army_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> Army:
        return _army_from_dict(loads(text, "army list file"))

    @staticmethod
    @functools.cache
    def standard() -> Army:
        """The shipped list: I/1 Early Sumerian at 3000 BC, 200 AP (our reconstruction)."""
        text = resources.files("engine.priest_kings").joinpath(
            "data/armies/i1-early-sumerian-3000bc.json").read_text("utf-8")
        return Army.from_json(text)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "points": self.points,
            "troops": [{"name": t.name, "type": t.type, "grade": t.grade, "ap": t.ap,
                        "me": t.me} for t in self.troops],
            "commands": [{"id": c.id, "name": c.name, "elements": [
                {"troops": e.troops, "count": e.count, **({"general": True} if e.general
                                                         else {})}
                for e in c.elements]} for c in self.commands],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    # Reading --------------------------------------------------------------------------------

    def troops_named(self, name: str) -> Troops:
        for t in self.troops:
            if t.name == name:
                return t
        raise InvalidInput(f"army list {shown(self.name)} has no troops called {shown(name)}")

    def command(self, command_id: str) -> Command:
        """The command with id `command_id`; raises `InvalidInput` for an unknown id."""
        for c in self.commands:
            if c.id == command_id:
                return c
        raise InvalidInput(Message(TEXT, "unknown_corps", value=shown(command_id),
                                   corps=", ".join(c.id for c in self.commands)))

    @property
    def total_ap(self) -> int:
        """What the elements cost now (a reorganized army costs less than its list)."""
        cost = {t.name: t.ap for t in self.troops}
        return sum(cost[e.troops] * e.count for c in self.commands for e in c.elements)

    @property
    def total_me(self) -> float:
        return sum(command_me2(self, c) for c in self.commands) / 2

    @property
    def elements(self) -> int:
        return sum(e.count for c in self.commands for e in c.elements)

    # The campaign's reorganization ----------------------------------------------------------

    def can_reorganize(self, command_id: str) -> bool:
        """Whether the corps has the 4 Reg Bw (I) to swap, and the list knows Reg Bd (F)."""
        return (any(t.name == REORGANIZE_TO for t in self.troops)
                and self.command(command_id).count(REORGANIZE_FROM) >= REORGANIZE_COUNT)

    def reorganizable(self) -> tuple[str, ...]:
        """The ids of the corps that can be reorganized, in list order."""
        return tuple(c.id for c in self.commands if self.can_reorganize(c.id))

    def reorganize(self, command_id: str) -> Army:
        """The army after swapping 4 Reg Bw (I) of one corps for 1 Reg Bd (F) in that corps.

        Raises:
            InvalidInput: an unknown corps.
            IllegalMove: the corps has fewer than 4 Reg Bw (I) (the general's element is never
                swapped), or the list has no Reg Bd (F).
        """
        command = self.command(command_id)
        if not any(t.name == REORGANIZE_TO for t in self.troops):
            raise IllegalMove(Message(TEXT, "no_replacement", to=REORGANIZE_TO),
                              rule="P-REORG-1")
        have = command.count(REORGANIZE_FROM)
        if have < REORGANIZE_COUNT:
            raise IllegalMove(Message(TEXT, "too_few", corps=command.name, have=have,
                                      from_=REORGANIZE_FROM, count=REORGANIZE_COUNT,
                                      to=REORGANIZE_TO), rule="P-REORG-1")
        elements: list[Element] = []
        to_remove = REORGANIZE_COUNT
        for e in command.elements:
            if e.troops == REORGANIZE_FROM and not e.general and to_remove:
                taken = min(e.count, to_remove)
                to_remove -= taken
                if e.count > taken:
                    elements.append(Element(e.troops, e.count - taken))
            else:
                elements.append(e)
        for n, e in enumerate(elements):
            if e.troops == REORGANIZE_TO and not e.general:
                elements[n] = Element(e.troops, e.count + 1)
                break
        else:
            elements.append(Element(REORGANIZE_TO, 1))
        commands = tuple(Command(c.id, c.name, tuple(elements)) if c.id == command_id else c
                         for c in self.commands)
        return Army(self.name, self.source, self.points, self.troops, commands)


def command_me2(army: Army, command: Command) -> int:
    """A command's morale equivalents, in half points (the general's element counts 4)."""
    me2 = {t.name: t.me2 for t in army.troops}
    return sum(GENERAL_ME * 2 if e.general else me2[e.troops] * e.count
               for e in command.elements)


def _army_from_dict(data: Any) -> Army:
    where = "army list"
    if not isinstance(data, Mapping):
        raise InvalidInput(f"an army list must be an object, not {type(data).__name__}")
    check_keys(data, _ARMY_KEYS, where)
    name = data.get("name", "custom army")
    source = data.get("source", "")
    if not isinstance(name, str) or not isinstance(source, str):
        raise InvalidInput(f"{where} name and source must be strings")
    points = field(data, "points", int, where)
    if points < 1:
        raise InvalidInput(f"{where} points must be at least 1, not {points}")
    troops: list[Troops] = []
    for n, item in enumerate(field(data, "troops", list, where)):
        at = f"{where} troops[{n}]"
        if not isinstance(item, Mapping):
            raise InvalidInput(f"{at} must be an object")
        check_keys(item, ("name", "type", "grade", "ap", "me"), at)
        troop_name = field(item, "name", str, at)
        if not troop_name.strip() or any(t.name == troop_name for t in troops):
            raise InvalidInput(f"{at}: troops name {shown(troop_name)} is empty or used twice")
        kind = field(item, "type", str, at)
        if kind not in TROOP_TYPES:
            raise InvalidInput(f"{at}: unknown troop type {shown(kind)}; DBMM types: "
                               f"{', '.join(TROOP_TYPES)}")
        grade = field(item, "grade", str, at)
        if grade not in GRADES:
            raise InvalidInput(f"{at}: unknown grade {shown(grade)}; grades: {', '.join(GRADES)}")
        ap = field(item, "ap", int, at)
        me = field(item, "me", (int, float), at)
        if ap < 0 or not math.isfinite(me) or me < 0 or me * 2 != round(me * 2):
            raise InvalidInput(f"{at}: ap must be a whole number ≥ 0 and me a whole or half "
                               f"number ≥ 0, not {shown(ap)} and {shown(me)}")
        troops.append(Troops(troop_name, kind, grade, ap, float(me)))
    known = {t.name for t in troops}
    commands: list[Command] = []
    raw_commands = field(data, "commands", list, where)
    if not raw_commands:
        raise InvalidInput(f"{where} has no commands")
    for n, item in enumerate(raw_commands):
        at = f"{where} commands[{n}]"
        if not isinstance(item, Mapping):
            raise InvalidInput(f"{at} must be an object")
        check_keys(item, ("id", "name", "elements"), at)
        command_id = field(item, "id", str, at)
        if (not command_id or any(c.isspace() for c in command_id)
                or any(c.id == command_id for c in commands)):
            raise InvalidInput(f"{at}: corps id {shown(command_id)} must be non-empty, without "
                               "spaces, and unique")
        command_name = item.get("name", command_id)
        if not isinstance(command_name, str):
            raise InvalidInput(f"{at}.name must be a string")
        elements: list[Element] = []
        for m, raw in enumerate(field(item, "elements", list, at)):
            eat = f"{at} elements[{m}]"
            if not isinstance(raw, Mapping):
                raise InvalidInput(f"{eat} must be an object")
            check_keys(raw, ("troops", "count", "general"), eat)
            troop_name = field(raw, "troops", str, eat)
            if troop_name not in known:
                raise InvalidInput(f"{eat}: troops {shown(troop_name)} are not defined in the "
                                   f"list's troops ({', '.join(map(shown, sorted(known)[:8]))})")
            count = field(raw, "count", int, eat)
            general = raw.get("general", False)
            if not isinstance(general, bool):
                raise InvalidInput(f"{eat}.general must be true or false")
            if count < 1 or (general and count != 1):
                raise InvalidInput(f"{eat}: count must be at least 1 (exactly 1 for the "
                                   f"general's element), not {count}")
            elements.append(Element(troop_name, count, general))
        generals = sum(e.general for e in elements)
        if generals != 1:
            raise InvalidInput(f"{at} ({command_id}) has {generals} general's elements; a "
                               "command has exactly one")
        commands.append(Command(command_id, command_name, tuple(elements)))
    army = Army(name, source, points, tuple(troops), tuple(commands))
    if army.total_ap > points:
        raise InvalidInput(f"{where}: the elements cost {army.total_ap} AP, more than the "
                           f"list's {points} AP")
    return army
