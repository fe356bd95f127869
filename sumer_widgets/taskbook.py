"""The tasks notebook's book: a teacher's task files, opened and played like the lessons' tasks.

``TaskBook()`` (``notebooks/07-tasks.ipynb``) lists the task files it finds — ``*.toml`` in the
notebook's folder and its ``tasks/`` folder, and the examples of ``docs/tasks/`` — and offers an
upload button for a file the teacher handed out. Opening a file reads it with the task file's
own reader (`sumer_widgets.taskfile`: a bad file is refused with the line it is on, and nothing
of it is shown) and shows each of its tasks on a live board: checked after every move, with
its hints, stars and *Start again*, as in the lessons. The learner's name box comes first: the
tasks go into their record (`sumer_widgets.record`, as items ``own-<file>-<task id>``), and so
into the hand-in at the end of the book.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from engine.core import SumerError
from sumer_widgets import tomlfile
from sumer_widgets.taskfile import read
from sumer_widgets.tasks import say
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]
#: The examples shipped with the project, from the notebooks' folder.
EXAMPLES = Path("..") / "docs" / "tasks"
#: The largest task file offered or uploaded (a class's file is a few KB).
MAX_FILE = tomlfile.MAX_TOML_CHARS


def task_files(folder: str | Path = ".") -> list[Path]:
    """The task files a class may open: in `folder`, its ``tasks/``, and the examples."""
    folder = Path(folder)
    found = []
    for place in (folder, folder / "tasks", folder / EXAMPLES):
        if place.is_dir():
            found += sorted(path for path in place.glob("*.toml")
                            if path.is_file() and not path.name.startswith("words."))
    return found


class TaskBook(widgets.VBox):
    """A chooser of task files, then the chosen file's tasks on boards (see the module)."""

    def __init__(self, lang: str = "en", folder: str | Path = ".",
                 records: str | Path | None = None):
        self.lang = lang
        self.folder = Path(folder)
        self.records = records
        self.told = WORDS.get(lang, WORDS["en"])
        self.lessons: dict[str, Any] = {}
        self.lesson: Any = None
        self.tasks: list[Any] = []
        self.boards: dict[str, Any] = {}
        files = task_files(self.folder)
        self.chooser = widgets.Dropdown(
            options=[(path.as_posix(), str(path)) for path in files],
            value=str(files[0]) if files else None, description=self.told["file"],
            layout=widgets.Layout(width="32em"))
        opener = widgets.Button(description=self.told["open"], button_style="primary")
        opener.on_click(lambda _button: self.open_file(Path(self.chooser.value)))
        self.upload = widgets.FileUpload(accept=".toml", multiple=False,
                                         description=self.told["upload"])
        self.upload.observe(lambda _change: self._uploaded(), names=["value"])
        self.said = widgets.HTML("")
        self.shown = widgets.VBox([])
        super().__init__([widgets.HBox([self.chooser, opener]), self.upload, self.said,
                          self.shown])
        self.add_class("sumer-task-book")

    def open_file(self, path: Path | str) -> list[Any]:
        """Open the task file at `path`; returns its tasks ([] if it was refused)."""
        path = Path(path)
        try:
            if path.stat().st_size > MAX_FILE:
                raise OSError(f"larger than {MAX_FILE:,} bytes")
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self._say(self.told["unreadable"].format(file=path.name, why=exc))
            return []
        return self.open_text(text, path.name)

    def open_text(self, text: Any, name: str) -> list[Any]:
        """Open a task file's `text` (named `name`); returns its tasks ([] if refused)."""
        from sumer_widgets.course import LearnerBox
        from sumer_widgets.handin import HandIn
        from sumer_widgets.lessons import Lesson

        try:
            tasks = read(text, name)
        except SumerError as exc:
            self._say(exc.describe(self.lang))
            return []
        game = tasks[0].ruleset if tasks else None
        if game is None:
            self._say(self.told["empty"].format(file=name))
            return []
        lesson = self.lessons.get(game)
        if lesson is None:
            lesson = self.lessons[game] = Lesson(game, lang=self.lang, records=self.records)
        self.lesson, self.tasks = lesson, tasks
        stem = re.sub(r"[^A-Za-z0-9-]+", "-", Path(name).stem).strip("-")[:30] or "tasks"
        shown: list[Any] = [LearnerBox(lesson)]
        for number, task in enumerate(tasks, start=1):
            board = lesson.own_task(task, f"own-{stem}-{task.id}")
            self.boards[task.id] = board
            shown += [widgets.HTML(f"<h4>{number}. {html.escape(say(task.goal, self.lang))}"
                                   "</h4>"), board]
        shown.append(HandIn(lesson))
        self.shown.children = tuple(shown)
        self._say(self.told["opened"].format(file=name, count=len(tasks)))
        return tasks

    def _uploaded(self) -> None:
        for item in self.upload.value:
            content = bytes(item["content"])
            if len(content) > MAX_FILE:
                self._say(self.told["unreadable"].format(file=item["name"],
                                                         why=f"larger than {MAX_FILE:,} bytes"))
                return
            self.open_text(content, item["name"])

    def _say(self, text: str) -> None:
        self.said.value = html.escape(str(text))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        data["text/html"] = f"<p><i>{html.escape(self.told['static'])}</i></p>"
        data["text/plain"] = self.told["static"]
        return data
