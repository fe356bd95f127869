"""The board pages of the browser-only site (`scripts/lite_apps.py`; issue 45), offline in
Chromium with every request that would leave the machine aborted and counted — and none
attempted. From the apps' front page a link leads to each game's page; each page draws its
board under its title and line of instructions with no JupyterLab and no code, and plays: a
move by clicks and a refusal by a click, with the same helpers that play the notebooks' boards
(tests/browser/plays.py), and a move by the keyboard alone. On one page the page's controls work
as in a notebook: the Bots menu's level, Save game (a download) and Load game (that file
again), the language and "New game". The front page leads to a page that plays. Every
board's words are 12 px or more at 1280×720 (issue 44).

Each page gets a browser context of its own: a page's Python is its own (a Web Worker)."""

from __future__ import annotations

import json

import pytest

from engine.core import RULESETS
from scripts import lite_apps
from sumer_widgets.games import card
from tests.browser.lab import CHROMIUM, LAUNCH_ARGS
from tests.browser.lite import OFFLINE_ARGS, Outside
from tests.browser.plays import PLAYS, REFUSALS, play_by_keys, ply, wait_for_next_ply
from tests.browser.test_lite import lite_site  # noqa: F401 - the site, built once a session
from tests.browser.test_projector import LEGIBLE_PX, SETTLED, SIZES

#: A page is ready when its board is drawn and answering (page.js).
READY = "() => document.querySelector('main.sumer-page')?.dataset.state !== 'loading'"
#: Whether the person may move now (the bots may open the game).
PERSONS_TURN = "sel => document.querySelector(sel + ' button.sumer-bot').disabled"


@pytest.fixture(scope="module")
def browser(browser_type):
    browser = browser_type.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS + OFFLINE_ARGS)
    yield browser
    browser.close()


def open_page(browser, url: str, **options):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, **options)
    outside = Outside(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(180_000)  # a first visit starts Python in the browser
    page.goto(url)
    return context, outside, page, errors


def check_the_page(page, game: str) -> str:
    """The page of `game` is ready: its board drawn under its title and instructions, no
    code, no error; returns the board's selector."""
    page.wait_for_function(READY)
    assert page.get_attribute("main.sumer-page", "data-state") == "ready", page.inner_text(
        ".sumer-page-status")
    board = f'.sumer-board[data-name="{game}"]'
    page.wait_for_selector(f"{board} .sumer-host svg")
    assert page.title() == f"{card(game).title} — Sumer"
    # Legible on a projector (1280×720): no text of the board under 12 px (issue 44).
    page.wait_for_function(SETTLED, arg=page.locator(board).element_handle())
    least = min(page.evaluate(SIZES, board), key=lambda s: s["size"])
    assert least["size"] >= LEGIBLE_PX, least
    text = page.inner_text("body")
    assert card(game).say("instructions") in text
    assert "sumer_widgets" not in text and "Traceback" not in text
    assert page.locator(".jp-Notebook, .jp-CodeConsole").count() == 0, "no JupyterLab"
    assert page.locator(f"{board} .sumer-error").is_hidden()
    # The board takes the window below the page's head, as on a projector (1280×720).
    box = page.locator(board).bounding_box()
    assert box["y"] > 0 and box["y"] + box["height"] <= 720 and box["width"] <= 1280, box
    assert page.evaluate("document.documentElement.scrollHeight") <= 720, "the page scrolls"
    page.wait_for_function(PERSONS_TURN, arg=board)
    return board


@pytest.mark.slow
@pytest.mark.parametrize("game", RULESETS)
def test_a_board_page_plays_by_clicks_and_keys_offline(lite_site, browser, game):  # noqa: F811
    _, site = lite_site
    # A game of a fixed seed (?seed=): the same game on every run.
    context, outside, page, errors = open_page(browser, f"{site.url}/apps/{game}/?seed=3")
    try:
        board = check_the_page(page, game)
        PLAYS[game](page, board)
        assert page.locator(f"{board} .sumer-error").is_hidden()
        page.wait_for_function(PERSONS_TURN, arg=board)
        before = ply(page, board)
        REFUSALS[game](page, board)
        page.wait_for_selector(f"{board} .sumer-error:not([hidden])")
        assert page.inner_text(f"{board} .sumer-error").strip()
        assert ply(page, board) == before, "a refused click played nothing"
        page.keyboard.press("Escape")
        play_by_keys(page, board, game)
        assert page.locator(f"{board} .sumer-error").is_hidden()
        assert errors == []
    finally:
        context.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"


@pytest.mark.slow
def test_the_page_s_controls_work_as_in_a_notebook(lite_site, browser, tmp_path):  # noqa: F811
    """The Royal Game of Ur's page: the level, Save and Load, the language, New game."""
    _, site = lite_site
    game = "royal_ur"
    context, outside, page, errors = open_page(browser, f"{site.url}/apps/{game}/?seed=5")
    try:
        board = check_the_page(page, game)
        model = "(key) => window.sumerPage.model.get(key)"
        assert page.evaluate(model, "tools")["level"] == "medium"
        page.select_option(f"{board} select.sumer-level", "hard")
        page.wait_for_function(f"() => ({model})('tools').level === 'hard'")
        assert page.input_value(f"{board} select.sumer-level") == "hard"

        PLAYS[game](page, board)
        page.wait_for_function(PERSONS_TURN, arg=board)
        played = int(ply(page, board))
        with page.expect_download() as download:
            page.click(f"{board} button.sumer-save")
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        assert saved.name == f"royal_ur-move-{played}.json"
        assert json.loads(saved.read_text())["moves"], "the game's moves are in the file"

        page.click(".sumer-page-new")
        page.wait_for_function("sel => document.querySelector(sel + ' .sumer-host')"
                               ".dataset.ply === '0'", arg=board)
        assert page.evaluate(model, "tools")["level"] == "hard", "a new game keeps the level"
        before = ply(page, board)
        page.set_input_files(f"{board} input.sumer-load-file", str(saved))
        wait_for_next_ply(page, board, before)
        assert ply(page, board) == str(played)
        assert page.locator(f"{board} .sumer-error").is_hidden()

        page.select_option(".sumer-page-lang select", "nl")
        page.wait_for_function("sel => document.querySelector(sel + ' button.sumer-undo')"
                               ".textContent === 'Ongedaan maken'", arg=board)
        assert page.evaluate("() => document.documentElement.lang") == "nl"
        assert card(game).say("instructions", "nl") in page.inner_text(".sumer-page-help")
        assert page.inner_text(".sumer-page-new") == "Nieuw spel"
        assert "lang=nl" in page.url, "a reload keeps the language"
        assert errors == []
    finally:
        context.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"


@pytest.mark.slow
def test_from_the_front_page_to_a_board_page_that_plays(lite_site, browser):  # noqa: F811
    _, site = lite_site
    context, outside, page, errors = open_page(browser, f"{site.url}/apps/")
    try:
        page.wait_for_selector(".sumer-front li[data-game]")
        games = page.eval_on_selector_all(
            ".sumer-front li[data-game]", "ns => ns.map(n => ({game: n.dataset.game, title: "
            "n.querySelector('h2').innerText, picture: n.querySelector('img').naturalWidth, "
            "link: n.querySelector('h2 a').href}))")
        assert [g["game"] for g in games] == list(RULESETS)
        for seen in games:
            assert seen["title"] == card(seen["game"]).title
            assert seen["picture"] > 0, f"{seen['game']}'s picture does not show"
            assert seen["link"] == f"{site.url}/apps/{seen['game']}/"
        assert page.get_attribute(".sumer-front-lessons a", "href") == f"../{lite_apps.LESSONS}"
        page.click('.sumer-front li[data-game="tigris"] h2 a')
        board = check_the_page(page, "tigris")
        PLAYS["tigris"](page, board)
        assert errors == []
    finally:
        context.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"
