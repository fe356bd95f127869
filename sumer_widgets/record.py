"""A learner's record: what they did in every lesson of every game, kept for the whole course.

The record is one JSON file per learner (``sumer.record``), written again after every answer,
hint, task move and game review, so a kernel restart, a closed laptop or the next lesson loses
nothing. It is made of **sessions** — one run of a notebook, with its game, language, date and
minutes — and **attempts**: what the learner did with a question or a board task in one
session (first answer and whether it was right, tries, hint steps, whether the answer was shown;
a task's tries, whether it was done, hint steps and stars), each marked whether it came in a
warm-up. Merging two records (two computers, two hand-ins of one student) is the union of their
sessions and attempts by id, so nothing handed in is lost and nothing counts twice.

From it come (`Progress`): the parts reached, the questions right at the first try, the
stars, the lessons, the items due in the next warm-up, and each rule's level:

- **lessons** are counted per game as the days on which the learner worked on it (a class
  lesson is a day's work: a lesson is "the next one" however many days apart it is);
- **the warm-up** (a Leitner box counted in lessons): an item missed — wrong at the first try,
  the answer shown, or a task not done — comes back in the next lesson's warm-up; missed again
  there, it comes back two lessons later; right at the first try in a warm-up, it is done;
- **a rule's level**: *tried* (an item practising it was attempted), *familiar* (one was right
  at the first try), *mastered* (one was right at the first try in a warm-up — not in the part
  that taught it);
- **stars** of a board task (the ladder of docs/teachers.md): 3 for the goal reached with no
  hint step and no missed try, one fewer for each hint step and each missed try, at least 1
  when reached; 0 when not.

**Reviews** (`note_review`): a game reviewed on a board of a lesson (`Lesson.keep_reviews`:
the board's "Review this game", `engine.coach.review`) keeps, as plain data::

    {"session": "<session id>", "game": "<the lesson's game>",
     "player": 0,              # the learner's seat in the game
     "accuracy": 83.4,         # the learner's accuracy, 0 to 100
     "moves": 17,              # the learner's graded decisions
     "moments": [              # the learner's key moments, costliest first (at most 3)
        {"ply": 23,            # the move's index in the game (game.moves[ply])
         "move": "move 8",     # the move played there, in the ruleset's notation
         "best": "move 7",     # the coach's best move there
         "lost": 0.094,        # the chance of winning the move lost (0 to 1)
         "grade": "mistake",   # engine.coach.GRADES
         "position": "{...}"}  # a save file (Game.to_json) of the game up to that position:
     ]}                        #   Game.from_json(position) is the position, ready to play

so the class report can list the class's costliest positions and a later warm-up serve them
as puzzles (``Game.from_json(moment["position"])`` on a board; the move to beat is
``moment["move"]``). A board's later review of the same game replaces its earlier one.

Where it lives (`RecordStore`): the folder ``$SUMER_RECORDS``, else ``records/`` beside the
notebooks (``notebooks/records/`` in a checkout, git-ignored; in the browser-only site that
folder is in the browser's storage, and the hand-in downloads a copy to keep). The tests point
``SUMER_RECORDS`` elsewhere.

Limits, one set for writing and reading (`LIMITS`): what a lesson records is cut to them when
it is recorded, so the reader accepts everything the project wrote.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import secrets
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import InvalidInput, Message, loads, shown
from sumer_widgets.games import LESSONS
from sumer_widgets.words import words

FORMAT = "sumer.record"
VERSION = 1
#: The one set of limits: what is recorded is cut to them, what is read is checked by them.
LIMITS = {
    "name": 100,           # characters of a learner's name
    "text": 200,           # characters of an answer
    "id": 80,              # characters of a question's or task's id
    "items": 50,           # items of an answer that is a set
    "number": 10**9,       # the largest whole number an answer may be (in size)
    "sessions": 1_000,     # sessions a record holds
    "attempts": 3_000,     # attempts a record holds (a course: a few hundred)
    "reviews": 500,        # game reviews a record holds
    "position": 200_000,   # characters of a key moment's position (a save file's text)
    "review_chars": 1_000_000,  # characters of all reviews together (their positions)
    "parts": 60,           # parts of one notebook
    "chars": 2_000_000,    # characters of a record's file
}
#: What the record says to a learner about a name, in each language.
TEXT = words(__file__)["TEXT"]
ITEM_KINDS = ("question", "task")
RECORD_KEYS = ("format", "version", "student", "sessions", "attempts", "reviews")
SESSION_KEYS = ("id", "game", "lang", "date", "minutes", "parts")
ATTEMPT_KEYS = ("session", "kind", "item", "warmup", "first_answer", "first_right", "tries",
                "hints", "answer_shown", "done", "stars")
REVIEW_KEYS = ("session", "game", "player", "accuracy", "moves", "moments")
#: A name's letters, for a file name that a person recognises (the hash keeps names apart).
_SLUG = re.compile(r"[^\w]+", re.UNICODE)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


# Names and files ----------------------------------------------------------------------------


def clean_name(name: Any) -> str:
    """A learner's name as typed, tidied: spaces collapsed, Unicode in one form (NFC).

    Raises:
        InvalidInput: no name, a name too long, or text no file can hold (a lone surrogate).
    """
    if not isinstance(name, str):
        raise InvalidInput(Message(TEXT, "no_name"))
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not name:
        raise InvalidInput(Message(TEXT, "no_name"))
    if len(name) > LIMITS["name"]:
        raise InvalidInput(Message(TEXT, "long_name", most=LIMITS["name"], length=len(name)))
    if _has_surrogate(name):
        raise InvalidInput(Message(TEXT, "odd_name"))
    return name


def name_key(name: str) -> str:
    """The key that keeps learners apart: the name without case or extra spaces. Two names
    that differ only in case or spacing are one learner; any other difference (a dash, a
    mark) is another learner."""
    return clean_name(name).casefold()


def file_stem(name: str) -> str:
    """``<letters of the name>-<8 hex digits>``: readable, and two different learners never
    share it (the digits are a hash of `name_key`)."""
    key = name_key(name)
    slug = _SLUG.sub("-", key).strip("-")[:40] or "student"
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]
    return f"{slug}-{digest}"


def today() -> str:
    return dt.date.today().isoformat()


# The record -----------------------------------------------------------------------------------


@dataclass
class Record:
    """One learner's sessions, attempts and game reviews (plain data, see the module)."""

    student: str
    sessions: dict[str, dict[str, Any]] = field(default_factory=dict)
    attempts: dict[str, dict[str, Any]] = field(default_factory=dict)
    reviews: dict[str, dict[str, Any]] = field(default_factory=dict)

    # Writing ----------------------------------------------------------------------------------

    def start_session(self, game: str, lang: str, date: str | None = None) -> str:
        """A new session of `game` (a run of its notebook); returns its id."""
        session = secrets.token_hex(6)
        self.sessions[session] = {"id": session, "game": game, "lang": lang,
                                  "date": date or today(), "minutes": 0, "parts": []}
        self._trim()
        return session

    def note_session(self, session: str, *, minutes: int | None = None,
                     parts: Iterable[int] | None = None) -> None:
        entry = self.sessions[session]
        if minutes is not None:
            entry["minutes"] = max(entry["minutes"], min(int(minutes), 10**6))
        if parts is not None:
            entry["parts"] = sorted({int(p) for p in parts if 0 < int(p) < 100})[
                :LIMITS["parts"]]

    def note_question(self, session: str, item: str, record: Mapping[str, Any], *,
                      warmup: bool = False) -> None:
        """What a question's `record` (`Question.record`) says, for this session."""
        if not record.get("tries") and not record.get("answer_shown") and not record.get(
                "hints"):
            return
        self._note(session, "question", item, warmup, {
            "first_answer": cut_answer(record.get("first_answer")),
            "first_right": record.get("first_right"),
            "tries": _count(record.get("tries")), "hints": _count(record.get("hints")),
            "answer_shown": bool(record.get("answer_shown")), "done": bool(record.get("right")),
            "stars": None})

    def note_task(self, session: str, item: str, record: Mapping[str, Any], *,
                  warmup: bool = False) -> None:
        """What a board task's record (`BoardWidget.task_record`) says, for this session."""
        if not record.get("tries") and not record.get("hints"):
            return
        done = bool(record.get("done"))
        tries, hints = _count(record.get("tries")), _count(record.get("hints"))
        self._note(session, "task", item, warmup, {
            "first_answer": None, "first_right": done and tries == 1 and hints == 0,
            "tries": tries, "hints": hints, "answer_shown": False, "done": done,
            "stars": stars(done, hints, max(0, tries - 1))})

    def note_review(self, session: str, game: str, review: Mapping[str, Any], *,
                    key: str | None = None) -> str:
        """A game's review (the coach's, `engine.coach`, as
        `sumer_widgets.coaching.review_record` makes it): the learner's player, accuracy,
        moves and key moments (the module's docstring, "Reviews"); returns its key. `key`:
        an earlier review's key, replaced by this one (a board's review made again)."""
        if session not in self.sessions:
            raise KeyError(f"no session {session}")
        if key is None or key not in self.reviews or self.reviews[key]["session"] != session:
            number = len(self.reviews)
            while f"{session}:{number}" in self.reviews:
                number += 1
            key = f"{session}:{number}"
        self.reviews[key] = {"session": session, "game": game, **{
            k: review.get(k) for k in ("player", "accuracy", "moves", "moments")}}
        while len(self.reviews) > LIMITS["reviews"]:
            self.reviews.pop(next(iter(self.reviews)))
        # Positions are save files: the oldest reviews go first, so that the record stays
        # well within its size (LIMITS["chars"]) however many games are reviewed.
        while len(self.reviews) > 1 and sum(
                len(json.dumps(r, ensure_ascii=False)) for r in self.reviews.values()) > \
                LIMITS["review_chars"]:
            self.reviews.pop(next(k for k in self.reviews if k != key))
        return key

    def _note(self, session: str, kind: str, item: str, warmup: bool,
              values: dict[str, Any]) -> None:
        if session not in self.sessions:
            raise KeyError(f"no session {session}")
        item = item[:LIMITS["id"]]
        key = f"{session}:{kind}:{item}:{'w' if warmup else 'p'}"
        self.attempts[key] = {"session": session, "kind": kind, "item": item,
                              "warmup": warmup, **values}
        self._trim()

    def _trim(self) -> None:
        # The oldest go first; a record of a whole course is a few hundred of each.
        while len(self.sessions) > LIMITS["sessions"]:
            gone = next(iter(self.sessions))
            del self.sessions[gone]
            self.attempts = {k: a for k, a in self.attempts.items() if a["session"] != gone}
        while len(self.attempts) > LIMITS["attempts"]:
            self.attempts.pop(next(iter(self.attempts)))

    # Merging and files --------------------------------------------------------------------

    def merge(self, other: Record) -> Record:
        """This record and `other` together (the same learner): every session and attempt
        of either; where both hold the same attempt, the one with more tries."""
        if name_key(other.student) != name_key(self.student):
            raise InvalidInput(f"the records of {other.student!r} and {self.student!r} are "
                               "two learners'")
        merged = Record(self.student, dict(self.sessions), dict(self.attempts),
                        dict(self.reviews))
        for key, session in other.sessions.items():
            mine = merged.sessions.get(key)
            if mine is None:
                merged.sessions[key] = session
            else:
                merged.sessions[key] = {**mine, "minutes": max(mine["minutes"],
                                                               session["minutes"]),
                                        "parts": sorted({*mine["parts"], *session["parts"]})}
        for key, attempt in other.attempts.items():
            mine = merged.attempts.get(key)
            if mine is None or (attempt["tries"], attempt["hints"]) > (mine["tries"],
                                                                      mine["hints"]):
                merged.attempts[key] = attempt
        merged.reviews.update({k: v for k, v in other.reviews.items() if k not in merged.reviews})
        merged._trim()
        return merged

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "student": self.student,
                "sessions": list(self.sessions.values()),
                "attempts": [{"key": key, **attempt} for key, attempt in self.attempts.items()],
                "reviews": [{"key": key, **review} for key, review in self.reviews.items()]}

    def to_json(self) -> str:
        # One line, no spaces: a course's record is read by programs, and at its limits it
        # stays within LIMITS["chars"].
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, text: Any, where: str = "record") -> Record:
        """A record file's contents, checked as strictly as a save file.

        Raises:
            InvalidInput: not a record, or a part of the wrong kind or beyond `LIMITS` (the
                reason names it).
        """
        return read_record(text, where)


def stars(done: bool, hints: int, missed: int) -> int:
    """A board task's stars (the ladder of docs/teachers.md): 0 if not done, else 3 less one
    for each hint step and each missed try, and at least 1."""
    return max(1, 3 - hints - missed) if done else 0


def cut_answer(answer: Any) -> Any:
    """A learner's first answer as the record keeps it, within `LIMITS`: text tidied and cut,
    a number as it is if it is not too large (else its text, cut), a set as its members' text,
    sorted and cut."""
    limit = LIMITS["text"]
    if answer is None or isinstance(answer, bool):
        return answer
    if isinstance(answer, int):
        return answer if abs(answer) < LIMITS["number"] else str(answer)[:limit]
    if isinstance(answer, str):
        return _clean_text(answer)[:limit]
    if isinstance(answer, (list, tuple, set, frozenset)):
        # A set's members, in order, while they fit in one answer's length all together.
        kept, size = [], 0
        for item in sorted(_clean_text(str(item))[:limit] for item in answer):
            size += len(item)
            if size > limit or len(kept) == LIMITS["items"]:
                break
            kept.append(item)
        return kept
    return _clean_text(str(answer))[:limit]


def _clean_text(text: str) -> str:
    text = " ".join(text.split())
    return text.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(text) else text


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _count(value: Any) -> int:
    return min(int(value), 10**6) if isinstance(value, int) and not isinstance(value, bool) \
        and value > 0 else 0


# Reading --------------------------------------------------------------------------------------


def read_record(text: Any, where: str = "record") -> Record:
    """A record (or a hand-in, which is a record) from its file's text, checked.

    Raises:
        InvalidInput: anything the project would not have written (the reason names it).
    """
    if isinstance(text, (bytes, bytearray)) and len(text) > LIMITS["chars"] * 4:
        raise InvalidInput(f"{where} is larger than any record (over {LIMITS['chars']:,} "
                           "characters)")
    if isinstance(text, str) and len(text) > LIMITS["chars"]:
        raise InvalidInput(f"{where} is {len(text):,} characters: no record is over "
                           f"{LIMITS['chars']:,}")
    data = loads(text, where)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        kind = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise InvalidInput(f"{where} is not a Sumer record or hand-in (format {shown(kind)})")
    _keys(data, RECORD_KEYS, where)
    if data["version"] != VERSION:
        raise InvalidInput(f"{where} is record version {shown(data['version'])}; this version "
                           f"of Sumer reads version {VERSION}")
    try:
        student = clean_name(data["student"])
    except InvalidInput as exc:
        raise InvalidInput(f"{where}: the student's name: {exc.reason}") from None
    record = Record(student)
    for n, session in enumerate(_list(data, "sessions", where, LIMITS["sessions"])):
        at = f"{where}: session {n + 1}"
        _keys(session, SESSION_KEYS, at)
        _text(session, "id", at)
        if session["game"] not in LESSONS:
            raise InvalidInput(f"{at}: {shown(session['game'])} is not a lesson of Sumer")
        if session["lang"] not in ("en", "nl"):
            raise InvalidInput(f"{at}: lang must be en or nl, not {shown(session['lang'])}")
        if not isinstance(session["date"], str) or not _DATE.fullmatch(session["date"]):
            raise InvalidInput(f"{at}: date must be written as 2026-12-07")
        _whole(session, "minutes", at)
        parts = session["parts"]
        if not isinstance(parts, list) or len(parts) > LIMITS["parts"] or not all(
                isinstance(p, int) and not isinstance(p, bool) and 0 < p < 100
                for p in parts) or len(set(parts)) != len(parts):
            raise InvalidInput(f"{at}: parts must be a list of different part numbers "
                               "(1 to 99)")
        record.sessions[session["id"]] = session
    for n, attempt in enumerate(_list(data, "attempts", where, LIMITS["attempts"])):
        at = f"{where}: attempt {n + 1}"
        _keys(attempt, ("key", *ATTEMPT_KEYS), at)
        _text(attempt, "key", at, 2 * LIMITS["id"])
        if attempt["session"] not in record.sessions:
            raise InvalidInput(f"{at}: its session {shown(attempt['session'])} is not in the "
                               "record")
        if attempt["kind"] not in ITEM_KINDS:
            raise InvalidInput(f"{at}: kind must be question or task")
        _text(attempt, "item", at, LIMITS["id"])
        for flag in ("warmup", "answer_shown", "done"):
            if not isinstance(attempt[flag], bool):
                raise InvalidInput(f"{at}: {flag} must be true or false")
        if attempt["first_right"] not in (None, True, False):
            raise InvalidInput(f"{at}: first_right must be true, false or null")
        for count in ("tries", "hints"):
            _whole(attempt, count, at)
        if attempt["stars"] not in (None, 0, 1, 2, 3) or isinstance(attempt["stars"], bool):
            raise InvalidInput(f"{at}: stars must be 0 to 3 or null")
        if cut_answer(attempt["first_answer"]) != attempt["first_answer"]:
            raise InvalidInput(f"{at}: first_answer is not an answer a lesson records")
        key = attempt.pop("key")
        record.attempts[key] = attempt
    for n, review in enumerate(_list(data, "reviews", where, LIMITS["reviews"])):
        at = f"{where}: review {n + 1}"
        _keys(review, ("key", *REVIEW_KEYS), at)
        if review["session"] not in record.sessions:
            raise InvalidInput(f"{at}: its session is not in the record")
        _whole(review, "player", at)
        _whole(review, "moves", at)
        accuracy = review["accuracy"]
        if not isinstance(accuracy, (int, float)) or isinstance(accuracy, bool) or not (
                0 <= accuracy <= 100):
            raise InvalidInput(f"{at}: accuracy must be a number from 0 to 100")
        if not isinstance(review["moments"], list) or len(review["moments"]) > 10:
            raise InvalidInput(f"{at}: moments must be a list of at most 10")
        for m, moment in enumerate(review["moments"]):
            _moment(moment, f"{at}: moment {m + 1}")
        key = review.pop("key")
        record.reviews[str(key)[:LIMITS["text"]]] = review
    return record


def moment_game(game: str, moment: Mapping[str, Any]) -> Any:
    """The game up to a stored key moment (``moment["position"]``, a save file of ruleset
    `game`), every move replayed through the rules.

    Raises:
        SumerError: not a ruleset, or a position that does not load (`InvalidInput`).
    """
    from engine.core import rules_of

    position = moment.get("position") if isinstance(moment, Mapping) else None
    if not isinstance(position, str):
        raise InvalidInput("a key moment's position is a save file's text")
    return rules_of(game).Game.from_json(position)


MOMENT_KEYS = ("ply", "move", "best", "lost", "grade", "position")


def _moment(moment: Any, where: str) -> None:
    """A key moment as `note_review` keeps it (the module's docstring, "Reviews"). Its
    position is checked to be text of a save file's size; loading it replays it through the
    rules (`Game.from_json`), which refuses what is not a game."""
    if not isinstance(moment, dict):
        raise InvalidInput(f"{where} must be an object")
    _keys(moment, MOMENT_KEYS, where)
    _whole(moment, "ply", where)
    _text(moment, "move", where, LIMITS["text"])
    _text(moment, "best", where, LIMITS["text"])
    lost = moment["lost"]
    if not isinstance(lost, (int, float)) or isinstance(lost, bool) or not 0 <= lost <= 1:
        raise InvalidInput(f"{where}: lost must be a chance from 0 to 1")
    if moment["grade"] not in ("best", "good", "inaccuracy", "mistake", "blunder"):
        raise InvalidInput(f"{where}: grade must be one of the coach's grades")
    _text(moment, "position", where, LIMITS["position"])


def _list(data: Mapping[str, Any], key: str, where: str, most: int) -> list[Any]:
    value = data[key]
    if not isinstance(value, list) or len(value) > most:
        raise InvalidInput(f"{where}: {key} must be a list of at most {most:,}")
    if not all(isinstance(item, dict) for item in value):
        raise InvalidInput(f"{where}: every item of {key} must be an object")
    return value


def _keys(data: Mapping[str, Any], keys: Iterable[str], where: str) -> None:
    keys = tuple(keys)
    missing = [key for key in keys if key not in data]
    unknown = sorted(set(data) - set(keys))
    if missing or unknown:
        said = "; ".join(part for part in (
            f"missing {', '.join(missing)}" if missing else "",
            f"unknown {', '.join(map(shown, unknown[:5]))}" if unknown else "") if part)
        raise InvalidInput(f"{where}: {said}")


def _text(data: Mapping[str, Any], key: str, where: str, most: int = LIMITS["id"]) -> None:
    value = data[key]
    if not isinstance(value, str) or not value or len(value) > most or _has_surrogate(value):
        raise InvalidInput(f"{where}: {key} must be a text of 1 to {most} characters")


def _whole(data: Mapping[str, Any], key: str, where: str) -> None:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**6:
        raise InvalidInput(f"{where}: {key} must be a whole number from 0 to 1,000,000, not "
                           f"{shown(value)}")


# Where records live ---------------------------------------------------------------------------


def default_folder() -> Path:
    """``$SUMER_RECORDS``, else ``records/`` in the folder the notebook runs in."""
    return Path(os.environ.get("SUMER_RECORDS") or "records")


class RecordStore:
    """The records of the learners of one computer (or one browser), by name."""

    LAST = ".last-learner"

    def __init__(self, folder: str | Path | None = None):
        self.folder = Path(folder) if folder is not None else default_folder()

    def path(self, name: str) -> Path:
        return self.folder / f"{file_stem(name)}.json"

    def load(self, name: str) -> Record:
        """`name`'s record (a new one if none is kept here).

        Raises:
            InvalidInput: the kept file is damaged (the reason says which file).
        """
        path = self.path(name)
        if not path.is_file():
            return Record(clean_name(name))
        record = read_record(path.read_bytes(), path.name)
        if name_key(record.student) != name_key(name):
            raise InvalidInput(f"{path.name} is the record of another learner")
        return record

    def save(self, record: Record) -> Path:
        """Write `record`, merged with what is kept under the same name (two notebooks of one
        learner open at once both keep their work), by replacing the file whole."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(record.student)
        if path.is_file():
            with contextlib.suppress(InvalidInput, OSError):
                record = self.load(record.student).merge(record)
        write_atomically(path, record.to_json())
        with contextlib.suppress(OSError):
            (self.folder / self.LAST).write_text(record.student, encoding="utf-8")
        return path

    def last_learner(self) -> str:
        """The name last used on this computer ('' if none), to offer in the name box."""
        try:
            return clean_name((self.folder / self.LAST).read_text(encoding="utf-8")[:200])
        except (OSError, InvalidInput, UnicodeDecodeError):
            return ""


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (a crash never leaves half a file)."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
