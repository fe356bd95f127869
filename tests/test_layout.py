"""The layout of a game (docs/adding-a-game.md): every game registered in `engine.core.RULESETS`
has each of its parts, and the parts every game shares name no game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.core import RULESETS
from sumer_widgets.base import BoardWidget
from sumer_widgets.core import BoardCore
from sumer_widgets.games import Card, board_class, card, core_class

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "sumer_widgets"
#: A game's folder in the visible layer: each file and what it is.
GAME_FOLDER = {"__init__.py": "its card", "core.py": "its board's decisions",
               "board.py": "its board widget", "board.js": "its front end",
               "picture.py": "its picture", "readers.py": "its values in words",
               "lesson.py": "its lesson", "plots.py": "its plots"}
#: Folders of sumer_widgets that belong to one notebook (a game's, or 05-analysis's, which reads
#: every game's results), and the registry itself: everything else is shared.
OWN = {*RULESETS, "analysis", "variantlab"}
#: The package's public face: it re-exports each game's board under its old name.
PUBLIC = {"__init__.py", "games.py"}
GAME_NAME = re.compile("|".join([*RULESETS, "priest.kings", "euphrates", "campaign"]), re.I)


@pytest.mark.parametrize("game", RULESETS)
def test_every_registered_game_has_each_part(game):
    missing = [f"engine/{game}/ (its rules engine)"] if not (ROOT / "engine" / game /
                                                             "__init__.py").exists() else []
    missing += [f"sumer_widgets/{game}/{name} ({what})" for name, what in GAME_FOLDER.items()
                if not (WIDGETS / game / name).exists()]
    the_card = card(game)
    missing += [] if (ROOT / "notebooks" / f"{the_card.notebook}.ipynb").exists() else [
        f"notebooks/{the_card.notebook}.ipynb (its notebook)"]
    missing += [f"{path} ({what})" for path, what in (
        (f"apps/{game}.ipynb", "its app"), (f"docs/rules/{game}.md", "its rules catalogue"))
        if not (ROOT / path).exists()]
    assert not missing, f"{game} lacks: " + "; ".join(missing)
    assert isinstance(the_card, Card) and the_card.title and the_card.say("blurb")
    assert the_card.say("instructions")
    assert issubclass(board_class(game), BoardWidget)
    assert issubclass(board_class(game), core_class(game))
    assert issubclass(core_class(game), BoardCore)
    assert the_card.players >= 1


def shared_modules() -> list[Path]:
    return sorted(path for path in WIDGETS.rglob("*.py")
                  if path.relative_to(WIDGETS).parts[0] not in OWN
                  and path.relative_to(WIDGETS).as_posix() not in PUBLIC)


def game_names(path: Path) -> list[str]:
    """Where the code of `path` names a game: in a name, an import or a string (docstrings
    and comments may give examples)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = "" if id(node) in docstrings else node.value
        elif isinstance(node, ast.Name):
            words = node.id
        elif isinstance(node, ast.Attribute):
            words = node.attr
        elif isinstance(node, ast.ImportFrom):
            words = node.module or ""
        elif isinstance(node, (ast.alias, ast.FunctionDef, ast.ClassDef)):
            words = node.name
        else:
            continue
        if GAME_NAME.search(words):
            found.append(f"{path.name}:{node.lineno}: {words[:60]!r}")
    return found


def test_the_shared_parts_name_no_game():
    assert len(shared_modules()) >= 10
    named = [f"{path.parent.name}/{line}" for path in shared_modules()
             for line in game_names(path)]
    assert not named, "\n".join(named)


def test_the_check_sees_a_game_named_in_shared_code(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""About Sumeria (a docstring may say so)."""\n'
                      'from sumer_widgets.tigris.board import TigrisBoard\nNAME = "sumeria"\n')
    assert sorted(line.split(": ", 1)[1] for line in game_names(sample)) == [
        "'TigrisBoard'", "'sumer_widgets.tigris.board'", "'sumeria'"]
