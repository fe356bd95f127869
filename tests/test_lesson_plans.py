"""The teacher's guide's lesson plans fit their lessons (issue 30): each plan's parts, timed from
the notebooks by the rule the headings state, hold at most 30 minutes of pair work, and the
figure the plan states is what its parts add up to. The exit-question sheets are current."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from scripts import lesson_plans as lp
from scripts import notebook_parts as nbp

GUIDE = lp.GUIDE.read_text(encoding="utf-8")
PLANS = lp.plans(GUIDE)
#: The notebooks whose headings state minutes measured by the rule (`--minutes`).
MEASURED = ("01-sumeria.ipynb", "01-sumeria-nl.ipynb", "02-tigris-euphrates.ipynb",
            "03-mesopotamia.ipynb", "04-priest-kings.ipynb", "05-analysis.ipynb",
            "06-royal-game-of-ur.ipynb", "06-royal-game-of-ur-nl.ipynb", "08-variant-lab.ipynb")


def test_the_guide_has_plans_for_every_game_it_teaches():
    games = {tuple(plan.notebooks) for plan in PLANS}
    assert games == {("01-sumeria.ipynb", "01-sumeria-nl.ipynb"), ("02-tigris-euphrates.ipynb",),
                     ("03-mesopotamia.ipynb",), ("04-priest-kings.ipynb",),
                     ("06-royal-game-of-ur.ipynb", "06-royal-game-of-ur-nl.ipynb"),
                     ("08-variant-lab.ipynb",)}
    assert len(PLANS) == 18


@pytest.mark.parametrize("plan", PLANS, ids=lambda plan: plan.title)
def test_every_plan_fits_thirty_minutes_of_pair_work(plan):
    assert lp.problems(plan) == []
    assert max(lp.plan_minutes(plan).values()) <= lp.PAIR_MINUTES


def test_an_over_long_plan_fails():
    text = ("*Notebooks: 02-tigris-euphrates.ipynb*\n\n### Too much\n\n"
            "**Parts:** 1, 2, 3 — 44 minutes of pair work.\n")
    (plan,) = lp.plans(text)
    assert plan.items == ["1", "2", "3"] and plan.stated == 44
    said = lp.problems(plan)
    assert said == ["Too much (line 5): 44 minutes of pair work, over 30"]


def test_a_plan_that_misstates_its_minutes_or_names_a_missing_part_fails():
    text = ("*Notebooks: 01-sumeria.ipynb*\n### Short\n**Parts:** 5 — 3 minutes of pair work.\n"
            "### Lost\n**Parts:** 3 to `no-such-question` — 5 minutes of pair work.\n"
            "### Beyond\n**Parts:** 12 — 5 minutes of pair work.\n")
    short, lost, beyond = lp.plans(text)
    assert lp.problems(short) == ["Short (line 3): says 3 minutes, its parts take 7"]
    assert "asks no question and shows no task 'no-such-question'" in lp.problems(lost)[0]
    assert "has no part 12" in lp.problems(beyond)[0]
    with pytest.raises(ValueError, match="names its notebooks"):
        lp.plans("**Parts:** 1 — 15 minutes of pair work.\n")


def test_two_halves_of_a_part_take_the_part_between_them():
    notebook = nbp.read(lp.ROOT / "notebooks" / "04-priest-kings.ipynb")
    whole = lp.item_minutes("6", notebook)
    first = lp.item_minutes("6 to `beaten-by-a-vassal`", notebook)
    rest = lp.item_minutes("6 after `beaten-by-a-vassal`", notebook)
    assert first < whole and rest < whole
    # Each half is rounded up on its own, so together they take the whole or a minute more.
    assert whole <= first + rest <= whole + 1


@pytest.mark.parametrize("name", MEASURED)
def test_the_headings_state_the_minutes_the_plans_count(name):
    notebook = nbp.read(lp.ROOT / "notebooks" / name)
    for part in nbp.parts(notebook):
        stated = nbp.stated_minutes(part)
        if part.is_lesson_part and stated is not None:
            assert stated == math.ceil(nbp.measured_minutes(part)), part.title


@pytest.mark.parametrize(("game", "notebook"), [("sumeria", "01-sumeria.ipynb"),
                                               ("tigris", "02-tigris-euphrates.ipynb"),
                                               ("mesopotamia", "03-mesopotamia.ipynb"),
                                               ("priest_kings", "04-priest-kings.ipynb")])
def test_every_lesson_has_its_exit_question_printed_and_linked(game, notebook):
    lessons = sum(1 for plan in PLANS if notebook in plan.notebooks)
    page = (lp.ROOT / "docs" / "exit" / f"{game}.html").read_text(encoding="utf-8")
    assert page.count('<section class="exit"') == lessons
    for lesson in range(1, lessons + 1):
        assert f'id="lesson-{lesson}"' in page
        assert f"(exit/{game}.html#lesson-{lesson})" in GUIDE
    assert page.count("<li><b>Lesson ") == lessons, "an answer for every question"


def test_the_exit_question_sheets_are_current():
    done = subprocess.run([sys.executable, "scripts/exit_questions.py", "--check"],
                          cwd=lp.ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
