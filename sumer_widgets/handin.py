"""Hand in: the learner's whole record so far, as one file for the teacher.

Every game notebook, 05-analysis and 08-variant-lab end with ``HandIn(lesson)``: the student's
name (the one the lesson keeps their work under, `sumer_widgets.course.LearnerBox`) and a *Hand
in* button.
The file is the learner's record (`sumer_widgets.record`): every session of every game they
worked on, so a student who hands in once, at the end of lesson 3, hands in lessons 1 to 3. A
hand-in is merged into an earlier one of the same student (``hand-in-<name>-<hash>.json``: two
different names never share a file) — never overwritten — and the message says what was done
("5 of 19 questions answered, 2 of 9 board tasks done, parts 1–3").

In JupyterLab the file is written to ``teacher/hand-ins/`` beside the notebooks, where the class
report (``notebooks/teacher/class-report.ipynb``) looks first; in the browser-only site and in
Voilà, where the kernel's folder is not the student's, the browser downloads it. *Hand in*
never raises: a name no file can hold, a folder that cannot be written, anything that goes
wrong is said in the message, and the work stays in the record.
"""

from __future__ import annotations

import contextlib
import html
import os
import pathlib
import sys
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from engine.core import InvalidInput, SumerError
from sumer_widgets.record import Record, file_stem, read_record, write_atomically
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]
#: Where JupyterLab hand-ins go, from the notebooks' folder: where the class report looks.
HAND_INS = pathlib.Path("teacher") / "hand-ins"


def hand_in_data(lesson: Any, student: str) -> dict[str, Any]:
    """The hand-in of `lesson`'s learner named `student`: their record, with this session.

    Raises:
        InvalidInput: not a name a file can hold.
    """
    lesson.set_learner(student)
    lesson.save()
    return lesson.record.to_dict()


def file_name(data: dict[str, Any] | Record) -> str:
    """``hand-in-<letters of the name>-<8 hex digits>.json``: two learners never share one."""
    student = data.student if isinstance(data, Record) else data["student"]
    return f"hand-in-{file_stem(student)}.json"


def read_hand_in(text: Any, where: str = "hand-in") -> Record:
    """A hand-in file's contents, checked (`sumer_widgets.record.read_record`).

    Raises:
        InvalidInput: not a hand-in, or one the project would not have written.
    """
    return read_record(text, where)


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

    def __init__(self, lesson: Any, folder: str | pathlib.Path = HAND_INS):
        self.lesson = lesson
        self.folder = pathlib.Path(folder)
        self.words = WORDS.get(lesson.lang, WORDS["en"])
        self.name_box = widgets.Text(value=lesson.learner or lesson.store.last_learner(),
                                     placeholder=self.words["placeholder"],
                                     description=self.words["name"],
                                     layout=widgets.Layout(width="22em"))
        self.button = widgets.Button(description=self.words["button"], button_style="primary")
        self.button.on_click(lambda _button: self.hand_in())
        self.said = widgets.HTML("")
        self.download = Download()
        self.handed: Record | None = None
        super().__init__([widgets.HTML(f"<b>{html.escape(self.words['title'])}.</b> "
                                       f"{html.escape(self.words['intro'])}"),
                          widgets.HBox([self.name_box, self.button]), self.said,
                          self.download])
        self.add_class("sumer-hand-in")

    def hand_in(self) -> Record | None:
        """Write (or download) the file; returns the record handed in (None if nothing was)."""
        try:
            return self._hand_in()
        except SumerError as exc:
            self._say(exc.describe(self.lesson.lang))
        except Exception as exc:  # a click never raises: say it, keep the work
            self._say(self.words["failed"].format(why=f"{type(exc).__name__}: {exc}"[:300]))
        return None

    def _hand_in(self) -> Record:
        from sumer_widgets.course import progress_line

        hand_in_data(self.lesson, self.name_box.value)
        record = self.lesson.record
        target = file_name(record)
        said = {"file": target, "progress": progress_line(self.lesson),
                "folder": self.folder.as_posix()}
        if downloads_in_browser():
            self.download.send({"kind": "download", "text": record.to_json(), "file": target})
            self._say(self.words["downloaded"].format(**said))
        else:
            path = self.folder / target
            if path.is_file():
                with contextlib.suppress(InvalidInput, OSError):
                    record = read_record(path.read_bytes(), target).merge(record)
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(path, record.to_json())
            self._say(self.words["written"].format(**said))
        self.handed = record
        return record

    def _say(self, text: str) -> None:
        self.said.value = html.escape(text)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        data["text/html"] = (f"<p><b>{html.escape(self.words['title'])}.</b> "
                             f"{html.escape(self.words['intro'])}</p>")
        data["text/plain"] = f"{self.words['title']}: {self.words['intro']}"
        return data


__all__ = ["HAND_INS", "Download", "HandIn", "InvalidInput", "downloads_in_browser",
           "file_name", "hand_in_data", "read_hand_in"]
