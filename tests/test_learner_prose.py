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


def _markdown(text):
    return {"cell_type": "markdown", "metadata": {}, "source": [text]}


def _printed(text):
    return {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": ["print()"],
            "outputs": [{"output_type": "stream", "name": "stdout", "text": [text + "\n"]}]}


def _drawn(*labels):
    """A code cell whose stored output is a picture with these labels drawn in it."""
    texts = "".join(f'<text x="0" y="{12 * n}">{label}</text>'
                    for n, label in enumerate(labels, start=1))
    return {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": ["show()"],
            "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                         "data": {"image/svg+xml": [f"<svg>{texts}</svg>"],
                                  "text/plain": ["<SVG picture>"]}}]}


#: The giveaways the reviews found (issue 44), each as a notebook showed it: (notebook,
#: question, "above" or "below" it — "below2" two cells below —, the cell that gave it away).
PUT_BACK = [
    ("02-tigris-euphrates", "what-urn-sees", "above", _markdown(
        "**What each player sees.** Hands are hidden, and so are points while the game lasts: "
        "you see your own hand and points, how many tiles each other player holds, and "
        "everyone's treasures. Once the game is over, every player's points, score and the "
        "winners are public.")),
    ("03-mesopotamia", "fields-in-pile", "above", _drawn(
        "Round 1 · Blue to move", "field pile: 26", "deck: 18")),
    ("03-mesopotamia", "first-round-points", "above", _markdown(
        "In phase I you have **5 movement points**: the rulebook says so for every turn.")),
    ("03-mesopotamia", "steal-marker", "above", _markdown(
        "Each native steals **at most once a turn**, and a **sacrifice marker can never be "
        "stolen**.")),
    ("03-mesopotamia", "one-action", "above", _markdown(
        "Once you have built a hut, you may build a second hut on the same plain.")),
    ("04-priest-kings", "attacked-may", "below", _markdown(
        "Kish and Lagash both make sacrifices (Part 5 says what they are worth).")),
    ("04-priest-kings", "attacker-breaks", "below2", _markdown(
        "An invader whose army breaks just goes home. And after every battle both armies are "
        "**rebuilt** at full size, every loss recovered.")),
    ("04-priest-kings", "army-after-battle", "below", _markdown(
        "An invader whose army breaks just goes home. And after every battle both armies are "
        "**rebuilt** at full size, every loss recovered.")),
    ("04-priest-kings", "rerolls-both", "above", _markdown(
        'The text adds one sentence: "No more than one reroll is allowed in a battle."')),
    ("04-priest-kings", "won-for-overlord", "below", _markdown(
        "A vassal's victories make vassals for its **overlord**, not for itself: the vassal "
        "\"creates more vassals for his overlord\".")),
    ("04-priest-kings", "called-off", "below", _markdown(
        "An attack between two cities that have come to serve the same overlord by the time it "
        "is to be fought is **called off**: it could change nothing.")),
    ("05-analysis", "ur-head-start", "below", _markdown(
        "**What an interval can tell, and what it cannot.** Where an interval of light's wins "
        "contains 50 %, that does not show that going first is worth nothing.")),
    ("06-royal-game-of-ur", "shared-squares", "below2", _drawn(
        "Light's path", "Dark's path", "shared by both: squares 5 to 12")),
    ("06-royal-game-of-ur", "safe-rosette", "above", _markdown(
        "One square of the middle row is special: the **central rosette**. A piece standing "
        "there is **safe**.")),
    ("06-royal-game-of-ur", "first-player", "below", _markdown(
        "**Recap of part 5**\n\n- Light throws first, and a head start is worth something in a "
        "race.")),
    ("06-royal-game-of-ur", "head-start-size", "below2", _printed(
        "light's chance of winning from the start: 51.62 %")),
    ("06-royal-game-of-ur", "bear-off-throw", "above", _markdown(
        "A piece bears off only with the **exact** throw. So a piece on square 14 needs a 1 to "
        "leave, and a piece on 12 a 3.")),
]


@pytest.mark.parametrize("name, exercise, where, cell", PUT_BACK,
                         ids=[f"{name[:2]}-{exercise}" for name, exercise, *_ in PUT_BACK])
def test_the_giveaways_the_reviews_found_are_caught_when_put_back(name, exercise, where, cell):
    notebook = read(ROOT / "notebooks" / f"{name}.ipynb")
    asked = next(index for index, each in enumerate(notebook["cells"])
                 if f'ask("{exercise}")' in "".join(each["source"]))
    at = {"above": asked, "below": asked + 1, "below2": asked + 2}[where]
    told = copy.deepcopy(notebook)
    told["cells"].insert(at, cell)
    found = [leak for leak in leaks(told) if leak.exercise == exercise and leak.cell == at]
    assert found, f"{name}: {exercise}: the put-back cell {at} is not seen"
