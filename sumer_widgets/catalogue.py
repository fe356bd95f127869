"""The rule catalogues (``docs/rules/<ruleset>.md``) as data the boards and notebooks can read.

A refusal names its rule id; a learner hovering it, a board task listing the rules it
practises, the rules sheets and the answer keys all want the rule's own sentence. The
catalogues are Markdown in ``docs/``, which is not installed with the package (nor present in a
JupyterLite site), so ``scripts/catalogue.py`` copies them into ``sumer_widgets/data/rules.json``
and a test checks the copy is current.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "rules.json"
ROW = re.compile(r"^\| ([A-Z]+(?:-[A-Z]+)+-\d+) \| (.+?) \|\s*$", re.M)
HEADING = re.compile(r"^## (.+)$", re.M)
RULESETS = ("sumeria", "tigris", "mesopotamia", "priest_kings")
#: Where a notebook finds the catalogue (notebooks live in ``notebooks/``).
LINK = "../docs/rules/{ruleset}.md"


def parse(markdown: str) -> list[dict[str, str]]:
    """Every rule row of a catalogue: ``{"id", "text", "section"}``, in order."""
    rules = []
    sections = [(m.start(), m.group(1)) for m in HEADING.finditer(markdown)]
    for row in ROW.finditer(markdown):
        section = ""
        for start, name in sections:
            if start < row.start():
                section = name
        rules.append({"id": row.group(1), "text": row.group(2).strip(), "section": section})
    return rules


def build(docs: Path) -> dict[str, list[dict[str, str]]]:
    """The catalogues found under `docs`/rules, by ruleset."""
    return {name: parse((docs / "rules" / f"{name}.md").read_text(encoding="utf-8"))
            for name in RULESETS}


@cache
def catalogues() -> dict[str, list[dict[str, str]]]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@cache
def _index() -> dict[str, tuple[str, dict[str, str]]]:
    return {rule["id"]: (ruleset, rule) for ruleset, rules in catalogues().items()
            for rule in rules}


def rule_text(rule_id: str) -> str:
    """The catalogue's sentence for `rule_id` ('' for an id it does not list)."""
    found = _index().get(rule_id)
    return found[1]["text"] if found else ""


def ruleset_of(rule_id: str) -> str | None:
    found = _index().get(rule_id)
    return found[0] if found else None


def link(rule_id: str) -> str:
    """Where a notebook's link to the catalogue listing `rule_id` points."""
    ruleset = ruleset_of(rule_id)
    return LINK.format(ruleset=ruleset) if ruleset else ""
