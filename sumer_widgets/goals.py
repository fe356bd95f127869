"""Goal kinds: what a board task asks, as data — a kind with parameters, checked on any game.

Each game offers a small vocabulary of kinds (``sumer_widgets/<game>/goals.py``: for the Royal
Game of Ur "capture", "rosette", "bear-off", "best-move", ...). A kind names its parameters
(`Param`: a whole number, or one of the choices the position offers — a player, a place, a
city-state), and its check reads a game that began at the task's start and says how far it
has come (`Verdict`, from `sumer_widgets.tasks`). Its sentences — what a reached goal, a miss
and a goal not yet reached say — are the ``[goal.<kind>]`` table of the game's words files,
with ``{slots}`` the check fills in; a task may give its own sentences instead (its
``[task.<id>]`` table, or the words of a teacher's task file).

A task made of a kind (`Goal`) is then data alone: a position, ``{"kind": ..., params}``, a par
of moves and words — no Python (`sumer_widgets.tasks.Task.from_data`, the task maker
`sumer_widgets.taskmaker`).

**Par.** A kind says whether the goal is reached; the task's `par` says how many of the
learner's decisions it has to reach it in. A goal not reached after `par` decisions is missed
(the board offers *Start again*). The learner is the player to move at the start; chance moves
(a throw) and the bots' moves are not the learner's decisions (the game's `is_decision`). Where
a decision sets off more decisions before its outcome is known (a Tigris conflict's support, the
treasure its trader keeps), the game says when a position is `settled`: until then the last
decision does not count, so a goal its outcome may still reach is not missed before it is known.

Limits: a check sees the game (its states, moves and events) and nothing the page shows.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Game, InvalidInput, is_int, shown
from sumer_widgets.words import Said, section

#: The sentences a kind's words may have beside those its check says: what a warm-up's fresh
#: position asks (`fresh_task`), and a hint for it.
KIND_EXTRAS = ("goal", "hint")
#: The kinds of parameter a goal may take.
PARAM_KINDS = ("whole", "choice")


@dataclass(frozen=True)
class Param:
    """A parameter of a goal kind.

    Args:
        name: its key in a task's goal (``{"kind": "reach", "square": 8}``).
        kind: ``"whole"`` (a whole number from `least` to `most`) or ``"choice"`` (one of
            ``choices(state)``, as ``[(value, label)]``, the label a ``describe(lang)``-able
            or ``{lang: text}``).
        choices: the values a ``"choice"`` may take in a start position.
        least, most: the bounds of a ``"whole"``.
        default: the value the task maker proposes.
    """

    name: str
    kind: str = "whole"
    choices: Callable[[Any], Sequence[tuple[Any, Any]]] | None = None
    least: int = 0
    most: int = 1_000
    default: Any = None

    def check(self, value: Any, state: Any, where: str) -> Any:
        """`value` checked for a task starting at `state`.

        Raises:
            InvalidInput: a value this parameter cannot take, naming `where`.
        """
        if self.kind == "whole":
            if not is_int(value) or not self.least <= value <= self.most:
                raise InvalidInput(f"{where}: {self.name} must be a whole number from "
                                   f"{self.least} to {self.most}, not {shown(value)}")
            return value
        allowed = [choice for choice, _ in self.choices(state)] if self.choices else []
        # By value and kind: a choice of 1 is not true, nor 1.0.
        if not any(value == choice and type(value) is type(choice) for choice in allowed):
            raise InvalidInput(f"{where}: {self.name} must be one of "
                               f"{', '.join(map(str, allowed)) or '(none here)'}, not "
                               f"{shown(value)}")
        return value


@dataclass(frozen=True)
class GoalKind:
    """A kind of goal of one game.

    Args:
        name: its key (``"capture"``), unique in its game.
        ruleset: the game.
        check: ``check(game, say, **params) -> Verdict`` — how far `game` (begun at the
            task's start, `game.history[0]`) has come; ``say(key, **values)`` makes the
            sentence `key` of the task's words (a `Said`).
        params: what it takes.
        solve: ``solve(start, **params) -> moves`` in text notation that reach the goal from
            the start, where the kind can find them itself (a task then needs no solution of
            its own).
        sentences: the keys its check says (each needs words in ``[goal.<name>]``).
    """

    name: str
    ruleset: str
    check: Callable[..., Any]
    params: tuple[Param, ...] = ()
    solve: Callable[..., Sequence[str]] | None = None
    sentences: tuple[str, ...] = ("done", "missed")


#: Every game's kinds, filled by the game's goals module as it is imported.
_KINDS: dict[str, dict[str, GoalKind]] = {}
#: Whether a move is a decision of its player (not chance), by game.
_DECISIONS: dict[str, Callable[[Any], bool]] = {}
#: Whether nothing a decision set off is still to be decided in a state, by game (default: yes).
_SETTLED: dict[str, Callable[[Any], bool]] = {}


def kind(ruleset: str, name: str, *, params: Sequence[Param] = (),
         solve: Callable[..., Sequence[str]] | None = None,
         sentences: Sequence[str] = ("done", "missed")) -> Callable[..., Any]:
    """Register the decorated function as the check of goal kind `name` of `ruleset`."""
    def register(check: Callable[..., Any]) -> Callable[..., Any]:
        kinds = _KINDS.setdefault(ruleset, {})
        if name in kinds:
            raise ValueError(f"goal kind {name!r} of {ruleset} is defined twice")
        kinds[name] = GoalKind(name, ruleset, check, tuple(params), solve, tuple(sentences))
        return check
    return register


def decisions(ruleset: str, is_decision: Callable[[Any], bool],
              settled: Callable[[Any], bool] | None = None) -> None:
    """Say which moves of `ruleset` are a player's decisions (the rest are chance), and in
    which states nothing a decision set off is still to be decided (`settled`; default: all)."""
    _DECISIONS[ruleset] = is_decision
    if settled is not None:
        _SETTLED[ruleset] = settled


def goal_kinds(ruleset: str) -> dict[str, GoalKind]:
    """The goal kinds of `ruleset`, by name.

    Raises:
        InvalidInput: a game Sumer does not have.
    """
    from engine.core import RULESETS

    if ruleset not in RULESETS:
        raise InvalidInput(f"no game {shown(ruleset)}; known: {', '.join(RULESETS)}")
    if importlib.util.find_spec(f"sumer_widgets.{ruleset}.goals") is not None:
        importlib.import_module(f"sumer_widgets.{ruleset}.goals")
    return dict(_KINDS.get(ruleset, {}))


def learner_decisions(game: Game) -> int:
    """How many decisions the learner (the player to move at the start) has made in `game`;
    the last one counts only once the game is settled after it (`decisions`)."""
    learner = game.history[0].to_move
    is_decision = _DECISIONS.get(game.RULES, _always)
    made = sum(1 for state, move in zip(game.history, game.moves)
               if state.to_move == learner and is_decision(move))
    if made and not _SETTLED.get(game.RULES, _always)(game.state):
        made -= 1
    return made


def _always(_move: Any) -> bool:
    return True


def kind_words(ruleset: str) -> dict[str, dict[str, Any]]:
    """The sentences of every kind of `ruleset`: ``{kind: {lang: {key: text}}}``, from the
    ``[goal.<kind>]`` tables of the game's words files."""
    goal_kinds(ruleset)
    return section(str(Path(__file__).parent / ruleset / "goals.py"), "goal")


@dataclass(frozen=True)
class Goal:
    """A kind with its parameters: what a task built from data asks."""

    kind: GoalKind
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def read(cls, ruleset: str, data: Any, start: Any, where: str = "goal") -> Goal:
        """A goal from a task's data — ``{"kind": name, param: value, ...}`` — checked
        against the start position `start`.

        Raises:
            InvalidInput: an unknown kind (the nearest known one named), a parameter the kind
                does not take, a missing one, or a value it cannot have.
        """
        if not isinstance(data, Mapping):
            raise InvalidInput(f"{where} must be a table with a kind, not {shown(data)}")
        kinds = goal_kinds(ruleset)
        name = data.get("kind")
        if not isinstance(name, str) or name not in kinds:
            close = difflib.get_close_matches(name, kinds, n=1) if isinstance(name, str) else []
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise InvalidInput(f"{where}: {shown(name)} is not a goal kind of {ruleset}{hint}; "
                               f"known: {', '.join(kinds)}")
        chosen = kinds[name]
        known = {param.name: param for param in chosen.params}
        # Keys a caller other than a file passes may be of any type (and any size).
        unknown = sorted(set(data) - {"kind", *known}, key=shown)
        if unknown:
            close = difflib.get_close_matches(unknown[0], known, n=1) if isinstance(
                unknown[0], str) else []
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise InvalidInput(f"{where}: the goal kind {name!r} takes no "
                               f"{', '.join(map(shown, unknown))}{hint}; it takes "
                               f"{', '.join(known) or 'nothing'}")
        params = {}
        for param in chosen.params:
            if param.name not in data:
                raise InvalidInput(f"{where}: the goal kind {name!r} needs {param.name}")
            params[param.name] = param.check(data[param.name], start, where)
        return cls(chosen, params)

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind.name, **self.params}

    def check(self, game: Game, words: Mapping[str, Mapping[str, str]], item: str) -> Any:
        """How far `game` has come, told with `words` (``{lang: {key: text}}``)."""
        def say(key: str, /, **values: Any) -> Said:
            return Said(words, item, key, **values)
        return self.kind.check(game, say, **self.params)

    def solution(self, start: Any) -> tuple[str, ...]:
        """Moves that reach the goal from `start`, where the kind can find them; () if not."""
        if self.kind.solve is None:
            return ()
        return tuple(self.kind.solve(start, **self.params))


def fresh_task(task: Any, seed: int, positions: int = 40, plies: int = 400) -> Any:
    """`task` on a fresh position, for a warm-up: a position of a game played at random (from
    `seed`, with the options and players of the task's start) where the learner has a choice of
    moves, one of which reaches the task's goal and one of which does not. The kind's own
    sentences say the goal (``[goal.<kind>] goal``) and the verdicts. None where the task is not
    made of a goal kind, takes more than one move, its kind has no goal sentence, or no such
    position turns up within `positions` tries of `plies` moves.
    """
    import random
    from dataclasses import fields

    from engine.core import rules_of

    goal = task.objective
    if goal is None or task.par != 1:
        return None
    sentences = kind_words(task.ruleset).get(goal.kind.name, {})
    if "goal" not in sentences.get("en", {}):
        return None
    rules = rules_of(task.ruleset)
    start = task.new_game().state
    options = {f.name: getattr(start.options, f.name) for f in fields(start.options)}
    is_decision = _DECISIONS.get(task.ruleset, _always)
    rng = random.Random(seed)
    item = f"goal.{goal.kind.name}"

    def reaches(state: Any, move: Any) -> bool:
        game = rules.Game(state)
        game.play(move)
        return goal.check(game, sentences, item).status == "done"

    for _ in range(positions):
        try:
            game = rules.Game(rules.new_state(start.players, seed=rng.randrange(2**32),
                                              **options))
        except InvalidInput:
            return None
        for ply in range(plies):
            state = game.state
            if state.is_over:
                break
            moves = rules.legal_moves(state)
            if ply >= 4 and len(moves) >= 2 and all(map(is_decision, moves)):
                reached = [move for move in moves if reaches(state, move)]
                if reached and len(reached) < len(moves):
                    return _fresh(task, goal, state, sentences, reached[0])
            game.play(moves[rng.randrange(len(moves))])
    return None


def _fresh(task: Any, goal: Goal, state: Any, sentences: Mapping[str, Any],
           solution: Any) -> Any:
    from dataclasses import replace

    item = f"goal.{goal.kind.name}"
    said = {lang: table["goal"] for lang, table in sentences.items() if "goal" in table}
    hint = tuple({lang: table["hint"] for lang, table in sentences.items() if "hint" in table}
                 for _ in range(1) if "hint" in sentences.get("en", {}))
    return replace(task, id=task.id, goal=said, start=lambda **_options: state,
                   check=lambda game: goal.check(game, sentences, item), hint=hint,
                   solution=(str(solution),), misses=(), explanation="", ruleset_options={})
