"""The Mesopotamia board's ES module with a stand-in model: it lights up what `choices` allows
at once, sends the right intents — and never decides legality itself."""

from __future__ import annotations

import pytest

from engine import mesopotamia
from sumer_widgets.mesopotamia.board import MesopotamiaBoard
from tests.browser.harness import mount, push
from tests.engine.mesopotamia.util import pos, with_pile

rules = pytest.mark.rules

FIELD = '.sumer-host [data-field="{}"]:not([data-native])'


def lesson_board(**kw):
    state = mesopotamia.position(
        4, tiles={"-2,0": "plain", "-2,1": "forest", "-1,-1": "plain", "1,1": "quarry"},
        natives=[("-1,0", 0, "."), ("-1,0", 0, "."), ("-1,0", 0, "L"), ("-1,1", 1, "S"),
                 ("-2,0", 0, "M4")],
        goods={"1,-1": (3, 0), "1,0": (0, 2), "-1,0": (1, 0)},
        huts=[("-1,0", 0, 6), ("-1,1", 1, 2)], mana=[2, 1, 0, 0], max_mana=[4, 3, 3, 3],
        hands=[["stamina", "teleport", "mana_theft"], ["land"], [], []])
    return MesopotamiaBoard(mesopotamia.Game(state), name="module", **kw)


def sent(page):
    return page.evaluate("window.sent")


def lit(page, cls="meso-dest"):
    return sorted(page.eval_on_selector_all(f"polygon.{cls}", "ns => ns.map(n => n.dataset.field)"))


@rules("M-MOVE-1")
def test_clicking_a_native_lights_its_reachable_fields_at_once(page):
    board = lesson_board()
    mount(page, board)
    assert page.locator("polygon.meso-can").count() == 0
    assert page.locator("circle.meso-can").count() == 3, "each native that can act is ringed"
    page.click('[data-native="-1,0|0|."]')
    go = board.choices["natives"]["-1,0|0|."]["go"]
    assert lit(page) == sorted(go)
    badges = page.eval_on_selector_all("circle.meso-dest-badge + text",
                                       "ns => ns.map(n => n.textContent)")
    assert sorted(badges) == sorted(str(cost) for cost, _ in go.values())
    assert page.locator("circle.meso-selected").count() == 1
    assert sent(page) == [], "lighting up needs no round trip"
    assert "native on -1,0: click a lit field" in page.inner_text(".sumer-prompt")


def test_hovering_a_lit_field_draws_the_way(page):
    board = lesson_board()
    mount(page, board)
    page.click('[data-native="-1,0|0|."]')
    page.hover(FIELD.format("1,0"))
    way = page.locator("polyline.meso-way")
    assert way.count() == 1 and way.get_attribute("data-dest") == "1,0"
    assert len(way.get_attribute("points").split()) == 3  # -1,0 → 0,0 → 1,0


def test_clicking_a_lit_field_sends_the_move_with_the_ply(page):
    board = lesson_board()
    mount(page, board)
    page.click('[data-native="-1,0|0|L"]')
    page.click(FIELD.format("-2,1"))
    assert sent(page) == [{"intent": "play", "ply": 0, "move": {
        "kind": "go", "origin": "-1,0", "native": "L", "destination": "-2,1"}}]
    assert page.locator("polygon.meso-dest").count() == 0, "the selection is spent"


@rules("M-DISC-1")
def test_clicking_a_lit_edge_place_discovers_it(page):
    board = MesopotamiaBoard(mesopotamia.Game(pos(natives=[("-1,0", 0, ".")])))
    mount(page, board)
    page.click('[data-native="-1,0|0|."]')
    assert lit(page, "meso-discover") == ["-1,-1", "-2,0", "-2,1"]
    page.click('.sumer-host .edge[data-field="-2,0"]')
    assert sent(page) == [{"intent": "play", "ply": 0, "move": {
        "kind": "discover", "origin": "-1,0", "native": ".", "place": "-2,0"}}]


@rules("M-MOVE-3")
def test_an_unlit_field_is_sent_for_python_to_explain(page):
    """The page does not judge legality: Python answers with the engine's reason."""
    board = lesson_board()
    mount(page, board)
    page.click('[data-native="-1,0|0|."]')
    page.click(FIELD.format("0,-1"), position={"x": 30, "y": 30})
    message = sent(page)[-1]
    assert message["move"] == {"kind": "go", "origin": "-1,0", "native": ".",
                               "destination": "0,-1"}
    board._on_msg(board, message, [])
    push(page, board)
    assert "volcanic fields can never be entered" in page.inner_text(".sumer-error")


def test_another_players_native_is_explained_by_python(page):
    board = lesson_board()
    mount(page, board)
    page.click('[data-native="-1,1|1|S"]')
    assert sent(page) == [{"intent": "explain", "native": "-1,1|1|S"}]
    board._on_msg(board, sent(page)[0], [])
    push(page, board)
    assert "that native is Red's" in page.inner_text(".sumer-error")


def test_a_second_click_on_the_selected_native_or_escape_deselects(page):
    board = lesson_board()
    mount(page, board)
    page.click('[data-native="-2,0|0|M4"]')
    assert page.locator("polygon.meso-dest").count() > 0
    page.click('[data-native="-2,0|0|M4"]')
    assert page.locator("polygon.meso-dest").count() == 0
    page.click('[data-native="-2,0|0|M4"]')
    page.keyboard.press("Escape")
    assert page.locator("polygon.meso-dest").count() == 0 and sent(page) == []


def test_the_action_panel_sends_the_engines_moves(page):
    board = lesson_board()
    mount(page, board)
    page.click("button:has-text('Take up your marker 6 from the hut on -1,0')")
    page.click("button.meso-end")
    assert sent(page) == [
        {"intent": "play", "ply": 0, "move": {"kind": "lift", "field": "-1,0", "value": 6}},
        {"intent": "play", "ply": 0, "move": {"kind": "end"}}]
    assert page.inner_text("button.meso-end") == "End movement (5 points unused)"


@rules("M-CARD-TELEPORT-1", "M-CARD-TELEPORT-2")
def test_teleport_asks_for_the_field_the_thing_and_the_destination(page):
    board = lesson_board()
    mount(page, board)
    page.click('button[data-card="teleport"]')
    sources = board.choices["hand"][2]["sources"]
    assert lit(page, "meso-card") == sorted(sources)
    page.click(FIELD.format("-1,1"), position={"x": 20, "y": 40})
    assert "Teleport on -1,1: what do you move?" in page.inner_text(".sumer-prompt")
    page.click("button:has-text(\"the stone Red's native carries\")")
    assert "0,0" not in lit(page) and "-2,0" in lit(page)
    page.click(FIELD.format("-2,0"), position={"x": 20, "y": 40})
    assert sent(page) == [{"intent": "play", "ply": 0, "move": {
        "kind": "play", "card": "teleport", "field": "-1,1", "target": "c1:S", "to": "-2,0"}}]


@rules("M-CARD-MANATHEFT-1", "M-CARD-STAMINA-1")
def test_cards_without_a_map_target_are_buttons(page):
    board = lesson_board()
    mount(page, board)
    page.click('button[data-card="mana_theft"]')
    page.click("button:has-text('Take 1 mana from Red (has 1)')")
    page.click('button[data-card="stamina"]')
    assert [m["move"] for m in sent(page)] == [
        {"kind": "play", "card": "mana_theft", "field": None, "target": "1", "to": None},
        {"kind": "play", "card": "stamina", "field": None, "target": None, "to": None}]


@rules("M-DISC-2")
def test_a_drawn_volcano_lights_its_possible_places(page):
    board = MesopotamiaBoard(mesopotamia.Game(with_pile(pos(natives=[("-1,0", 0, ".")]),
                                                        "V", "F")))
    board.play("discover -1,0 . -2,0")
    mount(page, board)
    assert lit(page, "meso-volcano") == sorted(board.choices["volcano"])
    assert "A volcano was drawn!" in page.inner_text(".sumer-prompt")
    page.click('.sumer-host .edge[data-field="-2,1"]')
    assert sent(page) == [{"intent": "play", "ply": 1, "move": {"kind": "volcano",
                                                                "place": "-2,1"}}]


@rules("M-DISC-3")
def test_new_lumber_goes_where_the_player_clicks(page):
    state = with_pile(pos(3, tiles={"-2,1": "forest", "-2,2": "forest", "1,1": "forest"},
                          natives=[("-1,0", 0, ".")]), "F")
    board = MesopotamiaBoard(mesopotamia.Game(state))
    board.play("discover -1,0 . -2,0")
    mount(page, board)
    for field in ("-2,1", "1,1", "-2,1", "-2,2"):  # -2,1 twice: chosen, then unchosen
        page.click(FIELD.format(field), position={"x": 20, "y": 45})
    assert sent(page) == []
    assert "1 more to choose" in page.inner_text(".sumer-prompt")
    page.click(FIELD.format("-2,0"), position={"x": 20, "y": 45})
    assert sent(page) == [{"intent": "play", "ply": 1, "move": {
        "kind": "spread", "fields": ["-2,0", "-2,2", "1,1"]}}]


@rules("M-HUT-2")
def test_a_building_site_with_several_choices_asks_which(page):
    state = mesopotamia.position(4, natives=[("-1,0", 0, "L"), ("-1,0", 0, "."),
                                             ("-1,0", 0, ".")],
                                 huts=[("-1,0", 0, 0)], goods={}, phase="action")
    board = MesopotamiaBoard(mesopotamia.Game(state))
    mount(page, board)
    assert lit(page, "meso-site") == ["-1,0"]
    page.click(FIELD.format("-1,0"), position={"x": 60, "y": 20})
    page.click(".meso-line button:has-text('Build a hut on -1,0, marker 7 under it')")
    assert sent(page) == [{"intent": "play", "ply": 0, "move": {
        "kind": "hut", "field": "-1,0", "marker": 7}}]


def test_a_new_picture_clears_the_selection(page):
    board = lesson_board()
    mount(page, board)
    page.click('[data-native="-1,0|0|."]')
    board.play("go -1,0 . 0,0")
    push(page, board)
    assert page.locator("polygon.meso-dest").count() == 0
    assert page.locator('[data-native="0,0|0|."]').count() == 1
    assert ("Blue moves a native from the plain north-west of the temple to the temple place"
            in page.inner_text(".sumer-log"))
    assert page.get_attribute(".sumer-host", "data-ply") == "1"


def test_history_and_bots_show_no_choices(page):
    board = lesson_board()
    board.play("go -1,0 . 0,0")
    board.ply = 0
    mount(page, board)
    page.click('[data-native="-1,0|0|."]')
    assert page.locator("polygon.meso-dest").count() == 0 and sent(page) == []


def test_dutch_words(page):
    board = lesson_board(lang="nl")
    mount(page, board)
    assert page.inner_text("button.sumer-undo") == "Ongedaan maken"
    assert "klik op een inboorling" in page.inner_text(".sumer-prompt")
    assert "Ronde 2" in page.inner_text(".sumer-host")


def test_a_native_that_cannot_move_is_selected_and_explained(page):
    state = mesopotamia.position(4, natives=[("-1,0", 0, ".")], huts=[], goods={}, points=0)
    board = MesopotamiaBoard(mesopotamia.Game(state))
    mount(page, board)
    page.click('[data-native="-1,0|0|."]')
    assert "native on -1,0 cannot move now." in page.inner_text(".sumer-prompt")
    assert sent(page) == [{"intent": "explain", "native": "-1,0|0|."}]
    board._on_msg(board, sent(page)[0], [])
    push(page, board)
    assert "no movement points left" in page.inner_text(".sumer-error")
