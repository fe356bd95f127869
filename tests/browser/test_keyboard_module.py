"""Keyboard play, the part every board shares (static/base.js), with a stand-in model: one
place of the map is in the Tab order (a roving tabindex), arrow keys move between places,
Enter and Space send exactly what a click sends, Escape puts a chosen piece back, and the focus
stays on the same place when the board is redrawn."""

from __future__ import annotations

from engine import sumeria, tigris
from sumer_widgets import SumeriaBoard, TigrisBoard
from tests.browser.harness import mount, push
from tests.browser.test_sumeria_module import turn_board

FOCUSED = "() => document.activeElement?.getAttribute('data-loc')"


def focus_place(page, loc: str) -> None:
    page.focus(f'[data-loc="{loc}"]')
    assert page.evaluate(FOCUSED) == loc


def test_one_place_is_in_the_tab_order_and_tab_reaches_it(page):
    mount(page, turn_board())
    assert page.locator('svg [tabindex="0"]').count() == 1
    assert page.locator('svg [tabindex="-1"]').count() == 55
    # Tab from the last toolbar control before the map lands on the map's one stop.
    page.focus("button.sumer-undo")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            break
    assert page.evaluate(FOCUSED) == page.get_attribute('svg [tabindex="0"]', "data-loc")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) is None, "Tab leaves the map"


def test_arrows_move_to_the_nearest_place_in_that_direction(page):
    mount(page, turn_board())
    focus_place(page, "kish.city")  # at (100, 190); Kish town 2 is straight below it
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED) == "kish.town2"
    assert page.get_attribute('[data-loc="kish.town2"]', "tabindex") == "0"
    assert page.get_attribute('[data-loc="kish.city"]', "tabindex") == "-1"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED) == "kish.city"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == "kish.town1"  # (154, 185): right, nearly level
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED) == "kish.city"


def test_enter_and_space_send_what_a_click_sends_and_escape_cancels(page):
    board = turn_board()
    mount(page, board)
    focus_place(page, "kish.town1")
    page.keyboard.press("Enter")  # select: the destinations light up, nothing is sent
    assert page.locator("circle.sumer-dest").count() == 3
    page.keyboard.press("Escape")
    assert page.locator("circle.sumer-dest").count() == 0
    page.keyboard.press(" ")
    assert page.locator("circle.sumer-dest").count() == 3
    page.focus('[data-loc="nippur.village1"]')
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{
        "intent": "play", "ply": 0,
        "move": {"kind": "move", "origin": "kish.town1", "destination": "nippur.village1"}}]


def test_the_focus_stays_on_its_place_when_the_board_is_redrawn(page):
    board = turn_board()
    mount(page, board)
    focus_place(page, "nippur.village1")
    board.play("move kish.town1 nippur.village1")
    push(page, board)
    assert page.evaluate(FOCUSED) == "nippur.village1"
    assert page.locator('svg [tabindex="0"]').count() == 1
    label = page.get_attribute('[data-loc="nippur.village1"]', "aria-label")
    assert label.startswith("Nippur village 1, Blue trader")


def test_a_dutch_board_names_its_places_in_dutch(page):
    game = sumeria.Game(sumeria.position(3, {"kish.town1": 0, "kish.city": 1}))
    mount(page, SumeriaBoard(game, lang="nl"))
    label = page.get_attribute('[data-loc="kish.town1"]', "aria-label")
    assert label.startswith("Kish stad 1, handelaar van Blauw, ")
    assert label.endswith("bestemmingen")
    assert page.get_attribute(".sumer-slider", "aria-label") == "Zet"
    assert page.get_attribute(".sumer-board", "lang") == "nl", "spoken as Dutch"


def test_tigris_hand_to_map_by_keys(page):
    board = TigrisBoard(tigris.new_game(seed=1))
    mount(page, board)
    hand = board.game.state.hands[board.game.state.to_move]
    slot = next(i for i, c in enumerate(hand) if c != "?")
    page.focus(f'[data-hand][data-slot="{slot}"]')
    page.keyboard.press("Enter")
    lit = page.eval_on_selector_all("rect.tg-lit", "nodes => nodes.map(n => n.dataset.lit)")
    assert lit, "the tile's cells light up"
    page.focus(f'[data-cell="{lit[0]}"]')
    there, back = ("ArrowLeft", "ArrowRight") if lit[0][0] == "p" else ("ArrowRight", "ArrowLeft")
    page.keyboard.press(there)
    neighbour = chr(ord(lit[0][0]) + (1 if there == "ArrowRight" else -1)) + lit[0][1:]
    assert page.evaluate("document.activeElement.dataset.cell") == neighbour
    page.keyboard.press(back)
    assert page.evaluate("document.activeElement.dataset.cell") == lit[0]
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{"intent": "play", "ply": 0, "move": {
        "kind": "tile", "colour": hand[slot], "cell": lit[0]}}]
