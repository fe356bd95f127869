"""Mesopotamia moves: one small frozen dataclass per kind of decision, each with a notation.

Fields are written ``q,r`` (axial coordinates, e.g. ``-1,0``). A native is named by its field
and what it carries: ``.`` nothing, ``L`` lumber, ``S`` stone, ``M4`` a sacrifice marker of value
4 that it may place, ``m4`` one taken up this turn; ``!`` is added once it stole this turn
(natives that carry the same are interchangeable). Another player's native is written
``n2:L`` (player 2's native carrying lumber), its marker value hidden (``n2:M?``).

====================  =====================================  =================================
move                  notation                               when
====================  =====================================  =================================
`Go`                  ``go -1,0 L 1,-1``                     phase I: a native to a field
                                                             within the points left
`Discover`            ``discover -1,0 . -2,0``               phase I: onto an edge place
`PlaceVolcano`        ``volcano 2,-1``                       a drawn volcano's edge place
`Spread`              ``spread 1,-1 2,-2``                   forests/quarries for new goods
`ChooseTile`          ``choose forest``                      Land: the field to put out
`PickUp`              ``pick 1,-1 . L``                      pick up (or exchange for) a good
`Drop`                ``drop 0,0 S``                         put a good down (a stone at the
                                                             temple builds it)
`Steal`               ``steal -1,0 2 L``                     take a good from player 2
`TakeMarker`          ``lift -2,1 4``                        take up an own covered marker
`Offer`               ``offer 4``                            place a marker at the temple
`EndMovement`         ``end``                                end phase I
`BuildHut`            ``hut -2,1 4``                         action A (marker value, 0 none)
`BuildHoly`           ``holy -2,1``                          action B
`Birth`               ``birth -2,1``                         action C
`DrawCard`            ``draw``                               action D
`EndActions`          ``done``                               end phase II and the turn
`PlayCard`            ``play stamina``, ``play priest 1,0``,  a card from the hand
                      ``play mana_theft 2``,
                      ``play teleport 1,-1 L 3,-2``,
                      ``play expulsion -1,0 h2+ -3,1``
====================  =====================================  =================================

Card targets: ``L``/``S`` a good lying on the field; ``n2:L`` a native of player 2 (what it
carries); ``c2:L`` only the good a native of player 2 carries; ``h2+``/``h2-`` a hut of player 2
with/without a marker under it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import (
    INPUT_TEXT,
    InvalidInput,
    Message,
    Move,
    Named,
    check_arity,
    is_int,
    move_words,
    not_a_move,
    parse_whole,
    shown,
    whole_number,
)
from engine.core import move_from_dict as _move_from_dict
from engine.mesopotamia.board import WORD_OF, fmt, parse_coord
from engine.mesopotamia.refusals import TEXT
from engine.mesopotamia.state import CARDS, MARKER_VALUES, OLD, cargo_token, parse_token

GOODS = {"L": 1, "S": 2}
GOOD_LETTER = {1: "L", 2: "S"}


@dataclass(frozen=True, slots=True)
class Go(Move):
    """Move one of your natives to a field it can reach with the movement points left."""

    KIND: ClassVar[str] = "go"
    origin: str
    native: str
    destination: str

    def __str__(self) -> str:
        return f"go {self.origin} {self.native} {self.destination}"


@dataclass(frozen=True, slots=True)
class Discover(Move):
    """Move one of your natives onto an empty edge place and discover the field there."""

    KIND: ClassVar[str] = "discover"
    origin: str
    native: str
    place: str

    def __str__(self) -> str:
        return f"discover {self.origin} {self.native} {self.place}"


@dataclass(frozen=True, slots=True)
class PlaceVolcano(Move):
    """Put the volcano just drawn at another edge place."""

    KIND: ClassVar[str] = "volcano"
    place: str

    def __str__(self) -> str:
        return f"volcano {self.place}"


@dataclass(frozen=True, slots=True)
class Spread(Move):
    """Put one new lumber (stone) on each of these forests (quarries)."""

    KIND: ClassVar[str] = "spread"
    fields: tuple[str, ...]

    def __post_init__(self) -> None:
        if isinstance(self.fields, list):
            object.__setattr__(self, "fields", tuple(self.fields))
        elif not isinstance(self.fields, tuple):
            raise InvalidInput(Message(TEXT, "spread_list", value=shown(self.fields)))

    def __str__(self) -> str:
        # A move built by hand may hold anything until `apply` refuses it; it still prints.
        return "spread " + " ".join(map(str, self.fields))


@dataclass(frozen=True, slots=True)
class ChooseTile(Move):
    """Land card: the field of those looked at that is put on the table."""

    KIND: ClassVar[str] = "choose"
    tile: str

    def __str__(self) -> str:
        return f"choose {self.tile}"


@dataclass(frozen=True, slots=True)
class PickUp(Move):
    """A native picks up a good lying on its field (exchanging the other good it carries)."""

    KIND: ClassVar[str] = "pick"
    field: str
    native: str
    good: str

    def __str__(self) -> str:
        return f"pick {self.field} {self.native} {self.good}"


@dataclass(frozen=True, slots=True)
class Drop(Move):
    """A native puts down the good it carries (a stone at the temple place builds the temple)."""

    KIND: ClassVar[str] = "drop"
    field: str
    native: str

    def __str__(self) -> str:
        return f"drop {self.field} {self.native}"


@dataclass(frozen=True, slots=True)
class Steal(Move):
    """A free native of yours takes a good a native of `victim` carries on the same field."""

    KIND: ClassVar[str] = "steal"
    field: str
    victim: int
    good: str

    def __str__(self) -> str:
        return f"steal {self.field} {self.victim} {self.good}"


@dataclass(frozen=True, slots=True)
class TakeMarker(Move):
    """A free native takes up your covered sacrifice marker (its value) from a hut there."""

    KIND: ClassVar[str] = "lift"
    field: str
    value: int

    def __str__(self) -> str:
        return f"lift {self.field} {self.value}"


@dataclass(frozen=True, slots=True)
class Offer(Move):
    """A native standing on the temple place places the marker (this value) it carries."""

    KIND: ClassVar[str] = "offer"
    value: int

    def __str__(self) -> str:
        return f"offer {self.value}"


@dataclass(frozen=True, slots=True)
class EndMovement(Move):
    """End phase I (unused movement points are lost)."""

    KIND: ClassVar[str] = "end"

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class BuildHut(Move):
    """Action A: build a hut on a plain, putting the marker of this value under it (0: none
    left)."""

    KIND: ClassVar[str] = "hut"
    field: str
    marker: int

    def __str__(self) -> str:
        return f"hut {self.field} {self.marker}"


@dataclass(frozen=True, slots=True)
class BuildHoly(Move):
    """Action B: erect a holy place on an empty vacant plain."""

    KIND: ClassVar[str] = "holy"
    field: str

    def __str__(self) -> str:
        return f"holy {self.field}"


@dataclass(frozen=True, slots=True)
class Birth(Move):
    """Action C: a native is born at one of your huts on this field."""

    KIND: ClassVar[str] = "birth"
    field: str

    def __str__(self) -> str:
        return f"birth {self.field}"


@dataclass(frozen=True, slots=True)
class DrawCard(Move):
    """Action D: draw the top card of the deck."""

    KIND: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class EndActions(Move):
    """End phase II and so the turn: once the action is taken (no more huts, holy places or
    births; no card played after it), or when no action is possible (R-M14, R-M17)."""

    KIND: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class PlayCard(Move):
    """Play a card from your hand; `field`, `target` and `to` as the card needs them."""

    KIND: ClassVar[str] = "play"
    card: str
    field: str | None = None
    target: str | None = None
    to: str | None = None

    def __str__(self) -> str:
        return " ".join(["play", *(str(x) for x in (self.card, self.field, self.target, self.to)
                                   if x is not None)])


MOVE_KINDS: dict[str, type[Any]] = {cls.KIND: cls for cls in (
    Go, Discover, PlaceVolcano, Spread, ChooseTile, PickUp, Drop, Steal, TakeMarker, Offer,
    EndMovement, BuildHut, BuildHoly, Birth, DrawCard, EndActions, PlayCard)}

_USAGE = Named.of(lambda lang: TEXT[lang]["usage"])
#: How a refusal names the field of a move it cannot read.
_FIELD_WORDS = {key: Message(TEXT, key) for key in ("origin", "destination", "place")}
_ARITY = {"go": 3, "discover": 3, "volcano": 1, "choose": 1, "pick": 3, "drop": 2,
          "steal": 3, "lift": 2, "offer": 1, "end": 0, "hut": 2, "holy": 1, "birth": 1,
          "draw": 0, "done": 0}
_CARD_ARGS = {"stamina": 0, "holy_stone": 0, "fertility": 0, "land": 0, "priest": 1,
              "mana_theft": 1, "teleport": 3, "expulsion": 3}


def _number(text: str, what: str) -> int:
    """`text` as a whole number; `what` names it (a key of the refusals' words)."""
    return whole_number(text, Message(TEXT, what))


def parse_move(text: str) -> Any:
    """The move written as `text` in the notation above.

    Raises:
        InvalidInput: the text is not a move in that notation.
    """
    verb, args = move_words(text, _USAGE)
    if verb == "play":
        if not args or args[0] not in _CARD_ARGS:
            raise InvalidInput(Message(TEXT, "play_card", cards=", ".join(_CARD_ARGS)))
        card, rest = args[0], args[1:]
        if len(rest) != _CARD_ARGS[card]:
            raise InvalidInput(Message(TEXT, "play_words", card=card, count=_CARD_ARGS[card],
                                       got=len(rest), text=shown(text)))
        if card == "mana_theft":
            return PlayCard(card, None, rest[0])
        if card == "priest":
            return PlayCard(card, rest[0])
        return PlayCard(card, *rest) if rest else PlayCard(card)
    if verb == "spread":
        if not args:
            raise InvalidInput(Message(TEXT, "spread_empty"))
        return Spread(tuple(args))
    check_arity(verb, args, _ARITY, text, _USAGE)
    if verb == "steal":
        return Steal(args[0], _number(args[1], "victim"), args[2])
    if verb == "lift":
        return TakeMarker(args[0], _number(args[1], "marker_value"))
    if verb == "offer":
        return Offer(_number(args[0], "marker_value"))
    if verb == "hut":
        return BuildHut(args[0], _number(args[1], "marker_value"))
    return MOVE_KINDS[verb](*args)


def move_from_dict(data: Any) -> Any:
    """The move written by ``move.to_dict()``; raises `InvalidInput` if malformed."""
    return _move_from_dict(data, MOVE_KINDS, "mesopotamia")


# ------------------------------------------------------------ the rules' internal tuples
#
# The rules work on plain tuples (cheap to build, compare and hash); these two functions
# translate. Coordinates are (q, r); natives are (cargo, stole); card targets are tuples:
# ("good", 1|2), ("native", owner, cargo, stole), ("carried", owner, cargo, stole),
# ("hut", owner, has_marker), ("player", p).


def _native(text: str) -> tuple[int, bool]:
    return parse_token(text)


def _whole(value: Any, what: str) -> int:
    """A number field of a move built in Python (the parsers check theirs); `what` names it
    (a key of the refusals' words)."""
    if not is_int(value) or not -99 <= value <= 99:
        raise InvalidInput(Message(INPUT_TEXT, "not_whole", what=Message(TEXT, what), bounds="",
                                   value=shown(value)))
    return value


def _good(text: Any) -> int:
    if not isinstance(text, str) or text not in GOODS:
        raise InvalidInput(Message(TEXT, "good", value=shown(text)))
    return GOODS[text]


def _target(text: Any, card: str) -> tuple[Any, ...]:
    if not isinstance(text, str) or not text:
        raise InvalidInput(Message(TEXT, "needs_target", card=card))
    if text in GOODS:
        return ("good", GOODS[text])
    kind = {"n": "native", "c": "carried", "h": "hut"}.get(text[0])
    if kind == "hut" and len(text) == 3 and text[1] in "0123456789" and text[2] in "+-":
        return ("hut", int(text[1]), text[2] == "+")
    if kind in ("native", "carried") and len(text) > 3 and text[1] in "0123456789" and (
            text[2] == ":"):
        cargo, stole = parse_token(text[3:])
        return (kind, int(text[1]), cargo, stole)
    raise InvalidInput(Message(TEXT, "unknown_target", value=shown(text)))


def to_internal(move: Any) -> tuple[Any, ...]:
    """The rules' tuple for a public move; raises `InvalidInput` if malformed.

    Remembered for the moves of text fields alone (moves are values, and the bots convert the
    same moves over and over; a number field is read each time, since ``4.0 == 4`` would find
    the answer of a whole number)."""
    if type(move) not in _TEXT_MOVES:
        return _to_internal(move)
    try:
        known = _INTERNAL.get(move)
    except TypeError:  # a move built by hand with a list in it: read it below, and refuse it
        known = None
    if known is not None:
        return known
    internal = _to_internal(move)
    if len(_INTERNAL) >= _INTERNAL_LIMIT:
        _INTERNAL.clear()
    _INTERNAL[move] = internal
    return internal


#: `to_internal`'s answers by move (as many as a few games use), for the kinds of move whose
#: fields are all text.
_INTERNAL: dict[Any, tuple[Any, ...]] = {}
_INTERNAL_LIMIT = 50_000
_TEXT_MOVES = frozenset((Go, Discover, PlaceVolcano, ChooseTile, PickUp, Drop, EndMovement,
                         BuildHoly, Birth, DrawCard, EndActions, PlayCard))


def _to_internal(move: Any) -> tuple[Any, ...]:
    kind = getattr(move, "KIND", None)
    if MOVE_KINDS.get(kind) is not type(move):
        raise not_a_move("Mesopotamia", move)
    if kind in ("go", "discover"):
        last = move.destination if kind == "go" else move.place
        return (kind, parse_coord(move.origin, _FIELD_WORDS["origin"]), *_native(move.native),
                parse_coord(last, _FIELD_WORDS["destination"]))
    if kind == "volcano":
        return ("volcano", parse_coord(move.place, _FIELD_WORDS["place"]))
    if kind == "spread":
        if not isinstance(move.fields, (tuple, list)) or not move.fields:
            raise InvalidInput(Message(TEXT, "spread_empty"))
        return ("spread", tuple(sorted(parse_coord(f) for f in move.fields)))
    if kind == "choose":
        if not isinstance(move.tile, str) or move.tile not in WORD_OF or move.tile == "temple":
            raise InvalidInput(Message(TEXT, "choose_tile", value=shown(move.tile)))
        return ("choose", WORD_OF[move.tile])
    if kind == "pick":
        return ("pick", parse_coord(move.field), *_native(move.native), _good(move.good))
    if kind == "drop":
        return ("drop", parse_coord(move.field), *_native(move.native))
    if kind == "steal":
        return ("steal", parse_coord(move.field), _whole(move.victim, "victim"),
                _good(move.good))
    if kind == "lift":
        return ("lift", parse_coord(move.field), _whole(move.value, "marker_value"))
    if kind == "offer":
        return ("offer", _whole(move.value, "marker_value"))
    if kind in ("hut", "holy", "birth"):
        args = (_whole(move.marker, "marker_value"),) if kind == "hut" else ()
        return (kind, parse_coord(move.field), *args)
    if kind in ("end", "draw", "done"):
        return (kind,)
    card = move.card
    if not isinstance(card, str) or card not in CARDS:
        raise InvalidInput(Message(TEXT, "unknown_card", value=shown(card), cards=", ".join(CARDS)))
    wanted = _CARD_ARGS[card]
    given = sum(x is not None for x in (move.field, move.target, move.to))
    if card == "mana_theft":
        victim = parse_whole(move.target)
        if victim is None or victim < 0 or given != 1:
            raise InvalidInput(Message(TEXT, "mana_theft"))
        return ("play", card, None, ("player", victim), None)
    if given != wanted:
        raise InvalidInput(Message(TEXT, "play_fields", card=card, count=wanted, got=given))
    if card == "priest":
        if move.field is None:
            raise InvalidInput(Message(TEXT, "priest_field"))
        return ("play", card, parse_coord(move.field), None, None)
    if wanted == 0:
        return ("play", card, None, None, None)
    return ("play", card, parse_coord(move.field), _target(move.target, card),
            parse_coord(move.to, _FIELD_WORDS["destination"]))


def _target_text(target: tuple[Any, ...]) -> str:
    kind = target[0]
    if kind == "good":
        return GOOD_LETTER[target[1]]
    if kind == "hut":
        return f"h{target[1]}{'+' if target[2] else '-'}"
    if kind == "player":
        return str(target[1])
    return f"{kind[0]}{target[1]}:{cargo_token(target[2], target[3])}"


def from_internal(t: tuple[Any, ...]) -> Any:
    """The public move for a rules' tuple (the inverse of `to_internal`)."""
    kind = t[0]
    if kind == "go":
        return Go(fmt(t[1]), cargo_token(t[2], t[3]), fmt(t[4]))
    if kind == "discover":
        return Discover(fmt(t[1]), cargo_token(t[2], t[3]), fmt(t[4]))
    if kind == "volcano":
        return PlaceVolcano(fmt(t[1]))
    if kind == "spread":
        return Spread(tuple(fmt(c) for c in t[1]))
    if kind == "choose":
        from engine.mesopotamia.board import LETTER_WORD

        return ChooseTile(LETTER_WORD[t[1]])
    if kind == "pick":
        return PickUp(fmt(t[1]), cargo_token(t[2], t[3]), GOOD_LETTER[t[4]])
    if kind == "drop":
        return Drop(fmt(t[1]), cargo_token(t[2], t[3]))
    if kind == "steal":
        return Steal(fmt(t[1]), t[2], GOOD_LETTER[t[3]])
    if kind == "lift":
        return TakeMarker(fmt(t[1]), t[2])
    if kind == "offer":
        return Offer(t[1])
    if kind == "hut":
        return BuildHut(fmt(t[1]), t[2])
    if kind == "holy":
        return BuildHoly(fmt(t[1]))
    if kind == "birth":
        return Birth(fmt(t[1]))
    if kind in ("end", "draw", "done"):
        return MOVE_KINDS[kind]()
    _, card, where, target, to = t
    if card == "mana_theft":
        return PlayCard(card, None, _target_text(target))
    return PlayCard(card, None if where is None else fmt(where),
                    None if target is None else _target_text(target),
                    None if to is None else fmt(to))


def is_marker(cargo: int) -> bool:
    return cargo >= OLD


assert set(MARKER_VALUES) == {2, 4, 6, 7}
