"""A Dutch notebook reads Dutch: its printed figures are Dutch sentences, its refusals link the
Dutch rule catalogue, and a link to a page that exists only in English says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import royal_ur, sumeria
from sumer_widgets import display
from sumer_widgets.plots.analysis import wilson

ROOT = Path(__file__).resolve().parents[1]
DUTCH = sorted((ROOT / "notebooks").glob("*-nl.ipynb"))
#: A markdown link: its text and where it points.
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)[^)]*\)")
#: Where a link needs no warning: a place in the notebook, the web, or a Dutch page.
NEEDS_NO_WARNING = re.compile(r"^(#|https?://)|/nl/|-nl\.")
ENGLISH_ONLY = "in het Engels"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def outputs(cell: dict) -> str:
    text = []
    for output in cell.get("outputs", []):
        for value in (output.get("text"), *output.get("data", {}).values()):
            if isinstance(value, list):
                text.append("".join(value))
            elif isinstance(value, str):
                text.append(value)
    return "\n".join(text)


def test_there_are_dutch_notebooks():
    assert {path.name for path in DUTCH} >= {"01-sumeria-nl.ipynb", "06-royal-game-of-ur-nl.ipynb"}


def test_a_rate_is_told_in_dutch():
    rate = wilson(100, 100)
    assert str(rate) == "100% [96%, 100%] of 100"
    assert rate.said("nl") == "100% [96%, 100%] van 100"


@pytest.mark.parametrize("path", DUTCH, ids=lambda path: path.stem)
def test_no_english_rate_is_printed(path):
    for index, cell in enumerate(cells(path)):
        assert not re.search(r"\d%\] of \d", outputs(cell)), f"cell {index}"


@pytest.mark.parametrize("path", DUTCH, ids=lambda path: path.stem)
def test_a_link_to_an_english_page_says_so(path):
    for index, cell in enumerate(cells(path)):
        if cell["cell_type"] != "markdown":
            continue
        for paragraph in re.split(r"\n\s*\n", "".join(cell["source"])):
            if paragraph.lstrip().startswith("**Regels in dit deel:**"):
                continue  # every link there is to the Dutch catalogue (checked below)
            for found in LINK.finditer(paragraph):
                target = found.group(2)
                if NEEDS_NO_WARNING.search(target):
                    continue
                rest = re.sub(r"^>\s?", "", paragraph[found.end():], flags=re.M)
                after = " ".join(rest.split())
                assert ENGLISH_ONLY in after[:80], (
                    f"cell {index}: {target} is English only, and the text does not say so")


@pytest.mark.parametrize("path", DUTCH, ids=lambda path: path.stem)
def test_rule_links_go_to_the_dutch_catalogue(path):
    for index, cell in enumerate(cells(path)):
        shown = "".join(cell["source"]) + outputs(cell)
        for target in re.findall(r"\.\./docs/rules/[^\s\"')]+\.md", shown):
            assert "/rules/nl/" in target, f"cell {index}: {target}"


def test_a_dutch_refusal_links_the_dutch_catalogue():
    game = sumeria.new_game(players=3, seed=1)
    game.play("place kish.city")
    try:
        game.play("place kish.city")
    except sumeria.IllegalMove as exc:
        dutch = display.refusal(exc, "nl")._repr_html_()
        english = display.refusal(exc, "en")._repr_html_()
    assert 'href="../docs/rules/nl/sumeria.md"' in dutch
    assert 'href="../docs/rules/sumeria.md"' in english
    try:
        royal_ur.apply(royal_ur.position(light=[2, 4], throw=2), royal_ur.MovePiece(2))
    except royal_ur.IllegalMove as exc:
        dutch = display.refusal(exc, "nl")._repr_html_()
    assert 'href="../docs/rules/nl/royal_ur.md"' in dutch and "eigen stuk" in dutch
