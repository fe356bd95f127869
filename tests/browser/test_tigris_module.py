"""The Tigris & Euphrates board's ES module with a stand-in model: a hand tile or a leader lights
its cells at once, clicks send the right intents (tiles, leaders, catastrophes, discards,
support, the order of wars, monuments, treasures), refusals come back from Python — and the page
never decides legality itself."""

from __future__ import annotations

import json

import pytest

from engine import tigris
from sumer_widgets.tigris.board import TigrisBoard
from tests.browser.harness import MOUNT, synced_state

rules = pytest.mark.rules

WAR = """
    5  . . . . r K0 k . k K1 r
    hand 0 kkkrbg
    hand 1 kkrrbg
"""


# The shared harness syncs the base board's traits; this board also has its own.
def state_of(board):
    return {**synced_state(board), "open_hands": board.open_hands, "seat": board.seat}


def mount(page, board):
    page.set_content("<!doctype html><html><body><div id='root'></div></body></html>")
    page.evaluate(MOUNT, {"esm": board._esm, "css": board._css, "state": state_of(board)})


def push(page, board):
    page.evaluate("(changes) => window.update(changes)", state_of(board))


def sent(page):
    return page.evaluate("window.sent")


def lit(page):
    return page.eval_on_selector_all("rect.tg-lit", "nodes => nodes.map(n => n.dataset.lit)")


def answer(page, board):
    """Python takes the last message, as the kernel would, and the page gets the new traits."""
    board._on_msg(board, sent(page)[-1], [])
    push(page, board)


def war_board(**options):
    return TigrisBoard(tigris.position(WAR, **options), name="module")


@rules("T-TILE-1", "T-TILE-5")
def test_a_hand_tile_lights_its_cells_at_once(page):
    board = war_board()
    mount(page, board)
    assert page.locator(".sumer-host svg [data-cell]").count() == 176
    page.click('[data-hand="b"]')
    assert lit(page) == board.choices["tiles"]["b"], "farms: the river cells, as Python said"
    page.click('[data-hand="k"]')
    assert lit(page) == board.choices["tiles"]["k"] and "h5" in lit(page)
    assert page.locator("rect.tg-selected").count() == 1
    assert "Place the black settlement on a lit cell (119 possible)." in page.inner_text(
        ".sumer-prompt")
    assert sent(page) == [], "lighting up needs no round trip"
    page.click('[data-hand="k"][data-slot="0"]')
    assert lit(page) == [], "a second click puts it back"


def test_a_click_on_a_cell_sends_the_move_with_the_ply(page):
    board = war_board()
    mount(page, board)
    page.click('[data-hand="k"]')
    page.click('[data-cell="h5"]')
    assert sent(page) == [{"intent": "play", "ply": 0,
                           "move": {"kind": "tile", "colour": "k", "cell": "h5"}}]
    answer(page, board)
    assert page.locator("rect.tg-lit").count() == 0, "a new picture clears the selection"
    assert page.get_attribute(".sumer-host", "data-ply") == "1"
    assert "War of the kings" in page.inner_text(".tg-conflict")


@rules("T-LEADER-3", "T-LEADER-1")
def test_leaders_from_the_hand_and_on_the_board(page):
    board = war_board()
    mount(page, board)
    page.click('[data-leader="r"]')
    assert lit(page) == board.choices["leaders"]["r"]
    page.click('[data-cell="f5"]')  # Bull's king on the board: choose it instead
    assert lit(page) == board.choices["leaders"]["k"]
    assert "Move the king to a lit cell" in page.inner_text(".sumer-prompt")
    page.click("button.tg-withdraw")
    assert sent(page) == [{"intent": "play", "ply": 0, "move": {"kind": "withdraw", "colour": "k"}}]


def test_a_catastrophe_and_a_discard(page):
    board = war_board()
    mount(page, board)
    page.click('[data-catastrophe="0"]')
    assert lit(page) == board.choices["catastrophe"]
    page.click('[data-cell="e5"]')
    page.click("button.tg-discard")
    assert lit(page) == []
    page.click('[data-slot="1"]')
    page.click('[data-slot="3"]')
    assert page.locator("rect.tg-discarding").count() == 2
    assert page.inner_text("button.tg-discard-go") == "Discard 2 tiles"
    page.click("button.tg-discard-go")
    assert [m["move"] for m in sent(page)] == [
        {"kind": "catastrophe", "cell": "e5"}, {"kind": "discard", "tiles": "kr"}]


def test_an_unlit_click_goes_to_python_which_explains(page):
    board = war_board()
    mount(page, board)
    page.click('[data-cell="a1"]')
    assert sent(page) == [{"intent": "explain", "cell": "a1"}]
    answer(page, board)
    assert page.inner_text(".sumer-error").startswith("Refused: first choose what to play")
    page.click('[data-hand="k"]')
    page.click('[data-cell="e1"]')  # river: not lit, sent all the same
    assert sent(page)[-1]["move"] == {"kind": "tile", "colour": "k", "cell": "e1"}
    answer(page, board)
    assert page.inner_text(".sumer-error") == (
        "Refused: e1 is river: only blue farms go on the river")
    assert lit(page) == board.choices["tiles"]["k"], "the choice stays for another try"


@rules("T-WAR-5", "T-WAR-6")
def test_support_is_a_button_for_each_side_in_turn(page):
    board = war_board()
    board.play("tile k h5")
    mount(page, board)
    assert page.inner_text(".tg-conflict") == (
        "War of the kings: Bull attacks with 1, Urn defends with 1")
    buttons = page.locator("button.tg-option")
    assert [buttons.nth(i).inner_text() for i in range(buttons.count())] == [
        "+0 = 1", "+1 = 2", "+2 = 3"]
    assert page.locator('[data-supports="A"]').count() == 1
    page.click("button.tg-option >> text='+2 = 3'")
    assert sent(page)[-1] == {"intent": "play", "ply": 1, "move": {"kind": "support", "count": 2}}
    answer(page, board)
    assert "Urn: how many black tiles" in page.inner_text(".sumer-prompt")
    assert "Urn's hand" in page.inner_text(".sumer-host"), "the defender sees their own hand"
    page.click("button.tg-option >> text='+0 = 1'")
    answer(page, board)
    assert "Bull wins the war (3 against 1)." in page.inner_text(".sumer-log")


@rules("T-WAR-2")
def test_the_order_of_wars_lights_the_leaders_of_each_option(page):
    board = TigrisBoard(tigris.position("""
        5  . . . . r K0 . r K1
        6  . . . . R0 k . R1 k
        hand 0 kkrrbg
        hand 1 kkrrbg
    """))
    board.play("tile g g5")
    mount(page, board)
    assert lit(page) == ["f5", "i5", "e6", "h6"]
    page.hover("button.tg-option >> text='War of the priests'")
    focused = page.eval_on_selector_all("rect.tg-focus", "ns => ns.map(n => n.dataset.focus)")
    assert focused == ["e6", "h6"]
    page.click("button.tg-option >> text='War of the priests'")
    assert sent(page)[-1]["move"] == {"kind": "war", "colour": "r"}


@rules("T-MON-1")
def test_monuments_are_buttons_over_a_lit_square(page):
    board = TigrisBoard(tigris.position("""
        4  . . . . . . r
        5  . . . . r r K0
        6  . . . . r . R0 r
        hand 0 rrkbgg
        actions 1
    """))
    board.play("tile r f6")
    mount(page, board)
    assert lit(page) == ["e5", "f5", "e6", "f6"]
    page.click('[data-cell="e5"]')
    assert sent(page) == [], "three monuments fit: the square alone does not choose"
    options = page.locator("button.tg-option")
    assert options.count() == 4
    assert json.loads(options.nth(2).get_attribute("data-move")) == {
        "kind": "monument", "monument": "rg", "cell": "e5"}
    page.click("button.tg-decline")
    assert sent(page)[-1]["move"] == {"kind": "decline"}


@rules("T-TREAS-2")
def test_the_treasure_that_stays_is_a_click(page):
    board = TigrisBoard(tigris.position("""
        1  . . . . ~ ~ ~ ~ ~ . r*
        2  . r* . . ~ . . . . . k
        3  . . . ~ ~ r* k k k k k
        hand 0 rrkbgg
    """))
    board.play("leader g f4")
    mount(page, board)
    assert lit(page) == ["k1", "f3"]
    page.click('[data-cell="b2"]')
    page.click('[data-cell="f3"]')
    assert [m["move"] for m in sent(page)] == [
        {"kind": "keep", "cell": "b2"}, {"kind": "keep", "cell": "f3"}], (
        "an unlit treasure goes to Python too, which says why not")


def test_on_a_bots_turn_the_page_waits(page):
    from engine.bots import RandomBot

    board = TigrisBoard(tigris.position(WAR), bots={1: RandomBot(1)}, autoplay=False)
    board.play("tile b d4")
    board.play("discard kkk")
    mount(page, board)
    assert "Urn is a bot" in page.inner_text(".sumer-prompt")
    assert "Bull's hand" in page.inner_text(".sumer-host"), "the human's hand, not the bot's"
    page.click('[data-hand="k"]')
    assert sent(page) == [], "the hand shown is not the one to play"
    page.click('[data-cell="a1"]')
    assert sent(page) == [{"intent": "explain", "cell": "a1"}]
    answer(page, board)
    assert page.inner_text(".sumer-error") == "Refused: it is a bot's turn (Urn): press “Bot moves”"
    assert page.locator("button.sumer-bot").is_enabled()
    page.click("button.sumer-bot")
    assert sent(page)[-1] == {"intent": "bot"}


def test_dutch_words(page):
    board = TigrisBoard(tigris.position(WAR), lang="nl")
    mount(page, board)
    assert page.inner_text("button.sumer-undo") == "Ongedaan maken"
    assert page.inner_text("button.tg-discard") == "Tegels afleggen…"
    assert "Hand van Stier" in page.inner_text(".sumer-host")
