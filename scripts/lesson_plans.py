"""The lesson plans of docs/teachers.md, timed from the notebooks they use.

A plan states, on a line of its own, the parts its pairs work through and the minutes that
takes, in a form a teacher reads and this script checks::

    **Parts:** 1, 2 after `kish-reach`, 3 — 27 minutes of pair work.

Each item is a part's number, or half a part: ``2 to `kish-reach``` is part 2 up to and with
the cell that asks the question (or shows the board task) `kish-reach`, and ``2 after
`kish-reach``` the rest of it. The notebooks a plan uses are named once for each game, on a
line ``*Notebooks: 01-sumeria.ipynb, 01-sumeria-nl.ipynb*`` before its plans.

A part's minutes are measured by the rule of `notebook_parts.measured_minutes` (130 words a
minute, 1½ minutes a question, 3 a board task, ½ a minute for each other picture or result),
rounded up: the figure ``notebook_parts.py --minutes`` writes into the headings, so a plan
agrees with the headings it names (the tests check the headings are current). Measuring rather
than reading the heading keeps a plan honest while a notebook's headings still carry a
writer's estimate (03-mesopotamia's say "about 15 minutes" for parts of 9 to 22). A half part
is timed by the same rule over its own cells, rounded up. The check fails on a plan over
`PAIR_MINUTES` or whose stated figure is not what its parts add up to in its slowest notebook.

    python scripts/lesson_plans.py          # every plan, its parts and minutes; exit 1 if any fails
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import notebook_parts as nbp  # noqa: E402 - the scripts folder is not a package on the path

GUIDE = ROOT / "docs" / "teachers.md"
#: The pair work of a 45-minute lesson: 5 minutes of hook before, 10 of whole class after.
PAIR_MINUTES = 30
NOTEBOOKS_LINE = re.compile(r"^\*Notebooks?: (.+)\*\s*$")
PARTS_LINE = re.compile(r"^\*\*Parts:\*\* (.+?) — (\d+) minutes of pair work\.?\s*$")
ITEM = re.compile(r"^(\d+)(?: (to|after) `([\w-]+)`)?$")
HEADING = re.compile(r"^#{2,4} (.+)$")


@dataclass
class Plan:
    """One lesson plan: where it stands in the guide, its notebooks, parts and stated minutes."""

    title: str
    line: int
    notebooks: list[str]
    items: list[str]
    stated: int


def plans(text: str) -> list[Plan]:
    """Every plan in the guide's `text`, in order.

    Raises:
        ValueError: a parts line before any notebooks line.
    """
    found: list[Plan] = []
    notebooks: list[str] = []
    title = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if heading := HEADING.match(line):
            title = heading.group(1).strip()
        elif named := NOTEBOOKS_LINE.match(line):
            notebooks = re.findall(r"[\w.-]+\.ipynb", named.group(1))
        elif parts := PARTS_LINE.match(line):
            if not notebooks:
                raise ValueError(f"line {number}: a plan before its game names its notebooks")
            items = [item.strip() for item in parts.group(1).split(",")]
            found.append(Plan(title, number, list(notebooks), items, int(parts.group(2))))
    return found


def item_minutes(item: str, notebook: dict) -> int:
    """The minutes of one item (a part, or half of one) in `notebook`.

    Raises:
        ValueError: an item not of the form, a part the notebook lacks, an id it does not ask.
    """
    found = ITEM.match(item)
    if found is None:
        raise ValueError(f"{item!r} is not a part (\"3\") or half a part (\"3 to `id`\")")
    number, side, at = int(found.group(1)), found.group(2), found.group(3)
    part = next((p for p in nbp.parts(notebook) if p.is_lesson_part
                 and nbp.PART_NUMBER.match(p.title).group(1) == str(number)), None)
    if part is None:
        raise ValueError(f"the notebook has no part {number}")
    if side is None:
        return math.ceil(nbp.measured_minutes(part))
    cut = next((k for k, (_, cell) in enumerate(part.cells) if cell["cell_type"] == "code"
                and at in nbp.ASK.findall(nbp.source(cell)) + nbp.TASK.findall(nbp.source(cell))),
               None)
    if cut is None:
        raise ValueError(f"part {number} asks no question and shows no task {at!r}")
    cells = part.cells[:cut + 1] if side == "to" else part.cells[cut + 1:]
    return math.ceil(nbp.measured_minutes(nbp.Part(part.title, cells)))


def plan_minutes(plan: Plan) -> dict[str, int]:
    """The plan's minutes in each of its notebooks."""
    timed = {}
    for name in plan.notebooks:
        notebook = nbp.read(ROOT / "notebooks" / name)
        timed[name] = sum(item_minutes(item, notebook) for item in plan.items)
    return timed


def problems(plan: Plan) -> list[str]:
    """What is wrong with `plan`: over the pair work's minutes, or a stated figure that is not
    what its parts add up to."""
    try:
        timed = plan_minutes(plan)
    except ValueError as exc:
        return [f"{plan.title} (line {plan.line}): {exc}"]
    slowest = max(timed.values())
    found = []
    if slowest > PAIR_MINUTES:
        found.append(f"{plan.title} (line {plan.line}): {slowest} minutes of pair work, over "
                     f"{PAIR_MINUTES}")
    if plan.stated != slowest:
        found.append(f"{plan.title} (line {plan.line}): says {plan.stated} minutes, its parts "
                     f"take {slowest}")
    return found


def main() -> int:
    bad = 0
    for plan in plans(GUIDE.read_text(encoding="utf-8")):
        try:
            timed = ", ".join(f"{name} {minutes}" for name, minutes in plan_minutes(plan).items())
        except ValueError:
            timed = "cannot be timed"
        print(f"{plan.title}: parts {', '.join(plan.items)} — {timed}")
        said = problems(plan)
        for problem in said:
            print(f"  {problem}")
        bad += len(said)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
