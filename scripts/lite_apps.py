"""The board-only apps in the browser-only site: each game's board against the bots under its
title and one line of instructions (`sumer_widgets.apps.app`, what ``make app`` serves with
Voilà), with no server — the board and its bots run in the site's Pyodide.

    <site>/apps/                the apps' front page: each game's title, picture, one line and
                                a link to its app, and a link to the lessons
    <site>/apps/<game>/         one game's app

Written into a built site by `add_apps` (scripts/build_lite.py calls it). The site's JupyterLab
gets an **Apps** menu with the same links (each opens in a new tab).

Why not Voici (Voilà's templates as a static JupyterLite app, which the Voilà apps would have
reused with their ``sumer`` template): its latest release (voici-core 0.10.0) requires
jupyterlite-core < 0.8 and its front end is built against JupyterLite 0.7 and JupyterLab 4.5;
in this site (JupyterLite 0.8.6) it cannot load the Pyodide kernel's extension ("Shared module
@jupyterlab/pluginmanager doesn't exist in shared scope", then "No kernel available"). So an
app is the site's own one-document mode instead: JupyterLite's REPL page, which runs the code in
its address on load, told to show no banner, no toolbar and no code (``hideCodeInput``), with
its prompt cell hidden by the page's own style — only the app's output shows. The page is a copy
of the site's ``repl/index.html`` one folder deeper; the app's code goes into the address before
JupyterLite reads it.

Limits: the apps are in English (as `sumer_widgets.apps`); a visitor sees JupyterLite's loading
picture until the kernel is ready (about as long as a notebook's first cell); an error of the
app's code would show as the console's error output (the browser test checks there is none).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

#: The folder of the apps in the site, beside ``lab/`` and ``repl/``.
FOLDER = "apps"
#: What a game's app runs (the same call as apps/<game>.ipynb).
CODE = 'from sumer_widgets.apps import app\napp("{game}")'
#: The REPL's own options (JupyterLite's REPL reads them from the address).
#: (Its toolbar goes with any ``toolbar`` in the address, even "0": none is given.)
REPL_OPTIONS = {"kernel": "python", "showBanner": "0", "hideCodeInput": "1"}
#: What the page hides of the REPL: the prompt cell (where code is typed) and the cells' prompts.
#: The app's output takes the page's width; no scroll box inside the page's own scroll.
APP_STYLE = """<style>
      .jp-CodeConsole-input, .jp-CodeConsole-promptCell, .jp-InputPrompt, .jp-OutputPrompt,
      .jp-CodeConsole-banner { display: none !important; }
      .jp-CodeConsole-content { padding: 8px 12px; }
      .jp-CodeConsole .jp-Cell { padding: 0; }
      .jp-OutputArea-output { width: 100%; }
    </style>"""
#: The REPL page's references to the site, one folder up; a game's page is two folders down.
_UP = re.compile(r"""(["'(])\.\./""")
#: The lessons' first notebook in the site's JupyterLab.
LESSONS = "lab/index.html?path=notebooks/00-start-here.ipynb"
MENU_PLUGIN = "@jupyterlab/mainmenu-extension:plugin"


def games() -> list[tuple[str, str]]:
    """(name, title) of each game, in the order of `engine.core.RULESETS`."""
    from engine.core import RULESETS
    from sumer_widgets.games import card

    return [(name, card(name).title) for name in RULESETS]


def app_address(game: str) -> str:
    """The query string of a game's app: the REPL's options and the app's code."""
    from urllib.parse import urlencode

    return urlencode({**REPL_OPTIONS, "code": CODE.format(game=game)})


def app_page(repl_page: str, game: str, title: str) -> str:
    """A game's app page, from the site's REPL page (``repl/index.html``)."""
    for needed in ("data-jupyter-lite-root=\"..\"", "await import(", "</head>", "<title>"):
        if needed not in repl_page:
            raise ValueError(f"JupyterLite's REPL page changed: it has no {needed!r} "
                             "(update scripts/lite_apps.py)")
    page = _UP.sub(r"\1../../", repl_page)
    page = page.replace('data-jupyter-lite-root=".."', 'data-jupyter-lite-root="../.."')
    page = re.sub(r"<title>.*?</title>", f"<title>{html.escape(title)} — Sumer</title>", page,
                  count=1, flags=re.S)
    # The REPL reads its options and code from the address once it starts; this page's own
    # address is short (apps/<game>/), so they go in before. A reload keeps them.
    wanted = json.dumps(app_address(game))
    # The REPL names the tab after its address ("?kernel=pyth… - Sumer"): the game's name
    # stays.
    setup = ("if (window.location.search !== '?' + " + wanted + ") {\n"
             "          window.history.replaceState(null, '', window.location.pathname + '?' + "
             + wanted + " + window.location.hash);\n        }\n"
             "        const title = document.title;\n"
             "        new MutationObserver(() => { if (document.title !== title) "
             "document.title = title; }).observe(document.head, "
             "{childList: true, characterData: true, subtree: true});\n"
             "        await import(")
    page = page.replace("await import(", setup, 1)
    return page.replace("</head>", APP_STYLE + "\n</head>", 1)


def front_page() -> str:
    """The apps' front page in the site (`sumer_widgets.apps.front_page`, with links to the
    apps' pages), and a link to the lessons."""
    from sumer_widgets.apps import front_page as cards

    body = cards(link="{game}/").value
    lessons = (f'<p class="sumer-front-lessons"><a href="../{LESSONS}">The lessons: the '
               "notebooks, from 00-start-here →</a></p>")
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<title>Sumer — the games</title>\n"
            # The apps' pages below read this page's (empty) settings, as JupyterLite's pages do.
            '<script id="jupyter-config-data" type="application/json" '
            'data-jupyter-lite-root="..">{}</script>\n'
            "<style>body { margin: 16px 20px; background: #fff; }\n"
            ".sumer-front-lessons { font: 17px/1.45 system-ui, sans-serif; margin: 18px 0; }"
            "</style>\n</head>\n<body>\n" + body + "\n" + lessons + "\n</body>\n</html>\n")


def menu() -> dict:
    """The site's JupyterLab's **Apps** menu: the front page and each game's app, each in a
    new tab (JupyterLab's ``help:open`` command; a link in a notebook would open a file in
    JupyterLab instead)."""
    items = [{"command": "help:open", "args": {"url": f"../{FOLDER}/", "text": "All the games",
                                                "newBrowserTab": True}, "rank": 0},
             {"type": "separator", "rank": 1}]
    for rank, (name, title) in enumerate(games(), start=2):
        items.append({"command": "help:open", "rank": rank,
                      "args": {"url": f"../{FOLDER}/{name}/", "text": f"{title}: the board alone",
                               "newBrowserTab": True}})
    return {"menus": [{"id": "jp-mainmenu-sumer-apps", "label": "Apps", "rank": 90,
                       "items": items}]}


def add_apps(site: Path) -> list[Path]:
    """Write the apps into the built `site` (a folder made by ``jupyter lite build``): the
    front page, each game's page and the Apps menu of its JupyterLab. Returns the pages
    written."""
    repl = site / "repl"
    repl_page = (repl / "index.html").read_text(encoding="utf-8")
    folder = site / FOLDER
    folder.mkdir()
    written = [folder / "index.html"]
    written[0].write_text(front_page(), encoding="utf-8")
    for name, title in games():
        (folder / name).mkdir()
        page = folder / name / "index.html"
        page.write_text(app_page(repl_page, name, title), encoding="utf-8")
        config = json.loads((repl / "jupyter-lite.json").read_text(encoding="utf-8"))
        data = config.get("jupyter-config-data", {})
        for key, value in data.items():
            if isinstance(value, str) and value.startswith("../"):
                data[key] = "../" + value
        _write_settings(folder / name, config)
        written.append(page)
    # JupyterLite's pages read the settings of every folder up to the site's root.
    _write_settings(folder, {"jupyter-lite-schema-version": 0, "jupyter-config-data": {}})
    lab_config = site / "lab" / "jupyter-lite.json"
    config = json.loads(lab_config.read_text(encoding="utf-8"))
    overrides = config.setdefault("jupyter-config-data", {}).setdefault("settingsOverrides", {})
    overrides.setdefault(MENU_PLUGIN, {}).update(menu())
    lab_config.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return written


def _write_settings(folder: Path, config: dict) -> None:
    """A folder's JupyterLite settings, in both files a page asks for (none would be a 404)."""
    (folder / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n",
                                              encoding="utf-8")
    notebook = {"cells": [], "metadata": {"jupyter-lite": {
        "jupyter-config-data": {}, "jupyter-lite-schema-version": 0}},
        "nbformat": 4, "nbformat_minor": 5}
    (folder / "jupyter-lite.ipynb").write_text(json.dumps(notebook, indent=1) + "\n",
                                               encoding="utf-8")
