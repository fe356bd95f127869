"""Task files: board tasks as data, read and written — the lessons' own and a teacher's.

A task file is TOML (`sumer_widgets.tomlfile`)::

    format = "sumer.tasks"
    version = 1
    game = "royal_ur"

    [[task]]
    id = "rosette-again"
    start = "rosette_start"        # a position of the lesson, or a saved game (its JSON text)
    goal = { kind = "rosette" }    # a goal kind of the game, with its parameters
    par = 1                        # the learner's decisions to reach it in
    rules = ["U-ROSETTE-1"]        # what it practises (docs/rules/<game>.md)
    solution = ["move 1"]          # moves that reach it (where the kind finds none itself)
    misses = [["enter"]]           # tries that do not (each checked to miss, by a test)

    [task.words.en]                # what the learner reads (a teacher's file; the lessons'
    goal = "Move a piece so that light throws again."    # own tasks keep theirs in the
    hint = ["Landing on a rosette gives another throw."] # words files, [task.<id>])
    done = "Light throws again."   # optional: the goal kind's sentences, told this task's way

Other keys: ``board`` (the board's keywords, e.g. ``{ name = "task-x" }``), ``bots`` (seats a
bot answers for: ``{ 1 = "greedy" }``), ``ruleset_options`` (the options the start is made
with), ``check`` (a lesson's own task only: the name of a check its code registers, for a goal
no kind says), ``explanation`` in the words (for the answer key).

`read` checks every part and refuses a bad file with `InvalidInput` naming the line; what
`write` writes, `read` reads back into the same tasks. The teacher's guide to the format is
``docs/tasks.md``, with an example file per game in ``docs/tasks/``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import LANGUAGES, Game, InvalidInput, plain, rules_of, shown
from sumer_widgets import tomlfile
from sumer_widgets.goals import Goal, kind_words
from sumer_widgets.tasks import TODO, Task, Tasks, Verdict
from sumer_widgets.words import section

FORMAT = "sumer.tasks"
VERSION = 1
#: The keys a task may have, and those of its words.
TASK_KEYS = ("id", "start", "goal", "check", "par", "rules", "solution", "misses", "board",
             "bots", "ruleset_options", "words")
WORD_KEYS = ("goal", "hint", "explanation")
#: The most tasks a file holds, and the longest id.
MAX_TASKS = 200
MAX_ID = 60
#: The board keywords a task may set.
BOARD_KEYS = ("name", "chances", "paths", "open_hands", "viewer", "level")


@dataclass(frozen=True)
class Check:
    """A lesson's own goal check, for a task no goal kind says: ``check(game, say) ->
    Verdict`` and the sentence keys it says (each needs words in the task's table)."""

    check: Callable[..., Verdict]
    sentences: tuple[str, ...] = ("done", "missed")


class _Where:
    """Names the line of a part of the file in a refusal."""

    def __init__(self, text: str, name: str):
        self.text = text
        self.name = name

    def __call__(self, *path: str | int) -> str:
        line = tomlfile.line_of(self.text, *path) if self.text else None
        steps = ".".join(str(step) for step in path if not isinstance(step, int))
        index = next((step for step in path if isinstance(step, int)), None)
        task = f"task {index + 1}" if index is not None else ""
        said = ", ".join(part for part in (task, steps.removeprefix("task.")) if part)
        return f"{self.name}{f', line {line}' if line else ''}" + (f" ({said})" if said else "")


def read(text: Any, where: str = "task file", *, game: str | None = None,
         positions: Mapping[str, Callable[..., Any]] | None = None,
         checks: Mapping[str, Check] | None = None,
         words: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None) -> list[Task]:
    """The tasks of a task file's `text`, each checked.

    Args:
        game: the game the file must be for (None: any).
        positions: the lesson's start positions by name (a lesson's own file); a teacher's
            file starts from saved games.
        checks: the lesson's own goal checks by name.
        words: the lesson's task words, ``{task id: {lang: table}}`` (its words files'
            ``[task.<id>]``), for tasks whose file holds none.

    Raises:
        InvalidInput: anything wrong with the file, naming the line.
    """
    data = plain(tomlfile.loads(text, where), where)
    at = _Where(text if isinstance(text, str) else "", where)
    if data.get("format") != FORMAT:
        raise InvalidInput(f"{at('format')}: not a Sumer task file (format must be "
                           f"{FORMAT!r}, not {shown(data.get('format'))})")
    if data.get("version") != VERSION:
        raise InvalidInput(f"{at('version')}: task file version {shown(data.get('version'))}; "
                           f"this version of Sumer reads version {VERSION}")
    unknown = sorted(set(data) - {"format", "version", "game", "task"})
    if unknown:
        raise InvalidInput(f"{at(unknown[0])}: unknown key {shown(unknown[0])}"
                           f"{_close(unknown[0], ('format', 'version', 'game', 'task'))}")
    from engine.core import RULESETS

    ruleset = data.get("game")
    if ruleset not in RULESETS or (game is not None and ruleset != game):
        wanted = game or ", ".join(RULESETS)
        raise InvalidInput(f"{at('game')}: game must be {wanted}, not {shown(ruleset)}")
    tasks = data.get("task", [])
    if not isinstance(tasks, list) or not all(isinstance(item, dict) for item in tasks):
        raise InvalidInput(f"{at('task')}: tasks are [[task]] tables")
    if len(tasks) > MAX_TASKS:
        raise InvalidInput(f"{where}: {len(tasks)} tasks; a file holds at most {MAX_TASKS}")
    read_tasks: list[Task] = []
    seen: set[str] = set()
    for index, item in enumerate(tasks):
        task = _task(item, ruleset, index, at, positions or {}, checks or {}, words or {})
        if task.id in seen:
            raise InvalidInput(f"{at('task', index, 'id')}: the id {task.id!r} is used twice")
        seen.add(task.id)
        read_tasks.append(task)
    return read_tasks


def _close(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _task(item: dict[str, Any], ruleset: str, index: int, at: _Where,
          positions: Mapping[str, Callable[..., Any]], checks: Mapping[str, Check],
          lesson_words: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> Task:
    def where(*path: str | int) -> str:
        return at("task", index, *path)

    unknown = sorted(set(item) - set(TASK_KEYS))
    if unknown:
        raise InvalidInput(f"{where(unknown[0])}: a task has no key {shown(unknown[0])}"
                           f"{_close(unknown[0], TASK_KEYS)}; keys: {', '.join(TASK_KEYS)}")
    task_id = item.get("id")
    if not isinstance(task_id, str) or not 0 < len(task_id) <= MAX_ID or not all(
            char.isalnum() or char == "-" for char in task_id):
        raise InvalidInput(f"{where('id')}: an id is 1 to {MAX_ID} letters, digits and "
                           f"dashes, not {shown(task_id)}")
    ruleset_options = _table(item, "ruleset_options", where)
    start = _start(item.get("start"), ruleset, positions, ruleset_options, where)
    board = _table(item, "board", where)
    bad = sorted(set(board) - set(BOARD_KEYS))
    if bad:
        raise InvalidInput(f"{where('board')}: the board takes no {shown(bad[0])}; it takes "
                           f"{', '.join(BOARD_KEYS)}")
    bots = _bots(item, ruleset, start(), where)
    words = _words(item, task_id, lesson_words, where)
    sentences, objective, check = _goal(item, ruleset, start(), checks, words, task_id, where)
    par = item.get("par")
    if par is not None and (type(par) is not int or not 1 <= par <= 100):
        raise InvalidInput(f"{where('par')}: par is a whole number of moves from 1 to 100, "
                           f"not {shown(par)}")
    if objective is not None and par is None:
        raise InvalidInput(f"{where('par')}: a task made of a goal kind needs its par (how "
                           "many moves the learner has to reach it)")
    solution = _moves(item.get("solution", []), ruleset, where, "solution")
    if not solution and objective is not None:
        solution = objective.solution(start())
    misses = item.get("misses", [])
    if not isinstance(misses, list):
        raise InvalidInput(f"{where('misses')}: misses are a list of tries, each a list of moves")
    tries = tuple(_moves(miss, ruleset, where, "misses") for miss in misses)
    rules = item.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
        raise InvalidInput(f"{where('rules')}: rules are a list of rule ids")
    from sumer_widgets.catalogue import ruleset_of

    for rule in rules:
        if ruleset_of(rule) != ruleset:
            raise InvalidInput(f"{where('rules')}: {shown(rule)} is no rule of {ruleset}'s "
                               f"catalogue (docs/rules/{ruleset}.md)")
    text = {lang: table for lang, table in words.items()}
    goal = {lang: table["goal"] for lang, table in text.items() if "goal" in table}
    hint = _steps(text)
    explanation = {lang: table["explanation"] for lang, table in text.items()
                   if "explanation" in table}

    def checked(game: Game) -> Verdict:
        if objective is not None:
            return objective.check(game, sentences, f"task.{task_id}")
        return check.check(game, lambda key, /, **values: _say(sentences, task_id, key,
                                                                 **values))

    # The words checker reads the keys a task's check says from here (`wordcheck._ids`).
    said = objective.kind.sentences if objective is not None else check.sentences
    checked.sentences = said  # type: ignore[attr-defined]
    return Task(id=task_id, ruleset=ruleset, goal=goal, start=start, check=checked,
                rules=tuple(rules), hint=hint, solution=solution, explanation=explanation,
                misses=tries, bots=bots, options=board, ruleset_options=ruleset_options,
                par=par, objective=objective, source_words=words)


def _say(sentences: Mapping[str, Mapping[str, str]], task_id: str, key: str, /,
         **values: Any) -> Any:
    from sumer_widgets.words import Said

    return Said(sentences, f"task.{task_id}", key, **values)


def _table(item: Mapping[str, Any], key: str, where: Callable[..., str]) -> dict[str, Any]:
    value = item.get(key, {})
    if not isinstance(value, dict):
        raise InvalidInput(f"{where(key)}: {key} must be a table, not {shown(value)}")
    return value


def _start(value: Any, ruleset: str, positions: Mapping[str, Callable[..., Any]],
           options: Mapping[str, Any], where: Callable[..., str]) -> Callable[..., Any]:
    rules = rules_of(ruleset)
    if isinstance(value, str) and value in positions:
        made = positions[value]
        try:
            (made(**options) if options else made())
        except TypeError:
            raise InvalidInput(f"{where('ruleset_options')}: the position {value!r} takes no "
                               f"options {shown(dict(options))}") from None
        return made
    if not isinstance(value, str) or not value.lstrip().startswith("{"):
        known = f"; the lesson's positions: {', '.join(positions)}" if positions else ""
        raise InvalidInput(f"{where('start')}: start is a saved game (its JSON text){known}, "
                           f"not {shown(value)}")
    try:
        saved = rules.Game.from_json(value)
    except InvalidInput as exc:
        raise InvalidInput(f"{where('start')}: the saved game cannot be read: "
                           f"{exc.reason}") from None
    state = saved.state
    if state.is_over:
        raise InvalidInput(f"{where('start')}: the saved game is over: a task starts where "
                           "the learner has a move to make")
    if options:
        raise InvalidInput(f"{where('ruleset_options')}: a saved game holds its own options")

    def start(**_options: Any) -> Any:
        return state
    return start


def _bots(item: Mapping[str, Any], ruleset: str, state: Any,
          where: Callable[..., str]) -> dict[int, str]:
    from engine.bots import LEVELS, make_bot

    bots = {}
    for seat, spec in _table(item, "bots", where).items():
        number = int(seat) if seat.isdigit() and len(seat) < 3 else -1
        if not 0 <= number < state.players or number == state.to_move:
            raise InvalidInput(f"{where('bots')}: seat {shown(seat)} is not another player "
                               f"(0 to {state.players - 1}, not the learner's "
                               f"{state.to_move})")
        if not isinstance(spec, str):
            raise InvalidInput(f"{where('bots')}: a bot is named by text, not {shown(spec)}")
        if spec not in LEVELS:
            try:
                make_bot(spec)
            except (InvalidInput, ValueError, TypeError):
                raise InvalidInput(f"{where('bots')}: {shown(spec)} is no bot (a level: "
                                   f"{', '.join(LEVELS)}, or random, greedy, expert)") from None
        bots[number] = spec
    return bots


def _words(item: Mapping[str, Any], task_id: str,
           lesson_words: Mapping[str, Mapping[str, Mapping[str, Any]]],
           where: Callable[..., str]) -> dict[str, dict[str, Any]]:
    words = item.get("words")
    if words is None:
        words = lesson_words.get(task_id)
        if not words:
            raise InvalidInput(f"{where()}: the task {task_id!r} has no words (a [task.words.en] "
                               "table with its goal at least)")
    if not isinstance(words, Mapping):
        raise InvalidInput(f"{where('words')}: words are a table per language")
    for lang, table in words.items():
        if lang not in LANGUAGES:
            raise InvalidInput(f"{where('words', lang)}: {shown(lang)} is not a language of "
                               f"Sumer ({', '.join(LANGUAGES)})")
        if not isinstance(table, Mapping):
            raise InvalidInput(f"{where('words', lang)}: a language's words are a table")
        for key, value in table.items():
            steps = value if key == "hint" and isinstance(value, (list, tuple)) else [value]
            if not steps or not all(isinstance(step, str) and step.strip() for step in steps):
                raise InvalidInput(f"{where('words', lang, key)}: {key} must be text")
    if not any("goal" in table for table in words.values()):
        raise InvalidInput(f"{where('words')}: a task's words need its goal, in one language "
                           "at least ([task.words.en] goal = ...)")
    return {lang: dict(table) for lang, table in words.items()}


def _steps(text: Mapping[str, Mapping[str, Any]]) -> tuple[dict[str, str], ...]:
    steps: list[dict[str, str]] = []
    for lang, table in text.items():
        hint = table.get("hint", ())
        for n, step in enumerate([hint] if isinstance(hint, str) else hint):
            if n == len(steps):
                steps.append({})
            steps[n][lang] = " ".join(step.split())
    return tuple(steps)


def _goal(item: Mapping[str, Any], ruleset: str, state: Any, checks: Mapping[str, Check],
          words: Mapping[str, Mapping[str, Any]], task_id: str,
          where: Callable[..., str]) -> tuple[dict[str, dict[str, str]], Goal | None,
                                              Check | None]:
    if ("goal" in item) == ("check" in item):
        raise InvalidInput(f"{where('goal')}: a task has a goal (a goal kind and its "
                           "parameters) — or, in a lesson's own file, a check")
    if "check" in item:
        check = checks.get(item["check"]) if isinstance(item["check"], str) else None
        if check is None:
            raise InvalidInput(f"{where('check')}: no check {shown(item['check'])}; the "
                               f"lesson's checks: {', '.join(checks) or 'none'}")
        said_keys: tuple[str, ...] = check.sentences
        objective = None
        defaults: Mapping[str, Mapping[str, str]] = {}
    else:
        check = None
        objective = Goal.read(ruleset, item["goal"], state, where("goal"))
        said_keys = objective.kind.sentences
        defaults = kind_words(ruleset).get(objective.kind.name, {})
    allowed = {*WORD_KEYS, *said_keys}
    for lang, table in words.items():
        bad = sorted(set(table) - allowed)
        if bad:
            raise InvalidInput(f"{where('words', lang, bad[0])}: the task's words have no "
                               f"{shown(bad[0])}{_close(bad[0], sorted(allowed))}; they are "
                               f"{', '.join(sorted(allowed))}")
    sentences = {lang: {**defaults.get(lang, {}),
                        **{key: value for key, value in words.get(lang, {}).items()
                           if key in said_keys}}
                 for lang in {*defaults, *words}}
    missing = [key for key in said_keys if not any(key in table for table in sentences.values())]
    if missing:
        raise InvalidInput(f"{where('words', 'en')}: the task's words need "
                           f"{', '.join(missing)} (what the board says when the goal is "
                           "reached or missed)")
    return sentences, objective, check


def _moves(value: Any, ruleset: str, where: Callable[..., str], key: str) -> tuple[str, ...]:
    rules = rules_of(ruleset)
    if not isinstance(value, list) or not all(isinstance(move, str) for move in value):
        raise InvalidInput(f"{where(key)}: {key} is a list of moves in text, e.g. "
                           '["move 1"]')
    for move in value:
        try:
            rules.parse_move(move)
        except InvalidInput as exc:
            raise InvalidInput(f"{where(key)}: {exc.reason}") from None
    return tuple(value)


def lesson_tasks(module_file: str, positions: Mapping[str, Callable[..., Any]],
                 checks: Mapping[str, Check] | None = None) -> Tasks:
    """A lesson's tasks: the ``tasks.toml`` beside its module `module_file`, each starting
    from one of its `positions` and checked by a goal kind or one of its `checks`, with its
    words from the words files' ``[task.<id>]`` tables.

    Raises:
        InvalidInput: the file, or the words, name what the lesson does not have.
    """
    path = Path(module_file).with_name("tasks.toml")
    game = path.parent.name
    words = section(module_file, "task")
    tasks = read(path.read_text(encoding="utf-8"), f"{game}/tasks.toml", game=game,
                 positions=positions, checks=checks, words=words)
    unknown = sorted(set(words) - {task.id for task in tasks})
    if unknown:
        raise InvalidInput(f"{game}'s words name tasks it does not have: {', '.join(unknown)}")
    return Tasks(tasks)


def write(tasks: Sequence[Task], game: str, words: Mapping[str, Mapping[str, Any]],
          comment: str = "") -> str:
    """A task file of `tasks` (each made of a goal kind), with each task's `words`
    (``{task id: {lang: table}}``) in it: `read` reads it back into the same tasks."""
    data = {"format": FORMAT, "version": VERSION, "game": game,
            "task": [task.to_data(words.get(task.id)) for task in tasks]}
    return tomlfile.dumps(data, comment)


__all__ = ["FORMAT", "VERSION", "Check", "TODO", "lesson_tasks", "read", "write"]
