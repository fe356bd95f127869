"""Commit before reveal, in a real JupyterLab: a question shows nothing of its demonstration
until the learner has answered right (or asked for the answer, or tried three times). A wrong
answer the question foresees is told its own slip and nothing more, so the next try is still a
prediction — issue 27's Predict question of 01-sumeria, and issue 41's repro: a wrong count in
Tigris's count-kingdoms printed the kingdoms at once."""

from __future__ import annotations

import json

import pytest

from tests.browser.lab import run_notebook

pytestmark = pytest.mark.slow


def write_notebook(lab, name: str, game: str, exercise: str) -> str:
    """A notebook of two cells — a lesson opened, one question asked — in the lab's root."""
    cells = [f'from sumer_widgets.lessons import Lesson\nlesson = Lesson("{game}")',
             f'lesson.ask("{exercise}")']
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                       "language": "python"}},
                "cells": [{"cell_type": "code", "id": f"c{n}", "metadata": {},
                           "execution_count": None, "outputs": [], "source": source}
                          for n, source in enumerate(cells)]}
    (lab.root / name).write_text(json.dumps(notebook), encoding="utf-8")
    return name


def answer(page, form, *, label: str | None = None, number: str | None = None) -> str:
    """Answer the question in `form` and press Check; returns what the form said."""
    said = form.locator(".widget-html").nth(1)
    before = said.inner_text()
    if label is not None:
        form.get_by_label(label).check()
    else:
        form.locator("input[type=text]").fill(number)
    form.get_by_role("button", name="Check").click()
    page.wait_for_function("([el, before]) => el.innerText.trim() !== '' "
                           "&& el.innerText !== before", arg=[said.element_handle(), before])
    return said.inner_text()


def settled(page) -> None:
    """Wait until the kernel has answered every message the page sent."""
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status "
        "=== 'idle'")
    page.wait_for_timeout(500)


@pytest.mark.parametrize(("game", "exercise", "wrong", "right", "shows"), [
    ("sumeria", "lone-trader", {"label": "Blue takes it too"},
     {"label": "It is discarded"}, "Discarded from above Kish"),
    ("tigris", "count-kingdoms", {"number": "3"}, {"number": "2"}, "Kingdom 2"),
])
def test_a_wrong_answer_shows_its_slip_and_the_demonstration_waits_for_the_right_one(
        browser, lab, browser_context_args, game, exercise, wrong, right, shows):
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, write_notebook(lab, f"reveal-{exercise}.ipynb", game, exercise))
        form = page.locator(".sumer-exercise").first
        notebook = page.locator(".jp-Notebook")
        reveal = form.locator(".sumer-reveal")
        assert shows not in notebook.inner_text()
        verdict = answer(page, form, **wrong)
        assert verdict.startswith("✗") and "Right" not in verdict
        settled(page)
        assert shows not in notebook.inner_text()
        assert reveal.inner_text().strip() == ""
        verdict = answer(page, form, **right)
        assert verdict.startswith("✓")
        page.wait_for_function("([el, words]) => el.innerText.includes(words)",
                               arg=[reveal.element_handle(), shows])
    finally:
        context.close()
