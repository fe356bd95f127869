"""The small form a learner answers an exercise in: no Python needed.

A number box, radio buttons or tick boxes (by the exercise's kind), then *Check*, *Hint* and
*Show the answer*. The hint and the answer are fetched from the exercise only when the button
is pressed, so nothing in the page gives them away before; what shows the answer (the
exercise's `reveal`: a picture, a demo move, a board) appears below the form only once the
learner has checked an answer or asked for it. Where widgets do not run (GitHub, nbviewer) the
question shows as text with its choices, inactive.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from sumer_widgets.tasks import say


class ExerciseForm(widgets.VBox):
    """The form of one `Question` (see `sumer_widgets.exercises`)."""

    def __init__(self, question: Any):
        self.question = question
        exercise = question.exercise
        words = question.words
        lang = question.lang
        self._values: list[Any] = []
        if exercise.kind == "choice":
            self._values = [value for value, _ in exercise.choices()]
            self.answer_box: Any = widgets.RadioButtons(
                options=[(say(label, lang), i) for i, (_, label) in enumerate(exercise.choices())],
                value=None, layout=widgets.Layout(width="auto"))
        elif exercise.kind == "choices":
            self._values = [value for value, _ in exercise.choices()]
            self.answer_box = widgets.VBox([
                widgets.Checkbox(description=say(label, lang), value=False, indent=False)
                for _, label in exercise.choices()])
        else:
            self.answer_box = widgets.Text(
                placeholder=words["number"] if exercise.kind == "number" else "",
                layout=widgets.Layout(width="12em"))
            self.answer_box.on_submit(lambda _box: self._check())
        check = widgets.Button(description=words["check"], button_style="primary")
        self.hint_button = widgets.Button(description=words["hint"],
                                          disabled=not exercise.hints())
        show = widgets.Button(description=words["show"])
        check.on_click(lambda _b: self._check())
        self.hint_button.on_click(lambda _b: self._hint())
        show.on_click(lambda _b: self._show_answer())
        self.feedback = widgets.HTML("", layout=widgets.Layout(min_height="1.6em"))
        #: What shows the answer, filled in once the learner has committed.
        self.reveal = widgets.VBox([])
        self.reveal.add_class("sumer-reveal")
        prompt = widgets.HTML(f"<b>{html.escape(question.title())}.</b> "
                              f"{html.escape(say(exercise.question, lang))}"
                              + (f" <i>{html.escape(words['pick'])}</i>"
                                 if exercise.kind == "choices" else ""))
        super().__init__([prompt, self.answer_box,
                          widgets.HBox([check, self.hint_button, show]), self.feedback,
                          self.reveal])
        self.add_class("sumer-exercise")

    def answer(self) -> Any:
        """What the learner has entered, as the exercise compares it."""
        kind = self.question.exercise.kind
        box = self.answer_box
        if kind == "choice":
            return None if box.value is None else self._values[box.value]
        if kind == "choices":
            return {self._values[i] for i, tick in enumerate(box.children) if tick.value}
        return box.value

    def _check(self) -> None:
        self._say(self.question.verdict(self.answer()))
        self._reveal()

    def _hint(self) -> None:
        self._say(self.question.next_hint())
        if self.question.hints_shown < len(self.question.exercise.hints()):
            self.hint_button.description = self.question.words["more_hint"]

    def _show_answer(self) -> None:
        self._say(self.question.show_answer())
        self._reveal()

    def _reveal(self) -> None:
        """Show what the question owns below it, once, when the learner has committed."""
        if self.reveal.children or not self.question.may_reveal:
            return
        shown = self.question.revealed()
        if shown is None:
            return
        title = widgets.HTML(f"<i>{html.escape(self.question.words['seen'])}</i>")
        parts = shown if isinstance(shown, (list, tuple)) else [shown]
        self.reveal.children = (title, *(part if isinstance(part, widgets.Widget)
                                         else widgets.HTML(as_html(part)) for part in parts))

    def _say(self, text: str) -> None:
        self.feedback.value = html.escape(text)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        # Where widgets do not run (GitHub, nbviewer, a Voilà page without this widget), the
        # question shows — never the answer.
        data["text/html"] = self.question._repr_html_()
        data["text/plain"] = repr(self.question)
        return data

    def __repr__(self) -> str:
        return repr(self.question)


def as_html(value: Any) -> str:
    """`value` as the HTML a notebook would show for it: its own HTML or SVG, else its text."""
    for method in ("_repr_html_", "_repr_svg_"):
        made = getattr(value, method, None)
        if callable(made):
            shown = made()
            if shown:
                return shown
    return f"<pre>{html.escape(repr(value))}</pre>"
