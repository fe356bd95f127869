"""Hand in: what a learner did in a notebook, as a small file for the teacher.

A game notebook ends with ``HandIn(lesson)``: the student types a name and presses *Hand in*.
The file (`hand_in_data`) holds, and holds nothing else:

- the notebook's lesson and language, the student's name as typed;
- per question asked: the first answer checked, whether it was right at the first try, the
  tries, the hint steps shown, whether the answer was shown, whether it is right now;
- per board task shown: whether its goal was reached, with the tries, and whether the hint was
  asked for;
- the parts reached (every part with a question answered or a task tried, by number);
- the minutes since the lesson was opened.

In JupyterLab it is written beside the notebook (``hand-in-<lesson>-<name>.json``); in the
browser-only site and in Voilà, where the kernel's folder is not the student's, the browser
downloads it. The teacher's class report (`sumer_widgets.report`) reads a folder of them, each
checked by `read_hand_in` as strictly as a save file: JSON only, bounded in size, every field
of its kind.
"""

from __future__ import annotations

import html
import json
import os
import pathlib
import re
import sys
from collections.abc import Mapping
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from engine.core import InvalidInput, loads, shown
from sumer_widgets.words import words

FORMAT = "sumer.hand-in"
VERSION = 1
#: A real hand-in is a few kilobytes; a class's files are read one after another.
MAX_HAND_IN_CHARS = 200_000
#: The longest name, id or answer a hand-in may hold.
MAX_TEXT = 200
KEYS = ("format", "version", "lesson", "lang", "student", "minutes", "parts", "questions",
        "tasks")
QUESTION_KEYS = ("first_answer", "first_right", "tries", "right", "hints", "answer_shown")
TASK_KEYS = ("tries", "done", "hint")

WORDS = words(__file__)["WORDS"]


def hand_in_data(lesson: Any, student: str) -> dict[str, Any]:
    """What `lesson`'s learner did, as the hand-in file holds it.

    Raises:
        InvalidInput: no name, or a name too long to be one.
    """
    name = " ".join(str(student).split()) if isinstance(student, str) else ""
    if not name:
        raise InvalidInput("a hand-in needs the student's name")
    if len(name) > MAX_TEXT:
        raise InvalidInput(f"a name has at most {MAX_TEXT} characters, not {len(name)}")
    record = lesson.record()
    return {"format": FORMAT, "version": VERSION, "lesson": lesson.game, "lang": lesson.lang,
            "student": name, "minutes": lesson.minutes(), "parts": lesson.parts_reached(),
            "questions": record["exercises"], "tasks": record["tasks"]}


def file_name(data: Mapping[str, Any]) -> str:
    """``hand-in-<lesson>-<name>.json``, the name in letters, digits and dashes."""
    slug = re.sub(r"[^\w]+", "-", data["student"].casefold(), flags=re.UNICODE).strip("-")
    return f"hand-in-{data['lesson']}-{slug or 'student'}.json"


def read_hand_in(text: Any, where: str = "hand-in") -> dict[str, Any]:
    """A hand-in file's contents, checked; nothing in it is evaluated.

    Raises:
        InvalidInput: not a hand-in, or one with a field of the wrong kind (the reason names it).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(f"{where} is not text (UTF-8)") from None
    if not isinstance(text, str):
        raise InvalidInput(f"{where} must be the file's text")
    if len(text) > MAX_HAND_IN_CHARS:
        raise InvalidInput(f"{where} is {len(text):,} characters: no hand-in is over "
                           f"{MAX_HAND_IN_CHARS:,}")
    data = loads(text, where)
    if not isinstance(data, dict):
        raise InvalidInput(f"{where} must hold a JSON object")
    if data.get("format") != FORMAT:
        raise InvalidInput(f"{where} is not a Sumer hand-in (format {shown(data.get('format'))})")
    _keys(data, KEYS, where)
    if data["version"] != VERSION:
        raise InvalidInput(f"{where} is hand-in version {shown(data['version'])}; this report "
                           f"reads version {VERSION}")
    from sumer_widgets.lessons import GAMES

    if data["lesson"] not in GAMES:
        raise InvalidInput(f"{where} is for a lesson this report does not know: "
                           f"{shown(data['lesson'])}")
    _text(data, "lang", where)
    if data["lang"] not in WORDS:
        raise InvalidInput(f"{where}: lang is {shown(data['lang'])}, not one of "
                           f"{', '.join(WORDS)}")
    _text(data, "student", where)
    _count(data, "minutes", where)
    if not isinstance(data["parts"], list) or not all(
            _is_count(part) and part < 100 for part in data["parts"]):
        raise InvalidInput(f"{where}: parts must be a list of part numbers")
    for section, keys in (("questions", QUESTION_KEYS), ("tasks", TASK_KEYS)):
        entries = data[section]
        if not isinstance(entries, dict) or len(entries) > 500:
            raise InvalidInput(f"{where}: {section} must be an object of at most 500 entries")
        for item_id, entry in entries.items():
            at = f"{where}: {section} {shown(item_id)}"
            if len(item_id) > MAX_TEXT or not isinstance(entry, dict):
                raise InvalidInput(f"{at} must be an object")
            _keys(entry, keys, at)
            _check_entry(entry, section, at)
    return data


def _check_entry(entry: dict[str, Any], section: str, at: str) -> None:
    _count(entry, "tries", at)
    if section == "tasks":
        for key in ("done", "hint"):
            _flag(entry, key, at)
        return
    _count(entry, "hints", at)
    for key in ("right", "answer_shown"):
        _flag(entry, key, at)
    if entry["first_right"] is not None:
        _flag(entry, "first_right", at)
    first = entry["first_answer"]
    simple = first is None or _is_count(first, signed=True) or (
        isinstance(first, str) and len(first) <= MAX_TEXT)
    listed = isinstance(first, list) and len(first) <= 50 and all(
        isinstance(item, str) and len(item) <= MAX_TEXT for item in first)
    if not (simple or listed):
        raise InvalidInput(f"{at}: first_answer must be a number, a text or a list of texts")


def _keys(data: Mapping[str, Any], keys: tuple[str, ...], where: str) -> None:
    missing = [key for key in keys if key not in data]
    unknown = sorted(set(data) - set(keys))
    if missing or unknown:
        said = "; ".join(part for part in (
            f"missing {', '.join(missing)}" if missing else "",
            f"unknown {', '.join(map(shown, unknown[:5]))}" if unknown else "") if part)
        raise InvalidInput(f"{where}: {said}")


def _is_count(value: Any, signed: bool = False) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and (
        signed or value >= 0) and abs(value) < 10**9


def _count(data: Mapping[str, Any], key: str, where: str) -> None:
    if not _is_count(data[key]):
        raise InvalidInput(f"{where}: {key} must be a whole number ≥ 0, not {shown(data[key])}")


def _flag(data: Mapping[str, Any], key: str, where: str) -> None:
    if not isinstance(data[key], bool):
        raise InvalidInput(f"{where}: {key} must be true or false, not {shown(data[key])}")


def _text(data: Mapping[str, Any], key: str, where: str) -> None:
    value = data[key]
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise InvalidInput(f"{where}: {key} must be a text of 1 to {MAX_TEXT} characters")


def downloads_in_browser() -> bool:
    """Whether the file goes to the browser (the browser-only site, Voilà) rather than beside
    the notebook (JupyterLab)."""
    return sys.platform == "emscripten" or any(key.startswith("VOILA_") for key in os.environ)


class Download(anywidget.AnyWidget):
    """Hands a file to the browser: ``send({"kind": "download", "text", "file"})``."""

    _esm = pathlib.Path(__file__).parent / "static" / "download.js"
    name = traitlets.Unicode("").tag(sync=True)


class HandIn(widgets.VBox):
    """The *Hand in* cell of a notebook: a name box and a button (see the module)."""

    def __init__(self, lesson: Any, folder: str | pathlib.Path = "."):
        self.lesson = lesson
        self.folder = pathlib.Path(folder)
        self.words = WORDS.get(lesson.lang, WORDS["en"])
        self.name_box = widgets.Text(placeholder=self.words["placeholder"],
                                     description=self.words["name"],
                                     layout=widgets.Layout(width="22em"))
        self.button = widgets.Button(description=self.words["button"], button_style="primary")
        self.button.on_click(lambda _button: self.hand_in())
        self.said = widgets.HTML("")
        self.download = Download()
        self.handed: dict[str, Any] | None = None
        super().__init__([widgets.HTML(f"<b>{html.escape(self.words['title'])}.</b> "
                                       f"{html.escape(self.words['intro'])}"),
                          widgets.HBox([self.name_box, self.button]), self.said,
                          self.download])
        self.add_class("sumer-hand-in")

    def hand_in(self) -> dict[str, Any] | None:
        """Write (or download) the file; returns what it holds (None without a name)."""
        name = self.name_box.value
        if not name.strip():
            self.said.value = html.escape(self.words["no_name"])
            return None
        try:
            data = hand_in_data(self.lesson, name)
        except InvalidInput as exc:
            self.said.value = html.escape(exc.describe(self.lesson.lang))
            return None
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        target = file_name(data)
        parts = ", ".join(map(str, data["parts"])) or self.words["none"]
        counts = {"file": target, "questions": len(data["questions"]),
                  "tasks": len(data["tasks"]), "parts": parts}
        if downloads_in_browser():
            self.download.send({"kind": "download", "text": text, "file": target})
            self.said.value = html.escape(self.words["downloaded"].format(**counts))
        else:
            (self.folder / target).write_text(text, encoding="utf-8")
            self.said.value = html.escape(self.words["written"].format(**counts))
        self.handed = data
        return data

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        data["text/html"] = (f"<p><b>{html.escape(self.words['title'])}.</b> "
                             f"{html.escape(self.words['intro'])}</p>")
        data["text/plain"] = f"{self.words['title']}: {self.words['intro']}"
        return data
