"""Each walkthrough closes with a table of every rule, the part teaching it and the questions
and tasks practising it: the table names exactly what the notebook asks — no question it dropped,
none it forgot — and a translated walkthrough's table is the one `scripts/rule_coverage.py`
makes from its lesson, in its own language."""

from __future__ import annotations

import re

import pytest

from scripts.notebook_parts import lesson_parts, parts, read, source
from scripts.rule_coverage import TRANSLATIONS, WALKTHROUGHS, notebook_table, walkthrough

ROW = re.compile(r"^\| [A-Z]+(?:-[A-Z]+)+-\d+ \|.*\|(.*)\|\s*$", re.M)


def closing_table(notebook: dict) -> str:
    """The markdown of the notebook's closing table (the cell with its rows)."""
    found = [source(cell) for part in parts(notebook) if part.is_reference
             for _, cell in part.cells
             if cell["cell_type"] == "markdown" and ROW.search(source(cell))]
    assert len(found) == 1, "a walkthrough has one closing table"
    return found[0]


def asked(notebook: dict) -> set[str]:
    return {item for part in lesson_parts(notebook)
            for item in (*part["exercises"], *part["tasks"])}


@pytest.mark.parametrize("ruleset", sorted(WALKTHROUGHS))
def test_the_table_names_exactly_the_questions_and_tasks_the_notebook_asks(ruleset):
    notebook = read(walkthrough(ruleset))
    named = {item for column in ROW.findall(closing_table(notebook))
             for item in re.findall(r"`([\w-]+)`", column)}
    assert named == asked(notebook)


@pytest.mark.parametrize(("ruleset", "lang"), sorted(TRANSLATIONS))
def test_a_translated_table_is_made_from_its_lesson_in_its_language(ruleset, lang):
    notebook = read(walkthrough(ruleset, lang))
    table = closing_table(notebook)
    assert table.strip() == notebook_table(ruleset, lang=lang).strip()
    # No English id is left in it: the learner reads the questions themselves.
    assert not re.search(r"`[a-z]+(?:-[a-z0-9]+)+`", table)
