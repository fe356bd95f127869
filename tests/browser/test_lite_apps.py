"""The board-only apps in the browser-only site (`scripts/lite_apps.py`; issue 29, item 4),
offline in Chromium with every request that would leave the machine aborted and counted — and
none attempted. From the site's front page (which opens the lessons in JupyterLab) the **Apps**
menu leads to each game's app; the apps' own front page lists the games and leads to each; an
app draws its board under its line of instructions, its words 12 px or more at 1280×720
(issue 44), with no code and no error box, and a click selects a piece and plays a move, the
bots playing in Pyodide.

Sumeria's app, reached by clicks from the front pages, is played, and so is the Royal Game of
Ur's; the others are checked to draw. Each app page gets a browser context of its own (see the note
on `offline` in test_lite.py: a page opened after others in one context once waited for its
kernel for ever)."""

from __future__ import annotations

import pytest

from engine.core import RULESETS
from scripts import lite_apps
from sumer_widgets.games import card
from tests.browser.lab import CHROMIUM, LAUNCH_ARGS
from tests.browser.lite import OFFLINE_ARGS, Outside
from tests.browser.plays import PLAYS
from tests.browser.test_lite import lite_site  # noqa: F401 - the site, built once a session
from tests.browser.test_projector import LEGIBLE_PX, SETTLED, SIZES

#: A code cell's input or an editor, shown: the apps show none.
CODE = ".jp-InputArea:visible, .cm-editor:visible, .jp-CodeConsole-promptCell:visible"
#: An error box or text written to stderr.
ERRORS = ("[data-mime-type='application/vnd.jupyter.stderr'], "
          ".jp-OutputArea-output[data-mime-type*=error]")
#: Played by clicks (the others are checked to draw): the Royal Game of Ur's "Throw the dice"
#: sends a JSON null, which the Pyodide kernel hands over as its own jsnull (see
#: `sumer_widgets.base.from_page`).
PLAYED = ("sumeria", "royal_ur")


@pytest.fixture(scope="module")
def browser(browser_type):
    browser = browser_type.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS + OFFLINE_ARGS)
    yield browser
    browser.close()


def new_context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    return context, Outside(context)


def check_the_app(page, game: str, play: bool) -> None:
    """The app of `game` in `page`: its board draws under its line of instructions, no code
    and no error show, and (if `play`) a click plays a move."""
    page.set_default_timeout(180_000)  # the first visit loads Pyodide and the wheels
    board = f'.sumer-board[data-name="{game}"]'
    page.wait_for_selector(f"{board} .sumer-host svg")
    assert page.title() == f"{card(game).title} — Sumer"
    # Legible on a projector (1280×720): no text of the board under 12 px (issue 44).
    page.wait_for_function(SETTLED, arg=page.locator(board).element_handle())
    least = min(page.evaluate(SIZES, board), key=lambda s: s["size"])
    assert least["size"] >= LEGIBLE_PX, least
    text = page.inner_text("body")
    assert card(game).say("instructions") in text
    assert page.locator(CODE).count() == 0, "code shows"
    assert "sumer_widgets" not in text and "app(" not in text, "the app's code shows"
    assert page.locator(ERRORS).count() == 0, "an error box shows"
    assert "Traceback" not in text
    assert page.locator(f"{board} .sumer-error").is_hidden()
    if play:
        persons_turn = "sel => document.querySelector(sel + ' button.sumer-bot').disabled"
        page.wait_for_function(persons_turn, arg=board)  # the bots may open the game
        PLAYS[game](page, board)
        assert page.locator(f"{board} .sumer-error").is_hidden()
        assert page.locator(ERRORS).count() == 0, "an error box shows after the move"


@pytest.mark.slow
def test_from_the_front_page_to_an_app_that_plays(lite_site, browser):  # noqa: F811
    _, site = lite_site
    context, outside = new_context(browser)
    page = context.new_page()
    page.set_default_timeout(180_000)
    try:
        # The site's front page opens the lessons; its menu bar has the apps.
        page.goto(f"{site.url}/")
        page.wait_for_function("() => window.jupyterapp?.shell?.currentWidget?.context?.path"
                               " === 'notebooks/00-start-here.ipynb'")
        page.locator(".lm-MenuBar-itemLabel", has_text="Apps").click()
        items = [i for i in page.locator(".lm-Menu-itemLabel").all_inner_texts() if i]
        titles = [card(name).title for name in RULESETS]
        assert items == ["All the games"] + [f"{t}: the board alone" for t in titles], items
        with context.expect_page() as opened:
            page.locator(".lm-Menu-itemLabel", has_text="All the games").click()
        front = opened.value
        front.wait_for_selector(".sumer-front li[data-game]")
        assert front.url.startswith(f"{site.url}/apps/")
        page.close()  # the lessons' kernel: not beside the app's in one context

        games = front.eval_on_selector_all(
            ".sumer-front li[data-game]", "ns => ns.map(n => ({game: n.dataset.game, title: "
            "n.querySelector('h2').innerText, picture: n.querySelector('img').naturalWidth, "
            "link: n.querySelector('h2 a').href}))")
        assert [g["game"] for g in games] == list(RULESETS)
        for seen in games:
            assert seen["title"] == card(seen["game"]).title
            assert seen["picture"] > 0, f"{seen['game']}'s picture does not show"
            assert seen["link"] == f"{site.url}/apps/{seen['game']}/"
        lessons = front.get_attribute(".sumer-front-lessons a", "href")
        assert lessons == f"../{lite_apps.LESSONS}"

        front.click('.sumer-front li[data-game="sumeria"] h2 a')
        check_the_app(front, "sumeria", play=True)
        assert front.url.startswith(f"{site.url}/apps/sumeria/?")
    finally:
        context.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"


@pytest.mark.slow
def test_every_other_app_draws_its_board_offline(lite_site, browser):  # noqa: F811
    _, site = lite_site
    attempted = []
    for game in RULESETS:
        if game == "sumeria":
            continue
        context, outside = new_context(browser)
        try:
            page = context.new_page()
            page.goto(f"{site.url}/apps/{game}/")
            check_the_app(page, game, play=game in PLAYED)
        finally:
            context.close()
        attempted += outside.attempted
    assert attempted == [], f"requests that would leave the machine: {attempted}"
