"""A review of a whole game: every decision graded, each player's accuracy, the key moments,
and every player's chance of winning along the game (the graph a board draws).

For each move of the game that was a player's decision — not chance's (a throw, a battle's
dice, an order rolled at the table) and not forced (one legal move) — the review compares the
move played with the coach's best move in that position (`values.analyse`):

- **chance before** is the mover's chance after its best move; **chance after**, after the
  move played; **lost** the difference (never below 0);
- **grade** by what was lost, in points of the chance of winning (`THRESHOLDS`): *best*
  (at most half a point: the best move, or as good), *good* (up to 3 points), *inaccuracy*
  (up to 7), *mistake* (up to 15), *blunder* (more);
- a move's **accuracy** is lichess's curve, ``103.1668 · exp(-0.04354 · points lost) -
  3.1669`` (100 for the best move, about 64 for 10 points lost, 40 for 20), between 0 and
  100; a player's accuracy is the mean over its graded decisions (None without any);
- the **key moments** are, for each player, the decisions that cost it most (at least
  `MOMENT` points each, at most `MOMENTS`, costliest first).

What the review sees (`sees`): ``"all"`` (the default: after the game every hand and card is
known) or ``"player"`` (each decision judged by what the mover could see, as during the game).
In the Royal Game of Ur and Priest-Kings nothing a player decides by is hidden.

A `Review` is a frozen value that saves as plain data (`Review.to_dict`) and loads back,
checked (`Review.from_dict`, refusing anything malformed with `InvalidInput`), so the
learner's record can keep it and show it later.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.coach import inputs
from engine.coach.reading import result
from engine.coach.values import analyse
from engine.core import RULESETS, InvalidInput, check_keys, field, plain, shown

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The most a move may lose (a chance, 0 to 1) and still get each grade; above the last, a
#: blunder.
THRESHOLDS = {"best": 0.005, "good": 0.03, "inaccuracy": 0.07, "mistake": 0.15}
#: A key moment costs at least this much (5 points), and a player has at most `MOMENTS`.
MOMENT = 0.05
MOMENTS = 3
REVIEW_FORMAT = "sumer.review"
REVIEW_VERSION = 1


def grade(lost: float) -> str:
    """The grade of a move that lost `lost` of the chance of winning (see `THRESHOLDS`)."""
    for name, most in THRESHOLDS.items():
        if lost <= most:
            return name
    return "blunder"


def move_accuracy(lost: float) -> float:
    """A move's accuracy from 0 to 100 (lichess's curve; see the module docstring)."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100 * lost) - 3.1669))


@dataclass(frozen=True)
class Decision:
    """One graded decision.

    Attributes:
        ply: the move's index in the game (``game.moves[ply]``, played in
            ``game.history[ply]``).
        player: who decided.
        move, best: the move played and the coach's best move, as text.
        before, after: the mover's chance of winning after its best move and after the move
            played; lost: ``before - after`` (at least 0).
        grade: one of `GRADES`; choices: how many legal moves there were.
    """

    ply: int
    player: int
    move: str
    best: str
    before: float
    after: float
    lost: float
    grade: str
    choices: int

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.lost)

    def to_dict(self) -> dict[str, Any]:
        return {"ply": self.ply, "player": self.player, "move": self.move, "best": self.best,
                "before": self.before, "after": self.after, "lost": self.lost,
                "grade": self.grade, "choices": self.choices}


@dataclass(frozen=True)
class Review:
    """A reviewed game (see the module docstring).

    Attributes:
        ruleset, players: the game's.
        sees: ``"all"`` or ``"player"``: what the review judged by.
        exact: whether every chance came from a solved table (the Royal Game of Ur).
        chances: every player's chance of winning in each position of the game, from the
            start (``game.history[0]``) to the end: the graph (one tuple per position).
        decisions: the graded decisions, in the order played.
        accuracy: each player's accuracy, 0 to 100 (None: no graded decision).
        moments: for each player, the indices into `decisions` of its key moments.
        result: each player's result: 1 for a sole winner, shares of a shared win (in
            Priest-Kings: 1 for each city among the winners), 0 else; all 0 while the game
            is unfinished.
    """

    ruleset: str
    players: int
    sees: str
    exact: bool
    chances: tuple[tuple[float, ...], ...]
    decisions: tuple[Decision, ...]
    accuracy: tuple[float | None, ...]
    moments: tuple[tuple[int, ...], ...]
    result: tuple[float, ...]

    def key_moments(self, player: int) -> list[Decision]:
        """`player`'s key moments, costliest first."""
        if isinstance(player, bool) or not isinstance(player, int) or not (
                0 <= player < self.players):
            raise InvalidInput(f"player must be a whole number from 0 to {self.players - 1}, "
                               f"not {shown(player)}")
        return [self.decisions[i] for i in self.moments[player]]

    def grades(self, player: int) -> dict[str, int]:
        """How many of `player`'s decisions got each grade."""
        counts = dict.fromkeys(GRADES, 0)
        for decision in self.decisions:
            if decision.player == player:
                counts[decision.grade] += 1
        return counts

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-able); `from_dict` reads it back."""
        return {"format": REVIEW_FORMAT, "version": REVIEW_VERSION, "ruleset": self.ruleset,
                "players": self.players, "sees": self.sees, "exact": self.exact,
                "chances": [list(c) for c in self.chances],
                "decisions": [d.to_dict() for d in self.decisions],
                "accuracy": list(self.accuracy), "moments": [list(m) for m in self.moments],
                "result": list(self.result)}

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """A review back from `to_dict`'s form, every field checked.

        Raises:
            InvalidInput: anything that is not such a review (the reason says what).
        """
        data = plain(data, "a review")
        where = "review"
        if not isinstance(data, dict):
            raise InvalidInput("a review must be an object")
        check_keys(data, ["format", "version", "ruleset", "players", "sees", "exact",
                          "chances", "decisions", "accuracy", "moments", "result"], where)
        if data.get("format") != REVIEW_FORMAT or data.get("version") != REVIEW_VERSION:
            raise InvalidInput(f"not a review of format {REVIEW_FORMAT!r} version "
                               f"{REVIEW_VERSION}: {shown(data.get('format'))} "
                               f"{shown(data.get('version'))}")
        ruleset = field(data, "ruleset", str, where)
        if ruleset not in RULESETS:
            raise InvalidInput(f"review: unknown ruleset {shown(ruleset)}")
        players = field(data, "players", int, where)
        if not 2 <= players <= 4:
            raise InvalidInput(f"review: players must be 2 to 4, not {players}")
        sees = inputs.viewpoint(field(data, "sees", str, where))
        exact = field(data, "exact", bool, where)
        chances = tuple(_chances(row, players, f"review.chances[{i}]")
                        for i, row in enumerate(field(data, "chances", list, where)))
        decisions = tuple(_decision(item, players, len(chances), f"review.decisions[{i}]")
                          for i, item in enumerate(field(data, "decisions", list, where)))
        if any(a.ply >= b.ply for a, b in zip(decisions, decisions[1:])):
            raise InvalidInput("review.decisions must be in the order played, one per ply")
        accuracy = field(data, "accuracy", list, where)
        if len(accuracy) != players or not all(
                a is None or (_number(a) and 0.0 <= a <= 100.0) for a in accuracy):
            raise InvalidInput(f"review.accuracy must hold, for each of the {players} "
                               "players, a number from 0 to 100 or null")
        moments = field(data, "moments", list, where)
        if len(moments) != players or not all(
                isinstance(m, list) and len(m) <= MOMENTS and all(
                    isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(decisions)
                    and decisions[i].player == p for i in m)
                for p, m in enumerate(moments)):
            raise InvalidInput(f"review.moments must hold, for each of the {players} players, "
                               f"up to {MOMENTS} indices of its own decisions")
        result_ = _chances(field(data, "result", list, where), players, "review.result")
        return cls(ruleset, players, sees, exact, chances, decisions,
                   tuple(None if a is None else float(a) for a in accuracy),
                   tuple(tuple(m) for m in moments), result_)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(
        value)


def _chances(row: Any, players: int, where: str) -> tuple[float, ...]:
    if not isinstance(row, list) or len(row) != players or not all(
            _number(c) and 0.0 <= c <= 1.0 for c in row):
        raise InvalidInput(f"{where} must hold {players} chances from 0 to 1, not "
                           f"{shown(row)}")
    return tuple(float(c) for c in row)


def _decision(item: Any, players: int, positions: int, where: str) -> Decision:
    if not isinstance(item, Mapping):
        raise InvalidInput(f"{where} must be an object, not {shown(item)}")
    check_keys(item, ["ply", "player", "move", "best", "before", "after", "lost", "grade",
                      "choices"], where)
    ply = field(item, "ply", int, where)
    player = field(item, "player", int, where)
    choices = field(item, "choices", int, where)
    move, best = field(item, "move", str, where), field(item, "best", str, where)
    if not 0 <= ply < max(positions - 1, 1) or not 0 <= player < players or choices < 2:
        raise InvalidInput(f"{where}: ply, player or choices out of range: {ply}, {player}, "
                           f"{choices}")
    if not 0 < len(move) <= 200 or not 0 < len(best) <= 200:
        raise InvalidInput(f"{where}: a move is a few words, not {shown(move)}")
    numbers = {}
    for key in ("before", "after", "lost"):
        value = field(item, key, (int, float), where)
        if not _number(value) or not 0.0 <= value <= 1.0:
            raise InvalidInput(f"{where}.{key} must be a chance from 0 to 1, not "
                               f"{shown(value)}")
        numbers[key] = float(value)
    grade_ = field(item, "grade", str, where)
    if grade_ not in GRADES or grade_ != grade(numbers["lost"]):
        raise InvalidInput(f"{where}.grade must be the grade of what the move lost "
                           f"({grade(numbers['lost'])}), not {shown(grade_)}")
    if abs(numbers["lost"] - max(0.0, numbers["before"] - numbers["after"])) > 1e-9:
        raise InvalidInput(f"{where}.lost must be before − after")
    return Decision(ply, player, move, best, numbers["before"], numbers["after"],
                    numbers["lost"], grade_, choices)


def review(game: Any, *, sees: str = "all") -> Review:
    """Review `game` (a `Game`, or its save file's text), finished or not.

    Raises:
        InvalidInput: `game` is not a game (or a save file that loads), or `sees` is neither
            ``"all"`` nor ``"player"``.
    """
    game = inputs.game_of(game)
    sees = inputs.viewpoint(sees)
    history, moves = game.history, game.moves
    rules = game.rules()
    players = history[0].players
    chances: list[tuple[float, ...]] = []
    decisions: list[Decision] = []
    exact = True
    for ply, state in enumerate(history):
        if state.is_over:
            chances.append(result(state))
            continue
        read = analyse(state, sees=sees, player=state.to_move)
        exact = exact and read.exact
        chances.append(read.players)
        if ply >= len(moves) or read.chance or len(read.moves) < 2:
            continue
        played = moves[ply]
        best = max(read.moves, key=read.moves.__getitem__)
        before, after = read.moves[best], read.moves[played]
        lost = max(0.0, before - after)
        decisions.append(Decision(ply, state.to_move, str(played), str(best), before, after,
                                  lost, grade(lost), len(read.moves)))
    accuracy: list[float | None] = []
    moments: list[tuple[int, ...]] = []
    for player in range(players):
        own = [i for i, d in enumerate(decisions) if d.player == player]
        accuracy.append(sum(decisions[i].accuracy for i in own) / len(own) if own else None)
        costly = sorted((i for i in own if decisions[i].lost >= MOMENT),
                        key=lambda i: (-decisions[i].lost, i))
        moments.append(tuple(costly[:MOMENTS]))
    final = result(history[-1]) if history[-1].is_over else tuple(0.0 for _ in range(players))
    return Review(rules.NAME, players, sees, exact, tuple(chances), tuple(decisions),
                  tuple(accuracy), tuple(moments), final)
