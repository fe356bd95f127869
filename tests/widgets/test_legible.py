"""Issue 44, "legible wherever a teacher projects", in Python: every board picture's style sheet
is scoped under the picture's root and gives each font size the floor the board's front end sets
(`sumer_widgets.svg.picture_css`), and no piece carries a letter too small to read — a letter
hidden from screen readers was one drawn small on purpose. The sizes on screen are measured in
the browser (tests/browser/test_projector.py)."""

from __future__ import annotations

import re

import pytest

from engine.bots import RandomBot
from engine.core import RULESETS, rules_of
from sumer_widgets.games import card
from sumer_widgets.svg import DECORATIVE, picture_css


def test_picture_css_scopes_every_rule_and_floors_every_font_size():
    css = picture_css(".a{font:700 17px sans-serif;fill:#111}\n/* a note */\n.b,.c{stroke:red}\n"
                      f".{DECORATIVE}{{font-size:8px}}", ".game-board")
    rules = {sel.strip(): body for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)}
    assert rules[".game-board .a"] == ("font:700 17px sans-serif;fill:#111;"
                                      "font-size:max(17px,var(--sumer-legible,0px))")
    assert rules[".game-board .b,.game-board .c"] == "stroke:red"
    assert rules[f".game-board .{DECORATIVE}"] == "font-size:8px", "decorative text keeps its size"
    two = picture_css(".a{fill:red}", ".one", ".two")
    assert two.strip() == ".one .a,.two .a{fill:red}"


def played(game: str, plies: int) -> str:
    spec = card(game)
    game_ = rules_of(game).new_game(spec.players, 7)
    stand_in = RandomBot(seed=3)
    for _ in range(plies):
        if game_.is_over:
            break
        game_.play(stand_in.choose(game_.state.view(game_.to_move)))
    return spec.board(game_).svg


@pytest.mark.parametrize("plies", [0, 24])
@pytest.mark.parametrize("game", sorted(RULESETS))
def test_a_boards_picture_is_scoped_floored_and_has_no_hidden_letters(game, plies):
    svg = played(game, plies)
    root = re.search(r'<svg [^>]*class="([^"]+)"', svg).group(1).split()[0]
    style = re.search(r"<style>(.*?)</style>", svg, re.S).group(1)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", style):
        assert any(part.strip().startswith(f".{root} ") for part in selectors.split(",")), \
            f"{game}: {selectors.strip()} is not scoped under .{root}"
        assert all(part.strip().startswith(".") and " " in part.strip()
                   for part in selectors.split(",")), f"{game}: {selectors.strip()}"
        if re.search(r"font(-size)?:[^;]*\d+px", body):
            assert "var(--sumer-legible,0px)" in body, f"{game}: {selectors.strip()} has no floor"
    hidden = re.findall(r'<text[^>]*aria-hidden="true"[^>]*>([^<]*)</text>', svg)
    assert hidden == [], f"{game}: letters drawn small and hidden: {hidden}"
