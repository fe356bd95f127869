"""The board-only apps (`make app GAME=...`, Voilà): each renders its board with a line of
instructions and no code or error boxes, a click plays a move, and a refusal shows as a line;
at 1280×720 its text is 12 px or more and the board fits the window (issue 29).

`make app GAME=sumeria` (the command the README gives) serves Sumeria's; one `make apps` server
serves the other four, and opens on a front page with all five games. Every page is visited
with every request to another host blocked and counted: none is made (Voilà's own template
asks cdn.jsdelivr.net for Font Awesome; the `sumer` template does not), and the server's log
never says that an app "is not trusted"."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from engine.core import RULESETS
from sumer_widgets.games import card
from tests.browser.lab import free_port
from tests.browser.plays import PLAYS, REFUSALS
from tests.browser.test_projector import LEGIBLE_PX, SETTLED, SIZES

ROOT = Path(__file__).resolve().parents[2]


class Voila:
    """`make <target>` serving Voilà on 127.0.0.1, stopped with its process group."""

    def __init__(self, target: str, folder: Path, *variables: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / f"{target}.log"
        self.log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(folder / "config"),
                   JUPYTER_DATA_DIR=str(folder / "data"),
                   JUPYTER_RUNTIME_DIR=str(folder / "runtime"), MPLCONFIGDIR=str(folder / "mpl"))
        self.process = subprocess.Popen(
            ["make", "--no-print-directory", target, *variables,
             f"APP_ARGS=--no-browser --port={self.port}"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + 180
        while True:
            try:
                with urllib.request.urlopen(self.url, timeout=5):
                    return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("Voilà did not start:\n"
                                       + self.log_path.read_text()) from None
                time.sleep(0.5)

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.log.close()


@pytest.fixture(scope="module")
def voila_apps(tmp_path_factory, browser_type_launch_args):
    if not (ROOT / ".venv/bin/voila").exists():
        if os.environ.get("CI"):
            pytest.fail(".venv has no voila: `make test` should have set it up")
        pytest.skip("the apps are tested against the checkout's .venv (run scripts/setup.sh)")
    server = Voila("apps", tmp_path_factory.mktemp("voila"))
    yield server
    server.stop()


def outside_requests(page, server) -> list[str]:
    """Block every request to another host than the server, and return the list of them."""
    tried: list[str] = []

    def route(route):
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            tried.append(route.request.url)
            route.abort()

    page.route("**/*", route)
    return tried


def check_the_app(page, server, url: str, game: str) -> None:
    page.set_default_timeout(120_000)
    tried = outside_requests(page, server)
    page.goto(url)
    board = f'.sumer-board[data-name="{game}"]'
    page.wait_for_selector(f"{board} .sumer-host svg")
    # Legible on a projector (the tests' window is 1280×720): the app's title line and the
    # whole board fit, and no text of the board is under 12 px.
    assert page.viewport_size == {"width": 1280, "height": 720}
    page.wait_for_function(SETTLED, arg=page.locator(board).element_handle())
    least = min(page.evaluate(SIZES, board), key=lambda s: s["size"])
    assert least["size"] >= LEGIBLE_PX, least
    box = page.locator(board).bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 720 and box["width"] <= 1280, box
    assert page.evaluate("document.documentElement.scrollHeight") <= 720, "the page scrolls"
    text = page.inner_text("body")
    assert card(game).say("instructions") in text
    assert page.locator(".jp-InputArea, .CodeMirror, .cm-editor").count() == 0, "code shows"
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr'], .jp-OutputArea-"
                        "output[data-mime-type*=error]").count() == 0, "an error box shows"
    assert "Traceback" not in text and "Your turn:" not in text
    assert page.locator(f"{board} .sumer-error").is_hidden()

    persons_turn = "sel => document.querySelector(sel + ' button.sumer-bot').disabled"
    page.wait_for_function(persons_turn, arg=board)  # the bots may open the game
    PLAYS[game](page, board)

    # Back at the person's turn: "Bot moves" is greyed out, with the reason on hover.
    page.wait_for_function(persons_turn, arg=board)
    assert "played by a person" in page.get_attribute(f"{board} button.sumer-bot", "title")
    REFUSALS[game](page, board)
    page.wait_for_selector(f"{board} .sumer-error:visible")
    refusal = page.inner_text(f"{board} .sumer-error")
    assert refusal.strip() and "\n" not in refusal.strip() and "Traceback" not in refusal
    assert tried == [], f"the app asked another host: {tried}"
    quiet(server)


def quiet(server) -> None:
    """The server's log says nothing of an app's trust nor of its kernel's encryption: the
    apps are trusted by the set-up, and their kernels use CurveZMQ (issue 44)."""
    log = server.log_path.read_text()
    assert "not trusted" not in log
    assert "without encryption" not in log, "a kernel warns that it runs unencrypted"


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(set(RULESETS) - {"sumeria"}))
def test_an_app_renders_plays_and_refuses(page, voila_apps, game):
    check_the_app(page, voila_apps, f"{voila_apps.url}/voila/render/{game}.ipynb", game)


@pytest.mark.slow
def test_make_apps_opens_a_front_page_with_every_game(page, voila_apps):
    page.set_default_timeout(120_000)
    tried = outside_requests(page, voila_apps)
    page.goto(voila_apps.url)  # what `make apps` opens in the browser
    page.wait_for_selector(".sumer-front li[data-game]")
    games = page.eval_on_selector_all(".sumer-front li[data-game]", "ns => ns.map(n => ({"
                                      "game: n.dataset.game, title: n.querySelector('h2')"
                                      ".innerText, text: n.innerText, picture: n.querySelector"
                                      "('img').naturalWidth, link: n.querySelector('h2 a')"
                                      ".href}))")
    assert [g["game"] for g in games] == list(RULESETS)
    for seen in games:
        spec = card(seen["game"])
        assert seen["title"] == spec.title and spec.say("blurb") in seen["text"]
        assert seen["picture"] > 0, f"{seen['game']}'s picture does not show"
        assert seen["link"] == f"{voila_apps.url}/voila/render/{seen['game']}.ipynb"
    assert ".ipynb" not in page.inner_text("body"), "Voilà's list of files shows"
    page.click('.sumer-front li[data-game="tigris"] h2 a')
    page.wait_for_selector('.sumer-board[data-name="tigris"] .sumer-host svg')
    assert tried == [], f"the front page or an app asked another host: {tried}"
    quiet(voila_apps)


@pytest.mark.slow
def test_full_screen_enlarges_an_apps_board(page, voila_apps):
    """Issue 44: the board's *Full screen* button in an app shows the board alone, its picture
    larger than in the page (the page's title line no longer counts against its height), and
    its words still 12 px or more."""
    page.set_default_timeout(120_000)
    page.goto(f"{voila_apps.url}/voila/render/tigris.ipynb")
    board = '.sumer-board[data-name="tigris"]'
    page.wait_for_selector(f"{board} .sumer-host svg")
    svg = f"{board} .sumer-host svg"
    page.wait_for_function(SETTLED, arg=page.locator(board).element_handle())
    before = page.locator(svg).bounding_box()
    page.locator(board).get_by_role("button", name="Full screen").click()
    page.wait_for_function("sel => document.fullscreenElement === document.querySelector(sel)",
                           arg=board)
    grown = "([sel, h]) => document.querySelector(sel).getBoundingClientRect().height > h + 20"
    page.wait_for_function(grown, arg=[svg, before["height"]])
    page.wait_for_function(SETTLED, arg=page.locator(board).element_handle())
    during = page.locator(svg).bounding_box()
    assert during["height"] <= 720 and during["width"] > before["width"], (before, during)
    least = min(page.evaluate(SIZES, board), key=lambda s: s["size"])
    assert least["size"] >= LEGIBLE_PX, least
    page.evaluate("() => document.exitFullscreen()")
    page.wait_for_function("() => document.fullscreenElement === null")


@pytest.mark.slow
def test_make_app_serves_one_game(page, browser_type_launch_args, tmp_path):
    if not (ROOT / ".venv/bin/voila").exists() and not os.environ.get("CI"):
        pytest.skip("the apps are tested against the checkout's .venv (run scripts/setup.sh)")
    server = Voila("app", tmp_path, "GAME=sumeria")
    try:
        check_the_app(page, server, server.url, "sumeria")
    finally:
        server.stop()
