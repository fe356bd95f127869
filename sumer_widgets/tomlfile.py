"""TOML, read and written: the format of the words files and the teachers' task files.

Reading is ``tomllib`` (in the standard library, and in the browser's Python too) behind the
project's own bounds, so a file a teacher or a translator wrote is refused with `InvalidInput`
naming the line — never a traceback, never a `RecursionError`: a file longer than
`MAX_TOML_CHARS` is refused by its length, and arrays or inline tables nested deeper than
`MAX_TOML_DEPTH` by a scan that counts brackets outside strings and comments, before the
parser (which recurses) sees them.

Writing (`dumps`) covers what these files hold — tables, arrays of tables, text, whole
numbers, numbers, true/false and arrays of those — so that what the project writes, it reads
back unchanged (`loads(dumps(data)) == data`, tested). Text keeps its line breaks as escapes
and is written on one line: a translator's editor wraps it. There is no ``null`` in TOML; a
None is refused.
"""

from __future__ import annotations

import itertools
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import InvalidInput, plain

#: The longest TOML text read: the largest words file is about 60 KB, a class's task file a
#: few KB.
MAX_TOML_CHARS = 1_000_000
#: The deepest nesting of arrays and inline tables read (a words file needs 2).
MAX_TOML_DEPTH = 16

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# Strings first (multi-line before single-line), then comments: what is left holds the
# brackets of arrays, inline tables and table headers.
_STRINGS = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')
_COMMENT = re.compile(r"#[^\n]*")
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def loads(text: Any, what: str = "TOML file") -> dict[str, Any]:
    """`text` read as TOML.

    Raises:
        InvalidInput: not text, too long, nested too deep, or not TOML — the reason names
            `what` and, where the parser says, the line.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"{what} is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise InvalidInput(f"{what} must be text, not {type(text).__name__}")
    if len(text) > MAX_TOML_CHARS:
        raise InvalidInput(f"{what} is {len(text):,} characters long; a Sumer TOML file has "
                           f"at most {MAX_TOML_CHARS:,}")
    depth = _nesting(text)
    if depth > MAX_TOML_DEPTH:
        raise InvalidInput(f"{what} nests arrays or tables {depth} deep; at most "
                           f"{MAX_TOML_DEPTH} levels are allowed")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInput(f"{what} is not valid TOML: {exc}") from None


def _nesting(text: str) -> int:
    outside = _COMMENT.sub("", _STRINGS.sub('""', text))
    steps = map(_STEP.__getitem__, _BRACKET.findall(outside))
    return max(itertools.accumulate(steps), default=0)


def line_of(text: str, *path: str | int) -> int | None:
    """The line (from 1) where the value at `path` is written in `text` — a table's or an
    array of tables' header and then a key within it, e.g. ``("task", 2, "goal", "kind")`` —
    or the nearest line found on the way; None if not even the first step is there. How a
    refusal of a file's content (not its syntax, which the parser places) names the line."""
    lines = text.splitlines()
    found: int | None = None
    start, end = 0, len(lines)
    prefix: list[str] = []
    steps = list(path)
    while steps:
        step = steps.pop(0)
        if isinstance(step, int):
            headers = [n for n in range(start, end) if _header(lines[n]) == ("[[", prefix)]
            if step >= len(headers):
                return found
            start = headers[step]
            found = start + 1
            end = next((n for n in range(start + 1, len(lines))
                        if _header(lines[n]) is not None and (
                            _header(lines[n])[1][:len(prefix)] != prefix
                            or _header(lines[n]) == ("[[", prefix))), len(lines))
            continue
        names = [str(step), *(str(s) for s in itertools.takewhile(
            lambda s: not isinstance(s, int), steps))]
        header = None
        for take in range(len(names), 0, -1):
            table = [*prefix, *names[:take]]
            header = next((n for n in range(start, end) if _header(lines[n]) is not None
                           and _header(lines[n])[1] == table), None)
            if header is not None:
                del steps[:take - 1]
                break
        if header is not None:
            prefix = table
            found = header + 1
            start = header
            continue
        key = names[0]
        assigned = re.compile(rf"^\s*(?:{re.escape(key)}|\"{re.escape(key)}\")\s*=")
        line = next((n for n in range(start, end) if assigned.match(lines[n])), None)
        if line is None:
            return found
        found = line + 1
        prefix = [*prefix, key]
    return found


def _header(line: str) -> tuple[str, list[str]] | None:
    stripped = line.strip()
    match = re.fullmatch(r"(\[\[?)\s*([^\[\]]+?)\s*\]\]?(?:\s*#.*)?", stripped)
    if not match:
        return None
    keys = [part.strip().strip('"') for part in match.group(2).split(".")]
    return match.group(1), keys


# Writing -------------------------------------------------------------------------------------


def dumps(data: Mapping[str, Any], comment: str = "") -> str:
    """`data` as TOML text: `comment` (lines of text) first, then the plain values of the top
    table, then its tables and arrays of tables in order.

    Raises:
        InvalidInput: a value TOML cannot hold (None, a number that is not finite, an object
            of another kind), or nesting deeper than `engine.core.MAX_JSON_DEPTH`.
    """
    # Bounded first (depth, size; a structure that holds itself is too deep), as anything
    # handed in, before the writer recurses through it.
    data = plain(data, "what is written to a file")
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    if lines:
        lines.append("")
    _table(data, [], lines)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def _is_table(value: Any) -> bool:
    return isinstance(value, Mapping)


def _is_tables(value: Any) -> bool:
    return (isinstance(value, Sequence) and not isinstance(value, str) and bool(value)
            and all(isinstance(item, Mapping) for item in value))


def _table(data: Mapping[str, Any], path: list[str], lines: list[str]) -> None:
    for key, value in data.items():
        if not (_is_table(value) or _is_tables(value)):
            lines.append(f"{_key(key)} = {_value(value, [*path, key])}")
    for key, value in data.items():
        here = [*path, str(key)]
        if _is_table(value):
            plain = [v for v in value.values() if not (_is_table(v) or _is_tables(v))]
            if plain or not value:
                if lines and lines[-1]:
                    lines.append("")
                lines.append(f"[{'.'.join(map(_key, here))}]")
            _table(value, here, lines)
        elif _is_tables(value):
            for item in value:
                if lines and lines[-1]:
                    lines.append("")
                lines.append(f"[[{'.'.join(map(_key, here))}]]")
                _table(item, here, lines)


def _key(key: Any) -> str:
    if not isinstance(key, str):
        raise InvalidInput(f"a TOML key must be text, not {key!r}")
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    # Text with quotes (a saved game's JSON) reads best as a literal string, where nothing is
    # escaped; it can be one when it has no apostrophe, line break or control character.
    if '"' in text and "'" not in text and all(0x20 <= ord(c) != 0x7F for c in text) and \
            not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return f"'{text}'"
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        elif 0xD800 <= ord(char) <= 0xDFFF:
            raise InvalidInput("text holds a lone surrogate, which no file can store")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _value(value: Any, path: list[str]) -> str:
    where = ".".join(map(str, path))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise InvalidInput(f"{where}: a whole number in a file has at most 19 digits")
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput(f"{where}: {value} cannot be written to a file")
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_value(v, [*path, k])}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, Sequence):
        items = [_value(item, path) for item in value]
        one_line = "[" + ", ".join(items) + "]"
        if len(one_line) <= 80:
            return one_line
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    raise InvalidInput(f"{where}: {type(value).__name__} cannot be written to a file")
