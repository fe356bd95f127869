"""Board tasks: a goal set on a live board, checked from the board's own game.

A `Task` is data — a start position, a goal the engine can test on any later position, the
words that say it (English and Dutch), the rules it practises, a hint and a solution. A board
given a task (``task.board()``, or ``board.set_task(task)``) shows the goal above the
picture, says after every move whether it is reached — and why not, when a move misses it —
and starts the task again on "Start again".

The same task object is what a test solves through the board's intents (`solve`) and what the
teacher's answer key prints (its `solution` and `explanation`), so the three never drift apart.

Limits: a goal reads the board's game (`Game.history`, `Game.log`) and nothing else; it never
looks at what the page shows. A task's bots, if any, answer the learner's moves as on any board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import Game, InvalidInput, rules_of
from sumer_widgets.games import board_class
from sumer_widgets.words import words

#: Words in each language: ``{"en": "...", "nl": "..."}``, or one English string.
Words = Mapping[str, str] | str

TODO, DONE, MISSED = "todo", "done", "missed"

TASK_WORDS = words(__file__)["TASK_WORDS"]


def say(words: Words | Any, lang: str) -> str:
    """`words` in `lang` (English where no translation exists, else any language given):
    text, ``{lang: text}``, or anything told per language (``describe(lang)``: a `Said`, a
    `Message`)."""
    if isinstance(words, str):
        return words
    if hasattr(words, "describe"):
        return words.describe(lang)
    return words.get(lang) or words.get("en") or next(iter(words.values()), "")


@dataclass(frozen=True)
class Verdict:
    """Where the learner stands: `status` is "todo", "done" or "missed"; `why` says so."""

    status: str
    why: Words = ""

    @property
    def done(self) -> bool:
        return self.status == DONE


def reached(why: Words = "") -> Verdict:
    return Verdict(DONE, why)


def not_yet(why: Words = "") -> Verdict:
    return Verdict(TODO, why)


def missed(why: Words = "") -> Verdict:
    return Verdict(MISSED, why)


@dataclass(frozen=True)
class Task:
    """A goal on a board.

    Args:
        id: unique within its game's lesson.
        ruleset: the game's name in `engine.core.RULESETS`.
        goal: what to do, as the board shows it.
        start: makes the start position (a state of `ruleset`), afresh on every reset.
        check: ``check(game) -> Verdict`` — whether ``game`` (which began at the start
            position) has reached the goal; its `why` says what is still missing.
        rules: the catalogue ids the task practises.
        hint: said only when the learner asks.
        solution: moves in text notation that reach the goal from the start, one per line of
            the answer key; a test plays them through the board.
        explanation: the reasoning, for the answer key.
        misses: tries that do not reach the goal, each a sequence of moves in text notation;
            a test checks the board says why not (and never "done") after each.
        bots: seats a bot answers for, ``{player: bot spec}`` (e.g. ``{1: "greedy"}``).
        options: keywords for the board (e.g. ``{"name": "task-umma"}``).
        ruleset_options: the ruleset's options the start is made with
            (``start(**ruleset_options)``), e.g. ``{"tiebreak": "towns"}`` for a task about one
            reading; a lesson played by other options fills in the rest (`under`). Empty:
            ``start()`` as it is.
        par: how many of the learner's decisions reach the goal: a goal not reached after as
            many is missed (`sumer_widgets.goals`); None where the check says so itself.
        objective: the goal kind with its parameters (a `sumer_widgets.goals.Goal`) when the
            task is data (`sumer_widgets.taskfile`); None for a task whose check is the
            lesson's own.
        source_words: the words as its task file gave them, ``{lang: table}`` (so a file
            written again keeps them whole).
    """

    id: str
    ruleset: str
    goal: Words
    start: Callable[[], Any]
    check: Callable[[Game], Verdict]
    rules: tuple[str, ...] = ()
    hint: Words = ""
    solution: tuple[str, ...] = ()
    explanation: Words = ""
    misses: tuple[tuple[str, ...], ...] = ()
    bots: Mapping[int, str] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    ruleset_options: Mapping[str, Any] = field(default_factory=dict)
    par: int | None = None
    objective: Any = None
    source_words: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def under(self, options: Mapping[str, Any]) -> Task:
        """This task played by the ruleset `options` (a lesson's, e.g. the Dutch rulebook's
        ``{"tiebreak": "villages"}``); the task's own `ruleset_options` still win, so a task
        about one reading keeps it."""
        if not options:
            return self
        return replace(self, ruleset_options={**options, **self.ruleset_options})

    def new_game(self) -> Game:
        """A fresh game at the task's start (made with the task's `ruleset_options`)."""
        chosen = self.ruleset_options
        start = self.start(**chosen) if chosen else self.start()
        if isinstance(start, Game):
            return start.copy()
        return rules_of(self.ruleset).Game(start)

    def verdict(self, game: Game) -> Verdict:
        """How far `game` has come towards the goal (a game still at its start is "todo"; a
        goal not reached within the `par` of the learner's decisions is missed)."""
        if not game.moves:
            return not_yet({lang: words["start"] for lang, words in TASK_WORDS.items()})
        verdict = self.check(game)
        if verdict.status == TODO and self.par is not None:
            from sumer_widgets.goals import learner_decisions

            if learner_decisions(game) >= self.par:
                return missed(verdict.why)
        return verdict

    def hints(self) -> tuple[Words, ...]:
        """The hint's steps, in order (none, one, or a nudge then the method)."""
        if isinstance(self.hint, tuple):
            return tuple(step for step in self.hint if step)
        return (self.hint,) if self.hint else ()

    def to_data(self, lang_words: Mapping[str, Mapping[str, Any]] | None = None) -> dict:
        """This task as a task file holds it (a data task only: `from_data` reads it back)."""
        if self.objective is None:
            raise InvalidInput(f"task {self.id} checks its goal with the lesson's own code: "
                               "only a task made of a goal kind can be written to a file")
        start = self.new_game()
        data: dict[str, Any] = {"id": self.id, "start": type(start)(start.state).to_json(),
                                "goal": self.objective.to_data()}
        if self.par is not None:
            data["par"] = self.par
        if self.rules:
            data["rules"] = list(self.rules)
        if self.solution:
            data["solution"] = list(self.solution)
        if self.bots:
            data["bots"] = {str(seat): spec for seat, spec in self.bots.items()}
        if self.options:
            data["board"] = dict(self.options)
        told = lang_words if lang_words is not None else self.source_words
        if told:
            data["words"] = {lang: dict(table) for lang, table in told.items()}
        return data

    def board(self, lang: str = "en", **options: Any) -> Any:
        """An interactive board of this task's game, showing the goal."""
        from engine.bots import LEVELS, bot_for_level, make_bot

        bots = {seat: bot_for_level(self.ruleset, spec, seed=seat)
                if spec in LEVELS else make_bot(spec, seed=seat)
                for seat, spec in self.bots.items()}
        board = board_class(self.ruleset)(self.new_game(), bots=bots, lang=lang,
                                          **{**self.options, **options})
        board.set_task(self)
        return board

    def solve(self, board: Any, moves: Sequence[str] | None = None) -> Verdict:
        """Start the task again on `board` and play `moves` (default: the `solution`) through
        its intents, as clicks would; returns the verdict.

        Raises:
            InvalidInput: a move was refused (so the task's solution or miss is wrong).
        """
        rules = rules_of(self.ruleset)
        board.send_intent({"intent": "task_reset"})
        for text in self.solution if moves is None else moves:
            move = rules.parse_move(text)
            board.send_intent({"intent": "play", "move": move.to_dict(),
                               "ply": len(board.game.moves)})
            if board.error:
                raise InvalidInput(f"task {self.id}: the solution move {text!r} was refused: "
                                   f"{board.error}")
        return self.verdict(board.game)

    def words(self, lang: str) -> dict[str, Any]:
        """What the board shows of the task (without the verdict)."""
        return {"id": self.id, "goal": say(self.goal, lang), "rules": list(self.rules),
                "has_hint": bool(self.hints()), **TASK_WORDS.get(lang, TASK_WORDS["en"])}

    def __repr__(self) -> str:
        return f"<Task {self.id}: {say(self.goal, 'en')}>"


class Tasks:
    """The tasks of one notebook, by id, in the order they are taught."""

    def __init__(self, tasks: Sequence[Task] = ()):
        self._tasks: dict[str, Task] = {}
        for task in tasks:
            self.add(task)

    def add(self, task: Task) -> Task:
        if task.id in self._tasks:
            raise ValueError(f"task {task.id!r} is defined twice")
        self._tasks[task.id] = task
        return task

    def __getitem__(self, task_id: str) -> Task:
        try:
            return self._tasks[task_id]
        except KeyError:
            raise InvalidInput(f"no task {task_id!r}; known: {', '.join(self._tasks)}") from None

    def __iter__(self):
        return iter(self._tasks.values())

    def __len__(self) -> int:
        return len(self._tasks)
