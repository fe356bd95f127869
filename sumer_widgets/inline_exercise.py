"""The old inline exercise (answer computed in the learner's cell), kept only until every
notebook asks through `sumer_widgets.lessons` (issue 16); then this module goes.

The learner writes an answer in a cell and runs the check, which says whether it is right (and
gives a hint if not) without raising, so a notebook runs from top to bottom either way.

>>> ex = Exercise("How many city-states are there?", 8)
>>> ex.check(None)
Your turn: replace None with your answer, then run this cell again.
>>> ex.check(8)
✓ Right!
>>> ex.passed
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

MESSAGES = {
    "en": {"todo": "Your turn: replace None with your answer, then run this cell again.",
           "right": "✓ Right!", "wrong": "✗ Not quite.", "hint": "Hint:",
           "answer": "The answer:"},
    "nl": {"todo": "Jouw beurt: vervang None door je antwoord en voer deze cel opnieuw uit.",
           "right": "✓ Goed zo!", "wrong": "✗ Nog niet helemaal.", "hint": "Tip:",
           "answer": "Het antwoord:"},
}


def as_set(answer: Any) -> Any:
    """Compare collections of ids without caring about order or container type."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        return answer
    return frozenset(answer)


class Exercise:
    """A question with its expected answer (computed from the engine, not typed in).

    Args:
        question: the question, as the notebook asks it.
        expected: the right answer.
        hint: said when the answer is wrong.
        normalize: applied to both answers before comparing (default: collections compare as
            sets, so order and container do not matter).
        lang: ``"en"`` or ``"nl"``.
    """

    def __init__(self, question: str, expected: Any, *, hint: str = "",
                 normalize: Callable[[Any], Any] = as_set, lang: str = "en"):
        self.question = question
        self.expected = expected
        self.hint = hint
        self.normalize = normalize
        self.words = MESSAGES.get(lang, MESSAGES["en"])
        self.passed = False

    def check(self, answer: Any) -> None:
        """Print whether `answer` is right (with the hint if not); `passed` remembers it."""
        if answer is None:
            self.passed = False
            print(self.words["todo"])
            return
        self.passed = self.normalize(answer) == self.normalize(self.expected)
        if self.passed:
            print(self.words["right"])
        else:
            print(self.words["wrong"], f"{self.words['hint']} {self.hint}" if self.hint else "")

    def solution(self) -> None:
        """Print the expected answer."""
        expected = self.expected
        if isinstance(expected, (set, frozenset)):
            expected = sorted(expected)
        print(self.words["answer"], expected)

    def __repr__(self) -> str:
        return f"Exercise({self.question!r})"
