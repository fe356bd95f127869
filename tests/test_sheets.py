"""The printable one-page rules sheets (docs/sheets/): current with the catalogues, each printed
on exactly one side of A4, and each PDF printed from the current sheet."""

from __future__ import annotations

import re

import pytest

from scripts import rules_sheets, student_sheets
from scripts.notebook_parts import RULE_ID

SHEETS = [pytest.param(game, lang, id=f"{game}-{lang}") for game, lang in rules_sheets.SHEETS]


@pytest.mark.parametrize(("game", "lang"), SHEETS)
def test_each_sheet_is_current_and_its_pdf_was_printed_from_it(game, lang):
    path = rules_sheets.path_of(game, lang)
    page = rules_sheets.sheet(game, lang)
    assert path.read_text(encoding="utf-8") == page, (
        f"{path.name} is out of date: run python scripts/rules_sheets.py --pdf")
    pdf = path.with_suffix(".pdf")
    assert rules_sheets.pdf_digest_matches(pdf.read_bytes(), page), (
        f"{pdf.name} was printed from an older sheet: run python scripts/rules_sheets.py --pdf")
    for rule in rules_sheets.rules(game, lang):
        assert rule["id"] in page
    # A designer's house rules are not what a class plays: the sheet leaves them out.
    house = [rule["id"] for rule in rules_sheets.catalogue(game, lang)
             if rule["section"] in rules_sheets.HOUSE_RULES]
    assert house and not any(f">{rule}<" in page for rule in house)



STUDENT_SHEETS = [pytest.param(game, lang, id=f"student-{game}-{lang}")
                  for game, lang in student_sheets.SHEETS]


@pytest.mark.parametrize(("game", "lang"), STUDENT_SHEETS)
def test_each_students_sheet_is_current_and_speaks_plainly(game, lang):
    path = student_sheets.path_of(game, lang)
    page = student_sheets.sheet(game, lang)
    assert path.read_text(encoding="utf-8") == page, (
        f"{path.name} is out of date: run python scripts/student_sheets.py --pdf")
    assert rules_sheets.pdf_digest_matches(path.with_suffix(".pdf").read_bytes(), page)
    text = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)
    text = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    assert not RULE_ID.search(text), "a student's sheet names no rule id or ruling"
    assert not re.search(r"\w+=|`|state\.|rulings", text), "nor an option name or the code"
    words = len(re.findall(r"[^\W\d_]+", text))
    assert 200 <= words <= 480, f"{path.name}: {words} words for one page"
