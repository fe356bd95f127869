"""A game's words in every language, kept as data beside its code.

Each game folder's ``words.json`` holds the word tables of its modules — ``{module: {table:
{lang: ...}}}`` — so that a translator finds every sentence of a game's board, picture and
readers in one file, and the code only names them: ``WORDS = words(__file__)["WORDS"]``.
Lists in the file are read as tuples (a table is never changed).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any


def words(module_file: str) -> dict[str, Any]:
    """The word tables of the module at `module_file`, from its folder's ``words.json``."""
    path = Path(module_file)
    return _tables(str(path.parent))[path.stem]


@cache
def _tables(folder: str) -> dict[str, Any]:
    return _frozen(json.loads((Path(folder) / "words.json").read_text(encoding="utf-8")))


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return {key: _frozen(item) for key, item in value.items()}
    return value
