"""What a board shows from the coach (`engine.coach`): a bot's best moves with their chances and
a reason each ("why this move"), a review of the game (the chances along it, each player's
accuracy, the learner's key moments, the luck meter), the puzzle a key moment opens, and the
review as the learner's record keeps it. `sumer_widgets.core.BoardCore` decides when; this
module says it, in the board's language (``[coaching.WORDS]`` of the words files), as plain
values the page draws.

The shapes (synced values, plain JSON):

- a bot's decision (`bot_decision`): ``{"ply", "player", "title", "items": [{"move",
  "chance", "reason", "played"}], "other"}`` — `other` names the move played when it is not
  among the candidates shown;
- the review panel (`review_panel`): ``{"title", "chances_svg", "chances_label", "accuracy":
  [text], "luck_svg", "luck": [text], "moments_title", "moments": [{"index", "text"}],
  "none", "puzzle"}``, `puzzle` ``{}`` or what `puzzle_panel` gives;
- the record's review (`review_record`): see `sumer_widgets.record`.

Limits: a chance is shown as a whole percentage; a reason is the coach's strongest one.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Mapping, Sequence
from typing import Any

from engine import coach
from sumer_widgets.coach_pictures import PARTS, chances_picture, luck_picture
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]
#: Found: a move within this much (2 points) of the coach's best move.
FOUND_WITHIN = 0.02
#: The most characters of a moment's position (a save file's text) kept in the record.
MOST_POSITION_CHARS = 200_000


def percent(chance: float, lang: str) -> str:
    return WORDS[lang]["percent"].format(n=round(100 * chance))


def _move_words(rules: Any, state: Any, text: str, lang: str) -> str:
    """A move's text (the coach's notation) as the game's readers say it in `state`."""
    for move in rules.legal_moves(state):
        if str(move) == text:
            return said_move(rules.NAME, move, state, lang)
    return text


def said_move(ruleset: str, move: Any, state: Any, lang: str) -> str:
    """`move` in words in `lang`, as the game's readers say it — knowing the position where
    they can ("Light moves the piece on square 2", not "the player to move ...")."""
    from sumer_widgets.display import move_words

    told = _teller(ruleset)
    return told(move, state, lang) if told is not None else move_words(move, lang)


@functools.cache
def _teller(ruleset: str) -> Any:
    """``(move, state, lang) -> words`` from the game's readers: their ``move_text(move,
    state, lang)``, or ``say_move(move, lang)``; else None (the readers are imported, so
    `display.move_words` says the move)."""
    module = importlib.import_module(f"sumer_widgets.{ruleset}.readers")
    text = getattr(module, "move_text", None)
    if text is not None and list(inspect.signature(text).parameters)[1:3] == ["state", "lang"]:
        return lambda move, state, lang: text(move, state, lang)
    say = getattr(module, "say_move", None)
    if say is not None and list(inspect.signature(say).parameters)[1:2] == ["lang"]:
        return lambda move, _state, lang: say(move, lang)
    return None


def is_decision(state: Any) -> bool:
    """Whether the player to move in `state` chooses between two or more moves (not a throw,
    not a forced move)."""
    if state.is_over:
        return False
    read = coach.analyse(state)
    return not read.chance and len(read.moves) >= 2


def bot_decision(rules: Any, state: Any, played: Any, ply: int, player: str,
                 lang: str) -> dict[str, Any]:
    """What a bot weighed in `state` before playing `played` (the coach's three best moves,
    from the bot's own view), told in `lang`."""
    words = WORDS[lang]
    shown = coach.candidates(state, 3, lang)
    played_text = str(played)
    items = [{"move": _move_words(rules, state, c.move, lang),
              "chance": percent(c.chance, lang),
              "reason": c.reasons[0] if c.reasons else "",
              "played": c.move == played_text} for c in shown]
    other = ""
    if not any(item["played"] for item in items):
        other = words["bot_other"].format(move=said_move(rules.NAME, played, state, lang))
    return {"ply": ply + 1, "player": player,
            "title": words["bot_title"].format(player=player), "items": items,
            "played_label": words["bot_played"], "other": other}


def review_panel(review: coach.Review, luck: Mapping[int, Mapping[str, float]],
                 names: Sequence[str], learner: int, rules: Any, source: Any,
                 lang: str) -> dict[str, Any]:
    """The review of `source` (the game reviewed) for the page, in `lang`: `names` the
    players' names, `learner` the seat whose key moments are shown."""
    words = WORDS[lang]
    moments = review.key_moments(learner)
    chances_label = words["chances_label"]
    accuracy = []
    for player, name in enumerate(names):
        value = review.accuracy[player]
        graded = sum(review.grades(player).values())
        accuracy.append(words["accuracy_none"].format(player=name) if value is None else
                        words["accuracy"].format(player=name, accuracy=round(value),
                                                 moves=graded))
    luck_lines = []
    part_names = {part: words[f"part_{part}"] for part in ("start", *PARTS)}
    for player, name in enumerate(names):
        split = luck[player]
        told = ", ".join(f"{part_names[part]} {_signed(split[part])}" for part in PARTS
                         if part != "unexplained" or abs(split[part]) >= 0.005)
        luck_lines.append(words["luck_line"].format(
            player=name, start=percent(split["start"], lang), parts=told,
            result=percent(split["result"], lang)))
    shown_moments = []
    for n, decision in enumerate(moments):
        state = source.history[decision.ply]
        shown_moments.append({"index": n, "ply": decision.ply, "text": words["moment"].format(
            number=n + 1, ply=decision.ply + 1,
            move=_move_words(rules, state, decision.move, lang),
            lost=round(100 * decision.lost))})
    return {
        "title": words["review_title"],
        "chances_title": words["chances_title"],
        "chances_label": chances_label,
        "chances_svg": str(chances_picture(
            review.chances, names, label=chances_label, marked=learner,
            marks=[(d.ply, str(n + 1)) for n, d in enumerate(moments)])),
        "accuracy_title": words["accuracy_title"],
        "accuracy": accuracy,
        "luck_title": words["luck_title"],
        "luck_svg": str(luck_picture(luck, names, label=words["luck_label"],
                                     part_names=part_names)),
        "luck": luck_lines,
        "moments_title": words["moments_title"].format(player=names[learner]),
        "moments": shown_moments,
        "none": "" if moments else words["no_moments"],
        "puzzle": {},
    }


def moment_panel(puzzle: Puzzle, rules: Any, lang: str) -> dict[str, Any]:
    """A stored key moment's puzzle for the page (`BoardCore.open_moment`): its title and
    the puzzle, whose "back" sets the position up again."""
    words = WORDS[lang]
    said = puzzle.panel(rules, lang)
    said["back"] = words["moment_again"]
    return {"title": words["moment_title"], "puzzle": said}


def _signed(amount: float) -> str:
    points = round(100 * amount)
    return f"+{points}" if points > 0 else ("0" if points == 0 else f"−{-points}")


class Puzzle:
    """One key moment as a question: the position before the learner's move, the coach's
    values there (as the review saw them), the tries, and whether the answer may be shown.
    The answer (the best move and why) is told only once the learner has tried — found it,
    or pressed Show after a try."""

    def __init__(self, index: int, decision: coach.Decision, state: Any, *,
                 player_view: bool = False, values: Mapping[str, float] | None = None):
        self.index = index
        self.decision = decision
        self.state = state
        # As the review judged the decision: seeing everything after the game, what the
        # learner could see during it.
        self.player_view = player_view
        # `values`: the coach's, where the caller has them already (`BoardCore.open_moment`).
        self.values = dict(values) if values is not None else coach.move_values(
            state, player_view=player_view)
        self.best = max(self.values, key=self.values.__getitem__)
        self.tries = 0
        self.found = False
        self.shown = False
        self.last = ""        # the text of the last move tried
        self.last_value = 0.0

    def judge(self, move: Any) -> bool:
        """Count a try of `move` (legal in `state`); whether it is as good as the best (within
        `FOUND_WITHIN`)."""
        text = str(move)
        self.tries += 1
        self.last = text
        self.last_value = self.values[text]
        if self.last_value >= self.values[self.best] - FOUND_WITHIN:
            self.found = True
        return self.found

    def panel(self, rules: Any, lang: str) -> dict[str, Any]:
        words = WORDS[lang]
        state = self.state
        said = {"index": self.index, "tries": self.tries,
                "question": words["puzzle_question"].format(
                    move=_move_words(rules, state, self.decision.move, lang)),
                "status": "found" if self.found else ("shown" if self.shown else
                                                       ("missed" if self.tries else "try")),
                "verdict": "", "best": "", "reasons": [],
                "show": words["puzzle_show"] if self.tries and not (self.found or self.shown)
                else "",
                "back": words["puzzle_back"]}
        if self.tries:
            tried = _move_words(rules, state, self.last, lang)
            if self.found:
                said["verdict"] = words["puzzle_found"].format(
                    move=tried, chance=percent(self.last_value, lang))
            elif self.last == self.decision.move:
                said["verdict"] = words["puzzle_same"].format(
                    move=tried, chance=percent(self.last_value, lang))
            else:
                said["verdict"] = words["puzzle_worse"].format(
                    move=tried, chance=percent(self.last_value, lang))
        if self.found or self.shown:
            said["best"] = words["puzzle_best"].format(
                move=_move_words(rules, state, self.best, lang),
                chance=percent(self.values[self.best], lang),
                played=percent(self.values.get(self.decision.move, self.decision.after), lang))
            said["reasons"] = coach.explain(state, self.best, lang,
                                            player_view=self.player_view)
        return said


def review_record(review: coach.Review, source: Any, learner: int) -> dict[str, Any] | None:
    """The review as the learner's record keeps it (`sumer_widgets.record`, "Reviews"): the
    learner's seat, accuracy, graded decisions and key moments, each moment with the position
    as a save file restores it. None when the learner had no graded decision (nothing to
    keep)."""
    accuracy = review.accuracy[learner]
    if accuracy is None:
        return None
    moments = []
    for decision in review.key_moments(learner):
        position = source.copy()
        position.truncate(decision.ply)
        saved = position.to_json()
        if len(saved) > MOST_POSITION_CHARS:
            continue
        moments.append({"ply": decision.ply, "move": decision.move, "best": decision.best,
                        "lost": round(decision.lost, 4), "grade": decision.grade,
                        "position": saved})
    return {"player": learner, "accuracy": round(accuracy, 1),
            "moves": sum(review.grades(learner).values()), "moments": moments}
