"""The Sumeria board's ES module with a stand-in model: it draws, highlights, and sends the
right intents — and never decides legality itself."""

from __future__ import annotations

import pytest

from engine import sumeria
from sumer_widgets import SumeriaBoard
from tests.browser.harness import mount, push

rules = pytest.mark.rules


def turn_board():
    game = sumeria.Game(sumeria.position(3, {
        "kish.town1": 0, "kish.city": 1, "kish.village1": 2, "kish.town2": 1, "kish.town3": 2},
        row=["kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa", "uruk"]))
    return SumeriaBoard(game, name="module")


@rules("S-MOVE-2", "S-MOVE-4")
def test_clicking_a_trader_highlights_its_destinations_and_hops(page):
    board = turn_board()
    mount(page, board)
    assert page.locator(".sumer-host svg [data-loc]").count() == 56
    page.click('[data-loc="kish.town1"]')
    dests = board.choices["traders"]["kish.town1"]
    assert page.locator("circle.sumer-dest").count() == len(dests) == 3
    drawn = {el.get_attribute("data-dest") for el in page.locator("circle.sumer-dest").all()}
    assert drawn == set(dests)
    assert page.locator("polyline.sumer-hop").count() == 3
    assert page.locator("circle.sumer-selected").count() == 1
    assert page.evaluate("window.sent") == [], "highlighting needs no round trip"


def test_clicking_a_destination_sends_the_move_with_the_ply(page):
    board = turn_board()
    mount(page, board)
    page.click('[data-loc="kish.town1"]')
    page.click('[data-loc="nippur.village1"]')
    assert page.evaluate("window.sent") == [{
        "intent": "play", "ply": 0,
        "move": {"kind": "move", "origin": "kish.town1", "destination": "nippur.village1"}}]


def test_a_first_click_on_an_empty_place_only_proposes_the_add(page):
    """No add comes as a surprise: the first click draws a ghost trader and asks; a second
    click on the place (or "Add a trader here") plays it; another click forgets it."""
    board = turn_board()
    mount(page, board)
    page.click('[data-loc="uruk.city"]')
    assert page.evaluate("window.sent") == []
    assert page.locator('circle.sumer-adding[data-adding="uruk.city"]').count() == 1
    assert "Add a trader on Uruk city?" in page.inner_text(".sumer-prompt")
    page.click("button.sumer-add-cancel")
    assert page.locator("circle.sumer-adding").count() == 0
    page.click('[data-loc="ur.city"]')
    page.click("button.sumer-add-here")
    assert page.evaluate("window.sent") == [
        {"intent": "play", "ply": 0, "move": {"kind": "add", "location": "ur.city"}}]


def test_clicking_an_empty_location_twice_adds_and_remove_button_removes(page):
    board = turn_board()
    mount(page, board)
    page.click('[data-loc="uruk.city"]')
    page.click('[data-loc="uruk.city"]')
    page.click('[data-loc="kish.town1"]')
    page.click("button.sumer-remove")
    assert page.evaluate("window.sent") == [
        {"intent": "play", "ply": 0, "move": {"kind": "add", "location": "uruk.city"}},
        {"intent": "play", "ply": 0, "move": {"kind": "remove", "location": "kish.town1"}}]


def test_an_unhighlighted_click_is_sent_for_python_to_explain(page):
    """The page does not judge legality: Python answers with the reason."""
    board = turn_board()
    mount(page, board)
    page.click('[data-loc="kish.city"]')  # Orange's trader, not Blue's
    sent = page.evaluate("window.sent")
    assert sent == [{"intent": "explain", "location": "kish.city"}]
    board._on_msg(board, sent[0], [])
    push(page, board)
    said = page.inner_text(".sumer-error")
    assert "Kish city holds Orange's trader, not one of yours. You play Blue" in said
    assert "occupied" not in said
    assert board.game.moves == ()


def test_a_new_picture_replaces_the_old_and_clears_the_selection(page):
    board = turn_board()
    mount(page, board)
    page.click('[data-loc="kish.town1"]')
    board.play("move kish.town1 nippur.village1")
    push(page, board)
    assert page.locator("circle.sumer-dest").count() == 0
    assert page.locator('[data-loc="nippur.village1"][data-owner="0"]').count() == 1
    assert "Blue moves a trader" in page.inner_text(".sumer-log")
    assert page.get_attribute(".sumer-host", "data-ply") == "1"


def test_scoring_choices_become_buttons(page):
    state = sumeria.position(3, {"kish.city": 0, "kish.town1": 0, "kish.town2": 1},
                             offer=("EMP", "RE", "M"), to_move=2, turn=3,
                             row=["kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa",
                                  "uruk"])
    state, _ = sumeria.apply(state, sumeria.Add("uruk.village3"))
    board = SumeriaBoard(sumeria.Game(state))
    mount(page, board)
    buttons = page.locator("button.sumer-take")
    assert buttons.count() == 3
    page.click('button.sumer-take[data-tiles="EP"]')
    assert page.evaluate("window.sent")[-1] == {"intent": "play", "ply": 0,
                                                "move": {"kind": "take", "tiles": "EP"}}


def test_history_slider_and_undo_send_intents(page):
    board = turn_board()
    board.play("add uruk.city")
    board.play("add ur.city")
    mount(page, board)
    assert page.get_attribute("input.sumer-slider", "max") == "2"
    page.fill("input.sumer-slider", "1")
    assert page.evaluate("window.modelState.ply") == 1 and page.evaluate("window.saved") >= 1
    page.click("button.sumer-undo")
    assert page.evaluate("window.sent")[-1] == {"intent": "undo"}


def test_explorer_places_moves_and_removes(page):
    board = SumeriaBoard(traders={"kish.town1": 0, "kish.city": 1}, name="explore")
    mount(page, board)
    page.click("button.sumer-player-2")
    assert page.evaluate("window.modelState.brush") == 2
    page.click('[data-loc="ur.city"]')
    page.click('[data-loc="kish.town1"]')
    assert page.locator("circle.sumer-dest").count() == 3
    page.click('[data-loc="kish.town2"]')
    assert page.evaluate("window.sent") == [
        {"intent": "place", "location": "ur.city", "player": 2},
        {"intent": "move", "origin": "kish.town1", "destination": "kish.town2"}]


def test_dutch_words(page):
    board = SumeriaBoard(sumeria.new_game(3, seed=1), lang="nl")
    mount(page, board)
    assert page.inner_text("button.sumer-undo") == "Ongedaan maken"
    assert "opstelling" in page.inner_text(".sumer-host")


def test_a_redraw_changes_only_what_differs_and_ends_equal_to_the_new_picture(page):
    """The page updates the picture in place (cheaper to restyle and repaint than a new one),
    and the result is exactly the picture Python sent."""
    board = turn_board()
    mount(page, board)
    page.evaluate("""() => {
      window.kept = document.querySelector('.sumer-host [data-loc="uruk.city"]');
      window.style = document.querySelector('.sumer-host svg style');
    }""")
    page.click('[data-loc="kish.town1"]')
    board.play("move kish.town1 nippur.village1")
    push(page, board)
    same = page.evaluate("""(markup) => {
      const t = document.createElement('template');
      t.innerHTML = markup;
      // The one place in the Tab order is the page's own (the keyboard's roving tabindex).
      const drawn = document.querySelector('.sumer-host svg').cloneNode(true);
      drawn.querySelector('[tabindex="0"]')?.setAttribute('tabindex', '-1');
      return drawn.isEqualNode(t.content.firstElementChild);
    }""", board.svg)
    assert same, "the picture after the redraw is the one Python sent, overlay gone"
    assert page.evaluate("""() =>
      window.kept === document.querySelector('.sumer-host [data-loc="uruk.city"]')
      && window.style === document.querySelector('.sumer-host svg style')""")
    board.lang = "nl"
    push(page, board)
    assert "Oranje aan zet" in page.text_content(".sumer-host svg text.status")


def test_the_log_keeps_its_drawn_lines_as_the_window_slides(page):
    game = sumeria.new_game(players=3, seed=5)
    board = SumeriaBoard(game, name="module")
    board.LOG_LINES = 6

    def shown():
        return page.eval_on_selector_all(".sumer-log li", "items => items.map(li => "
                                         "[Number(li.dataset.ply), li.lastChild.textContent])")

    mount(page, board)
    for n in range(9):
        board.play(game.legal_moves()[0])
        push(page, board)
        assert shown() == [[e["ply"], e["text"]] for e in board.log]
        if n == 0:
            page.evaluate("() => { window.first = document.querySelector('.sumer-log li'); }")
        if n == 3:
            kept = page.evaluate("() => window.first === document.querySelector('.sumer-log li')")
            assert kept, "lines already drawn are kept, not rebuilt"
    assert len(board.log) == 6 and board.log[0]["ply"] > 1
    board.undo()
    push(page, board)
    assert shown() == [[e["ply"], e["text"]] for e in board.log]


def test_bot_moves_is_disabled_with_its_reason_on_a_persons_turn(page):
    from engine.bots import RandomBot

    board = SumeriaBoard(sumeria.new_game(3, seed=1), bots={1: RandomBot(seed=1)},
                         autoplay=False)
    game = board.game
    mount(page, board)
    button = page.locator("button.sumer-bot")
    assert button.is_visible() and button.is_disabled()
    who = ("Blue", "Orange", "Green")[game.to_move]
    assert f"{who} is played by a person" in button.get_attribute("title")
    while game.to_move != 1:
        board.play(game.legal_moves()[0])
    push(page, board)
    assert button.is_enabled() and button.get_attribute("title") == ""


def test_the_explorer_offers_no_undo_and_no_history(page):
    board = SumeriaBoard(traders={"kish.town1": 0}, name="explore")
    mount(page, board)
    assert not page.locator("button.sumer-undo").is_visible()
    assert not page.locator(".sumer-history").is_visible()
    assert not page.locator("button.sumer-save").is_visible()
    assert not page.locator("select.sumer-level").is_visible()
    assert page.locator("button.sumer-fullscreen").is_visible()


def test_level_save_and_load_are_forwarded_and_the_file_is_offered(page, tmp_path):
    board = SumeriaBoard(sumeria.new_game(3, seed=1), level="medium")
    mount(page, board)
    assert page.input_value("select.sumer-level") == "medium"
    page.select_option("select.sumer-level", "hard")
    page.click("button.sumer-save")
    assert page.evaluate("window.sent") == [{"intent": "level", "level": "hard"},
                                            {"intent": "save"}]
    with page.expect_download() as download:
        page.evaluate("(m) => window.emit(m)", {"kind": "save", "text": board.game.to_json(),
                                                  "file": "sumeria-move-0.json"})
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "sumeria-move-0.json"
    assert saved.read_text() == board.game.to_json()
    with page.expect_file_chooser() as chooser:
        page.click("button.sumer-load")
    chooser.value.set_files(str(saved))
    page.wait_for_function("() => window.sent.length === 3")
    assert page.evaluate("window.sent")[2] == {"intent": "load", "text": board.game.to_json()}
