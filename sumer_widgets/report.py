"""The class at a glance: a teacher's report of a folder of hand-in files (`sumer_widgets.handin`).

`read_hand_ins` reads every ``*.json`` of a folder (or uploaded files, in the browser-only site)
and checks each as strictly as a save file: a broken, foreign or hostile file is listed with its
reason and the others still load; nothing in them is evaluated. `report_html` shows, with no
code to read:

- a table of students: the lesson, the parts reached, the questions right at the first try
  (of those answered), the board tasks done (of those tried), the minutes;
- the questions most missed at the first try, as bars, each with the question and the answer
  key's reasoning beside it;
- who has not handed in, against an optional class list (one name a line);
- the files that could not be read, each with its reason.

`ClassReport` is the widget of ``notebooks/teacher/class-report.ipynb``: a folder box, an upload
button and the class list, then the report. Pure HTML, so it runs in the browser-only site.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from engine.core import InvalidInput
from sumer_widgets.handin import MAX_HAND_IN_CHARS, read_hand_in
from sumer_widgets.tasks import say

#: How many files a report reads at most (a class is 30; a year group a few hundred).
MAX_FILES = 2_000
#: How many of the most missed questions the report shows.
MOST_MISSED = 10


@dataclass
class Class:
    """The hand-ins read, and the files that could not be."""

    hand_ins: list[dict[str, Any]] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)


def read_hand_ins(files: Mapping[str, bytes | str] | Path | str) -> Class:
    """Every hand-in of a folder (``*.json``) or of ``{file name: contents}``."""
    found = Class()
    if isinstance(files, (str, Path)):
        folder = Path(files)
        if not folder.is_dir():
            found.problems.append((str(folder), "there is no such folder"))
            return found
        paths = sorted(folder.glob("*.json"))
        for path in paths[MAX_FILES:]:
            found.problems.append((path.name, f"more than {MAX_FILES} files: not read"))
        contents: Iterable[tuple[str, Any]] = ((p.name, _read_bounded(p))
                                               for p in paths[:MAX_FILES])
    else:
        contents = list(files.items())[:MAX_FILES]
    for name, text in contents:
        if isinstance(text, InvalidInput):
            found.problems.append((name, text.reason))
            continue
        try:
            found.hand_ins.append(read_hand_in(text, name))
        except InvalidInput as exc:
            found.problems.append((name, exc.reason))
    return found


def _read_bounded(path: Path) -> bytes | InvalidInput:
    """A file's bytes, never more than a hand-in can hold (a huge file is refused unread)."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_HAND_IN_CHARS * 4 + 1)
    except OSError as exc:
        return InvalidInput(f"cannot be read ({exc.strerror})")
    if len(data) > MAX_HAND_IN_CHARS * 4:
        return InvalidInput(f"is larger than any hand-in (over {MAX_HAND_IN_CHARS:,} "
                            "characters): not read")
    return data


def _same_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def missing(hand_ins: Sequence[Mapping[str, Any]], class_list: Iterable[str]) -> list[str]:
    """The names of `class_list` with no hand-in (names compared without case or extra
    spaces)."""
    handed = {_same_name(h["student"]) for h in hand_ins}
    return [name.strip() for name in class_list
            if name.strip() and _same_name(name) not in handed]


def misses(hand_ins: Sequence[Mapping[str, Any]]) -> list[tuple[str, str, int, int]]:
    """``(lesson, question id, missed at the first try, answered)``, most missed first."""
    tally: dict[tuple[str, str], list[int]] = {}
    for hand_in in hand_ins:
        for ex_id, entry in hand_in["questions"].items():
            if entry["first_right"] is None and not entry["answer_shown"]:
                continue
            counts = tally.setdefault((hand_in["lesson"], ex_id), [0, 0])
            counts[0] += entry["first_right"] is not True
            counts[1] += 1
    ranked = sorted(tally.items(), key=lambda item: (-item[1][0] / item[1][1], -item[1][1],
                                                     item[0]))
    return [(lesson, ex_id, missed, answered) for (lesson, ex_id), (missed, answered) in ranked
            if missed]


def _exercise(lesson: str, ex_id: str) -> Any:
    from sumer_widgets.lessons import Lesson

    try:
        return Lesson(lesson).exercises[ex_id]
    except (InvalidInput, ModuleNotFoundError):
        return None


def report_html(found: Class, class_list: Iterable[str] = ()) -> str:
    """The report as HTML (see the module)."""
    esc = html.escape
    count = len(found.hand_ins)
    out = [f"<h3>{count} hand-in{'' if count == 1 else 's'}</h3>"]
    if found.hand_ins:
        rows = []
        for h in sorted(found.hand_ins, key=lambda h: (_same_name(h["student"]), h["lesson"])):
            answered = [e for e in h["questions"].values() if e["first_right"] is not None]
            first = sum(e["first_right"] is True for e in answered)
            tried = [e for e in h["tasks"].values() if e["tries"]]
            done = sum(e["done"] for e in h["tasks"].values())
            parts = ", ".join(map(str, h["parts"])) or "—"
            rows.append(f"<tr><td>{esc(h['student'])}</td><td>{esc(h['lesson'])}</td>"
                        f"<td>{parts}</td><td>{first} of {len(answered)}</td>"
                        f"<td>{done} of {len(tried)}</td><td>{h['minutes']}</td></tr>")
        out.append('<table class="sumer-report"><thead><tr><th>student</th><th>lesson</th>'
                   "<th>parts reached</th><th>right at the first try</th>"
                   "<th>board tasks done</th><th>minutes</th></tr></thead><tbody>"
                   + "".join(rows) + "</tbody></table>")
    missed = misses(found.hand_ins)[:MOST_MISSED]
    if missed:
        out.append("<h3>The questions most missed at the first try</h3><table>")
        for lesson, ex_id, count, answered in missed:
            exercise = _exercise(lesson, ex_id)
            question = say(exercise.question, "en") if exercise is not None else ex_id
            why = say(exercise.explanation, "en") if exercise is not None else ""
            width = round(160 * count / answered)
            out.append(
                f"<tr><td style='white-space:nowrap'><div style='display:inline-block;"
                f"width:{width}px;height:12px;background:#D55E00'></div> {count} of "
                f"{answered}</td><td><b>{esc(question)}</b> <small>({esc(lesson)}, "
                f"{esc(ex_id)})</small><br><i>Answer key:</i> {esc(why)}</td></tr>")
        out.append("</table>")
    absent = missing(found.hand_ins, class_list)
    if absent:
        out.append(f"<h3>Not handed in ({len(absent)})</h3><p>"
                   + ", ".join(esc(name) for name in absent) + "</p>")
    if found.problems:
        out.append(f"<h3>Files that could not be read ({len(found.problems)})</h3><ul>"
                   + "".join(f"<li><b>{esc(name)}</b>: {esc(reason)}</li>"
                             for name, reason in found.problems) + "</ul>")
    return "".join(out)


class ClassReport(widgets.VBox):
    """A folder of hand-ins (or uploaded files), an optional class list, and the report."""

    def __init__(self, folder: str | Path = "hand-ins", class_list: str = ""):
        self.folder = widgets.Text(value=str(folder), description="Folder",
                                   layout=widgets.Layout(width="30em"))
        self.read = widgets.Button(description="Read the folder", button_style="primary")
        self.upload = widgets.FileUpload(accept=".json", multiple=True,
                                         description="Or upload files")
        self.names = widgets.Textarea(value=class_list, placeholder="one name a line",
                                      description="Class list",
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
        """Read `source` (a folder or ``{name: contents}``) and show its report."""
        self._last = source
        found = read_hand_ins(source)
        if isinstance(source, (str, Path)) and not Path(source).is_dir():
            self.shown.value = (f"<p>There is no folder <code>{html.escape(str(source))}"
                                "</code> here yet: put the students' files in it and press "
                                "<i>Read the folder</i>, or upload them.</p>")
            return found
        self.shown.value = report_html(found, self.names.value.splitlines())
        return found

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        data["text/html"] = "<p><i>▶ Run this cell to read the students' hand-in files.</i></p>"
        data["text/plain"] = "The class report: run this cell to read the hand-in files."
        return data
