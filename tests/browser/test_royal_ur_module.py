"""The Royal Game of Ur board's ES module with a stand-in model: it draws, rings where a piece
lands, and sends the right intents — and never decides legality itself."""

from __future__ import annotations

import pytest

from engine import royal_ur
from sumer_widgets import RoyalUrBoard
from tests.browser.harness import mount, push

rules = pytest.mark.rules


def board_at(**position):
    return RoyalUrBoard(royal_ur.Game(royal_ur.position(pieces=3, **position)), name="module")


@rules("U-MOVE-2")
def test_clicking_a_piece_rings_where_it_lands_without_a_round_trip(page):
    board = board_at(light=[7, 9], dark=[12], throw=3)
    mount(page, board)
    assert page.locator(".sumer-host svg [data-cell]").count() == 20
    page.click('[data-cell="e2"]')  # light's square 9
    ring = page.locator("rect.sumer-dest")
    assert ring.count() == 1 and ring.get_attribute("data-dest") == "h2"
    assert page.locator("circle.sumer-selected").count() == 1
    assert "lands on h2" in page.inner_text(".sumer-prompt")
    assert "captures" in page.inner_text(".sumer-prompt")
    assert page.evaluate("window.sent") == [], "ringing needs no round trip"
    page.click('[data-cell="h2"]')
    assert page.evaluate("window.sent") == [
        {"intent": "play", "ply": 0, "move": {"kind": "move", "square": 9}}]


@rules("U-MOVE-1")
def test_the_waiting_pieces_enter_and_the_button_plays_it(page):
    board = board_at(light=[], dark=[], throw=2)
    mount(page, board)
    page.click('[data-pool="light"]')
    assert page.locator('rect.sumer-dest[data-dest="c1"]').count() == 1
    page.click("button.sumer-move-here")
    assert page.evaluate("window.sent") == [
        {"intent": "play", "ply": 0, "move": {"kind": "enter"}}]


@rules("U-TURN-1")
def test_throw_and_pass_are_buttons(page):
    board = RoyalUrBoard(royal_ur.new_game(seed=1))
    mount(page, board)
    page.click("button.sumer-throw")
    assert page.evaluate("window.sent") == [
        {"intent": "play", "ply": 0, "move": {"kind": "throw", "value": None}}]
    board = board_at(light=[2], throw=0)
    mount(page, board)
    page.click("button.sumer-pass")
    assert page.evaluate("window.sent") == [{"intent": "play", "ply": 0, "move": {"kind": "pass"}}]


def test_a_click_that_is_no_move_goes_to_python_to_explain(page):
    board = board_at(light=[2, 4], dark=[6], throw=2)
    mount(page, board)
    page.click('[data-cell="c1"]')  # blocked by light's own piece on 4
    page.click('[data-cell="b2"]')  # dark's piece
    assert page.evaluate("window.sent") == [{"intent": "explain", "place": "c1"},
                                            {"intent": "explain", "place": "b2"}]


def test_a_valid_click_after_a_refusal_puts_the_refusal_away(page):
    """Issue 44: the board kept "Refused: …" on show after the next, valid click — choosing a
    piece is answered in the page, so Python never cleared it."""
    board = board_at(light=[2, 4], dark=[6], throw=2)
    board.send_intent({"intent": "explain", "place": "c1"})  # blocked by light's piece on 4
    assert board.error
    mount(page, board)
    error = page.locator(".sumer-error")
    assert error.is_visible() and "Refused" in error.inner_text()
    page.click('[data-cell="a1"]')  # light's piece on 4: it may move, and capture on 6
    assert page.locator('rect.sumer-dest[data-dest="b2"]').count() == 1
    assert error.is_hidden()
    assert page.evaluate("[window.modelState.error, window.modelState.error_rule]") == ["", ""]
    assert page.evaluate("window.saved") >= 1, "the cleared refusal goes back to Python"
    assert page.evaluate("window.sent") == [], "choosing a piece still needs no round trip"


def test_the_keyboard_moves_between_squares_and_enter_selects(page):
    board = board_at(light=[1], throw=3)
    mount(page, board)
    page.focus('[data-cell="d1"]')
    page.keyboard.press("Enter")
    assert page.locator('rect.sumer-dest[data-dest="a1"]').count() == 1
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate("document.activeElement.getAttribute('data-cell')")
    assert focused == "a1"
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [
        {"intent": "play", "ply": 0, "move": {"kind": "move", "square": 1}}]


def test_the_path_and_chance_boxes_send_their_intents_and_redraw(page):
    board = board_at(light=[7, 9], dark=[12], throw=3)
    mount(page, board)
    page.check("input.sumer-path-0")
    page.check("input.sumer-chances")
    assert page.evaluate("window.sent") == [{"intent": "paths", "value": "light"},
                                            {"intent": "chances", "value": True}]
    board.send_intent({"intent": "paths", "value": "both"})
    board.send_intent({"intent": "chances", "value": True})
    push(page, board)
    assert page.locator('[data-path="dark"]').count() == 1
    assert page.locator("text.chance-label").count() == 3
