"""Issue 27's "done when", in a real JupyterLab: a Predict question of 01-sumeria shows nothing
of its demonstration until the learner has answered; a wrong answer the question foresees is
told its own slip, and only then does the demonstration (the lone trader's tiles) appear below
the form."""

from __future__ import annotations

import pytest

from tests.browser.lab import run_notebook

pytestmark = pytest.mark.slow

QUESTION = "Only Blue has traders in the first city-state."
#: What the demonstration prints: the third tile's fate, which is the question's answer.
DEMONSTRATION = "Discarded from above Kish"


def test_a_predict_question_shows_its_demonstration_only_after_the_answer(
        browser, lab, browser_context_args):
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, "01-sumeria.ipynb")
        form = page.locator(".sumer-exercise", has_text=QUESTION)
        form.scroll_into_view_if_needed()
        notebook = page.locator(".jp-Notebook")
        assert DEMONSTRATION not in notebook.inner_text()
        assert form.locator(".sumer-reveal").inner_text().strip() == ""

        said = form.locator(".widget-html").nth(1)
        form.get_by_label("Blue takes it too").check()
        form.get_by_role("button", name="Check").click()
        page.wait_for_function("el => el.innerText.trim() !== ''", arg=said.element_handle())
        verdict = said.inner_text()
        assert "Right" not in verdict and verdict.strip()

        reveal = form.locator(".sumer-reveal")
        page.wait_for_function("([el, words]) => el.innerText.includes(words)",
                               arg=[reveal.element_handle(), DEMONSTRATION])
        # The demonstration sits in the question's own form, nowhere else.
        assert notebook.inner_text().count(DEMONSTRATION) == 1
    finally:
        context.close()
