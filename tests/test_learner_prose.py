"""The notebooks as a learner reads them (scripts/notebook_parts.py): no rule id or ruling in the
prose, one *Rules in this part* line closing every part, and no question whose answer the
learner can read in its part before answering it."""

from __future__ import annotations

import copy

import pytest

from scripts.notebook_parts import (
    ROOT,
    leaks,
    parts,
    prose_rule_ids,
    read,
    rules_line,
    rules_lines,
)

NOTEBOOKS = sorted((ROOT / "notebooks").glob("0*.ipynb"))
WALKTHROUGHS = [path for path in NOTEBOOKS if path.stem[:2] in {"01", "02", "03", "04"}]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_the_learners_prose_names_no_rule_and_no_ruling(path):
    named = prose_rule_ids(read(path))
    assert not named, f"{path.name}: {len(named)} rule ids or rulings in the prose, e.g. " + \
        ", ".join(f"cell {cell}: {what}" for cell, what in named[:8])


@pytest.mark.parametrize("path", WALKTHROUGHS, ids=lambda path: path.stem)
def test_every_part_ends_with_one_line_of_its_rules(path):
    notebook = read(path)
    numbered = [part for part in parts(notebook) if part.is_lesson_part]
    assert len(numbered) >= 6
    wrong = [f"{part.title}: {len(rules_lines(part))}" for part in numbered
             if len(rules_lines(part)) != 1]
    assert not wrong, f"{path.name}: parts without exactly one rules line: {wrong}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_no_answer_is_on_screen_before_its_question_is_answered(path):
    found = leaks(read(path))
    assert not found, f"{path.name}: " + "; ".join(map(str, found[:8]))


def test_the_leak_check_finds_an_answer_put_back():
    notebook = read(ROOT / "notebooks" / "01-sumeria.ipynb")
    assert not [leak for leak in leaks(notebook) if leak.exercise == "edges-on-board"]
    asked = next(index for index, cell in enumerate(notebook["cells"])
                 if 'ask("edges-on-board")' in "".join(cell["source"]))
    told = copy.deepcopy(notebook)
    told["cells"].insert(asked, {"cell_type": "markdown", "metadata": {},
                                 "source": ["The graph has 56 nodes and 60 edges."]})
    assert [str(leak) for leak in leaks(told) if leak.exercise == "edges-on-board"]
    printed = copy.deepcopy(notebook)
    printed["cells"][asked + 1].setdefault("outputs", []).append(
        {"output_type": "stream", "name": "stdout", "text": ["56 nodes, 60 edges\n"]})
    if printed["cells"][asked + 1]["cell_type"] == "code":
        assert [leak for leak in leaks(printed) if leak.exercise == "edges-on-board"]


def test_the_prose_check_sees_an_id_outside_the_rules_line():
    notebook = {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["## Part 1 — A trader\n"]},
        {"cell_type": "markdown", "metadata": {},
         "source": ["A trader jumps occupied places (S-MOVE-3), see R-S10.\n\n"
                    + rules_line("sumeria", ["S-MOVE-3"])]},
        {"cell_type": "markdown", "metadata": {},
         "source": ["> **Where this comes from.** Our board's routes are a reconstruction "
                    "(R-S10)."]}]}
    assert [what for _, what in prose_rule_ids(notebook)] == ["S-MOVE-3", "R-S10"]
    line = rules_lines(parts(notebook)[-1])
    assert line == [rules_line("sumeria", ["S-MOVE-3"])]
    assert line[0].startswith("**Rules in this part:** [S-MOVE-3](../docs/rules/sumeria.md \"")
