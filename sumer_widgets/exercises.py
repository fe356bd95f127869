"""Exercises whose answers stay out of the learner's sight until asked for.

An `Exercise` is data kept in a game's lesson (``sumer_widgets.<game>.lesson``), never in
the cell a learner edits: the right answer *computed by the engine* when first needed, and what
shows it; its words — the question, the hint, the reasoning, what each foreseen slip was — are
the ``[question.<id>]`` tables of the lesson's words files (``words.en.toml``, ``words.nl.toml``:
`sumer_widgets.words`), where a writer or a translator finds all of them together
(`read_words`). The notebook only names it —
``lesson.ask("reach-from-city")`` — and the learner answers in a small form (a number box,
a choice, tick boxes) with *Check*, *Hint* and *Show the answer* buttons: the hint and the
answer appear only when asked for. Python users may call ``check(answer)`` instead.

**Commit before reveal.** Whatever shows an exercise's answer — the demo move, the picture, the
refusal — is the exercise's `reveal`, shown below the form only once the learner has answered
right, asked for the answer, or tried `REVEAL_AFTER` times; it is never in a cell's stored
output. A wrong try is not enough: the try after it must stay a prediction.

**Feedback that teaches.** A wrong answer the exercise foresees (a `Slip` in `wrong`) gets its
own sentence naming the slip; any other wrong answer gets the hint's first step. A hint may
come in steps (a nudge, then the method); a right answer says why (`because`, else the
explanation).

**The first answer counts.** A `Question` keeps the learner's first answer, whether it was right,
how many tries, hints and whether the answer was shown (`record`), for the hand-in; nothing of
it changes what the learner sees.

The same object is the single source for the check, the hint, the solution, the teacher's
answer key (``scripts/answer_keys.py``) and the test that every exercise accepts its right
answer and refuses each plausible wrong one (`wrong`).

>>> ex = Exercise("how-many", "How many city-states are there?", lambda: 8, wrong=lambda: [7])
>>> q = ex.bind("en")
>>> q.check(None)
Your turn: give your answer, then check it.
>>> q.check(7)
✗ Not quite: try again, or ask for a hint.
>>> q.check(8)
✓ Right!
>>> q.passed, q.record()["first_right"], q.record()["tries"]
(True, False, 2)
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import InvalidInput, is_int, parse_whole
from sumer_widgets.facts import Fact, facts_of
from sumer_widgets.tasks import Words, say
from sumer_widgets.words import words

MESSAGES = words(__file__)["MESSAGES"]

KINDS = ("number", "choice", "choices", "text")
#: The tries after which what shows the answer shows, right or not.
REVEAL_AFTER = 3
LETTERED = re.compile(r"^[A-Z0-9]{1,2} — ")


def as_set(answer: Any) -> Any:
    """Compare collections without caring about order or container type."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        return answer
    return frozenset(answer)


def as_text(answer: Any) -> Any:
    """Compare words without caring about case or spaces around them."""
    return " ".join(str(answer).split()).casefold() if answer is not None else None


@dataclass(frozen=True)
class Slip:
    """A wrong answer an exercise foresees, and the sentence that names the slip ("you
    counted Kish town 1, where the trader starts")."""

    answer: Any
    why: Words = ""


def slip(answer: Any, why: Words) -> Slip:
    return Slip(answer, why)


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
        hint: said only when asked for; it must not give the answer away. A tuple gives it
            in steps: a nudge, then the method.
        explanation: why the answer is right, shown with it (and in the answer key).
        wrong: plausible wrong answers, each of which the check must refuse (tested); a
            `Slip` also says what the slip was.
        rules: the catalogue ids the exercise practises.
        predict: a prediction the learner checks afterwards on a board or picture.
        normalize: applied to both answers before comparing (sets for collections).
        reveal: ``reveal(lang)`` makes what shows the answer (a picture, a demo, a refusal, a
            board): shown below the form once the learner has answered or asked for the
            answer, never before.
        because: one sentence on why the answer is right, said with "Right!" (the
            explanation where there is none).
        tells: phrases (regular expressions) that would give the answer away if a learner
            met them before answering (see `giveaways`).
        facts: what decides the answer, as a notebook might state it: phrases (regular
            expressions, case aside), numbers, or tuples of them found together in one
            sentence (`sumer_widgets.facts`). The giveaway check (``scripts/notebook_parts.py``)
            looks for them, and for the right choice's own words, in what a learner sees
            around the question before answering it.
    """

    id: str
    question: Words = ""
    answer: Callable[[], Any] | None = None
    kind: str = "number"
    options: Callable[[], Sequence[tuple[Any, Words]]] | None = None
    hint: Words | tuple[Words, ...] = ""
    explanation: Words = ""
    wrong: Callable[[], Sequence[Any]] = lambda: ()
    rules: tuple[str, ...] = ()
    predict: bool = False
    normalize: Callable[[Any], Any] = as_set
    reveal: Callable[[str], Any] | None = None
    because: Words = ""
    tells: tuple[str, ...] = ()
    facts: tuple[Any, ...] = ()
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.answer is None:
            raise ValueError(f"exercise {self.id}: an exercise needs its answer")
        if self.kind not in KINDS:
            raise ValueError(f"exercise {self.id}: kind must be one of {KINDS}")
        if self.kind in ("choice", "choices") and self.options is None:
            raise ValueError(f"exercise {self.id}: a {self.kind} exercise needs options")
        try:
            facts_of(self.facts)
        except ValueError as exc:
            raise ValueError(f"exercise {self.id}: {exc}") from None

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

    def slips(self) -> list[Slip]:
        """The foreseen wrong answers, each as a `Slip` (computed once)."""
        if "slips" not in self._cache:
            self._cache["slips"] = [item if isinstance(item, Slip) else Slip(item)
                                    for item in self.wrong()]
        return self._cache["slips"]

    def hints(self) -> tuple[Words, ...]:
        """The hint's steps, in order (none, one, or a nudge then the method)."""
        if isinstance(self.hint, tuple):
            return tuple(step for step in self.hint if step)
        return (self.hint,) if self.hint else ()

    def slip_for(self, answer: Any) -> Slip | None:
        """The foreseen slip `answer` is, if any."""
        if answer is None:
            return None
        if self.kind == "number":
            answer = whole_answer(answer)
        for item in self.slips():
            wrong = whole_answer(item.answer) if self.kind == "number" else item.answer
            if answer is not None and self.normalize(wrong) == self.normalize(answer):
                return item
        return None

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

    def giveaways(self, lang: str = "en") -> list[Any]:
        """What would give the answer away if a learner read it before answering, as
        patterns with a ``search(text)`` method: the exercise's own `tells`, else the answer as
        the answer key states it — a number of two digits or more; the label of the right
        choice; every right label of a set, all in one place (a place named alone in a
        sentence is no giveaway). Short answers ("yes", a single-digit number, one word)
        give no pattern: an exercise where they could leak names its `tells`."""
        if self.tells:
            return [re.compile(tell) for tell in self.tells]
        expected = self.expected()
        if self.kind == "number":
            number = whole_answer(expected)
            if number is None or abs(number) < 10:
                return []
            return [re.compile(rf"(?<![\w.,/-]){number}(?!\d|[.,]\d|\w)")]
        # A label lettered for the picture ("C — Kish town 3") gives away the place itself.
        labels = {_key(value): LETTERED.sub("", say(label, lang))
                  for value, label in self.choices()}
        if self.kind == "choices":
            right = [labels.get(_key(value), str(value)) for value in expected]
            if not right or all(len(label.split()) < 2 for label in right):
                return []
            return [AllOf(right)]
        stated = labels.get(_key(expected), str(expected)) if self.kind == "choice" \
            else str(expected)
        return [re.compile(re.escape(stated))] if len(stated.split()) >= 2 else []

    def deciding_facts(self) -> list[Fact]:
        """The facts that decide the answer (`facts`), ready to look for."""
        return facts_of(self.facts)

    def choice_labels(self, lang: str = "en") -> list[tuple[str, bool]]:
        """Each choice's label as the form shows it, and whether it is a right one (none for
        a number or a text answer)."""
        if self.kind not in ("choice", "choices"):
            return []
        expected = self.expected()
        right = {_key(v) for v in expected} if self.kind == "choices" else {_key(expected)}
        return [(say(label, lang), _key(value) in right) for value, label in self.choices()]

    def bind(self, lang: str = "en") -> Question:
        """This exercise asked in `lang`: what a notebook cell shows."""
        return Question(self, lang)


class AllOf:
    """A pattern that finds every one of several phrases in one text (in any order)."""

    def __init__(self, phrases: Sequence[str]):
        self.phrases = list(phrases)

    def search(self, text: str) -> re.Match[str] | None:
        if all(phrase in text for phrase in self.phrases):
            return re.search(re.escape(self.phrases[-1]), text)
        return None

    def __repr__(self) -> str:
        return f"AllOf({self.phrases!r})"


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
    """An exercise asked in one language: shown as a small form, checked on request.

    It remembers how the learner got on (`record`): the first answer checked and whether it
    was right, the tries, the hint steps and whether the answer was shown.
    """

    def __init__(self, exercise: Exercise, lang: str = "en"):
        self.exercise = exercise
        self.lang = lang
        self.words = MESSAGES.get(lang, MESSAGES["en"])
        self.passed = False
        self.first_answer: Any = None
        self.first_right: bool | None = None
        self.tries = 0
        self.hints_shown = 0
        self.answer_shown = False
        self.answered = False
        #: Called with the question after each try, hint step and answer shown (a lesson
        #: keeps the learner's record with it).
        self.listeners: list[Callable[[Question], None]] = []

    # For Python users (and tests) --------------------------------------------------------

    def check(self, answer: Any) -> None:
        """Print whether `answer` is right; `passed` remembers it."""
        print(self.verdict(answer))

    def verdict(self, answer: Any) -> str:
        """What the check says of `answer` (and the try it counts, when it is an answer)."""
        if answer is None or answer == "" or answer == ():
            self.passed = False
            return self.words["todo"]
        exercise = self.exercise
        if exercise.kind == "number" and whole_answer(answer) is None:
            self.passed = False
            return self.words["not_number"]
        self.passed = exercise.is_right(answer)
        self._count(answer)
        if self.passed:
            why = say(exercise.because or exercise.explanation, self.lang)
            return f"{self.words['right']} {why}".strip()
        slipped = exercise.slip_for(answer)
        if slipped is not None and slipped.why:
            return self.words["slip"].format(why=say(slipped.why, self.lang))
        steps = exercise.hints()
        if steps:
            return self.words["nudge"].format(hint=say(steps[0], self.lang))
        return self.words["wrong"]

    def _count(self, answer: Any) -> None:
        self.tries += 1
        self.answered = True
        if self.first_right is None:
            self.first_answer = answer
            # The answer was shown before any try: that first try was not the learner's own.
            self.first_right = self.passed and not self.answer_shown
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def next_hint(self) -> str:
        """The next step of the hint (the last one again once all were given)."""
        steps = self.exercise.hints()
        if not steps:
            return ""
        self.hints_shown = min(self.hints_shown + 1, len(steps))
        self._changed()
        return f"{self.words['hint']}: {say(steps[self.hints_shown - 1], self.lang)}"

    def hint(self) -> None:
        """Print the next step of the hint."""
        print(self.next_hint())

    def solution(self) -> None:
        """Print the answer and why."""
        print(self.solution_text())

    def show_answer(self) -> str:
        """The answer and why, counted as shown."""
        self.answer_shown = True
        self._changed()
        return self.solution_text()

    @property
    def may_reveal(self) -> bool:
        """Whether what shows the answer may show: after a right answer, after *Show the
        answer*, or after `REVEAL_AFTER` tries. A wrong try gets its slip's sentence or a hint
        only, so that the next try is still the learner's own prediction, not a copy."""
        return self.passed or self.answer_shown or self.tries >= REVEAL_AFTER

    def revealed(self) -> Any:
        """What shows the answer (`Exercise.reveal`), made in this language; None when the
        exercise has none or the learner has not committed yet."""
        if self.exercise.reveal is None or not self.may_reveal:
            return None
        return self.exercise.reveal(self.lang)

    def record(self) -> dict[str, Any]:
        """How the learner got on, as plain data for a hand-in."""
        first = self.first_answer
        if isinstance(first, (set, frozenset, tuple, list)):
            first = sorted(map(str, first))
        elif first is not None and not isinstance(first, (int, str)):
            first = str(first)
        return {"first_answer": first, "first_right": self.first_right, "tries": self.tries,
                "right": self.passed, "hints": self.hints_shown,
                "answer_shown": self.answer_shown}

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
        """The saved view (no kernel): the question, its choices (inactive) and one line on
        how to answer — never the answer."""
        exercise = self.exercise
        choices = ""
        if exercise.kind in ("choice", "choices"):
            # Drawn boxes, not form inputs: a saved notebook's HTML is sanitized where it is
            # not trusted (the browser-only site, GitHub), and inputs would be dropped there.
            box = "○" if exercise.kind == "choice" else "☐"
            choices = "".join(f"<li>{box} {html.escape(say(label, self.lang))}</li>"
                              for _, label in exercise.choices())
            choices = f'<ul style="list-style:none;padding-left:1em">{choices}</ul>'
        else:
            blank = self.words["number"] if exercise.kind == "number" else "…"
            choices = f"<p>▭ <i>({html.escape(blank)})</i></p>"
        pick = (f" <i>{html.escape(self.words['pick'])}</i>" if exercise.kind == "choices"
                else "")
        return (f'<div class="sumer-exercise-static"><p><b>{html.escape(self.title())}.</b> '
                f"{html.escape(say(exercise.question, self.lang))}{pick}</p>{choices}"
                f"<p><i>{html.escape(self.words['static'])}</i></p></div>")

    def __repr__(self) -> str:
        return f"{self.title()}: {say(self.exercise.question, self.lang)}"


#: The words of an exercise a lesson's words file may give.
WORD_FIELDS = ("question", "hint", "explanation", "because", "slips", "choices")


class Exercises:
    """The exercises of one lesson, by id, in the order they are asked.

    Given ``words=__file__`` (the lesson module's path), each exercise's words come from the
    words files beside it (``words.<lang>.toml``): a table ``[question.<id>]`` per exercise
    with ``question``, ``hint`` (text, or a list of steps), ``explanation``,
    ``because`` and ``slips`` (what a foreseen wrong answer was: ``{answer: sentence}``, the
    answer written as `slip_key` writes it). Every table names an exercise and every exercise
    has its question; anything else is refused (`InvalidInput`), so words never go astray.
    """

    def __init__(self, exercises: Sequence[Exercise] = (), *, words: str | None = None):
        self._items: dict[str, Exercise] = {}
        told = read_words(words) if words is not None else {}
        unknown = sorted(set(told) - {exercise.id for exercise in exercises})
        if unknown:
            raise InvalidInput(f"the lesson's words name exercises it does not have: "
                               f"{', '.join(unknown)}")
        for exercise in exercises:
            self.add(with_words(exercise, told.get(exercise.id, {})))

    def add(self, exercise: Exercise) -> Exercise:
        if exercise.id in self._items:
            raise ValueError(f"exercise {exercise.id!r} is defined twice")
        self._items[exercise.id] = exercise
        return exercise

    def __getitem__(self, exercise_id: str) -> Exercise:
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


def slip_key(answer: Any) -> str:
    """A wrong answer as a lesson's TOML file names it: a number or text as it is, a set as its
    members sorted and joined by ", "."""
    if isinstance(answer, (set, frozenset, list, tuple)):
        return ", ".join(sorted(map(str, answer)))
    return str(answer)


def read_words(module_file: str) -> dict[str, dict[str, Any]]:
    """Every exercise's words from the words files beside `module_file` (their
    ``[question.<id>]`` tables, `sumer_widgets.words`): ``{exercise id: {field: {lang:
    text}}}`` (a hint's steps as a tuple of ``{lang: text}``; slips as ``{answer: {lang:
    text}}``)."""
    from sumer_widgets.words import section

    found: dict[str, dict[str, Any]] = {}
    for exercise_id, per_lang in section(module_file, "question").items():
        for lang, table in per_lang.items():
            where = f"words.{lang}.toml: [question.{exercise_id}]"
            bad = set(table) - set(WORD_FIELDS) if isinstance(table, Mapping) else {"?"}
            if bad:
                raise InvalidInput(f"{where} has fields {', '.join(sorted(bad))}; known: "
                                   f"{', '.join(WORD_FIELDS)}")
            into = found.setdefault(exercise_id, {})
            for name, value in table.items():
                _merge(into, name, value, lang, f"{where} {name}")
    return found


def _merge(into: dict[str, Any], name: str, value: Any, lang: str, where: str) -> None:
    if name in ("slips", "choices"):
        if not isinstance(value, Mapping):
            raise InvalidInput(f"{where} must be a table of answer = sentence")
        table = into.setdefault(name, {})
        for answer, text in value.items():
            table.setdefault(answer, {})[lang] = _text(text, where)
    elif name == "hint" and isinstance(value, (list, tuple)):
        steps = into.setdefault("hint", ())
        steps = steps if isinstance(steps, tuple) else (steps,)
        steps = steps + ({},) * (len(value) - len(steps))
        into["hint"] = tuple({**step, lang: _text(value[n], where)} if n < len(value) else step
                             for n, step in enumerate(steps))
    else:
        into.setdefault(name, {})[lang] = _text(value, where)


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{where} must be text")
    return " ".join(value.split())


def _worded_options(exercise: Exercise, labels: Mapping[str, Any]) -> Callable[[], list]:
    """The exercise's options with the labels its words give (``[question.<id>.choices]``,
    by the value as `slip_key` writes it); an option the code gives as a value alone takes
    its label from there."""
    options = exercise.options

    def worded() -> list[tuple[Any, Words]]:
        made = []
        listed = set()
        for item in options():
            value, label = item if isinstance(item, tuple) else (item, None)
            key = slip_key(value)
            listed.add(key)
            label = labels.get(key, label)
            if label is None:
                raise InvalidInput(f"exercise {exercise.id}: the choice {key!r} has no words "
                                   f"([question.{exercise.id}.choices] {key} = ...)")
            made.append((value, label))
        unknown = sorted(set(labels) - listed)
        if unknown:
            raise InvalidInput(f"exercise {exercise.id}: words for choices it does not offer: "
                               f"{', '.join(unknown)}")
        return made
    return worded


def with_words(exercise: Exercise, told: Mapping[str, Any]) -> Exercise:
    """`exercise` with the words its lesson's TOML files give it (its own stay where the files
    give none)."""
    changes = {name: told[name] for name in ("question", "hint", "explanation", "because")
               if name in told}
    if exercise.options is not None:
        changes["options"] = _worded_options(exercise, told.get("choices", {}))
    elif "choices" in told:
        raise InvalidInput(f"exercise {exercise.id}: choices for a question that has none")
    if not changes and "slips" not in told:
        return exercise
    if "slips" in told:
        texts = told["slips"]
        wrong = exercise.wrong
        keys = {slip_key(item.answer if isinstance(item, Slip) else item)
                for item in wrong()}
        unknown = sorted(set(texts) - keys)
        if unknown:
            raise InvalidInput(f"exercise {exercise.id}: slips for answers it does not list as "
                               f"wrong: {', '.join(unknown)}")

        def worded() -> list[Slip]:
            return [Slip(item.answer if isinstance(item, Slip) else item,
                         texts.get(slip_key(item.answer if isinstance(item, Slip) else item))
                         or (item.why if isinstance(item, Slip) else ""))
                    for item in wrong()]

        changes["wrong"] = worded
    return replace(exercise, _cache={}, **changes)
