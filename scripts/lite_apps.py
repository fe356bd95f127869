"""The board pages of the browser-only site: each game's board against the bots, with no
JupyterLab and no kernel — a page of its own that starts Python (the site's Pyodide) in a Web
Worker with only what a board imports, and shows the same ``board.js`` a notebook's board runs.

    <site>/apps/                the apps' front page: each game's title, picture, one line and
                                a link to its board page, and a link to the lessons
    <site>/apps/<game>/         one game's board page: its title, its line of instructions, the
                                language, "New game" and the board (its Bots menu, Save and
                                Load, undo, history and log, as in a notebook)

Written into a built site by `add_apps` (scripts/build_lite.py calls it). The site's JupyterLab
gets an **Apps** menu with the same links (each opens in a new tab).

How a page works (the files are in ``lite/apps/``): ``page.js`` gives the board's ES module the
model anywidget would give it and carries what it sends to ``worker.js``, which runs
`sumer_widgets.page.BoardPage` in Pyodide — the board's decisions (`sumer_widgets.core`),
with no anywidget, ipywidgets, traitlets or IPython. Pyodide comes from the site itself
(``static/pyodide/``); the page's own lock file (``apps/pyodide-lock.json``) names only Sumer's
wheel (with its bytecode) and networkx, and each page loads those its board imports
(`page_packages`), so nothing else is fetched. The browser keeps every file in its HTTP cache,
and Pyodide's WebAssembly compiled with it (V8's code cache): a repeat visit downloads nothing
and does not compile Pyodide again.

A service worker that served Pyodide's core from gzip copies (6 MB less on a first visit from a
host that does not compress) was tried and dropped: a response made by a worker has no code
cache, so every repeat visit compiled the 9.6 MB of WebAssembly again (1-4 s more on 2 cores;
the notes of issue 45). Hosts that compress on the fly (GitHub Pages, Netlify, Cloudflare Pages,
nginx with gzip) send the core compressed anyway.

The apps used to be JupyterLite's REPL page in its one-document mode: a board appeared when a
whole kernel had started (about as long as a notebook's first cell). Voici could not load this
site's kernel (its release for JupyterLite 0.7).

Limits: the pages speak English and Dutch (the language menu; ``?lang=nl`` in the address);
the front page is in English. A browser without module workers (Firefox before 114, Safari
before 15) cannot start a page.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

#: The folder of the apps in the site, beside ``lab/``.
FOLDER = "apps"
#: The host's own files, copied into ``<site>/apps/``.
ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "lite" / "apps"
HOST_FILES = ("page.js", "worker.js")
#: The lessons' first notebook in the site's JupyterLab.
LESSONS = "lab/index.html?path=notebooks/00-start-here.ipynb"
MENU_PLUGIN = "@jupyterlab/mainmenu-extension:plugin"
#: What a board page may load: Sumer's wheel, and of its requirements those a board may
#: import (the others are for notebooks: widgets, progress bars). Each game's page loads those
#: its board does import (`page_packages`).
PAGE_PACKAGES = ("sumer", "networkx")
#: Run in a fresh Python: the modules a game's board page imports (its `BoardPage` started and
#: drawn), by top-level package.
IMPORTED = """import sys
from sumer_widgets.page import BoardPage
BoardPage(sys.argv[1], seed=1).values()
print(" ".join(sorted({name.split(".")[0] for name in sys.modules})))
"""
#: The page's layout: the title, the instructions and the page's controls share a line (or
#: two) above the board, which takes the rest of the window (page.js sets its margin).
STYLE = """<style>
body { margin: 8px 12px; background: #fff; color: #222; }
.sumer-page-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px;
  margin: 0 0 6px; font: 16px/1.35 system-ui, sans-serif; }
.sumer-page-head h1 { font: 700 22px/1.3 system-ui, sans-serif; margin: 0; }
.sumer-page-help { flex: 1 1 20em; margin: 0; }
.sumer-page-head select, .sumer-page-head button { font-size: 15px; height: 32px; }
.sumer-page-head a { color: #0b5c96; }
.sumer-page-status { font: 17px/1.4 system-ui, sans-serif; margin: 24px 0; }
.sumer-page .sumer-board { max-width: none; width: 100%; }
</style>"""


def games() -> list[tuple[str, str]]:
    """(name, title) of each game, in the order of `engine.core.RULESETS`."""
    from engine.core import RULESETS
    from sumer_widgets.games import card

    return [(name, card(name).title) for name in RULESETS]


def board_page(game: str, packages: list[str]) -> str:
    """The page of `game`'s board (``<site>/apps/<game>/index.html``): its words in every
    language and the `packages` its board imports, for ``page.js``, which starts the board."""
    from engine.core import LANGUAGES
    from sumer_widgets.games import card
    from sumer_widgets.page import WORDS

    spec = card(game)
    languages = [lang for lang in LANGUAGES if lang in WORDS]
    data = {"game": game, "packages": packages, "words": {lang: WORDS[lang] for lang in languages},
            "instructions": {lang: spec.say("instructions", lang) for lang in languages}}
    # A JSON script: "</" may not appear in it.
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    words = WORDS["en"]
    options = "".join(f'<option value="{lang}">{html.escape(WORDS[lang]["language_name"])}'
                      "</option>" for lang in languages)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(spec.title)} — Sumer</title>
<link rel="stylesheet" href="board.css">
{STYLE}
<script id="sumer-page-data" type="application/json">{text}</script>
<script type="module" src="../page.js"></script>
</head>
<body>
<main class="sumer-page" data-game="{html.escape(game)}" data-state="loading">
<header class="sumer-page-head">
<h1>{html.escape(spec.title)}</h1>
<p class="sumer-page-help">{html.escape(spec.say("instructions"))}</p>
<label class="sumer-page-lang"><span>{html.escape(words["language"])}</span>
<select>{options}</select></label>
<button type="button" class="sumer-page-new" disabled>{html.escape(words["new_game"])}</button>
<a class="sumer-page-games" href="../">{html.escape(words["games"])}</a>
</header>
<p class="sumer-page-status" role="status">{html.escape(words["loading"])}</p>
<div class="sumer-page-board"></div>
</main>
</body>
</html>
"""


def front_page() -> str:
    """The apps' front page in the site (`sumer_widgets.apps.front_page`, with links to the
    board pages), and a link to the lessons."""
    from sumer_widgets.apps import front_page as cards

    body = cards(link="{game}/").value
    lessons = (f'<p class="sumer-front-lessons"><a href="../{LESSONS}">The lessons: the '
               "notebooks, from 00-start-here →</a></p>")
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<title>Sumer — the games</title>\n"
            "<style>body { margin: 16px 20px; background: #fff; }\n"
            ".sumer-front-lessons { font: 17px/1.45 system-ui, sans-serif; margin: 18px 0; }"
            "</style>\n</head>\n<body>\n" + body + "\n" + lessons + "\n</body>\n</html>\n")


def menu() -> dict:
    """The site's JupyterLab's **Apps** menu: the front page and each game's board page, each in
    a new tab (JupyterLab's ``help:open`` command; a link in a notebook would open a file in
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


def page_packages(game: str, lock: dict) -> list[str]:
    """The packages of the pages' lock (`page_lock`) that `game`'s board imports, found by
    starting its page's board in a fresh Python (this one's, with this checkout first)."""
    found = subprocess.run([sys.executable, "-c", IMPORTED, game], capture_output=True,
                           text=True, check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.split()
    return [name for name, entry in lock["packages"].items()
            if set(entry["imports"]) & set(found)]


def page_lock(site_lock: dict) -> dict:
    """The board pages' lock file: the site's (``static/pyodide/pyodide-lock.json``) with only
    `PAGE_PACKAGES`, each wheel named from ``apps/`` and depending on nothing: a page names
    every package it loads (`page_packages`; Royal Game of Ur's board needs no networkx)."""
    packages = {}
    for name in PAGE_PACKAGES:
        entry = dict(site_lock["packages"][name])
        entry["file_name"] = f"../static/pyodide/{entry['file_name']}"
        entry["depends"] = []
        packages[name] = entry
    return {"info": site_lock["info"], "packages": packages}


def add_apps(site: Path) -> list[Path]:
    """Write the apps into the built `site` (a folder made by ``jupyter lite build``): the
    front page, the host's files, the pages' lock file, each game's page with its board's
    module and styles, and the Apps menu of its JupyterLab. Returns the pages written."""
    from sumer_widgets.base import front_end, styles
    from sumer_widgets.games import card

    folder = site / FOLDER
    folder.mkdir()
    written = [folder / "index.html"]
    written[0].write_text(front_page(), encoding="utf-8")
    for name in HOST_FILES:
        shutil.copy(SOURCES / name, folder / name)
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(
        encoding="utf-8"))
    pages_lock = page_lock(lock)
    (folder / "pyodide-lock.json").write_text(json.dumps(pages_lock, indent=1) + "\n",
                                              encoding="utf-8")
    for name, _title in games():
        (folder / name).mkdir()
        # The game's folder, as its package's file names it (front_end and styles read the
        # board.js and board.css beside it).
        board_file = import_module(card(name).package).__file__
        (folder / name / "board.js").write_text(front_end(board_file), encoding="utf-8")
        (folder / name / "board.css").write_text(styles(board_file), encoding="utf-8")
        page = folder / name / "index.html"
        page.write_text(board_page(name, page_packages(name, pages_lock)), encoding="utf-8")
        written.append(page)
    lab_config = site / "lab" / "jupyter-lite.json"
    config = json.loads(lab_config.read_text(encoding="utf-8"))
    overrides = config.setdefault("jupyter-config-data", {}).setdefault("settingsOverrides", {})
    overrides.setdefault(MENU_PLUGIN, {}).update(menu())
    lab_config.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return written
