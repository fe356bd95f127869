"""The class at a glance: a teacher's report of the students' hand-ins (`sumer_widgets.handin`).

`read_class` reads hand-ins from wherever the class's files are — a folder (and the folders in
it, one level down), files dropped on the upload button, a ``.zip`` of them (what a learning
platform's "download all" gives) — and checks each as strictly as a save file: a broken,
foreign or hostile file is listed with its reason and the others still load; nothing in them
is evaluated. A student's several files (two hand-ins, a browser's ``… (1).json``) merge into
one record (`sumer_widgets.record.Record.merge`): one row, nothing counted twice.

Reading is bounded by a real class's files, and says when a bound is reached: at most
`MAX_FILES` files, `record.LIMITS["chars"]` characters a file (a larger one is refused unread),
`MAX_TOTAL` characters in all; only regular files are opened (a named pipe or a device is
skipped, never waited on); a zip's members are read within the same bounds, never unpacked
to disk.

`report_html` shows, with no code to read:

- per student and per lesson: the lessons worked, the parts reached, the questions right at
  the first try (of those answered), the board tasks done and their stars, the rules mastered;
- for the class: the rules most missed at the first try, each with the catalogue's sentence
  to say about it, and the questions behind them;
- the class's costliest positions: the key moments of the games the students had reviewed by
  the coach (`engine.coach.review`, kept in each record), the costliest first, each with its
  picture, the move played and the coach's better move — positions to take to the next lesson;
- who has not handed in, against an optional class list (one name a line);
- the files that could not be read, each with its reason, and which files were merged.

`ClassReport` is the widget of ``notebooks/teacher/class-report.ipynb``: a folder box, an upload
button (``.json`` and ``.zip``) and the class list, then the report. Pure HTML, so it runs in
the browser-only site, where the teacher uploads the files the students downloaded.
"""

from __future__ import annotations

import base64
import html
import io
import os
import stat
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from engine.core import InvalidInput
from sumer_widgets.progress import Progress, lesson_items, spans
from sumer_widgets.record import LIMITS, Record, name_key, read_record
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]
#: How many files a report reads at most (a class is 30; a year group a few hundred).
MAX_FILES = 2_000
#: How many characters the files of one report may hold in all (a class's: a few MB).
MAX_TOTAL = 40_000_000
#: How many of the most missed rules the report shows.
MOST_MISSED = 10
#: How many of the class's costliest positions (key moments of reviewed games) it shows.
COSTLIEST = 6
#: The width the costliest positions' pictures are drawn at, in pixels.
PICTURE_WIDTH = 260


@dataclass
class Class:
    """The class's records (one per student, merged), the files each came from, the files
    that could not be read, and the bounds reached."""

    records: dict[str, Record] = field(default_factory=dict)
    files: dict[str, list[str]] = field(default_factory=dict)
    problems: list[tuple[str, str]] = field(default_factory=list)
    bounds: list[str] = field(default_factory=list)

    @property
    def students(self) -> list[Record]:
        return [self.records[key] for key in sorted(self.records)]


class _Budget:
    def __init__(self, found: Class):
        self.found = found
        self.files = 0
        self.chars = 0

    def take(self, name: str, size: int) -> bool:
        """Whether a file of `size` may still be read (saying so once when a bound is hit)."""
        if self.files >= MAX_FILES:
            self._bound(f"more than {MAX_FILES:,} files: the rest were not read")
            return False
        if size > LIMITS["chars"] * 4:
            self.found.problems.append((name, f"is larger than any hand-in (over "
                                              f"{LIMITS['chars']:,} characters): not read"))
            return False
        if self.chars + size > MAX_TOTAL:
            self._bound(f"more than {MAX_TOTAL:,} characters in all: the rest were not read")
            return False
        self.files += 1
        self.chars += size
        return True

    def _bound(self, said: str) -> None:
        if said not in self.found.bounds:
            self.found.bounds.append(said)


def read_class(*sources: Any) -> Class:
    """Every hand-in of `sources`: folders (paths), ``{file name: contents}`` (uploaded files;
    a name ending ``.zip`` is read as a zip of hand-ins), or a zip's bytes."""
    found = Class()
    budget = _Budget(found)
    for source in sources:
        if isinstance(source, (str, Path)):
            _read_folder(Path(source), found, budget)
        elif isinstance(source, Mapping):
            for name, content in source.items():
                _read_named(str(name), content, found, budget)
        elif isinstance(source, (bytes, bytearray, memoryview)):
            _read_zip("upload.zip", bytes(source), found, budget)
        else:
            found.problems.append((repr(source)[:60], "is neither a folder nor files"))
    return found


def _read_folder(folder: Path, found: Class, budget: _Budget, depth: int = 0) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as exc:
        found.problems.append((str(folder), f"cannot be read ({exc.strerror})"))
        return
    for entry in entries:
        name = entry.name if depth == 0 else f"{folder.name}/{entry.name}"
        try:
            mode = entry.stat().st_mode  # follows a link: a link to a pipe is a pipe
        except OSError:
            continue
        if stat.S_ISDIR(mode):
            if depth == 0 and not entry.name.startswith("."):
                _read_folder(Path(entry.path), found, budget, depth + 1)
            continue
        lower = entry.name.lower()
        if not (lower.endswith(".json") or lower.endswith(".zip")) or entry.name.startswith("."):
            continue
        if not stat.S_ISREG(mode):
            found.problems.append((name, "is not a file (a pipe or a device): not read"))
            continue
        content = _read_file(Path(entry.path))
        if isinstance(content, InvalidInput):
            found.problems.append((name, content.reason))
            continue
        _read_named(name, content, found, budget)


def _read_file(path: Path) -> bytes | InvalidInput:
    """A regular file's bytes, never more than a hand-in can hold; opened without waiting,
    and checked to be a regular file once open (it could have been swapped)."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        return InvalidInput(f"cannot be read ({exc.strerror})")
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return InvalidInput("is not a file (a pipe or a device): not read")
        limit = LIMITS["chars"] * 4
        chunks, size = [], 0
        while size <= limit:
            data = os.read(handle, limit + 1 - size)
            if not data:
                break
            chunks.append(data)
            size += len(data)
        content = b"".join(chunks)
    except OSError as exc:
        return InvalidInput(f"cannot be read ({exc.strerror})")
    finally:
        os.close(handle)
    if len(content) > limit:
        return InvalidInput(f"is larger than any hand-in (over {LIMITS['chars']:,} "
                            "characters): not read")
    return content


def _read_named(name: str, content: Any, found: Class, budget: _Budget) -> None:
    if isinstance(content, memoryview):
        content = bytes(content)
    if not isinstance(content, (bytes, bytearray, str)):
        found.problems.append((name, "is not a file's contents"))
        return
    if name.lower().endswith(".zip"):
        _read_zip(name, bytes(content) if not isinstance(content, str) else b"", found, budget)
        return
    if not budget.take(name, len(content)):
        return
    try:
        record = read_record(content, name)
    except InvalidInput as exc:
        found.problems.append((name, exc.reason))
        return
    key = name_key(record.student)
    if key in found.records:
        found.records[key] = found.records[key].merge(record)
    else:
        found.records[key] = record
    found.files.setdefault(key, []).append(name)


def _read_zip(name: str, data: bytes, found: Class, budget: _Budget) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, RuntimeError) as exc:
        found.problems.append((name, f"is not a zip file ({exc})"[:200]))
        return
    for info in members[:MAX_FILES + 1]:
        inner = f"{name}/{info.filename}"
        if info.is_dir() or not info.filename.lower().endswith(".json"):
            continue
        if not budget.take(inner, info.file_size):
            continue
        try:
            with archive.open(info) as member:
                content = member.read(LIMITS["chars"] * 4 + 1)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, RuntimeError,
                NotImplementedError) as exc:
            found.problems.append((inner, f"cannot be unpacked ({exc})"[:200]))
            continue
        if len(content) > LIMITS["chars"] * 4:
            found.problems.append((inner, "is larger than any hand-in: not read"))
            continue
        _read_named(inner, content, found, budget)


# The report -----------------------------------------------------------------------------------


def missing(found: Class, class_list: Iterable[str]) -> list[str]:
    """The names of `class_list` with no hand-in (compared as the record compares names)."""
    absent = []
    for line in class_list:
        name = " ".join(line.split())
        if not name:
            continue
        try:
            key = name_key(name)
        except InvalidInput:
            key = name.casefold()
        if key not in found.records:
            absent.append(name)
    return absent


def _lessons() -> dict[str, Any]:
    from sumer_widgets.lessons import GAMES, Lesson

    return {game: Lesson(game) for game in GAMES}


def rows(found: Class) -> list[dict[str, Any]]:
    """One row per student and lesson (game) worked on: the progress the report shows."""
    lessons = _lessons()
    items = {game: lesson_items(lesson) for game, lesson in lessons.items()}
    out = []
    for record in found.students:
        for game in sorted({s["game"] for s in record.sessions.values()}):
            progress = Progress(record, game, items[game])
            out.append({"student": record.student, "game": game,
                        "files": len(found.files.get(name_key(record.student), [])),
                        **progress.summary(), "mastered_rules": progress.mastered})
    return out


def missed_rules(found: Class) -> list[tuple[str, str, int, int, list[str]]]:
    """``(game, rule, students who missed it at the first try, students who tried it, the
    items behind it)``, the most missed first."""
    lessons = _lessons()
    tally: dict[tuple[str, str], list[set[str]]] = {}
    behind: dict[tuple[str, str], set[str]] = {}
    for record in found.students:
        for game, lesson in lessons.items():
            by_item = {(item.kind, item.id): item for item in lesson_items(lesson)}
            progress = Progress(record, game, by_item.values())
            for attempt in progress.attempts:
                item = by_item.get((attempt["kind"], attempt["item"]))
                if item is None or attempt["warmup"] or not (attempt["tries"] or
                                                             attempt["answer_shown"]):
                    continue
                for rule in item.rules:
                    counts = tally.setdefault((game, rule), [set(), set()])
                    counts[1].add(record.student)
                    if attempt["first_right"] is not True:
                        counts[0].add(record.student)
                        behind.setdefault((game, rule), set()).add(item.id)
    ranked = sorted(tally.items(), key=lambda pair: (-len(pair[1][0]) / len(pair[1][1]),
                                                     -len(pair[1][1]), pair[0]))
    return [(game, rule, len(missed), len(tried), sorted(behind.get((game, rule), ())))
            for (game, rule), (missed, tried) in ranked if missed]


def costliest(found: Class, most: int = COSTLIEST) -> list[dict[str, Any]]:
    """The key moments of the class's reviewed games (`Record.reviews`), the costliest first:
    ``{"student", "game", "ply", "move", "best", "lost", "grade", "position"}`` each (the
    record's moment, with whose it is and its game)."""
    found_moments = []
    for record in found.students:
        for review in record.reviews.values():
            for moment in review.get("moments") or ():
                if isinstance(moment, Mapping) and isinstance(moment.get("lost"), (int, float)):
                    found_moments.append({**moment, "student": record.student,
                                          "game": review.get("game")})
    found_moments.sort(key=lambda m: (-m["lost"], m["student"], str(m.get("ply"))))
    return found_moments[:most]


def _moment_picture(moment: Mapping[str, Any], lang: str) -> str:
    """The position of a key moment as its game's picture, or "" where its save file does not
    load (a record is checked as text; the position is replayed through the rules here)."""
    from engine.core import SumerError
    from sumer_widgets.games import card
    from sumer_widgets.record import moment_game

    try:
        game = moment_game(str(moment.get("game")), moment)
        picture = card(game.RULES).picture(game.state, lang=lang)
    except SumerError:
        return ""
    return (f"<div style='width:{PICTURE_WIDTH}px'>{picture}</div>")


def _position_link(moment: Mapping[str, Any], n: int, label: str) -> str:
    """A link that saves the moment's position as a save file a board's Load game opens."""
    data = base64.b64encode(str(moment.get("position", "")).encode("utf-8")).decode("ascii")
    name = f"position-{n}-{moment.get('game')}.json"
    return (f"<a download='{html.escape(name)}' href='data:application/json;base64,{data}'>"
            f"{html.escape(label)}</a>")


def report_html(found: Class, class_list: Iterable[str] = (), lang: str = "en") -> str:
    """The report as HTML (see the module)."""
    from sumer_widgets.catalogue import rule_text

    told = WORDS.get(lang, WORDS["en"])
    esc = html.escape
    count = len(found.records)
    out = [f"<h3>{esc(told['students'].format(count=count))}</h3>"]
    if found.bounds:
        out.append("<p><b>" + esc(told["bounds"]) + "</b> "
                   + "; ".join(esc(bound) for bound in found.bounds) + "</p>")
    table = rows(found)
    if table:
        head = "".join(f"<th>{esc(told[key])}</th>" for key in (
            "student", "lesson", "lessons", "parts", "first_right", "tasks_done", "stars",
            "mastered"))
        body = []
        for row in table:
            merged = (f" <small>({esc(told['merged'].format(files=row['files']))})</small>"
                      if row["files"] > 1 else "")
            rules = ", ".join(row["mastered_rules"]) or "—"
            own = (" " + esc(told["own"].format(done=row["own_done"], tried=row["own_tried"]))
                   if row["own_tried"] else "")
            body.append(
                f"<tr><td>{esc(row['student'])}{merged}</td><td>{esc(row['game'])}</td>"
                f"<td>{row['lessons']}</td><td>{esc(spans(row['parts']) or '—')}</td>"
                f"<td>{row['first_right']} / {row['answered']}</td>"
                f"<td>{row['done']} / {row['tried']}{own}</td>"
                f"<td>{row['stars']} / {row['most_stars']}</td>"
                f"<td><small>{esc(rules)}</small></td></tr>")
        out.append(f'<table class="sumer-report"><thead><tr>{head}</tr></thead><tbody>'
                   + "".join(body) + "</tbody></table>")
    worst = missed_rules(found)[:MOST_MISSED]
    if worst:
        out.append(f"<h3>{esc(told['most_missed'])}</h3><table>")
        most = max(tried for _, _, _, tried, _ in worst)
        for game, rule, missed, tried, items in worst:
            width = round(120 * missed / max(most, 1))
            out.append(
                f"<tr><td style='white-space:nowrap'><div style='display:inline-block;"
                f"width:{width}px;height:12px;background:#D55E00'></div> "
                f"{esc(told['of'].format(missed=missed, tried=tried))}</td>"
                f"<td><b>{esc(rule)}</b> <small>({esc(game)})</small> "
                f"{esc(rule_text(rule, lang))}<br><small>{esc(told['behind'])}: "
                f"{esc(', '.join(items))}</small></td></tr>")
        out.append("</table>")
    moments = costliest(found)
    if moments:
        out.append(f"<h3>{esc(told['costliest'])}</h3><table>")
        for n, moment in enumerate(moments, 1):
            out.append(
                f"<tr><td>{_moment_picture(moment, lang)}</td><td><b>"
                f"{esc(moment['student'])}</b> <small>({esc(str(moment['game']))})</small><br>"
                + esc(told["moment"].format(move=moment["move"], best=moment["best"],
                                            points=round(100 * moment["lost"]),
                                            grade=told.get(f"grade_{moment['grade']}",
                                                           moment["grade"])))
                + f"<br>{_position_link(moment, n, told['save_position'])}</td></tr>")
        out.append(f"</table><p><small>{esc(told['costliest_use'])}</small></p>")
    absent = missing(found, class_list)
    if absent:
        out.append(f"<h3>{esc(told['absent'].format(count=len(absent)))}</h3><p>"
                   + ", ".join(esc(name) for name in absent) + "</p>")
    if found.problems:
        out.append(f"<h3>{esc(told['problems'].format(count=len(found.problems)))}</h3><ul>"
                   + "".join(f"<li><b>{esc(name)}</b>: {esc(reason)}</li>"
                             for name, reason in found.problems[:200]) + "</ul>")
    return "".join(out)


class ClassReport(widgets.VBox):
    """A folder of hand-ins (or uploaded files and zips), an optional class list, and the
    report."""

    def __init__(self, folder: str | Path = "hand-ins", class_list: str = "",
                 lang: str = "en"):
        self.lang = lang
        told = WORDS.get(lang, WORDS["en"])
        self.folder = widgets.Text(value=str(folder), description=told["folder"],
                                   layout=widgets.Layout(width="30em"))
        self.read = widgets.Button(description=told["read"], button_style="primary")
        self.upload = widgets.FileUpload(accept=".json,.zip", multiple=True,
                                         description=told["upload"])
        self.names = widgets.Textarea(value=class_list, placeholder=told["one_a_line"],
                                      description=told["class_list"],
                                      layout=widgets.Layout(width="30em", height="6em"))
        self.shown = widgets.HTML("")
        self.read.on_click(lambda _button: self.show(self.folder.value))
        self.upload.observe(lambda _change: self.show(self._uploaded()), names=["value"])
        self.names.observe(lambda _change: self.show(self._last), names=["value"])
        self._last: Any = folder
        super().__init__([widgets.HBox([self.folder, self.read]), self.upload, self.names,
                          self.shown])
        self.show(folder)

    def _uploaded(self) -> dict[str, bytes]:
        return {item["name"]: bytes(item["content"]) for item in self.upload.value}

    def show(self, source: Any) -> Class:
        """Read `source` (a folder, or ``{name: contents}``) and show its report."""
        told = WORDS.get(self.lang, WORDS["en"])
        self._last = source
        if isinstance(source, (str, Path)) and not Path(source).is_dir():
            self.shown.value = html.escape(told["no_folder"].format(folder=source))
            return Class()
        found = read_class(source)
        self.shown.value = report_html(found, self.names.value.splitlines(), self.lang)
        return found

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        told = WORDS.get(self.lang, WORDS["en"])
        data["text/html"] = f"<p><i>{html.escape(told['static'])}</i></p>"
        data["text/plain"] = told["static"]
        return data
