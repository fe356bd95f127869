"""The words checker: every id has its words, every words entry its id, every translation is
whole, and no learner's sentence hides in Python.

`problems()` reads every words file of the package (`sumer_widgets.words`) beside the code
that uses it and names, one line each:

- an exercise, a task or a goal kind without its words (in English, the language every
  lesson is written in first), and a words entry whose id the code does not have;
- a key the words may not have (a misspelt ``hnit``, with the key it probably meant);
- a translation that misses a sentence English has, or has one English does not — for the
  word tables of every module, and for a lesson's questions, tasks and goals in each
  language the lesson is translated into (its file has a ``question`` table);
- a sentence whose ``{slots}`` differ from the English one's;
- a module's word table that no module reads.

`prose_literals(source)` finds the sentences a learner would read written as string
literals in Python source (a lesson module must have none: its words are data).

Run ``python -m sumer_widgets.wordcheck`` to print the problems (a translator's check); the
suite runs it (``tests/test_words.py``).
"""

from __future__ import annotations

import ast
import difflib
import importlib
import re
import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from engine.core import RULESETS
from sumer_widgets import words as words_module
from sumer_widgets.lessons import GAMES
from sumer_widgets.words import SECTIONS

PACKAGE = Path(__file__).parent


def problems(folders: Iterable[Path] | None = None) -> list[str]:
    """Every problem of the words files of `folders` (default: every folder of the package
    that has words files)."""
    if folders is None:
        folders = sorted({path.parent for path in PACKAGE.rglob("words.*.toml")})
    found: list[str] = []
    for folder in folders:
        found += folder_problems(folder)
    return found


def folder_problems(folder: Path) -> list[str]:
    name = "sumer_widgets" if folder == PACKAGE else folder.name
    try:
        read = words_module.folder_words(str(folder))
    except Exception as exc:
        return [f"{name}: {getattr(exc, 'reason', exc)}"]
    found = check(name, read, _ids(folder), _modules(folder))
    return found


def check(name: str, read: Mapping[str, Mapping[str, Any]], ids: Mapping[str, Any] | None,
          modules: Mapping[str, str]) -> list[str]:
    """The problems of one folder's words `read` (``{lang: contents}``), given the lesson's
    `ids` (``{"question": {id: allowed keys}, "task": {...}, "goal": {...}}``, or None where
    the folder has no lesson) and the source of its `modules` (``{stem: source}``)."""
    found: list[str] = []
    english = read.get("en")
    if english is None:
        return [f"{name}: no English words file (words.en.toml)"]
    for stem, tables in english.items():
        if stem in SECTIONS:
            continue
        source = modules.get(stem)
        if source is None:
            found.append(f"{name}/words.en.toml: [{stem}] names no module of the folder"
                         f"{_close(stem, modules)}")
            continue
        reads_all = re.search(r"words\(__file__\)\s*$", source, re.M) is not None
        for table in tables:
            if not reads_all and f'["{table}"]' not in source:
                found.append(f"{name}/words.en.toml: [{stem}.{table}] is read by no code of "
                             f"{stem}.py")
    if ids is not None:
        for section, known in ids.items():
            told = english.get(section, {})
            for item_id in known:
                if item_id not in told:
                    found.append(f"{name}/words.en.toml: no [{section}.{item_id}]: the "
                                 f"{section} {item_id!r} has no words")
            for item_id, table in told.items():
                if item_id not in known:
                    found.append(f"{name}/words.en.toml: [{section}.{item_id}] is no "
                                 f"{section} of the lesson{_close(item_id, known)}")
                    continue
                found += _keys(f"{name}/words.en.toml: [{section}.{item_id}]", table,
                               known[item_id])
    for lang, translated in read.items():
        if lang == "en":
            continue
        where = f"{name}/words.{lang}.toml"
        for stem, tables in english.items():
            if stem in SECTIONS and (stem not in translated and "question" not in translated):
                continue
            found += _compare(where, [stem], tables, translated.get(stem, {}))
        for stem in translated:
            if stem not in english:
                found.append(f"{where}: [{stem}] is not in words.en.toml"
                             f"{_close(stem, english)}")
    return found


def _keys(where: str, table: Any, allowed: Any) -> list[str]:
    if not isinstance(table, Mapping):
        return [f"{where} must be a table"]
    bad = sorted(set(table) - set(allowed))
    return [f"{where} has no key {key!r}{_close(key, allowed)}" for key in bad]


def _compare(where: str, path: list[str], english: Any, other: Any) -> list[str]:
    here = ".".join(path)
    if isinstance(english, Mapping):
        if not isinstance(other, Mapping):
            return [f"{where}: [{here}] must be a table, as in English"]
        found = []
        for key, value in english.items():
            if key not in other:
                found.append(f"{where}: missing translation of {here}.{key}")
            else:
                found += _compare(where, [*path, str(key)], value, other[key])
        for key in other:
            if key not in english:
                found.append(f"{where}: {here}.{key} is not in English"
                             f"{_close(str(key), [str(k) for k in english])}")
        return found
    if isinstance(english, tuple):
        if not isinstance(other, tuple):
            return [f"{where}: {here} must be a list, as in English"]
        found = []
        if len(other) != len(english) and path[-1] != "hint":
            found.append(f"{where}: {here} has {len(other)} items, English {len(english)}")
        for n, (a, b) in enumerate(zip(english, other)):
            found += _compare(where, [*path, str(n)], a, b)
        return found
    if isinstance(english, str):
        if not isinstance(other, str):
            return [f"{where}: {here} must be text"]
        lost, invented = _slots(english) - _slots(other), _slots(other) - _slots(english)
        if lost or invented:
            said = "; ".join(part for part in (
                f"lost {', '.join(sorted(lost))}" if lost else "",
                f"invented {', '.join(sorted(invented))}" if invented else "") if part)
            return [f"{where}: {here} has other slots than English ({said})"]
    return []


def _slots(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"(unbalanced braces)"}


def _close(word: str, known: Iterable[Any]) -> str:
    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _modules(folder: Path) -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in folder.glob("*.py")}


def _ids(folder: Path) -> dict[str, Any] | None:
    """The ids the lesson of `folder` has, each with the keys its words may have."""
    if folder.name not in GAMES or not (folder / "lesson.py").exists():
        return None
    from sumer_widgets.exercises import WORD_FIELDS
    from sumer_widgets.goals import KIND_EXTRAS, goal_kinds
    from sumer_widgets.taskfile import WORD_KEYS

    lesson = importlib.import_module(f"sumer_widgets.{folder.name}.lesson")
    ids: dict[str, Any] = {"question": {ex.id: WORD_FIELDS for ex in lesson.EXERCISES}}
    tasks = {}
    for task in lesson.TASKS:
        said = task.objective.kind.sentences if task.objective is not None else \
            getattr(task.check, "sentences", ("done", "missed"))
        tasks[task.id] = (*WORD_KEYS, *said)
    ids["task"] = tasks
    # Only a game's lesson has board goals (analysis and variantlab have no board).
    if folder.name in RULESETS:
        ids["goal"] = {name: (*goal.sentences, *KIND_EXTRAS)
                       for name, goal in goal_kinds(folder.name).items()}
    return ids


# Sentences in Python -------------------------------------------------------------------------

_WORD = re.compile(r"(?<![\w.])[^\W\d_]{2,}(?![\w.])")
_MARKUP = re.compile(r"<|>|\{[^}]*:[^}]*;|=\"|#[0-9a-fA-F]{3}")
#: A board written as text (a position's diagram): rows of dots.
_DIAGRAM = re.compile(r"(?:\. ){3}")
#: Calls whose arguments are no learner's prose: patterns, and errors for programmers.
_NOT_PROSE_CALLS = {"compile", "search", "match", "sub", "fullmatch", "findall", "ValueError",
                    "TypeError", "KeyError", "RuntimeError", "AssertionError"}
#: Keywords whose values are no learner's prose: an exercise's giveaway patterns and facts.
_NOT_PROSE_KEYWORDS = {"tells", "facts"}


def prose_literals(source: str, *, errors: Iterable[str] = (),
                   keys: Iterable[str] = ()) -> list[tuple[int, str]]:
    """The string literals of Python `source` that read as a learner's sentence — three words
    or more with a space, not a docstring, not markup, not a pattern — as ``(line, text)``.

    A module that raises one of its own errors for a programmer (a wrong argument, a malformed
    data file) names them in `errors` (e.g. ``InvalidInput``): their arguments are not prose,
    as a ``ValueError``'s are not. `keys` are the names a data file gives its figures, which
    the code looks up by name (``figures["games with one winner"]``): data, not prose."""
    not_prose_calls = _NOT_PROSE_CALLS | set(errors)
    keys = set(keys)
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # docstrings, and a field's docstring after it
        elif isinstance(node, ast.keyword) and node.arg in _NOT_PROSE_KEYWORDS:
            skip.update(id(sub) for sub in ast.walk(node.value))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in not_prose_calls:
                skip.update(id(sub) for sub in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip and " " in node.value and node.value not in keys
                and not _MARKUP.search(node.value) and not _DIAGRAM.search(node.value)
                and len(_WORD.findall(node.value)) >= 3):
            found.append((node.lineno, node.value))
    return sorted(found)


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    print(f"{len(found)} problem(s) in the words files")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
