"""Exercises whose answers stay out of the learner's sight until asked for.

An `Exercise` is data kept in a lesson module (``sumer_widgets.<game>.lesson``), never in
the cell a learner edits: the question in English and Dutch, the right answer *computed by the
engine* when first needed, a hint and the reasoning. The notebook only names it —
``lesson.ask("reach-from-city")`` — and the learner answers in a small form (a number box,
a choice, tick boxes) with *Check*, *Hint* and *Show the answer* buttons: the hint and the
answer appear only when asked for. Python users may call ``check(answer)`` instead.

The same object is the single source for the check, the hint, the solution, the teacher's
answer key (``scripts/answer_keys.py``) and the test that every exercise accepts its right
answer and refuses each plausible wrong one (`wrong`).

>>> ex = Exercise("how-many", "How many city-states are there?", lambda: 8, wrong=lambda: [7])
>>> q = ex.bind("en")
>>> q.check(None)
Your turn: give your answer, then check it.
>>> q.check(8)
✓ Right!
>>> q.passed
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import is_int, parse_whole
from sumer_widgets.tasks import Words, say

MESSAGES = {
    "en": {"todo": "Your turn: give your answer, then check it.", "right": "✓ Right!",
           "wrong": "✗ Not quite — try again, or ask for a hint.", "hint": "Hint",
           "answer": "The answer", "check": "Check", "show": "Show the answer",
           "exercise": "Exercise", "predict": "Predict", "number": "a whole number",
           "not_number": "✗ That is not a whole number: type digits only, e.g. 12.",
           "static": "(Run the notebook to answer here.)", "pick": "Tick every one that fits."},
    "nl": {"todo": "Jouw beurt: geef je antwoord en controleer het.", "right": "✓ Goed zo!",
           "wrong": "✗ Nog niet helemaal — probeer het opnieuw, of vraag een tip.",
           "hint": "Tip", "answer": "Het antwoord", "check": "Controleer",
           "show": "Toon het antwoord", "exercise": "Opdracht", "predict": "Voorspel",
           "number": "een geheel getal",
           "not_number": "✗ Dat is geen geheel getal: typ alleen cijfers, bijvoorbeeld 12.",
           "static": "(Voer het notebook uit om hier te antwoorden.)",
           "pick": "Vink alles aan wat klopt."},
}

KINDS = ("number", "choice", "choices", "text")


def as_set(answer: Any) -> Any:
    """Compare collections without caring about order or container type."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        return answer
    return frozenset(answer)


def as_text(answer: Any) -> Any:
    """Compare words without caring about case or spaces around them."""
    return " ".join(str(answer).split()).casefold() if answer is not None else None


@dataclass(frozen=True)
class Exercise:
    """A question with its answer kept out of sight.

    Args:
        id: unique within its lesson, e.g. ``"reach-from-city"``.
        question: the question, in English and Dutch.
        answer: computes the right answer from the engine (called once, when first needed).
        kind: ``"number"``, ``"choice"`` (one of `options`), ``"choices"`` (a set of
            `options`) or ``"text"``.
        options: for choices, ``[(value, label), ...]`` — computed, like the answer.
        hint: said only when asked for; it must not give the answer away.
        explanation: why the answer is right, shown with it (and in the answer key).
        wrong: plausible wrong answers, each of which the check must refuse (tested).
        rules: the catalogue ids the exercise practises.
        predict: a prediction the learner checks afterwards on a board or picture.
        normalize: applied to both answers before comparing (sets for collections).
    """

    id: str
    question: Words
    answer: Callable[[], Any]
    kind: str = "number"
    options: Callable[[], Sequence[tuple[Any, Words]]] | None = None
    hint: Words = ""
    explanation: Words = ""
    wrong: Callable[[], Sequence[Any]] = lambda: ()
    rules: tuple[str, ...] = ()
    predict: bool = False
    normalize: Callable[[Any], Any] = as_set
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"exercise {self.id}: kind must be one of {KINDS}")
        if self.kind in ("choice", "choices") and self.options is None:
            raise ValueError(f"exercise {self.id}: a {self.kind} exercise needs options")

    def expected(self) -> Any:
        """The right answer (computed once)."""
        if "answer" not in self._cache:
            self._cache["answer"] = self.answer()
        return self._cache["answer"]

    def choices(self) -> list[tuple[Any, Words]]:
        if self.options is None:
            return []
        if "options" not in self._cache:
            self._cache["options"] = list(self.options())
        return self._cache["options"]

    def is_right(self, answer: Any) -> bool:
        if answer is None:
            return False
        if self.kind == "number":
            answer = whole_answer(answer)
            if answer is None:
                return False
        return self.normalize(answer) == self.normalize(self.expected())

    def answer_text(self, lang: str = "en") -> str:
        """The right answer as a learner reads it (labels, not ids)."""
        expected = self.expected()
        labels = {_key(value): say(label, lang) for value, label in self.choices()}
        if self.kind == "choices":
            # In the order the form lists them (so lettered places read A, C, D).
            order = {_key(value): n for n, (value, _) in enumerate(self.choices())}
            ranked = sorted(expected, key=lambda v: (order.get(_key(v), len(order)), str(v)))
            return ", ".join(labels.get(_key(v), str(v)) for v in ranked)
        if self.kind == "choice":
            return labels.get(_key(expected), str(expected))
        return str(expected)

    def bind(self, lang: str = "en") -> Question:
        """This exercise asked in `lang`: what a notebook cell shows."""
        return Question(self, lang)


def _key(value: Any) -> Any:
    return frozenset(value) if isinstance(value, (set, frozenset)) else value


def whole_answer(value: Any) -> int | None:
    """A learner's answer as a whole number: an int, or text of ASCII digits (spaces and a
    leading + allowed, as people type them); None for anything else."""
    if is_int(value):
        return value
    if isinstance(value, str):
        return parse_whole(value.strip().removeprefix("+"))
    return None


class Question:
    """An exercise asked in one language: shown as a small form, checked on request."""

    def __init__(self, exercise: Exercise, lang: str = "en"):
        self.exercise = exercise
        self.lang = lang
        self.words = MESSAGES.get(lang, MESSAGES["en"])
        self.passed = False

    # For Python users (and tests) --------------------------------------------------------

    def check(self, answer: Any) -> None:
        """Print whether `answer` is right; `passed` remembers it."""
        print(self.verdict(answer))

    def verdict(self, answer: Any) -> str:
        if answer is None or answer == "" or answer == ():
            self.passed = False
            return self.words["todo"]
        if self.exercise.kind == "number" and whole_answer(answer) is None:
            self.passed = False
            return self.words["not_number"]
        self.passed = self.exercise.is_right(answer)
        return self.words["right" if self.passed else "wrong"]

    def hint(self) -> None:
        """Print the hint."""
        print(f"{self.words['hint']}: {say(self.exercise.hint, self.lang)}")

    def solution(self) -> None:
        """Print the answer and why."""
        print(self.solution_text())

    def solution_text(self) -> str:
        why = say(self.exercise.explanation, self.lang)
        text = f"{self.words['answer']}: {self.exercise.answer_text(self.lang)}"
        return f"{text}. {why}" if why else text

    # In a notebook ----------------------------------------------------------------------

    def title(self) -> str:
        return self.words["predict" if self.exercise.predict else "exercise"]

    def widget(self) -> Any:
        """The form: the question, an answer box, Check / Hint / Show the answer."""
        from sumer_widgets.exercise_form import ExerciseForm

        return ExerciseForm(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget()._repr_mimebundle_(**kwargs)

    def _repr_html_(self) -> str:
        return (f"<p><b>{html.escape(self.title())}.</b> "
                f"{html.escape(say(self.exercise.question, self.lang))}</p>"
                f"<p><i>{html.escape(self.words['static'])}</i></p>")

    def __repr__(self) -> str:
        return f"{self.title()}: {say(self.exercise.question, self.lang)}"


class Exercises:
    """The exercises of one lesson, by id, in the order they are asked."""

    def __init__(self, exercises: Sequence[Exercise] = ()):
        self._items: dict[str, Exercise] = {}
        for exercise in exercises:
            self.add(exercise)

    def add(self, exercise: Exercise) -> Exercise:
        if exercise.id in self._items:
            raise ValueError(f"exercise {exercise.id!r} is defined twice")
        self._items[exercise.id] = exercise
        return exercise

    def __getitem__(self, exercise_id: str) -> Exercise:
        from engine.core import InvalidInput

        try:
            return self._items[exercise_id]
        except KeyError:
            raise InvalidInput(f"no exercise {exercise_id!r}; known: "
                               f"{', '.join(self._items)}") from None

    def __iter__(self):
        return iter(self._items.values())

    def __len__(self) -> int:
        return len(self._items)


def labels(options: Mapping[Any, Words]) -> list[tuple[Any, Words]]:
    """``{value: label}`` as the ``[(value, label)]`` list `Exercise.options` returns."""
    return list(options.items())
