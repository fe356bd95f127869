"""The meaning colours (sumer_widgets/palette.py) stay apart from each other, from the players'
colours and from the parchment for normal vision and under simulated protanopia, deuteranopia
and tritanopia — and the boards draw with them, not with red.

Why ΔE2000 ≥ 20: about 2 is just noticeable for two large patches side by side; a board shows
its meaning colours as 3–4 px dashed or solid outlines on a busy map, where small fields make
differences much harder to see (small-field tritanopia), so we ask for ten times that. It is
also more than any two Okabe–Ito player colours keep under the same simulations (11–16; they
are told apart by shape as well): a meaning colour is never closer to a player than two
players are to each other.
"""

from __future__ import annotations

import itertools
import re

import pytest

from engine import sumeria
from sumer_widgets import SumeriaBoard, palette
from sumer_widgets.sumeria.picture import render
from sumer_widgets.svg import PLAYER_COLORS
from tests.widgets.colour_vision import VISIONS, delta_e, linear_rgb, seen_difference

THRESHOLD = 20.0


def test_players_are_closer_to_each_other_than_to_any_meaning_colour():
    for vision in VISIONS:
        players = min(seen_difference(a, b, vision)
                      for a, b in itertools.combinations(PLAYER_COLORS, 2))
        assert players < THRESHOLD or vision == "normal"


def test_the_colour_difference_matches_the_published_test_data():
    # Sharma, Wu & Dalal (2005), table 1, pairs 1 and 17.
    assert delta_e((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_a_simulated_dichromat_confuses_what_it_should():
    # Red and green, far apart for normal vision, nearly merge under deuteranopia; blue and
    # yellow stay apart. If the simulation were wrong, the palette test below would mean nothing.
    assert seen_difference("#d62728", "#2ca02c", "normal") > 60
    assert seen_difference("#d62728", "#2ca02c", "deuteranopia") < 15
    assert seen_difference("#0000ff", "#ffff00", "deuteranopia") > 60


@pytest.mark.parametrize("vision", VISIONS)
def test_meaning_colours_stay_apart_from_each_other(vision):
    for (a, ca), (b, cb) in itertools.combinations(palette.MEANINGS.items(), 2):
        assert seen_difference(ca, cb, vision) >= THRESHOLD, (vision, a, b)


@pytest.mark.parametrize("vision", VISIONS)
def test_meaning_colours_stay_apart_from_players_and_parchment(vision):
    for (meaning, colour), (player, other) in itertools.product(
            palette.MEANINGS.items(), enumerate(PLAYER_COLORS)):
        assert seen_difference(colour, other, vision) >= THRESHOLD, (vision, meaning, player)
    for meaning, colour in palette.MEANINGS.items():
        assert seen_difference(colour, palette.PARCHMENT, vision) >= 2 * THRESHOLD, meaning


def test_the_refusal_banner_is_readable():
    def luminance(colour):
        r, g, b = linear_rgb(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = luminance(palette.REFUSED_BACKGROUND), luminance(palette.REFUSED)
    assert (high + 0.05) / (low + 0.05) >= 4.5  # WCAG AA for its text


def test_boards_and_pictures_draw_targets_with_the_palette_not_red():
    board = SumeriaBoard(sumeria.Game(sumeria.position(3, {"kish.town1": 0, "kish.city": 1})))
    assert palette.css_variables() in board._css
    for name in ("sumer-dest", "sumer-hop", "sumer-selected"):
        rule = re.search(rf"\.{name} \{{[^}}]*\}}", board._css).group(0)
        assert "var(--sumer-" in rule and "#d7263d" not in rule, rule
    picture = sumeria.Game(sumeria.position(3, {"kish.town1": 0}))
    svg = render(picture.state, selected="kish.town1",
                 paths=picture.state.board.paths("kish.town1", {"kish.town1"}))
    assert f"stroke:{palette.MAY}" in svg and "#d7263d" not in svg
