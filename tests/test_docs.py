"""The project documents itself inside the repository: no tracked text — code, data, docs, the
notebooks' cells — points to a document outside it (the design, research, style or toolchain
notes, the rule texts' files), and every relative link of the docs, the README and the
notebooks' Markdown leads to a file that is there (and, into a Markdown page, to a heading that
is there). What those notes said that the code relies on is in docs/architecture.md and
docs/research.md."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: A pointer outside the repository: the notes' folder, the notes by their names (the
#: repository's own docs/research.md and docs/architecture.md are lower case), and the rule
#: texts' file names (``000_1f3f….txt``, ``003_…``, ``005-royal-game-of-ur.md``).
OUTSIDE = re.compile(r"(?<![\w.-])shared/|\b(?:RESEARCH|DESIGN|TOOLCHAIN|STYLE)\.md\b"
                     r"|\b(?:RESEARCH|TOOLCHAIN)\b|\b00[0-5][_-](?:[0-9a-f]{4}|…|\.\.\.|royal)")
#: Files that still point outside, each with why and when that ends. The test fails once a file
#: here no longer does, so the list cannot outlive its reason.
KNOWN: dict[str, str] = {}
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()
#: Where files are looked for without git (an unpacked archive).
FOLDERS = ("apps", "benchmarks", "binder", "docs", "engine", "jupyter-config", "jupyter-data",
           "lite", "notebooks", "scripts", "sumer_server", "sumer_widgets", "tests")

FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
#: ``[words](target "title")`` and ``![alt](target)``.
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^\"']*[\"'])?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def tracked_files(root: Path = ROOT) -> list[str]:
    """Every file git tracks (else, without git, those in the project's folders)."""
    try:
        names = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True,
                               capture_output=True, text=True).stdout.split("\0")
    except (OSError, subprocess.CalledProcessError):
        names = [p.relative_to(root).as_posix() for folder in FOLDERS
                 for p in (root / folder).rglob("*") if p.is_file()]
        names += [p.name for p in root.iterdir() if p.is_file()]
    return sorted(name for name in names if name and (root / name).is_file())


def text_of(path: Path) -> str | None:
    """A file's text (a notebook's: its cells' sources, not their outputs); None if binary."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None
    if path.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        return "\n".join("".join(cell["source"]) for cell in cells)
    return text


def outside_pointers(name: str, text: str) -> list[str]:
    """``file:line: the pointer, in its context`` for each pointer outside the repository."""
    return [f"{name}:{number}: …{line[max(0, m.start() - 30):m.end() + 30]}…"
            for number, line in enumerate(text.splitlines(), 1)
            for m in OUTSIDE.finditer(line)]


def markdown_of(path: Path) -> list[str]:
    """The Markdown of a page, or of a notebook's Markdown cells."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        return ["".join(cell["source"]) for cell in json.loads(text)["cells"]
                if cell["cell_type"] == "markdown"]
    return [text]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it (the project's links use these)."""
    words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", words.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found: set[str] = set(HTML_ANCHOR.findall(text))
    seen: dict[str, int] = {}
    for heading in HEADING.findall(text):
        base = slug(heading)
        found.add(base if base not in seen else f"{base}-{seen[base]}")
        seen[base] = seen.get(base, 0) + 1
    return found


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of `path` (a page or a notebook) that leads nowhere."""
    found = []
    for markdown in markdown_of(path):
        for target in LINK.findall(INLINE_CODE.sub("", FENCE.sub("", markdown))):
            if re.match(r"[a-zA-Z][\w+.-]*:", target):
                continue  # https:, mailto:, data: — not a file of the repository
            file, _, anchor = target.partition("#")
            where = (path.parent / unquote(file)).resolve() if file else path
            name = f"{path.relative_to(root).as_posix()}: {target}"
            if not where.exists():
                found.append(f"{name} (no such file)")
            elif root.resolve() not in (where, *where.parents):
                found.append(f"{name} (outside the repository)")
            elif anchor and where.suffix == ".md" and anchor not in anchors(where):
                found.append(f"{name} (no such heading)")
    return found


def linked_pages(root: Path = ROOT) -> list[Path]:
    return [root / name for name in tracked_files(root)
            if name == "README.md" or (name.startswith("docs/") and name.endswith(".md"))
            or name.endswith(".ipynb")]


def test_no_tracked_text_points_outside_the_repository():
    found, still = [], set()
    for name in tracked_files():
        text = text_of(ROOT / name) if name != THIS_FILE else None
        lines = outside_pointers(name, text) if text else []
        if name in KNOWN and lines:
            still.add(name)
        else:
            found += lines
    assert len(tracked_files()) > 100
    assert not found, ("name what is meant instead (docs/research.md §N, docs/architecture.md, "
                       "the rule text by its title and author):\n" + "\n".join(found))
    assert still == set(KNOWN), f"drop from KNOWN, it points inside now: {set(KNOWN) - still}"


@pytest.mark.parametrize("path", linked_pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_of_the_repository(path):
    found = broken_links(path)
    assert not found, "\n".join(found)


def test_the_pages_and_notebooks_are_all_checked():
    names = {p.relative_to(ROOT).as_posix() for p in linked_pages()}
    assert {"README.md", "docs/architecture.md", "docs/research.md", "docs/rules/sumeria.md",
            "notebooks/00-start-here.ipynb", "notebooks/teacher/class-report.ipynb"} <= names


@pytest.mark.parametrize("text", [
    "the rule text (`shared/rules/000_1f3f6d1811d2ef25.txt`)", "see /work/shared/DESIGN.md",
    "RESEARCH.md §2", "DESIGN.md §2", "Recipes from TOOLCHAIN.md", "as STYLE.md says",
    "facts from RESEARCH", "Texts: the English rulebook (`000_…`)", "`003_…`, the text",
    "`005-royal-game-of-ur.md`"])
def test_a_pointer_outside_is_found(text):
    assert outside_pointers("x.py", f"x = 1\n{text}\n") != []


@pytest.mark.parametrize("text", [
    "docs/research.md §2", "docs/architecture.md, 'The engine contract'", "a shared win",
    "shared_wins(ladders)", "the squares 5–12 are shared", "APP_STYLE = 1", "jupyter/share/x",
    "seed 2009", "1,000 games", "round 005"])
def test_a_pointer_inside_or_a_plain_word_is_not(text):
    assert outside_pointers("x.py", text) == []


def test_a_broken_link_is_found(tmp_path):
    repo = tmp_path / "repo"
    docs = repo / "docs"
    docs.mkdir(parents=True)
    (docs / "a.md").write_text("# A page\n\n## Its part two\n", encoding="utf-8")
    (repo / "README.md").write_text("", encoding="utf-8")
    (tmp_path / "notes.md").write_text("", encoding="utf-8")
    page = docs / "b.md"
    page.write_text(
        "[fine](a.md) [fine too](a.md#its-part-two) [web](https://example.org/x.md)\n"
        "[gone](missing.md) [no heading](a.md#part-three) `[code](ignored.md)`\n"
        "```\n[fenced](ignored.md)\n```\n[up](../README.md) [way up](../../notes.md)\n",
        encoding="utf-8")
    found = broken_links(page, repo)
    assert found == ["docs/b.md: missing.md (no such file)",
                     "docs/b.md: a.md#part-three (no such heading)",
                     "docs/b.md: ../../notes.md (outside the repository)"]


#: Names of the engine contract that docs/architecture.md says are being added: until they are,
#: no ruleset has them; once one has, every ruleset must.
BEING_ADDED = {"chance_outcomes"}


def contract_blocks() -> list[str]:
    """The Python blocks of docs/architecture.md's section on the engine contract."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = page.split("## 2. The engine contract", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_architecture_pages_contract_names_exist_in_every_ruleset():
    """The page states the contract outside checks call (every ruleset: the game's names and the
    module's; Sumeria: its board's too): each name it gives is there."""
    from engine.core import RULESETS, rules_of

    shared, sumeria_only = contract_blocks()
    game_names = set(re.findall(r"\bgame\.(\w+)", shared))
    module_names = set(re.findall(r"\bsumeria\.(\w+)", shared)) - {"Game"}
    assert {"legal_moves", "play", "undo", "history", "to_json"} <= game_names
    assert {"new_game", "legal_moves", "apply"} <= module_names
    missing, partly = [], []
    for ruleset in RULESETS:
        rules = rules_of(ruleset)
        game = rules.new_game(seed=1)
        missing += [f"{ruleset}: game.{name}" for name in sorted(game_names)
                    if not hasattr(game, name)]
        missing += [f"{ruleset}: {name}" for name in sorted(module_names - BEING_ADDED)
                    if not hasattr(rules, name)]
        assert hasattr(rules.Game, "from_json")
    for name in BEING_ADDED & module_names:
        have = [ruleset for ruleset in RULESETS if hasattr(rules_of(ruleset), name)]
        if have and len(have) < len(RULESETS):
            partly.append(f"{name}: only in {', '.join(have)}")
    assert not missing and not partly, "\n".join(missing + partly)

    from engine import sumeria

    board = sumeria.Board.standard()
    for name in re.findall(r"\bboard\.(\w+)", sumeria_only):
        assert hasattr(board, name), f"board.{name}"
    for name in re.findall(r"\bsumeria\.(?:Board\.)?(\w+)", sumeria_only):
        assert hasattr(sumeria, name) or hasattr(sumeria.Board, name), name
    assert sumeria.score_influence({"economy": 4, "military": 2, "political": 4,
                                    "religion": 5}) == 38
