"""The rule catalogues (``docs/rules/<ruleset>.md``) as data the boards and notebooks can read.

A refusal names its rule id; a learner hovering it, a board task listing the rules it
practises, the rules sheets and the answer keys all want the rule's own sentence. The
catalogues are Markdown in ``docs/``, which is not installed with the package (nor present in a
JupyterLite site), so ``scripts/catalogue.py`` copies them into ``sumer_widgets/data/rules.json``
and a test checks the copy is current. Sumeria's catalogue also exists in Dutch
(``docs/rules/nl/sumeria.md``, the same ids in the Dutch rulebook's words).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from engine.core import RULESETS

DATA = Path(__file__).parent / "data" / "rules.json"
ROW = re.compile(r"^\| ([A-Z]+(?:-[A-Z]+)+-\d+) \| (.+?) \|\s*$", re.M)
HEADING = re.compile(r"^## (.+)$", re.M)
#: Where a notebook finds the catalogue (notebooks live in ``notebooks/``); a translated
#: catalogue is in a folder named for its language.
LINK = "../docs/rules/{ruleset}.md"
LINK_IN = "../docs/rules/{lang}/{ruleset}.md"


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


def build(docs: Path) -> dict[str, dict[str, list[dict[str, str]]]]:
    """The catalogues found under `docs`/rules: ``{lang: {ruleset: rules}}`` (English from
    ``rules/<ruleset>.md``, other languages from ``rules/<lang>/<ruleset>.md``)."""
    found: dict[str, dict[str, list[dict[str, str]]]] = {"en": {}}
    for name in RULESETS:
        found["en"][name] = parse((docs / "rules" / f"{name}.md").read_text(encoding="utf-8"))
    for folder in sorted(p for p in (docs / "rules").iterdir() if p.is_dir()):
        found[folder.name] = {path.stem: parse(path.read_text(encoding="utf-8"))
                              for path in sorted(folder.glob("*.md"))}
    return found


@cache
def _data() -> dict[str, dict[str, list[dict[str, str]]]]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def catalogues(lang: str = "en") -> dict[str, list[dict[str, str]]]:
    """Every ruleset's rules in `lang` (only those that exist in it)."""
    return _data().get(lang, {})


def catalogue(ruleset: str, lang: str = "en") -> list[dict[str, str]]:
    """`ruleset`'s rules in `lang`, or in English where there is no translation."""
    return catalogues(lang).get(ruleset) or catalogues("en")[ruleset]


@cache
def _index(lang: str = "en") -> dict[str, tuple[str, dict[str, str]]]:
    return {rule["id"]: (ruleset, rule) for ruleset, rules in catalogues(lang).items()
            for rule in rules}


def rule_text(rule_id: str, lang: str = "en") -> str:
    """The catalogue's sentence for `rule_id` in `lang` (English where there is no
    translation; '' for an id no catalogue lists)."""
    found = _index(lang).get(rule_id) or _index("en").get(rule_id)
    return found[1]["text"] if found else ""


def ruleset_of(rule_id: str) -> str | None:
    found = _index().get(rule_id)
    return found[0] if found else None


def link(rule_id: str, lang: str = "en") -> str:
    """Where a notebook's link to the catalogue listing `rule_id` points: the catalogue in
    `lang` where it is translated, else the English one."""
    ruleset = ruleset_of(rule_id)
    if not ruleset:
        return ""
    if lang != "en" and ruleset in catalogues(lang):
        return LINK_IN.format(lang=lang, ruleset=ruleset)
    return LINK.format(ruleset=ruleset)
