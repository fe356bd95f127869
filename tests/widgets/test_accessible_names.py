"""Every place and piece one plays with on the five boards is a button named for a screen
reader — what it is and what it holds, in the board's language — and no button sits inside
another (a screen reader could not reach the inner one)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from engine import mesopotamia, royal_ur, sumeria, tigris
from engine import priest_kings as pk
from sumer_widgets import MesopotamiaBoard, RoyalUrBoard, SumeriaBoard, TigrisBoard
from sumer_widgets.priest_kings.board import CampaignMap

#: What each board's page clicks on (the `clickable` selectors of its module).
CLICKED = {"SumeriaBoard": ("data-loc",), "TigrisBoard": ("data-cell", "data-hand", "data-leader",
                                                           "data-catastrophe"),
           "MesopotamiaBoard": ("data-field", "data-native"), "CampaignMap": ("data-city",),
           "RoyalUrBoard": ("data-cell", "data-pool", "data-off")}


class Buttons(HTMLParser):
    """The picture's elements a click is meant for, their attributes, and how deep in
    another button each one sits."""

    def __init__(self, keys):
        super().__init__()
        self.keys = keys
        self.stack: list[bool] = []
        self.found: list[tuple[dict, int]] = []
        self.root: dict | None = None

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if self.root is None:
            self.root = values
        clicked = tag == "g" and any(k in values for k in self.keys)
        if clicked:
            self.found.append((values, sum(self.stack)))
        self.stack.append(values.get("role") == "button")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.stack.pop()

    def handle_endtag(self, tag):
        self.stack.pop()


def boards(lang="en"):
    game = sumeria.Game(sumeria.position(3, {"kish.town1": 0, "kish.city": 1, "ur.city": 2}))
    return [SumeriaBoard(game, lang=lang), SumeriaBoard(lang=lang, traders={"kish.town1": 0}),
            TigrisBoard(tigris.new_game(seed=1), lang=lang),
            MesopotamiaBoard(mesopotamia.new_game(seed=1), lang=lang),
            CampaignMap(pk.new_game(seed=1), lang=lang), CampaignMap(lang=lang),
            RoyalUrBoard(royal_ur.Game(royal_ur.position(light=[2, 8], dark=[6], throw=2)),
                         lang=lang)]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_clicked_element_is_a_named_button_and_none_holds_another(lang):
    for board in boards(lang):
        parser = Buttons(CLICKED[type(board).__name__])
        parser.feed(board.svg)
        assert parser.root["role"] == "group", type(board).__name__
        assert len(parser.found) >= 4, type(board).__name__
        for values, depth in parser.found:
            assert values.get("role") == "button" and values.get("tabindex") == "-1", values
            assert values.get("aria-label", "").strip(), values
            assert depth == 0, f"a button inside a button: {values}"


def test_sumeria_names_say_place_trader_and_destinations():
    game = sumeria.Game(sumeria.position(3, {"kish.town1": 0, "kish.city": 1}))
    svg = SumeriaBoard(game).svg
    mover = len(game.state.board.reachable("kish.town1", {"kish.town1", "kish.city"}))
    assert f'aria-label="Kish town 1, Blue trader, {mover} destinations"' in svg
    # Another player's trader says whose it is; it has no moves now.
    assert 'aria-label="Kish city, Orange trader"' in svg
    assert 'aria-label="Ur city, empty"' in svg


def test_a_dutch_board_gets_dutch_names():
    game = sumeria.Game(sumeria.position(3, {"kish.town1": 0, "kish.city": 1}))
    svg = SumeriaBoard(game, lang="nl").svg
    assert re.search(r'aria-label="Kish stad 1, handelaar van Blauw, \d+ bestemmingen"', svg)
    assert 'aria-label="Ur hoofdstad, leeg"' in svg
    tigris_nl = TigrisBoard(tigris.new_game(seed=1), lang="nl").svg
    assert "Hand van " in re.search(r'data-hand="\w"[^>]*aria-label="([^"]*)"', tigris_nl)[1]
    meso_nl = MesopotamiaBoard(mesopotamia.new_game(seed=1), lang="nl").svg
    assert "inboorling" in re.search(r'data-native="[^"]*"[^>]*aria-label="([^"]*)"', meso_nl)[1]
    pk_nl = CampaignMap(pk.new_game(seed=1), lang="nl").svg
    assert "aan de beurt" in re.search(r'data-city="kish"[^>]*aria-label="([^"]*)"', pk_nl)[1]


def test_mesopotamia_names_what_lies_on_a_field():
    svg = MesopotamiaBoard(mesopotamia.new_game(seed=1)).svg
    forest = re.search(r'data-kind="F"[^>]*aria-label="([^"]*)"', svg)[1]
    assert forest.startswith("forest ") and "lumber" in forest
