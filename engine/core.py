"""The contract every ruleset keeps: errors, events, moves, seeding, JSON and the `Game` session.

A ruleset is a package under `engine/` (``engine.sumeria``, ``engine.tigris``, ...) that provides
the pure core — ``new_state``, ``legal_moves(state)``, ``apply(state, move) -> (state, events)`` —
plus ``parse_move``, ``move_from_dict``, ``state_from_dict``, ``random_playout``, ``determinize``,
``evaluate``, ``chance_outcomes`` and ``reseeded`` (see `Rules`; chance: `Outcome`). Everything
stateful lives in `Game`, a thin wrapper that keeps the history for undo and time travel and
writes save files.

Limits: `Game` trusts nothing it reads. Save files are JSON only (never pickle), and loading one
replays every move through the checked ``apply``, so a tampered file is refused, not half-loaded.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import itertools
import json
import random
import re
import reprlib
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Protocol

__all__ = [
    "Event",
    "Game",
    "IllegalMove",
    "InvalidInput",
    "Message",
    "Move",
    "Named",
    "Outcome",
    "Rules",
    "SumerError",
    "derive_seed",
    "chance_table",
    "dumps",
    "fresh_seed",
    "is_int",
    "loads",
    "plain",
    "make_rng",
    "not_a_move",
    "parse_whole",
    "rules_of",
    "shaped",
    "shown",
    "whole_number",
]

SAVE_FORMAT = "sumer.game"
SAVE_VERSION = 1
LANGUAGES = ("en", "nl")
#: The most digits a whole number read from text may have: far beyond any count, index or seed
#: of the games, far below what makes ``int()`` slow or refuse (4,300 digits).
MAX_DIGITS = 30
#: The deepest nesting of arrays and objects a JSON input may have (save files need 4), far
#: below the depth at which the parser or a ``repr`` runs out of stack.
MAX_JSON_DEPTH = 64
#: The longest text a move may be written in (the longest real one is under 60 characters).
MAX_MOVE_TEXT = 200
#: The longest JSON text `loads` reads — save files, boards, maps, army lists — in characters
#: (in bytes, when it comes as bytes): refused before it is read. A finished game's save is a
#: few KB (2 KB a campaign of Priest-Kings, 5 KB a game of Sumeria, 9 KB of Tigris), a
#: Mesopotamia game played to its round limit of 100 about 140 KB, and the longest saves, of
#: long Priest-Kings campaigns, about 1 MB: four times that leaves a wide margin, and keeps the
#: worst a text can cost to read near 100 MB (JSON of empty arrays, about 25 bytes a
#: character) where a board's 20 million characters could cost 500 MB.
MAX_JSON_CHARS = 4_000_000
#: The most values (objects, arrays and the items in them) a structure handed in from outside
#: as Python values — a message from a board's page, a hand-in, a task — may hold: the longest
#: real one (a board's save sent as a load intent is text, one value) holds a few hundred.
MAX_VALUES = 100_000


# --------------------------------------------------------------------------------------- errors


class Message:
    """A sentence for a learner, told from a message id and its values in each language.

    `table` maps a language to ``{id: format string}``. A value with a ``describe(lang)``
    method (a `Named`, another `Message`) is told in the same language; any other value is
    formatted as it is. A language missing from the table falls back to English.

    >>> table = {"en": {"full": "{where} is full"}, "nl": {"full": "{where} is vol"}}
    >>> Message(table, "full", where=Named(en="Kish city", nl="Kish hoofdstad")).describe("nl")
    'Kish hoofdstad is vol'
    """

    __slots__ = ("key", "table", "values")

    def __init__(self, table: Mapping[str, Mapping[str, str]], key: str, /, **values: Any):
        if key not in table["en"]:
            raise KeyError(f"no English text for message {key!r}")
        self.table = table
        self.key = key
        self.values = values

    def describe(self, lang: str = "en") -> str:
        texts = self.table.get(lang) or self.table["en"]
        text = texts.get(self.key) or self.table["en"][self.key]
        return text.format(**{name: value.describe(lang) if hasattr(value, "describe") else value
                              for name, value in self.values.items()})

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and (self.key, self.values) == (other.key, other.values)
                and self.table is other.table)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Message({self.key!r}: {self.describe('en')!r})"


class Named:
    """One name in each language (``Named(en="Blue", nl="Blauw")``), told by `describe`."""

    __slots__ = ("names",)

    def __init__(self, **names: str):
        if "en" not in names:
            raise KeyError("a Named needs at least its English name")
        self.names = names

    @classmethod
    def of(cls, told: Callable[[str], str]) -> Named:
        """The name `told(lang)` gives in each of `LANGUAGES`.

        >>> Named.of(lambda lang: {"en": "river", "nl": "rivier"}[lang]).describe("nl")
        'rivier'
        """
        return cls(**{lang: told(lang) for lang in LANGUAGES})

    def describe(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Named) and self.names == other.names

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.names.items())))

    def __repr__(self) -> str:
        return f"Named({self.names['en']!r})"


class SumerError(ValueError):
    """Base of the two errors a learner may see.

    Attributes:
        reason: one plain English sentence saying what is wrong (and, for a refusal, the rule).
        rule: the catalogue id of the rule a refusal enforces (``"S-MOVE-3"``), or None.
        message: the `Message` the reason was told from, when it can be told in other
            languages; `describe` uses it.
    """

    def __init__(self, reason: str | Message, *, rule: str | None = None):
        message = reason if isinstance(reason, Message) else None
        text = message.describe("en") if message is not None else reason
        super().__init__(text)
        self.reason = text
        self.rule = rule
        self.message = message

    def describe(self, lang: str = "en") -> str:
        """The reason in `lang` (in English where no other wording exists)."""
        return self.message.describe(lang) if self.message is not None else self.reason

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (between worker processes) as its English reason and rule.
        return (_rebuild_error, (type(self), self.reason, self.rule))


def _rebuild_error(cls: type[SumerError], reason: str, rule: str | None) -> SumerError:
    return cls(reason, rule=rule)


class IllegalMove(SumerError):
    """Raised when a well-formed move breaks a rule; the state is left unchanged."""


class InvalidInput(SumerError):
    """Raised for malformed input: unknown ids, bad options, corrupt boards or save files."""


# ---------------------------------------------------------------------------------------- seeds


def fresh_seed() -> int:
    """A new seed from the operating system, for games started without one."""
    return secrets.randbelow(2**31)


#: The largest seed: every seed `derive_seed` makes fits.
MAX_SEED = 2**64 - 1


def check_seed(seed: Any) -> int:
    """Return `seed` as an int, or raise `InvalidInput` naming what was wrong."""
    if seed is None:
        return fresh_seed()
    if not is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise InvalidInput(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}")
    return seed


def is_int(value: Any) -> bool:
    """Whether `value` is an int and not a bool (True is an int in Python, never a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def derive_seed(seed: int, *salt: object) -> int:
    """A seed derived from `seed` and `salt`, the same on every machine and Python version."""
    text = ":".join(str(part) for part in (seed, *salt))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def make_rng(seed: int | None, *salt: object) -> random.Random:
    """A private, seeded generator; the engine never touches the global `random` state.

    Raises:
        InvalidInput: no seed — a player's view hides it: determinize the view first.
    """
    if not isinstance(seed, int):
        raise InvalidInput("this state is a player's view, whose seed is hidden: determinize it "
                           "before drawing anything")
    return random.Random(derive_seed(seed, *salt))


def recording_randrange(rng: random.Random, record: list[int] | None) -> Callable[[int], int]:
    """``rng.randrange``, which also appends each index it draws to `record` when that is a
    list: how a fast path keeps the indices of its decisions."""
    if record is None:
        return rng.randrange
    draw = rng.randrange

    def randrange(count: int) -> int:
        index = draw(count)
        record.append(index)
        return index

    return randrange


# ------------------------------------------------------------------------------ reading input


class _ShortRepr(reprlib.Repr):
    """`repr` cut short at every level, and safe for any value: deep nesting stops at a few
    levels and a number of thousands of digits is told by its size (``repr`` of it raises)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 40, 40, 40
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 5

    def repr_int(self, x: int, level: int) -> str:
        if abs(x) >= 10**MAX_DIGITS:
            return f"<a number of about {int(abs(x).bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)

    def repr_instance(self, x: Any, level: int) -> str:
        try:
            return super().repr_instance(x, level)
        except Exception:
            return f"<{type(x).__name__}>"


_SHORT = _ShortRepr()


def shown(value: Any) -> str:
    """`value` as ``repr`` writes it, kept short: how a refusal quotes what it was given."""
    return _SHORT.repr(value)


_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


def parse_whole(text: Any) -> int | None:
    """`text` as an int when it is a whole number written in ASCII digits (an optional sign,
    at most `MAX_DIGITS` digits), else None. ``str.isdigit`` is not this test: it accepts
    ``"²"`` and ``"٣"``, which ``int`` refuses or reads."""
    if isinstance(text, str) and _WHOLE.fullmatch(text):
        return int(text)
    return None


def whole_number(text: Any, what: str | Named | Message, least: int | None = None,
                 most: int | None = None) -> int:
    """`text` read as a whole number from `least` to `most` (either may be open).

    Raises:
        InvalidInput: naming `what`, when `text` is not such a number.
    """
    value = parse_whole(text)
    if value is None or (least is not None and value < least) or (
            most is not None and value > most):
        bounds = ("" if least is None and most is None
                  else Message(INPUT_TEXT, "from_to", least=least, most=most)
                  if least is not None and most is not None
                  else f" ≥ {least}" if least is not None else f" ≤ {most}")
        raise _bad_input("not_whole", what=what, bounds=bounds, value=shown(text))
    return value


def shaped(value: Any, shape: Any, what: str) -> Any:
    """`value`, checked to have `shape`: how a keyword helper (``position(...)``) refuses an
    argument of the wrong type with `InvalidInput` before anything reads it.

    A shape is ``int`` (a whole number of at most `MAX_DIGITS` digits, not a bool), ``str``,
    ``bool``, ``float`` (any number), ``[item]`` (a list or tuple of any length),
    ``(a, b, ...)`` (a list or tuple of exactly those items) or ``{key: item}`` (a mapping).

    >>> shaped([("1,0", 2)], [(str, int)], "natives")
    [('1,0', 2)]
    >>> shaped([("1,0", "2")], [(str, int)], "natives")
    Traceback (most recent call last):
    ...
    engine.core.InvalidInput: natives[0][1] must be a whole number, not '2'
    """
    problem = _shape_problem(value, shape, what)
    if problem:
        raise InvalidInput(problem)
    return value


_SHAPE_WORDS = {int: "a whole number", str: "text", bool: "true or false", float: "a number"}


def _shape_words(shape: Any) -> str:
    if isinstance(shape, list):
        return f"a list, each item {_shape_words(shape[0])}"
    if isinstance(shape, tuple):
        return f"a list of {len(shape)} ({', '.join(map(_shape_words, shape))})"
    if isinstance(shape, dict):
        (key, item), = shape.items()
        return f"a mapping of {_shape_words(key)} to {_shape_words(item)}"
    return _SHAPE_WORDS.get(shape, getattr(shape, "__name__", str(shape)))


def _shape_problem(value: Any, shape: Any, what: str) -> str | None:
    wrong = f"{what} must be {_shape_words(shape)}, not {shown(value)}"
    if isinstance(shape, (list, tuple)):
        if not isinstance(value, (list, tuple)) or (
                isinstance(shape, tuple) and len(value) != len(shape)):
            return wrong
        items = shape * len(value) if isinstance(shape, list) else shape
        return next((p for i, (v, s) in enumerate(zip(value, items))
                     if (p := _shape_problem(v, s, f"{what}[{i}]"))), None)
    if isinstance(shape, dict):
        if not isinstance(value, Mapping):
            return wrong
        (key, item), = shape.items()
        for k, v in value.items():
            problem = (_shape_problem(k, key, f"{what} (a key)")
                       or _shape_problem(v, item, f"{what}[{shown(k)}]"))
            if problem:
                return problem
        return None
    if shape is int:
        return None if is_int(value) and abs(value) < 10**MAX_DIGITS else wrong
    if shape is float:
        ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
              and -1e300 < value < 1e300)
        return None if ok else wrong
    return None if isinstance(value, shape) and (
        shape is bool or not isinstance(value, bool)) else wrong


# ----------------------------------------------------------------------------------------- JSON


def dumps(obj: Any) -> str:
    """Canonical JSON: sorted keys, so equal values give equal text."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes, what: str | Message = "JSON text") -> Any:
    """Parse JSON, turning every failure into `InvalidInput` that says where it went wrong.

    Beyond the JSON grammar it refuses what no Sumer file holds and what would break the
    parser or the code after it: text longer than `MAX_JSON_CHARS` (by its length, before
    anything is read), nesting deeper than `MAX_JSON_DEPTH`, whole numbers of more than
    `MAX_DIGITS` digits, and ``NaN``/``Infinity``. What it builds on the way is in proportion
    to the text: a few copies of it at most.
    """
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_JSON_CHARS:
        raise _bad_input("too_long", what=what, length=f"{len(text):,}",
                         most=f"{MAX_JSON_CHARS:,}")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _bad_input("not_utf8", what=what, why=exc.reason, at=exc.start) from None
    if not isinstance(text, str):
        raise _bad_input("not_string", what=what, kind=type(text).__name__)
    depth = _nesting(text)
    if depth > MAX_JSON_DEPTH:
        raise _bad_input("too_deep", what=what, depth=depth, most=MAX_JSON_DEPTH)
    try:
        return json.loads(text, parse_int=_json_int(what), parse_float=_json_float(what),
                          parse_constant=_json_constant(what))
    except json.JSONDecodeError as exc:
        raise _bad_input("not_json", what=what, why=str(exc)) from None


def plain(value: Any, what: str | Message = "a message",
          leaf: Callable[[Any], Any] | None = None) -> Any:
    """A copy of `value` — mappings, lists and tuples of anything — checked to be no deeper,
    larger or longer than anything Sumer reads from outside, before any code walks it.

    It is the bound for structures that arrive as Python values rather than JSON text (which
    `loads` bounds): a message from a board's page, a record, a task. It refuses nesting
    deeper than `MAX_JSON_DEPTH`, more than `MAX_VALUES` values and more than
    `MAX_JSON_CHARS` characters of text, with `InvalidInput`. It walks with a list of its own,
    never Python's stack, so a structure nested far past the recursion limit — from however
    deep a stack — is refused, not a `RecursionError`. Mappings come back as dicts, lists and
    tuples as lists, and every other value as ``leaf(value)`` (`leaf` None: as it is).

    >>> plain({"move": [1, (2, None)]})
    {'move': [1, [2, None]]}
    >>> deep = []
    >>> for _ in range(5000): deep = [deep]
    >>> plain({"move": deep}, "a message")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.InvalidInput: a message nests arrays and objects 65+ deep; at most 64 levels ...
    """
    root: list[Any] = [None]
    pending: list[tuple[Any, Any, Any, int]] = [(value, root, 0, 1)]
    values = chars = 0
    while pending:
        node, into, key, depth = pending.pop()
        values += 1
        if isinstance(node, Mapping | list | tuple):
            if depth > MAX_JSON_DEPTH:
                raise _bad_input("too_deep", what=what, depth=f"{MAX_JSON_DEPTH + 1}+",
                                 most=MAX_JSON_DEPTH)
            if values + len(node) + len(pending) > MAX_VALUES:
                raise _bad_input("too_many_values", what=what, most=f"{MAX_VALUES:,}")
            if isinstance(node, Mapping):
                chars += sum(len(name) for name in node if isinstance(name, str))
                copy: Any = dict.fromkeys(node)
                pending.extend((item, copy, name, depth + 1) for name, item in node.items())
            else:
                copy = [None] * len(node)
                pending.extend((item, copy, i, depth + 1) for i, item in enumerate(node))
            into[key] = copy
        else:
            chars += len(node) if isinstance(node, str) else 0
            into[key] = node if leaf is None else leaf(node)
        if chars > MAX_JSON_CHARS:
            raise _bad_input("too_much_text", what=what, most=f"{MAX_JSON_CHARS:,}")
    return root[0]


# Each pattern repeats a single character class, which the regular expression engine matches
# without keeping a backtracking record per character (a repeated group, such as a string's
# "any character or an escape", costs about 120 bytes a character).
_JSON_STRING = re.compile(r'"[^"]*"')
_BRACKET = re.compile(r"[\[\]{}]")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _nesting(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (brackets inside strings aside).

    The escapes that matter go first — an escaped backslash, then an escaped quote, which
    ends no string — then the strings; each step makes a string no longer than the text (the
    last from pieces between strings). The brackets left are a list of one-character strings,
    which Python shares: 8 bytes each.
    """
    outside = _JSON_STRING.sub("", text.replace("\\\\", "").replace('\\"', ""))
    steps = map(_BRACKET_STEP.__getitem__, _BRACKET.findall(outside))
    return max(itertools.accumulate(steps), default=0)


def _json_int(what: str | Message) -> Callable[[str], int]:
    def parse(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise _bad_input("too_many_digits", what=what, digits=len(digits.lstrip("-")),
                             most=MAX_DIGITS)
        return int(digits)
    return parse


def _json_float(what: str | Message) -> Callable[[str], float]:
    def parse(text: str) -> float:
        value = float(text) if len(text) <= 2 * MAX_DIGITS else float("inf")
        if not -1e300 < value < 1e300:
            raise _bad_input("too_large_number", what=what, value=shown(text))
        return value
    return parse


def _json_constant(what: str | Message) -> Callable[[str], Any]:
    def parse(name: str) -> Any:
        raise _bad_input("not_a_number", what=what, name=name)
    return parse


#: What the reading helpers say about malformed input, in each language (a board shows the
#: refusals of a forged message in its own language).
INPUT_TEXT = {
    "en": {
        "not_object": "{where} must be an object, not {kind}",
        "missing": "{where} has no {key}",
        "wrong_type": "{where}.{key} must be {kinds}, not {value}",
        "too_large": "{where}.{key} is far too large: {value}",
        "unknown_fields": "{where} has unknown field(s) {unknown}; known: {known}",
        "too_long": "{what} is {length} characters long; no Sumer file needs more than "
                    "{most} (the longest saves, of long Priest-Kings campaigns, are about 1 MB)",
        "move_not_object": "a {ruleset} move must be an object, not {value}",
        "unknown_kind": "unknown {ruleset} move kind {kind}; known: {known}",
        "other_kind": "a {name} is a {expected} move, not {kind}",
        "not_a_move": "not a {game} move: {value}",
        "items": "{where}: every item of {key} must be {kinds}",
        "malformed": "{kind} move is malformed: {error}",
        "move_where": "{kind} move",
        "move_not_text": "a move must be text, not {kind}",
        "empty_move": "empty move: {usage}",
        "long_move": "a move is a few words, not {length} characters: {usage}",
        "unknown_move": "unknown move {text}: {usage}",
        "arity": "{verb} takes {count} argument(s), got {got} in {text}: {usage}",
        "not_whole": "{what} must be a whole number{bounds}, not {value}",
        "not_utf8": "{what} is not UTF-8 text: {why} at byte {at}",
        "not_string": "{what} must be a string, not {kind}",
        "too_deep": "{what} nests arrays and objects {depth} deep; at most {most} levels are "
                    "allowed",
        "not_json": "{what} is not valid JSON: {why}",
        "too_many_values": "{what} holds more than {most} values; no Sumer message or file "
                           "needs as many",
        "too_much_text": "{what} holds more than {most} characters of text",
        "too_many_digits": "{what} holds a number of {digits} digits; no Sumer file needs more "
                           "than {most}",
        "too_large_number": "{what} holds a number too large to use: {value}",
        "not_a_number": "{what} holds {name}, which is not a number JSON allows",
        "save_file": "save file",
        "save_not_object": "save file must be a JSON object",
        "not_a_save": "not a Sumer save file (format is {format})",
        "save_version": "unsupported save file version {version}",
        "other_ruleset": "this is a {ruleset} save file, not {wanted}",
        "replay": "save file move {number} cannot be replayed: {why}",
        "from_to": " from {least} to {most}",
        "or": " or ",
        int.__name__: "a whole number", str.__name__: "a string", list.__name__: "a list",
        tuple.__name__: "a tuple", dict.__name__: "an object", bool.__name__: "true or false",
        float.__name__: "a number",
    },
    "nl": {
        "not_object": "{where} moet een object zijn, geen {kind}",
        "missing": "{where} mist {key}",
        "wrong_type": "{where}: '{key}' moet {kinds} zijn, niet {value}",
        "too_large": "{where}: '{key}' is veel te groot: {value}",
        "unknown_fields": "{where} heeft onbekende velden {unknown}; bekend zijn: {known}",
        "too_long": "{what} is {length} tekens lang; geen Sumer-bestand heeft er meer nodig "
                    "dan {most} (de langste opgeslagen spellen, lange campagnes van "
                    "Priest-Kings, zijn ongeveer 1 MB)",
        "move_not_object": "een zet van {ruleset} moet een object zijn, niet {value}",
        "unknown_kind": "onbekende soort zet van {ruleset}: {kind}; bekend zijn: {known}",
        "other_kind": "een {name} is een zet van de soort {expected}, niet {kind}",
        "not_a_move": "geen zet van {game}: {value}",
        "items": "{where}: elk element van '{key}' moet {kinds} zijn",
        "malformed": "de zet '{kind}' is misvormd: {error}",
        "move_where": "de zet '{kind}'",
        "move_not_text": "een zet is tekst, geen {kind}",
        "empty_move": "lege zet: {usage}",
        "long_move": "een zet is een paar woorden, geen {length} tekens: {usage}",
        "unknown_move": "onbekende zet {text}: {usage}",
        "arity": "na {verb} horen {count} woord(en), niet {got}, in {text}: {usage}",
        "not_whole": "{what} moet een geheel getal{bounds} zijn, niet {value}",
        "not_utf8": "{what} is geen UTF-8-tekst: {why} bij byte {at}",
        "not_string": "{what} moet tekst zijn, geen {kind}",
        "too_deep": "{what} nest lijsten en objecten {depth} diep; hoogstens {most} niveaus "
                    "mogen",
        "not_json": "{what} is geen geldige JSON: {why}",
        "too_many_values": "{what} bevat meer dan {most} waarden; geen bericht of bestand van "
                           "Sumer heeft er zoveel nodig",
        "too_much_text": "{what} bevat meer dan {most} tekens tekst",
        "too_many_digits": "{what} bevat een getal van {digits} cijfers; geen Sumer-bestand "
                           "heeft er meer nodig dan {most}",
        "too_large_number": "{what} bevat een getal dat te groot is om te gebruiken: {value}",
        "not_a_number": "{what} bevat {name}, en dat is geen getal dat JSON toestaat",
        "save_file": "opgeslagen spel",
        "save_not_object": "een opgeslagen spel moet een JSON-object zijn",
        "not_a_save": "dit is geen opgeslagen Sumer-spel (format is {format})",
        "save_version": "onbekende versie van opgeslagen spel: {version}",
        "other_ruleset": "dit is een opgeslagen spel van {ruleset}, niet van {wanted}",
        "replay": "zet {number} van het opgeslagen spel kan niet opnieuw gespeeld worden: "
                  "{why}",
        "from_to": " van {least} tot en met {most}",
        "or": " of ",
        int.__name__: "een geheel getal", str.__name__: "tekst", list.__name__: "een lijst",
        tuple.__name__: "een tupel",
        dict.__name__: "een object", bool.__name__: "waar of onwaar",
        float.__name__: "een getal",
    },
}


#: How a refusal names a save file.
_SAVE_FILE = Message(INPUT_TEXT, "save_file")


def _bad_input(message: str, /, **values: Any) -> InvalidInput:
    return InvalidInput(Message(INPUT_TEXT, message, **values))


def field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...],
          where: str | Named) -> Any:
    """``data[key]`` checked to be of `kind`; raises `InvalidInput` naming the field."""
    if not isinstance(data, Mapping):
        raise _bad_input("not_object", where=where, kind=type(data).__name__)
    if key not in data:
        raise _bad_input("missing", where=where, key=shown(key))
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    # bool is an int in Python but never a count or an index in a save file.
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        raise _bad_input("wrong_type", where=where, key=key, kinds=_kind_name(kinds),
                         value=shown(value))
    if isinstance(value, int) and not -_LIMIT < value < _LIMIT:
        # No count, index or seed comes near; a save file could not even hold it.
        raise _bad_input("too_large", where=where, key=key, value=shown(value))
    return value


_LIMIT = 10**MAX_DIGITS


def _kind_name(kinds: tuple[type, ...]) -> Named:
    return Named(**{lang: words["or"].join(words.get(k.__name__, k.__name__) for k in kinds)
                    for lang, words in INPUT_TEXT.items()})


def check_keys(data: Mapping[str, Any], allowed: Iterable[str], where: str | Named) -> None:
    """Refuse unknown keys, so a typo in a board or save file is not silently ignored."""
    unknown = sorted(map(shown, set(data) - set(allowed)))
    if unknown:
        raise _bad_input("unknown_fields", where=where,
                         unknown=", ".join(unknown[:5]) + (" …" if len(unknown) > 5 else ""),
                         known=", ".join(map(repr, sorted(allowed))))


def saved_state(data: Any, ruleset: str, allowed: Iterable[str]) -> str:
    """The checks every ruleset's ``state_from_dict`` opens with: `data` is an object with no
    unknown key, written for `ruleset`. Returns the name its refusals give the state
    (``"sumeria state"``), for the checks of the fields that follow."""
    where = f"{ruleset} state"
    if not isinstance(data, Mapping):
        raise InvalidInput(f"{where} must be an object")
    check_keys(data, allowed, where)
    if data.get("ruleset") != ruleset:
        raise InvalidInput(f"{where}: ruleset is {shown(data.get('ruleset'))}, not '{ruleset}'")
    return where


# --------------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something that happened, told in a sentence by `describe`.

    Subclasses are frozen dataclasses with a ``TEXT`` table ``{lang: format string}``; the format
    fields are the event's own fields, or whatever `_words` returns for that language.
    """

    TEXT: ClassVar[Mapping[str, str]] = {}

    @property
    def kind(self) -> str:
        return type(self).__name__

    def describe(self, lang: str = "en") -> str:
        """One sentence saying what happened, in English (``"en"``) or Dutch (``"nl"``)."""
        if lang not in LANGUAGES:
            raise InvalidInput(f"unknown language {shown(lang)}; "
                               f"choose one of {', '.join(LANGUAGES)}")
        return self._describe(lang)

    def _describe(self, lang: str) -> str:
        return self.TEXT[lang].format(**self._words(lang))

    def _words(self, lang: str) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, (tuple, frozenset)) else value
        return out

    def __str__(self) -> str:
        return self.describe()


# ---------------------------------------------------------------------------------------- moves


class Move:
    """Mixin for moves: frozen dataclasses with a ``KIND`` and a text notation.

    Subclasses implement ``__str__`` (the notation); `to_dict` and `from_fields` are generic.
    """

    __slots__ = ()
    KIND: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.KIND}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """This kind of move back from its `to_dict` form (the ``kind`` key may be left out).

        Raises:
            InvalidInput: `data` is malformed, or names another kind of move.
        """
        ruleset = cls.__module__.split(".")[1] if cls.__module__.count(".") >= 2 else "move"
        if isinstance(data, Mapping):
            kind = data.get("kind", cls.KIND)
            if not isinstance(kind, str) or kind != cls.KIND:
                raise _bad_input("other_kind", name=cls.__name__, expected=repr(cls.KIND),
                                 kind=shown(kind))
            data = {**data, "kind": cls.KIND}
        return move_from_dict(data, {cls.KIND: cls}, ruleset)


@dataclass(frozen=True)
class Outcome:
    """One way the next chance event may come out (a throw, a battle's result, an order of
    activation): what ``<ruleset>.chance_outcomes(state)`` lists with its probability.

    ``<ruleset>.apply(state, outcome)`` plays the chance event as it came out, the way a move
    is applied — for analysis (expectimax, "what if the dice show 4"), so `Game.play` refuses
    an outcome: a game records only decisions, and its chance comes from its seed.

    Attributes:
        value: the outcome, a plain value: a throw (``3``), a battle's result
            (``("defender", 1, 0)``), an order of activation (``("ur", "kish", ...)``).
    """

    value: Any

    def __str__(self) -> str:
        return f"outcome {self.value}"


def chance_table(pairs: Iterable[tuple[Any, Any]]) -> list[tuple[Outcome, Any]]:
    """``[(Outcome(value), probability), ...]`` of the pairs whose probability is not 0."""
    return [(Outcome(value), p) for value, p in pairs if p]


def move_from_dict(data: Any, kinds: Mapping[str, type], ruleset: str) -> Any:
    """Build a move of one of `kinds` from its `to_dict` form, checking every field's type."""
    if not isinstance(data, Mapping):
        raise _bad_input("move_not_object", ruleset=ruleset, value=shown(data))
    kind = data.get("kind")
    # The type first: a list or an object as the kind cannot even be looked up.
    if not isinstance(kind, str) or kind not in kinds:
        raise _bad_input("unknown_kind", ruleset=ruleset, kind=shown(kind),
                         known=", ".join(map(repr, kinds)))
    cls = kinds[kind]
    names = [f.name for f in fields(cls)]
    where = Message(INPUT_TEXT, "move_where", kind=kind)
    check_keys(data, ["kind", *names], where)
    values = {}
    for f in fields(cls):
        values[f.name] = _typed(data, f.name, str(f.type), where)
    try:
        return cls(**values)
    except SumerError as exc:
        raise _bad_input("malformed", kind=kind, error=exc.message or exc.reason) from None
    except (TypeError, ValueError) as exc:
        raise _bad_input("malformed", kind=kind, error=shown(str(exc))) from None


def not_a_move(game: str, value: Any) -> InvalidInput:
    """The refusal of `value` where a move object of `game` was wanted."""
    return _bad_input("not_a_move", game=game, value=shown(value))


def move_words(text: Any, usage: str | Named) -> tuple[str, list[str]]:
    """The verb (lower case) and the arguments of a move written as text.

    Raises:
        InvalidInput: `text` is not text, or is empty (`usage` says how to write a move).
    """
    if not isinstance(text, str):
        raise _bad_input("move_not_text", kind=type(text).__name__)
    words = text.split()
    if not words:
        raise _bad_input("empty_move", usage=usage)
    if len(text) > MAX_MOVE_TEXT:
        raise _bad_input("long_move", length=len(text), usage=usage)
    return words[0].lower(), words[1:]


def check_arity(verb: str, args: Sequence[str], arity: Mapping[str, int], text: str,
                usage: str | Named) -> None:
    """Refuse an unknown verb, or one with the wrong number of arguments."""
    if verb not in arity:
        raise _bad_input("unknown_move", text=shown(text), usage=usage)
    if len(args) != arity[verb]:
        raise _bad_input("arity", verb=repr(verb), count=arity[verb], got=len(args),
                         text=shown(text), usage=usage)


class RulesetOptions:
    """Mixin for a ruleset's options: a frozen dataclass that saves as a plain object.

    `HOUSE_RULES` names the fields that are house rules — the numbers and tables of the rule
    text a designer may vary (docs/library.md). Their defaults are the rule text's, and a save
    writes one only where it differs: a game played by the rule text saves exactly as it did
    before the house rule existed, and one played with a house rule carries it wherever the
    save goes. Tuples save as lists.
    """

    __slots__ = ()

    HOUSE_RULES: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.name in self.HOUSE_RULES and value == f.default:
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def endless(self) -> bool:
        """Whether these options let a game run on without end (a ruleset whose options can
        says so): `engine.simulate` then asks for a cap on its length."""
        return False

    def house_rules(self) -> dict[str, Any]:
        """The house rules in force: each that differs from the rule text, by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)  # type: ignore[arg-type]
                if f.name in self.HOUSE_RULES and getattr(self, f.name) != f.default}

    @classmethod
    def from_keywords(cls, game: str, options: Mapping[str, Any]) -> Any:
        """The options given to ``new_game`` as keywords; `InvalidInput` names an unknown one."""
        names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        unknown = set(options) - set(names)
        if unknown:
            raise InvalidInput(f"unknown {game} option(s) "
                               f"{', '.join(sorted(map(shown, unknown))[:5])}; "
                               f"known: {', '.join(names)}")
        return cls._checked(options, "options")

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The options back from `to_dict`'s form; `InvalidInput` for anything else."""
        if not isinstance(data, Mapping):
            raise InvalidInput("options must be an object")
        check_keys(data, [f.name for f in fields(cls)], "options")  # type: ignore[arg-type]
        return cls._checked(data, "options")

    @classmethod
    def _checked(cls, values: Mapping[str, Any], where: str) -> Any:
        """The options, each value checked against its field's type before the class's own
        checks see it (which may look it up in a table: a list there is no TypeError)."""
        for f in fields(cls):  # type: ignore[arg-type]
            if f.name in values:
                # A type moves do not use (TypeError) is left to the class's own checks.
                with contextlib.suppress(TypeError):
                    _typed(values, f.name, str(f.type), where)
        return cls(**values)


_SCALARS: dict[str, type | tuple[type, ...]] = {
    "str": str, "int": int, "bool": bool, "float": (int, float)}


def _typed(data: Mapping[str, Any], name: str, annotation: str, where: str) -> Any:
    """``data[name]`` checked against a field annotation such as ``str``, ``int | None`` or
    ``tuple[str, ...]`` (the forms moves use); tuples arrive as JSON lists."""
    annotation = annotation.replace(" ", "")
    optional = annotation.endswith("|None")
    base = annotation.removesuffix("|None")
    if optional and data.get(name, ...) is None and name in data:
        return None
    if base in _SCALARS:
        return field(data, name, _SCALARS[base], where)
    if base.startswith("tuple[") and base.endswith(",...]"):
        inner = _SCALARS[base[len("tuple["):-len(",...]")]]
        items = field(data, name, (list, tuple), where)
        inner_kinds = inner if isinstance(inner, tuple) else (inner,)
        if not all(isinstance(v, inner_kinds) and (bool in inner_kinds or not isinstance(v, bool))
                   for v in items):
            raise _bad_input("items", where=where, key=name, kinds=_kind_name(inner_kinds))
        return tuple(items)
    raise TypeError(f"move field {name!r} has an annotation moves cannot load: {annotation}")


# ---------------------------------------------------------------------------------- the rulesets


class Rules(Protocol):
    """What a ruleset package provides (each of `engine.sumeria`, `engine.tigris`, ...)."""

    NAME: str
    Game: type[Game]

    def new_state(self, players: int, seed: int | None = None, **options: Any) -> Any: ...
    def legal_moves(self, state: Any) -> list[Any]: ...
    def apply(self, state: Any, move: Any) -> tuple[Any, list[Event]]: ...
    def parse_move(self, text: str) -> Any: ...
    def move_from_dict(self, data: Any) -> Any: ...
    def state_from_dict(self, data: Any) -> Any: ...
    def random_playout(self, state: Any, rng: random.Random, record: list[int] | None = None,
                       max_moves: int | None = None) -> Any: ...
    def determinize(self, view: Any, rng: random.Random) -> Any: ...
    def evaluate(self, state: Any, player: int) -> float: ...
    def chance_outcomes(self, state: Any) -> list[tuple[Outcome, Any]]: ...
    def reseeded(self, state: Any, seed: int) -> Any: ...
    # Optional, where a ruleset makes them quicker (the bots use them if there):
    # ``successor(state, move)`` — ``apply(state, move)[0]`` for a legal move, unchecked and
    # without events; ``evaluate_moves(state, moves, player)`` — ``evaluate`` of each.


RULESETS = ("sumeria", "tigris", "mesopotamia", "priest_kings", "royal_ur")


def rules_of(state_or_name: Any) -> Rules:
    """The ruleset package a state belongs to (or the one with that name)."""
    name = state_or_name if isinstance(state_or_name, str) else getattr(
        state_or_name, "RULESET", None)
    if name not in RULESETS:
        raise InvalidInput(f"unknown ruleset {shown(name)}; known: {', '.join(RULESETS)}")
    return importlib.import_module(f"engine.{name}")  # type: ignore[return-value]


# ----------------------------------------------------------------------------------------- Game


class Game:
    """A game in progress: the current state, every state before it, and the moves between.

    Subclasses bind `RULES`; ``sumeria.Game`` is ``Game`` for Sumeria. All rule logic stays in
    the ruleset's pure ``apply``: this class only keeps the history and the save file.
    """

    RULES: ClassVar[str] = ""

    def __init__(self, state: Any):
        rules = self.rules()
        if getattr(state, "RULESET", None) != rules.NAME:
            raise InvalidInput(f"a {rules.NAME} game needs a {rules.NAME} state, "
                               f"not {shown(state)}")
        if state.seed is None:
            # A player's view hides the seed, so its game would fail at the first draw.
            raise InvalidInput(f"a game is played from a whole {rules.NAME} state, not a "
                               "player's view (its seed is hidden: null in a save file)")
        self._states: list[Any] = [state]
        self._moves: list[Any] = []
        self._events: list[list[Event]] = []

    @classmethod
    def rules(cls) -> Rules:
        if not cls.RULES:
            raise TypeError("use the Game of a ruleset, e.g. engine.sumeria.Game")
        return rules_of(cls.RULES)

    # The current position ------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current state (an immutable value)."""
        return self._states[-1]

    @property
    def history(self) -> tuple[Any, ...]:
        """Every state since the start, the current one last."""
        return tuple(self._states)

    @property
    def moves(self) -> tuple[Any, ...]:
        """The moves played, in order: ``history[i + 1]`` is ``history[i]`` after ``moves[i]``."""
        return tuple(self._moves)

    @property
    def log(self) -> tuple[tuple[Any, tuple[Event, ...]], ...]:
        """Each move with the events it caused."""
        return tuple((m, tuple(e)) for m, e in zip(self._moves, self._events))

    @property
    def to_move(self) -> int | None:
        """The player who decides next, or None when the game is over."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def legal_moves(self) -> list[Any]:
        """Every legal move in the current state, in a stable order."""
        return self.rules().legal_moves(self.state)

    def scores(self) -> tuple[int, ...]:
        """Each player's score now (final once the game is over)."""
        return self.state.scores()

    def winners(self) -> frozenset[int]:
        """The players who share the win; empty while the game goes on."""
        return self.state.winners()

    # Changing it ----------------------------------------------------------------------------

    def play(self, move: Any) -> list[Event]:
        """Play `move` (a move object or its text notation) and return what happened.

        Raises:
            IllegalMove: the move breaks a rule; the game is unchanged.
            InvalidInput: the move's text or fields are malformed.
        """
        rules = self.rules()
        if isinstance(move, Outcome):
            raise InvalidInput(f"{move} is an outcome of chance, not a move: a game takes its "
                               f"chance from its seed (apply(state, outcome) plays it out for "
                               f"analysis; reseeded(state, seed) gives the game fresh chance)")
        if isinstance(move, str):
            move = rules.parse_move(move)
        elif isinstance(move, Mapping):
            move = rules.move_from_dict(move)
        state, events = rules.apply(self.state, move)
        self._states.append(state)
        self._moves.append(move)
        self._events.append(list(events))
        return list(events)

    def undo(self) -> Any:
        """Take back the last move and return it.

        Raises:
            IllegalMove: no move has been played yet.
        """
        if not self._moves:
            raise IllegalMove("there is no move to undo: the game is at its start")
        self._states.pop()
        self._events.pop()
        return self._moves.pop()

    def copy(self) -> Game:
        """An independent game with the same history (states are shared: they are immutable)."""
        other = type(self).__new__(type(self))
        other._states = list(self._states)
        other._moves = list(self._moves)
        other._events = [list(e) for e in self._events]
        return other

    def restore(self, other: Game) -> None:
        """Take back everything since `other` was copied from this game (`copy`): the history
        becomes `other`'s, in this same object (so every name for the game sees it)."""
        if type(other) is not type(self):
            raise InvalidInput(f"a {self.RULES} game can only be restored from one of its own "
                               f"copies, not {shown(other)}")
        self._states = list(other._states)
        self._moves = list(other._moves)
        self._events = [list(e) for e in other._events]

    def truncate(self, ply: int) -> None:
        """Go back to ``history[ply]``, dropping every later move."""
        if not is_int(ply) or not 0 <= ply < len(self._states):
            raise InvalidInput(f"ply must be between 0 and {len(self._states) - 1}, "
                               f"not {shown(ply)}")
        del self._states[ply + 1:], self._moves[ply:], self._events[ply:]

    # Save files ------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as JSON: the starting state and every move."""
        return dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": self.RULES,
            "start": self._states[0].to_dict(),
            "moves": [m.to_dict() for m in self._moves],
        })

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save file, replaying every move through the rules.

        Raises:
            InvalidInput: the text is not a save file of this ruleset, or any state or move in it
                is malformed or illegal (the message says which move).
        """
        data = loads(text, _SAVE_FILE)
        if not isinstance(data, dict):
            raise _bad_input("save_not_object")
        if data.get("format") != SAVE_FORMAT:
            raise _bad_input("not_a_save", format=shown(data.get("format")))
        if data.get("version") != SAVE_VERSION:
            raise _bad_input("save_version", version=shown(data.get("version")))
        check_keys(data, ["format", "version", "ruleset", "start", "moves"], _SAVE_FILE)
        ruleset = data.get("ruleset")
        game_cls: type[Game] = cls if cls.RULES else rules_of(ruleset).Game
        if ruleset != game_cls.RULES:
            named = ruleset if ruleset in RULESETS else shown(ruleset)
            raise _bad_input("other_ruleset", ruleset=named, wanted=game_cls.RULES)
        rules = game_cls.rules()
        game = game_cls(rules.state_from_dict(field(data, "start", dict, _SAVE_FILE)))
        for number, move_data in enumerate(field(data, "moves", list, _SAVE_FILE), start=1):
            try:
                game.play(rules.move_from_dict(move_data))
            except SumerError as exc:
                raise _bad_input("replay", number=number,
                                 why=exc.message or exc.reason) from None
        return game

    # Display --------------------------------------------------------------------------------

    def __repr__(self) -> str:
        state = self.state
        return f"<{type(self).__module__}.Game: {len(self._moves)} moves, {state.summary()}>"


def play_out(game: Game, choose: Callable[[Any], Any], max_moves: int = 100_000) -> Game:
    """Play `game` to its end, asking ``choose(state)`` for each move; returns the game."""
    for _ in range(max_moves):
        if game.is_over:
            return game
        game.play(choose(game.state))
    raise RuntimeError(f"game did not end within {max_moves} moves")

