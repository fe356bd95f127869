"""Every sentence a learner reads, kept as data: one words file per folder and language.

A folder of ``sumer_widgets`` — the shared parts at its top, each game's folder, the
analysis lesson's and the history's — keeps its words in ``words.<lang>.toml`` beside its
code (``words.en.toml``, ``words.nl.toml``). A translator copies the English file, translates
the text on the right of each ``=``, and the boards and the lesson speak the new language: no
code changes (docs/architecture.md, "Words").

A file holds, each as TOML tables:

- ``[<module>.<TABLE>]`` — the word tables a module names, e.g. ``[board.WORDS]`` for the
  board's buttons and messages, ``[readers.WORDS]``: read by ``words(__file__)["WORDS"]``,
  which gives ``{lang: table}`` as the code has always used it;
- ``[question.<id>]`` — an exercise's question, hint, explanation, because and slips
  (`sumer_widgets.exercises`);
- ``[task.<id>]`` — a board task's goal, hint, explanation and its verdicts' sentences
  (`sumer_widgets.tasks`);
- ``[goal.<kind>]`` — the sentences of a goal kind (`sumer_widgets.goals`), which every task
  of that kind says unless the task gives its own;
- ``[lesson.<name>]`` — any other sentence a lesson computes with (the labels of a choice,
  the captions of what a question reveals).

Sentences hold ``{name}`` slots the code fills in (`Message` in `engine.core`). The checker
(``tests/test_words.py``, `problems`) names every id without words, every words entry
without an id, every missing translation, every misspelt key and every slot a translation
lost or invented.

Limits: a words file is read once a process (they ship with the package); a language is one
`engine.core.LANGUAGES` knows. Lists in a file are read as tuples (a table is never changed).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.core import LANGUAGES, InvalidInput, Message
from sumer_widgets import tomlfile

#: The sections of a words file that are not a module's word tables.
SECTIONS = ("question", "task", "goal", "lesson")


def words(module_file: str) -> dict[str, Any]:
    """The word tables of the module at `module_file`: ``{TABLE: {lang: value}}``, from the
    ``words.<lang>.toml`` files of its folder."""
    path = Path(module_file)
    tables: dict[str, dict[str, Any]] = {}
    for lang, data in folder_words(str(path.parent)).items():
        for table, value in data.get(path.stem, {}).items():
            tables.setdefault(table, {})[lang] = value
    if not tables:
        raise KeyError(f"no words for module {path.stem!r} in {path.parent.name}/words.*.toml")
    return tables


def section(module_file: str, name: str) -> dict[str, dict[str, Any]]:
    """One of `SECTIONS` of the words files beside `module_file`: ``{id: {lang: table}}``."""
    found: dict[str, dict[str, Any]] = {}
    for lang, data in folder_words(str(Path(module_file).parent)).items():
        for item_id, table in data.get(name, {}).items():
            found.setdefault(item_id, {})[lang] = table
    return found


def files(folder: str | Path) -> dict[str, Path]:
    """The words files of `folder`, by language (English first)."""
    folder = Path(folder)
    found = {path.name.split(".")[1]: path for path in sorted(folder.glob("words.*.toml"))}
    return dict(sorted(found.items(), key=lambda item: item[0] != "en"))


@cache
def folder_words(folder: str) -> dict[str, dict[str, Any]]:
    """The words files of `folder`, read: ``{lang: contents}``.

    Raises:
        InvalidInput: a file is not TOML, or is in a language the project does not know.
    """
    read: dict[str, dict[str, Any]] = {}
    for lang, path in files(folder).items():
        if lang not in LANGUAGES:
            raise InvalidInput(f"{path.name}: {lang!r} is not a language Sumer knows "
                               f"({', '.join(LANGUAGES)})")
        read[lang] = _frozen(tomlfile.loads(path.read_text(encoding="utf-8"),
                                            f"{Path(folder).name}/{path.name}"))
    return read


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return {key: _frozen(item) for key, item in value.items()}
    return value


class Said:
    """A sentence of a words section, told in the language asked for when it is shown: the
    sentence `key` of item `item` (``task.<id>``, ``goal.<kind>``, ``lesson.<name>``) with
    `values` in its ``{slots}``. Like `Message`, a value with a ``describe(lang)`` is told in
    the same language. English stands in for a missing translation (and any language a
    sentence has, where there is no English: a teacher's own task in Dutch)."""

    __slots__ = ("item", "key", "table", "values")

    def __init__(self, table: Mapping[str, Mapping[str, Any]], item: str, key: str, /,
                 **values: Any):
        if not any(key in texts for texts in table.values()):
            raise KeyError(f"{item}: no sentence {key!r} in any language")
        self.table = table
        self.item = item
        self.key = key
        self.values = values

    def describe(self, lang: str = "en") -> str:
        text = next(texts[self.key] for texts in (
            self.table.get(lang, {}), self.table.get("en", {}), *self.table.values())
            if self.key in texts)
        return Message({"en": {"s": text}}, "s", **self.values).describe(lang) if (
            self.values) else text

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Said) and (self.item, self.key, self.values)
                == (other.item, other.key, other.values))

    def __hash__(self) -> int:
        return hash((self.item, self.key))

    def __repr__(self) -> str:
        return f"Said({self.item}.{self.key})"


class Told:
    """A value of a sentence that is itself told per language by a function (a reader's
    sentence, a computed list): ``Told(lambda lang: control_text(state, rank, lang))``."""

    __slots__ = ("tell",)

    def __init__(self, tell: Any):
        self.tell = tell

    def describe(self, lang: str = "en") -> str:
        return self.tell(lang)


class Section:
    """The items of one words section of a folder, e.g. a lesson's ``task`` or ``lesson``
    words: ``Section(__file__, "lesson").say("bands", "under-2")`` → a `Said`."""

    def __init__(self, module_file: str, name: str):
        self.name = name
        self.items = section(module_file, name)

    def table(self, item: str) -> dict[str, Any]:
        """``{lang: {key: sentence}}`` of `item`."""
        try:
            return self.items[item]
        except KeyError:
            raise KeyError(f"no [{self.name}.{item}] in the words files") from None

    def say(self, item: str, key: str, /, **values: Any) -> Said:
        return Said(self.table(item), f"{self.name}.{item}", key, **values)

    def both(self, item: str, key: str) -> dict[str, str]:
        """The sentence in every language, as ``{lang: text}`` (no slots filled)."""
        return {lang: texts[key] for lang, texts in self.table(item).items() if key in texts}
