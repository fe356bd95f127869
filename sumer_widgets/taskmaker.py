"""The task maker: a teacher makes a board task by clicking, with no Python.

``TaskMaker("royal_ur")`` shows a live board of the game, and beside it what makes a task
(`sumer_widgets.taskfile`):

1. **the position** — start from a new game, from one of the lesson's own positions, or from a
   saved game (the board's *Load game*), then play moves on the board for every side until
   the position is the one the learner should face;
2. **the goal** — a goal kind of the game (`sumer_widgets.goals`) and its parameters, offered as
   menus of what the position holds (its squares, city-states, players), and a par of moves;
3. **the words** — the goal as the learner reads it, hints one step a line, and if wanted the
   sentences for a goal reached or missed (else the kind's own);
4. *Try the task* opens it on a board below, as a learner gets it; *Save* writes it to the task
   file (``my-tasks-<game>.toml`` by default, in the notebook's folder): a task with the same id
   is replaced, others are kept.

Everything goes through the task file's own reader before it is shown or saved, so what the
maker saves, the tasks notebook (``notebooks/07-tasks.ipynb``) reads; anything wrong is said in
the maker's message line, in the teacher's language, and nothing is written.

Limits: a position is made by playing moves (and loading saved games), not by placing pieces
freely; the goal kinds are those the game offers.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from engine.core import InvalidInput, SumerError, rules_of
from sumer_widgets.games import board_class, card
from sumer_widgets.goals import Param, goal_kinds, kind_words
from sumer_widgets.taskfile import FORMAT, VERSION, read, write
from sumer_widgets.tasks import say
from sumer_widgets.tomlfile import dumps
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]


class TaskMaker(widgets.VBox):
    """A board, a goal kind with its parameters, words, *Try the task* and *Save* (see the
    module)."""

    def __init__(self, game: str, lang: str = "en", file: str | Path | None = None,
                 players: int | None = None, seed: int = 1, **ruleset_options: Any):
        self.game = game
        self.lang = lang
        self.told = WORDS.get(lang, WORDS["en"])
        self.file = Path(file) if file is not None else Path(f"my-tasks-{game}.toml")
        self.rules = rules_of(game)
        self.kinds = goal_kinds(game)
        self.kind_words = kind_words(game)
        self._new = lambda: self.rules.Game(self.rules.new_state(
            players or card(game).players, seed=seed, **ruleset_options))
        self.board = board_class(game)(self._new(), lang=lang, autoplay=False,
                                       name="task-maker")
        self.positions = _lesson_positions(game)
        t = self.told
        self.start_from = widgets.Dropdown(
            options=[(t["new_game"], "")] + [(name, name) for name in self.positions],
            value="", description=t["start_from"], layout=widgets.Layout(width="28em"))
        self.start_from.observe(lambda _change: self._start_from(), names=["value"])
        self.kind = widgets.Dropdown(options=[(self._kind_label(name), name)
                                              for name in self.kinds],
                                     description=t["goal_kind"],
                                     layout=widgets.Layout(width="40em"))
        self.kind.observe(lambda _change: self._draw_params(), names=["value"])
        self.params = widgets.VBox([])
        self.par = widgets.BoundedIntText(value=1, min=1, max=100, description=t["par"],
                                          layout=widgets.Layout(width="12em"))
        self.task_id = widgets.Text(value="my-task", description=t["id"],
                                    layout=widgets.Layout(width="22em"))
        self.goal = widgets.Textarea(placeholder=t["goal_placeholder"], description=t["goal"],
                                     layout=widgets.Layout(width="40em", height="4em"))
        self.hints = widgets.Textarea(placeholder=t["hints_placeholder"],
                                      description=t["hints"],
                                      layout=widgets.Layout(width="40em", height="4em"))
        self.done_words = widgets.Text(placeholder=t["optional"], description=t["done"],
                                       layout=widgets.Layout(width="40em"))
        self.missed_words = widgets.Text(placeholder=t["optional"], description=t["missed"],
                                         layout=widgets.Layout(width="40em"))
        self.file_box = widgets.Text(value=str(self.file), description=t["file"],
                                     layout=widgets.Layout(width="28em"))
        try_button = widgets.Button(description=t["try"], button_style="info")
        save_button = widgets.Button(description=t["save"], button_style="primary")
        try_button.on_click(lambda _button: self.try_task())
        save_button.on_click(lambda _button: self.save())
        self.said = widgets.HTML("")
        self.trial = widgets.VBox([])
        self.board.observe(lambda _change: self._draw_params(), names=["plies"])
        self._draw_params()
        steps = [widgets.HTML(f"<b>1. {html.escape(t['step_position'])}</b>"), self.start_from,
                 self.board,
                 widgets.HTML(f"<b>2. {html.escape(t['step_goal'])}</b>"), self.kind,
                 self.params, self.par,
                 widgets.HTML(f"<b>3. {html.escape(t['step_words'])}</b>"), self.task_id,
                 self.goal, self.hints, self.done_words, self.missed_words,
                 widgets.HTML(f"<b>4. {html.escape(t['step_save'])}</b>"),
                 widgets.HBox([self.file_box, try_button, save_button]), self.said,
                 self.trial]
        super().__init__(steps)
        self.add_class("sumer-task-maker")

    # The form -------------------------------------------------------------------------------

    def _kind_label(self, name: str) -> str:
        sentences = self.kind_words.get(name, {})
        goal = (sentences.get(self.lang) or sentences.get("en") or {}).get("goal")
        return f"{name} — {goal}" if goal else name

    def _start_from(self) -> None:
        name = self.start_from.value
        made = self.positions[name]() if name else self._new()
        game = made if hasattr(made, "to_json") and hasattr(made, "moves") else \
            self.rules.Game(made)
        try:
            self.board.load_text(type(game)(game.state).to_json())
        except SumerError as exc:
            self._say(exc.describe(self.lang))

    def _draw_params(self) -> None:
        kind = self.kinds.get(self.kind.value)
        if kind is None:
            self.params.children = ()
            return
        old = {box.param_name: box.value for box in self.params.children
               if hasattr(box, "param_name")}
        boxes = []
        for param in kind.params:
            box = self._param_box(param, old.get(param.name))
            box.param_name = param.name
            boxes.append(box)
        self.params.children = tuple(boxes)

    def _param_box(self, param: Param, old: Any) -> Any:
        if param.kind == "whole":
            value = old if isinstance(old, int) else (param.default if isinstance(
                param.default, int) else param.least)
            return widgets.BoundedIntText(value=min(max(value, param.least), param.most),
                                          min=param.least, max=param.most,
                                          description=param.name)
        state = self.board.game.state
        options = [(say(label, self.lang), value) for value, label in param.choices(state)]
        values = [value for _, value in options]
        value = old if old in values else param.default if param.default in values else (
            values[0] if values else None)
        return widgets.Dropdown(options=options, value=value, description=param.name,
                                layout=widgets.Layout(width="28em"))

    def data(self) -> dict[str, Any]:
        """The task as a task file holds it, from the board and the form."""
        goal = {"kind": self.kind.value, **{box.param_name: box.value
                                           for box in self.params.children}}
        told: dict[str, Any] = {"goal": self.goal.value.strip()}
        steps = [line.strip() for line in self.hints.value.splitlines() if line.strip()]
        if steps:
            told["hint"] = steps
        for key, box in (("done", self.done_words), ("missed", self.missed_words)):
            if box.value.strip():
                told[key] = box.value.strip()
        state = self.board.game.state
        return {"id": _slug(self.task_id.value), "start": self.rules.Game(state).to_json(),
                "goal": goal, "par": self.par.value,
                "words": {self.lang: {k: v for k, v in told.items() if v}}}

    def task(self) -> Any:
        """The task the form makes, read back through the task file's reader.

        Raises:
            InvalidInput: what the form holds is not a task (the reason says why).
        """
        text = dumps({"format": FORMAT, "version": VERSION, "game": self.game,
                      "task": [self.data()]})
        task, = read(text, "the task", game=self.game)
        return task

    # The buttons ---------------------------------------------------------------------------

    def try_task(self) -> Any:
        """Open the task on a board below, as a learner gets it; returns that board."""
        try:
            task = self.task()
        except SumerError as exc:
            self._say(exc.describe(self.lang))
            return None
        board = task.board(lang=self.lang, name="task-maker-try")
        self.trial.children = (board,)
        self._say(self.told["trying"])
        return board

    def save(self) -> Path | None:
        """Add the task to the file (replacing one of the same id); returns the file written
        (None if the task or the file was refused)."""
        path = Path(self.file_box.value.strip() or self.file)
        try:
            task = self.task()
            tasks, texts = [], {}
            if path.exists():
                for kept in read(path.read_text(encoding="utf-8"), path.name, game=self.game):
                    if kept.id != task.id:
                        tasks.append(kept)
                        texts[kept.id] = kept.source_words
            tasks.append(task)
            texts[task.id] = self.data()["words"]
            text = write(tasks, self.game, texts, self.told["file_comment"])
            read(text, path.name, game=self.game)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except SumerError as exc:
            self._say(exc.describe(self.lang))
            return None
        except OSError as exc:
            self._say(self.told["not_written"].format(why=exc.strerror or exc))
            return None
        self._say(self.told["saved"].format(task=task.id, file=path.as_posix(),
                                            count=len(tasks)))
        return path

    def _say(self, text: str) -> None:
        self.said.value = html.escape(str(text))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        data["text/html"] = f"<p><i>{html.escape(self.told['static'])}</i></p>"
        data["text/plain"] = self.told["static"]
        return data


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9-]+", "-", text.strip()).strip("-")[:60] or "my-task"


def _lesson_positions(game: str) -> dict[str, Any]:
    """The lesson's own start positions of `game`, by name (a teacher starts from them)."""
    from sumer_widgets.lessons import module

    try:
        return dict(getattr(module(game), "POSITIONS", {}))
    except (InvalidInput, ImportError):
        return {}
