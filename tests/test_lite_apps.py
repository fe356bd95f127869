"""What `scripts/lite_apps.py` writes into a built browser-only site (issue 45): the apps' front
page, one board page a game (its words, the packages its board imports, its board's module and
styles), the host's files, the pages' lock file and the Apps menu of the site's JupyterLab.
(tests/browser/test_lite_apps.py opens the pages in Chromium.)"""

from __future__ import annotations

import html
import json

import pytest

from engine.core import RULESETS
from scripts import build_lite, lite_apps
from sumer_widgets.base import front_end, styles
from sumer_widgets.games import card
from sumer_widgets.page import WORDS

#: A site's lock, as scripts/build_lite.py writes it (the entries the pages take).
SITE_LOCK = {"info": {"python": "3.14.2", "arch": "wasm32"}, "packages": {
    "sumer": {"name": "sumer", "file_name": "sumer-0.1.0-py3-none-any.whl",
              "imports": ["engine", "sumer_server", "sumer_widgets"],
              "depends": ["anywidget", "ipywidgets", "networkx", "tqdm"]},
    "networkx": {"name": "networkx", "file_name": "networkx-3.6.1-py3-none-any.whl",
                 "imports": ["networkx"], "depends": []},
    "anywidget": {"name": "anywidget", "file_name": "anywidget-0.11.0-py3-none-any.whl",
                  "imports": ["anywidget"], "depends": ["ipywidgets"]}}}


@pytest.fixture()
def site(tmp_path, monkeypatch):
    pyodide = tmp_path / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(SITE_LOCK))
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0, "jupyter-config-data": {"appUrl": "/lab"}}))
    # Which packages each board imports is found by starting it (test_page_packages).
    monkeypatch.setattr(lite_apps, "page_packages", lambda game, lock: ["sumer"])
    return tmp_path


def page_data(page: str) -> dict:
    start = page.index('<script id="sumer-page-data" type="application/json">')
    text = page[page.index(">", start) + 1:page.index("</script>", start)]
    return json.loads(text)


def test_each_game_gets_a_board_page_with_its_module_its_words_and_no_jupyterlab(site):
    written = lite_apps.add_apps(site)
    assert [p.relative_to(site).as_posix() for p in written] == (
        ["apps/index.html"] + [f"apps/{game}/index.html" for game in RULESETS])
    for game in RULESETS:
        folder = site / "apps" / game
        page = (folder / "index.html").read_text()
        assert f"<title>{html.escape(card(game).title)} — Sumer</title>" in page
        assert '<script type="module" src="../page.js"></script>' in page
        assert '<link rel="stylesheet" href="board.css">' in page
        assert "jupyter" not in page.lower() and "http" not in page
        data = page_data(page)
        assert data["game"] == game and data["packages"] == ["sumer"]
        assert data["words"] == {"en": WORDS["en"], "nl": WORDS["nl"]}
        assert data["instructions"]["nl"] == card(game).say("instructions", "nl")
        assert html.escape(card(game).say("instructions")) in page
        board_file = lite_apps.import_module(card(game).package).__file__
        assert (folder / "board.js").read_text() == front_end(board_file)
        assert (folder / "board.css").read_text() == styles(board_file)
    for name in lite_apps.HOST_FILES:
        assert (site / "apps" / name).read_bytes() == (lite_apps.SOURCES / name).read_bytes()


def test_the_pages_lock_names_sumer_and_networkx_from_the_site_s_own_wheels(site):
    lite_apps.add_apps(site)
    lock = json.loads((site / "apps" / "pyodide-lock.json").read_text())
    assert lock["info"] == SITE_LOCK["info"]
    assert sorted(lock["packages"]) == ["networkx", "sumer"]
    assert lock["packages"]["sumer"]["file_name"] == (
        "../static/pyodide/sumer-0.1.0-py3-none-any.whl")
    assert all(entry["depends"] == [] for entry in lock["packages"].values()), \
        "a page names each package it loads"


@pytest.mark.parametrize(("game", "packages"), [("royal_ur", ["sumer"]),
                                                ("sumeria", ["sumer", "networkx"])])
def test_page_packages_are_those_the_board_imports(game, packages):
    assert lite_apps.page_packages(game, lite_apps.page_lock(SITE_LOCK)) == packages


def test_the_front_page_links_each_game_to_its_board_page_and_to_the_lessons(site):
    lite_apps.add_apps(site)
    page = (site / "apps" / "index.html").read_text()
    for game in RULESETS:
        assert f'<a href="{game}/">{html.escape(card(game).title)}</a>' in page
    assert ".ipynb\"" not in page.replace(lite_apps.LESSONS, "")
    assert f'href="../{lite_apps.LESSONS}"' in page
    assert "http://" not in page.replace("http://www.w3.org", "")
    assert "https://" not in page


def test_the_site_jupyterlab_has_an_apps_menu_with_each_game(site):
    lite_apps.add_apps(site)
    config = json.loads((site / "lab" / "jupyter-lite.json").read_text())
    data = config["jupyter-config-data"]
    assert data["appUrl"] == "/lab", "the lab's own settings stay"
    (menu,) = data["settingsOverrides"][lite_apps.MENU_PLUGIN]["menus"]
    assert menu["label"] == "Apps"
    urls = [item["args"]["url"] for item in menu["items"] if item.get("command") == "help:open"]
    assert urls == ["../apps/"] + [f"../apps/{game}/" for game in RULESETS]
    assert all(item["args"]["newBrowserTab"] for item in menu["items"] if "args" in item)


def test_the_site_is_rebuilt_when_the_pages_or_their_host_change():
    inputs = {str(p) for p in build_lite.site_inputs()}
    assert lite_apps.__file__ in inputs
    assert all(str(lite_apps.SOURCES / name) in inputs for name in lite_apps.HOST_FILES)
