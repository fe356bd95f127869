"""Each rules sheet prints on exactly one side of A4 in Chromium."""

from __future__ import annotations

import pytest

from scripts import rules_sheets, student_sheets

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("game", "lang"), rules_sheets.SHEETS)
def test_each_sheet_prints_on_one_a4_page(game, lang, browser):
    # The session's browser: a second Playwright in the same worker would find the first one's
    # event loop running and refuse to start.
    assert rules_sheets.pdf_pages(rules_sheets.sheet(game, lang), browser=browser) == 1


@pytest.mark.parametrize(("game", "lang"), list(student_sheets.SHEETS))
def test_each_students_sheet_prints_on_one_a4_page(game, lang, browser):
    assert rules_sheets.pdf_pages(student_sheets.sheet(game, lang), browser=browser) == 1
