"""The coach's sentences, in English and Dutch: ``words.json`` beside this module, one table
per ruleset (and ``common``), each sentence a format string filled in with the values of the
position (``"captures {other}'s piece on {cell}"``).

A reason is a verb phrase whose subject is the move (a board shows it under the move: "Enter
— lands on the rosette d1: another throw"); it starts in lower case and has no full stop.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from engine.core import LANGUAGES, Message, Named


@functools.cache
def _all() -> dict[str, dict[str, dict[str, str]]]:
    text = resources.files("engine.coach").joinpath("words.json").read_text("utf-8")
    return json.loads(text)


@functools.cache
def table(part: str) -> dict[str, dict[str, str]]:
    """``{lang: {key: sentence}}`` of one part of the words (a ruleset, or ``"common"``)."""
    words = _all()
    return {lang: words[lang][part] for lang in LANGUAGES}


def say(part: str, key: str, **values: Any) -> Message:
    """The sentence `key` of `part`, with its values (told in the language asked for)."""
    return Message(table(part), key, **values)


def percent(chance: float) -> Named:
    """A chance as a whole percentage, "62 %" (a space before the sign, as both languages
    write it in the notebooks)."""
    text = f"{round(100 * chance)} %"
    return Named(en=text, nl=text)


def listed(items: list[Any], lang_words: str = "or") -> Named:
    """Items joined as a sentence lists them: "2, 3 or 4" / "2, 3 of 4"."""
    def join(lang: str) -> str:
        told = [i.describe(lang) if hasattr(i, "describe") else str(i) for i in items]
        if len(told) < 2:
            return "".join(told)
        word = table("common")[lang][lang_words]
        return f"{', '.join(told[:-1])} {word} {told[-1]}"

    return Named.of(join)
