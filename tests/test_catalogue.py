"""Every catalogued rule is checked by a test that names it, and every named rule exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts.rule_coverage import house_rules, in_library

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"^\| ([A-Z]+(?:-[A-Z]+)+-\d+) \|", re.M)
# ``@pytest.mark.rules("S-MOVE-3")``, or ``@rules(...)`` after ``rules = pytest.mark.rules``.
MARKER = re.compile(r"(?:mark\.rules|^\s*@rules)\(([^)]*)\)", re.S | re.M)
QUOTED = re.compile(r"[\"']([A-Z]+(?:-[A-Z]+)+-\d+)[\"']")
WALKTHROUGHS = {"sumeria": "01-sumeria.ipynb", "tigris": "02-tigris-euphrates.ipynb",
               "mesopotamia": "03-mesopotamia.ipynb", "priest_kings": "04-priest-kings.ipynb",
               "royal_ur": "06-royal-game-of-ur.ipynb"}


def catalogue(name: str) -> list[str]:
    return RULE_ID.findall((ROOT / "docs" / "rules" / f"{name}.md").read_text())


def catalogues() -> dict[str, list[str]]:
    return {p.stem: catalogue(p.stem) for p in sorted((ROOT / "docs" / "rules").glob("*.md"))}


def named_in_tests() -> set[str]:
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for args in MARKER.findall(path.read_text()):
            named.update(QUOTED.findall(args))
    return named


def test_catalogues_have_unique_ids():
    for name, ids in catalogues().items():
        assert ids, f"docs/rules/{name}.md lists no rule ids"
        duplicates = {i for i in ids if ids.count(i) > 1}
        assert not duplicates, f"{name}: ids listed twice: {sorted(duplicates)}"


@pytest.mark.parametrize("name", sorted(catalogues()))
def test_every_rule_has_a_test(name):
    missing = [i for i in catalogue(name) if i not in named_in_tests()]
    assert not missing, f"rules of docs/rules/{name}.md that no test names: {missing}"


def test_every_named_rule_is_catalogued():
    known = {i for ids in catalogues().values() for i in ids}
    unknown = sorted(named_in_tests() - known)
    assert not unknown, f"tests name rules that no catalogue lists: {unknown}"


@pytest.mark.parametrize("name", sorted(WALKTHROUGHS))
def test_walkthrough_links_every_rule(name):
    notebook = ROOT / "notebooks" / WALKTHROUGHS[name]
    if not notebook.exists():
        pytest.skip(f"{notebook.name} is not written yet")
    from scripts.notebook_parts import parts, read, rules_lines

    lines = " ".join(line for part in parts(read(notebook)) for line in rules_lines(part))
    house = set(house_rules(name))
    missing = [i for i in catalogue(name) if i not in lines and i not in house]
    assert not missing, f"{notebook.name}: no *Rules in this part* line names {missing}"


@pytest.mark.parametrize("name", sorted(WALKTHROUGHS))
def test_the_library_guide_teaches_every_house_rule(name):
    """House rules are options a designer varies, not rules of the rule text: the library
    guide (docs/library.md, "House rules") teaches them, not the walkthrough."""
    missing = [i for i in house_rules(name) if i not in in_library()]
    assert not missing, f"docs/library.md names no {missing}"


def test_translated_catalogues_list_the_same_rules_in_the_same_order():
    for folder in sorted(p for p in (ROOT / "docs" / "rules").iterdir() if p.is_dir()):
        for path in sorted(folder.glob("*.md")):
            translated = RULE_ID.findall(path.read_text())
            assert translated == catalogue(path.stem), (
                f"docs/rules/{folder.name}/{path.name} must list the rules of "
                f"docs/rules/{path.stem}.md, in the same order")


def test_coverage_tables_are_current_and_every_rule_is_taught_and_tested():
    """docs/coverage/<ruleset>.md: rule → notebook section → tests (scripts/rule_coverage.py)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "scripts/rule_coverage.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for path in sorted((ROOT / "docs" / "coverage").glob("*.md")):
        gaps = [line for line in path.read_text().splitlines() if (line.startswith("| ")
                and "| — |" in line) or line.endswith("| — |")]
        assert not gaps, f"{path.name}: rules without a section or a test: {gaps}"
