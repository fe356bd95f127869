"""Write ``docs/coverage/<ruleset>.md``: every rule → the notebook section teaching it → the
tests checking it.

The rule ids come from the catalogue (``docs/rules/<ruleset>.md``); the section is the part of
the walkthrough notebook whose *Rules in this part* line first names the rule (linked by the
part's ``<a id>`` anchor); the tests are every test function that names the rule with
``@pytest.mark.rules(...)`` (or a module's ``pytestmark``), found by reading the test files.

House rules (the catalogue's section "House rules": options a designer may vary, not rules of
the rule text) are taught by the library guide, ``docs/library.md``, rather than the walkthrough:
their section is the guide's "House rules" where the guide names them.

``python scripts/rule_coverage.py`` writes the tables; ``--check`` exits 1 if one is out of date
(the test suite runs it). ``--notebook RULESET`` prints the table a walkthrough closes with —
rule → the part teaching it → the exercises and board tasks practising it → the test files
checking it — to paste into its last cell; ``--notebook RULESET --lang nl`` the same for the
walkthrough's translation (`TRANSLATIONS`), each question and task told by its own words, not
its id.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "coverage"
RULE_ID = re.compile(r"^\| ([A-Z]+(?:-[A-Z]+)+-\d+) \|", re.M)
ANY_ID = re.compile(r"\b([A-Z]+(?:-[A-Z]+)+-\d+)\b")
ANCHOR = re.compile(r'<a id="([^"]+)"')
WALKTHROUGHS = {"sumeria": "01-sumeria.ipynb", "tigris": "02-tigris-euphrates.ipynb",
                "mesopotamia": "03-mesopotamia.ipynb", "priest_kings": "04-priest-kings.ipynb",
                "royal_ur": "06-royal-game-of-ur.ipynb"}
#: The walkthroughs in another language: ``{(ruleset, lang): notebook}``.
TRANSLATIONS = {("sumeria", "nl"): "01-sumeria-nl.ipynb",
                ("royal_ur", "nl"): "06-royal-game-of-ur-nl.ipynb"}
#: The closing table's own words, per language.
TABLE_WORDS = {
    "en": {"head": "| rule | taught in | practised by |", "minutes": r"\s*\(about [^)]*\)$",
           "tests": "The tests that check each rule: [docs/coverage/{ruleset}.md]"
                    "(../docs/coverage/{ruleset}.md)."},
    "nl": {"head": "| regel | uitgelegd in | geoefend met |",
           "minutes": r"\s*\(ongeveer [^)]*\)$", "task": "opdracht op het bord",
           "tests": "De tests die elke regel controleren: [docs/coverage/{ruleset}.md]"
                    "(../docs/coverage/{ruleset}.md) (in het Engels)."},
}
TITLES = {"sumeria": "Sumeria", "tigris": "Tigris & Euphrates",
          "mesopotamia": "Mesopotamia", "priest_kings": "Priest-Kings of God",
          "royal_ur": "The Royal Game of Ur"}


LIBRARY = ROOT / "docs" / "library.md"
#: The catalogue's heading over the house rules.
HOUSE_RULES = "## House rules"


def catalogue(ruleset: str) -> list[str]:
    return RULE_ID.findall((ROOT / "docs" / "rules" / f"{ruleset}.md").read_text("utf-8"))


def house_rules(ruleset: str) -> list[str]:
    """The ids of the catalogue's "House rules" section (up to the next section)."""
    text = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text("utf-8")
    if HOUSE_RULES not in text:
        return []
    section = text.split(HOUSE_RULES, 1)[1].split("\n## ", 1)[0]
    return RULE_ID.findall(section)


def in_library() -> set[str]:
    """The rule ids the library guide names."""
    return set(ANY_ID.findall(LIBRARY.read_text("utf-8"))) if LIBRARY.exists() else set()


def tests_by_rule() -> dict[str, list[str]]:
    """``{rule id: ["tests/engine/…::test_name", …]}`` from the rules markers."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        where = path.relative_to(ROOT).as_posix()
        module_ids = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
                module_ids += _marker_ids(node.value)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name.startswith(
                    ("test", "Test")):
                ids = [i for deco in node.decorator_list for i in _marker_ids(deco)]
                for rule in dict.fromkeys(ids + (module_ids if isinstance(
                        node, ast.FunctionDef) else [])):
                    found[rule].append(f"{where}::{node.name}")
    return found


def _marker_ids(node: ast.AST) -> list[str]:
    """The rule ids of a ``pytest.mark.rules(...)`` / ``rules(...)`` call (in lists too)."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return [i for item in node.elts for i in _marker_ids(item)]
    if not isinstance(node, ast.Call):
        return []
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name != "rules":
        return []
    return [arg.value for arg in node.args
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]


def sections(notebook: Path) -> dict[str, tuple[str, str]]:
    """``{rule id: (heading, anchor)}`` — the part whose *Rules in this part* line first
    names each rule (`scripts.notebook_parts`: the prose itself names none)."""
    from scripts.notebook_parts import parts, read, rules_lines

    out: dict[str, tuple[str, str]] = {}
    for part in parts(read(notebook)):
        if part.is_reference:
            continue
        anchor = ""
        for _, cell in part.cells:
            if cell["cell_type"] == "markdown":
                anchors = ANCHOR.findall("".join(cell["source"]))
                if anchors:
                    anchor = anchors[0]
                    break
        for line in rules_lines(part):
            for rule in ANY_ID.findall(line):
                out.setdefault(rule, (part.title, anchor))
    return out


def table(ruleset: str, tests: dict[str, list[str]]) -> str:
    notebook = WALKTHROUGHS[ruleset]
    taught = sections(ROOT / "notebooks" / notebook)
    guide = in_library()
    for rule in house_rules(ruleset):
        if rule not in taught and rule in guide:
            taught[rule] = ("docs/library.md — House rules", "")
    lines = [f"# {TITLES[ruleset]} — where each rule is taught and tested", "",
             f"Every rule of [`docs/rules/{ruleset}.md`](../rules/{ruleset}.md): the part of "
             f"[`notebooks/{notebook}`](../../notebooks/{notebook}) that teaches it, and the "
             "tests that check it. Generated by `scripts/rule_coverage.py`; do not edit by hand.",
             "", "| rule | taught in | tested by |", "|---|---|---|"]
    for rule in catalogue(ruleset):
        heading, anchor = taught.get(rule, ("", ""))
        library = "../library.md#options-and-house-rules"
        where = (f"[{_cell(heading)}](../../notebooks/{notebook}#{anchor})" if anchor
                 else f"[{_cell(heading)}]({library})" if heading.startswith("docs/library.md")
                 else _cell(heading) or "—")
        names = tests.get(rule, [])
        tested = "<br>".join(f"`{n}`" for n in names) or "—"
        lines.append(f"| {rule} | {where} | {tested} |")
    return "\n".join(lines) + "\n"


def walkthrough(ruleset: str, lang: str = "en") -> Path:
    """The walkthrough notebook of `ruleset` in `lang`."""
    name = WALKTHROUGHS[ruleset] if lang == "en" else TRANSLATIONS[ruleset, lang]
    return ROOT / "notebooks" / name


def notebook_table(ruleset: str, tests: dict[str, list[str]] | None = None,
                   lang: str = "en") -> str:
    """The closing table of `ruleset`'s walkthrough in `lang`, linked from the notebook's
    folder: rule → the part teaching it → the exercises and tasks it asks that practise it (in
    English by id, as the answer key names them; in another language by the question's own
    words or the task's goal, ids being English). Which tests check each rule is in
    ``docs/coverage/`` (linked below the table): the tests are not in every copy of the
    notebooks (the browser-only site has none)."""
    from scripts.notebook_parts import lesson_parts, read
    from sumer_widgets.lessons import Lesson

    path = walkthrough(ruleset, lang)
    words = TABLE_WORDS[lang]
    taught = sections(path)
    asked = {item for part in lesson_parts(read(path))
             for item in (*part["exercises"], *part["tasks"])}
    lesson = Lesson(ruleset, lang)
    practised: dict[str, list[str]] = defaultdict(list)
    for item in [*lesson.exercises, *lesson.tasks]:
        if item.id not in asked:
            continue
        for rule in item.rules:
            practised[rule].append(_named(item, lang))
    lines = [words["head"], "|---|---|---|"]
    house = set(house_rules(ruleset))
    for rule in catalogue(ruleset):
        if rule in house and rule not in taught:
            continue  # taught by docs/library.md, not by the walkthrough
        heading, anchor = taught.get(rule, ("", ""))
        heading = re.sub(words["minutes"], "", heading)
        where = f"[{_cell(heading)}](#{anchor})" if anchor else _cell(heading) or "—"
        ids = (", " if lang == "en" else " · ").join(practised.get(rule, [])) or "—"
        lines.append(f"| {rule} | {where} | {ids} |")
    lines += ["", words["tests"].format(ruleset=ruleset)]
    return "\n".join(lines)


def _named(item: object, lang: str) -> str:
    """A question or task as the closing table names it: its id in English; elsewhere the
    question, or the task's goal, in italics (two questions may share their last sentence)."""
    from sumer_widgets.exercises import Exercise
    from sumer_widgets.tasks import say

    if lang == "en":
        return f"`{item.id}`"  # type: ignore[attr-defined]
    if isinstance(item, Exercise):
        return f"*{_cell(say(item.question, lang))}*"
    goal = say(item.goal, lang)  # type: ignore[attr-defined]
    return f"*{TABLE_WORDS[lang]['task']}: {_cell(goal)}*"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def main(argv: list[str]) -> int:
    tests = tests_by_rule()
    if "--notebook" in argv:
        lang = argv[argv.index("--lang") + 1] if "--lang" in argv else "en"
        print(notebook_table(argv[argv.index("--notebook") + 1], tests, lang))
        return 0
    stale = []
    for ruleset in WALKTHROUGHS:
        path = OUT / f"{ruleset}.md"
        text = table(ruleset, tests)
        current = path.read_text("utf-8") if path.exists() else ""
        if current != text:
            stale.append(path)
            if "--check" not in argv:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, "utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
    if "--check" in argv and stale:
        print("out of date: " + ", ".join(str(p.relative_to(ROOT)) for p in stale)
              + " — run python scripts/rule_coverage.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
