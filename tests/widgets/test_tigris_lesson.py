"""The Tigris & Euphrates lesson as a learner meets it in 02-tigris-euphrates: every question
says what each foreseen slip was, hints in two steps and says why a right answer is right; what
shows its answer waits until the learner has committed; and the notebook's leak check finds an
answer put back where the learner would read it before answering."""

from __future__ import annotations

import copy
import html
import re

import pytest

from scripts.notebook_parts import ROOT, leaks, read
from sumer_widgets.exercise_form import as_html
from sumer_widgets.exercises import slip_key
from sumer_widgets.lessons import Lesson

LESSON = Lesson("tigris")
EXERCISES = [pytest.param(ex, id=ex.id) for ex in LESSON.exercises]
NOTEBOOK = ROOT / "notebooks" / "02-tigris-euphrates.ipynb"


def shown_text(shown) -> str:
    parts = shown if isinstance(shown, (list, tuple)) else [shown]
    texts = ["[board]" if hasattr(part, "_model_id") else as_html(part) for part in parts]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)) for text in texts)


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_foreseen_slip_is_named_and_a_right_answer_says_why(exercise):
    question = exercise.bind("en")
    for slipped in exercise.slips():
        assert slipped.why, f"{exercise.id}: no sentence for the slip {slip_key(slipped.answer)!r}"
        said = question.verdict(slipped.answer)
        assert said.startswith("✗ Not quite: ") and said != "✗ Not quite: "
    assert len(exercise.hints()) == 2, f"{exercise.id}: a nudge, then the method"
    assert exercise.because and question.verdict(exercise.expected()).startswith("✓ Right! ")


@pytest.mark.parametrize("exercise", EXERCISES)
def test_what_shows_the_answer_waits_for_the_learner(exercise):
    question = LESSON.exercises[exercise.id].bind("en")
    assert exercise.reveal is not None and question.revealed() is None
    form = question.widget()
    assert not form.reveal.children
    question.show_answer()
    form._reveal()
    assert form.reveal.children
    assert shown_text(question.revealed()).strip()


def test_a_two_part_question_checks_both_parts():
    war_points = LESSON.exercises["war-points"]
    assert war_points.expected() == "urn-3"
    question = war_points.bind("en")
    assert question.verdict("urn-4").startswith("✗")  # the right winner, the wrong points
    assert question.verdict("bull-4").startswith("✗")  # the points of a tie, the wrong winner


def test_a_reveal_shows_the_answer_it_owns():
    def revealed(ex_id):
        question = LESSON.exercises[ex_id].bind("en")
        question.show_answer()
        return shown_text(question.revealed())

    assert "119 tiles in the bag" in revealed("bag-at-start")
    assert "Kingdom 2 —" in revealed("count-kingdoms")
    assert "Urn defends (3)" in revealed("war-strength")
    assert "Urn scores 3 black points" in revealed("war-points")
    assert "2 red tiles leave the board: j5, m5" in revealed("priests-temples-stay")
    assert "Bull 6, Urn 5. Bull wins." in revealed("tie-break")


@pytest.mark.parametrize(("ex_id", "code", "printed"), [
    ("count-kingdoms", 'tg.kingdoms(start)',
     "Kingdom 1 — Bull's king (c5); 5 black settlements and 2 red temples; no treasure.\n"
     "Kingdom 2 — Urn's priest (j5); 1 red temple and 2 green markets; no treasure.\n"),
    ("war-strength", 'attempt(war, "tile k h5", picture=False)',
     "War of the kings: Bull attacks (2), Urn defends (3).\n"),
    ("bag-at-start", 'show(tg.setup(players=4))',
     "<Tigris & Euphrates — Bull's turn, Bull to move, 119 tiles in the bag>\n"),
])
def test_the_leak_check_finds_a_demonstration_put_back_before_its_answer(ex_id, code, printed):
    notebook = read(NOTEBOOK)
    assert not [leak for leak in leaks(notebook) if leak.exercise == ex_id]
    asked = next(n for n, cell in enumerate(notebook["cells"])
                 if f'ask("{ex_id}")' in "".join(cell["source"]))
    told = copy.deepcopy(notebook)
    told["cells"].insert(asked + 1, {
        "cell_type": "code", "metadata": {}, "execution_count": None, "source": code,
        "outputs": [{"output_type": "execute_result", "metadata": {}, "execution_count": None,
                     "data": {"text/plain": printed}}]})
    assert [leak for leak in leaks(told) if leak.exercise == ex_id]
