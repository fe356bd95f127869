"""The browser-only site (`make lite`) works with nothing from outside: built once per test
session into build/lite (kept when nothing it is built from has changed), served on 127.0.0.1,
opened in Chromium with every request that would leave the machine aborted — and none is
attempted. Each game's notebook runs to its end in Pyodide (cells that raise on purpose may
raise, no other), its plots leave a note instead of an error, and on its board a piece is
selected and a move played by clicks. Opening a notebook leaves it unmodified; a run notebook
saved and opened again shows each board's saved view, which says to run its cell. At 1280×720
with the file browser open, every board of a game's notebook shows its words at 12 px or more
(tests/browser/test_projector.py says which text counts)."""

from __future__ import annotations

import json
import os
import shutil
import time
import zipfile
from pathlib import Path

import pytest

from scripts import build_lite
from tests.browser.lab import CHROMIUM, LAUNCH_ARGS, kernel_eval
from tests.browser.lite import (
    OFFLINE_ARGS,
    Outside,
    StaticSite,
    cell_errors,
    cell_texts,
    is_modified,
    open_notebook,
    outputs,
    run_all,
    waiting_board_note,
)
from tests.browser.plays import PLAYS
from tests.browser.test_projector import PROJECTOR, every_board, illegible, open_the_file_browser

ROOT = Path(__file__).resolve().parents[2]
#: Each game's notebook, and the ruleset of the boards to play on.
GAME_NOTEBOOKS = {"01-sumeria.ipynb": "sumeria", "02-tigris-euphrates.ipynb": "tigris",
                  "03-mesopotamia.ipynb": "mesopotamia", "04-priest-kings.ipynb": "priest_kings",
                  "06-royal-game-of-ur.ipynb": "royal_ur"}
#: The notebook whose run is saved and opened again: its boards then say to run their cells.
RELOADED = "01-sumeria.ipynb"
VIEWPORT = {"width": 1280, "height": 1000}


@pytest.fixture(scope="session")
def lite_site():
    if shutil.which("npm") is None and not build_lite.is_current(build_lite.DEFAULT_OUT):
        if os.environ.get("CI"):
            pytest.fail("npm is not installed: the site's Pyodide comes from npm")
        pytest.skip("building the site needs npm (apt-get install nodejs npm)")
    started = time.monotonic()
    out = build_lite.build(build_lite.DEFAULT_OUT)
    print(f"\nthe site: {time.monotonic() - started:.0f} s to build or reuse")
    site = StaticSite(out)
    yield out, site
    site.stop()


@pytest.fixture()
def offline(browser_type, browser_type_launch_args):
    """A fresh browser context for each test, with every request that would leave the machine
    aborted and recorded. Not one for the module: a page opened after others in the same
    context (their sessions and files kept in the browser's storage) was seen, in a full run,
    to wait for its kernel for ever; fetching the site again from 127.0.0.1 costs seconds."""
    browser = browser_type.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS + OFFLINE_ARGS)
    context = browser.new_context(viewport=VIEWPORT)
    yield context, Outside(context)
    context.close()
    browser.close()


@pytest.mark.slow
def test_the_site_has_its_own_pyodide_and_packages(lite_site):
    out, _ = lite_site
    config = json.loads((out / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][build_lite.KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    lock = json.loads((out / "static/pyodide/pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        assert (out / "static/pyodide" / entry["file_name"]).exists(), entry["name"]
    names = set(lock["packages"])
    assert {"sumer", "networkx", "anywidget", "ipywidgets", "ipython"} <= names
    assert not {"matplotlib", "numpy"} & names, "no real matplotlib or numpy in the site"
    assert (out / "files/notebooks/00-start-here.ipynb").exists()
    assert (out / "files/docs/rulings.md").exists()
    tag = "cpython-" + "".join(lock["info"]["python"].split(".")[:2])
    ipython = out / "static/pyodide" / lock["packages"]["ipython"]["file_name"]
    with zipfile.ZipFile(ipython) as wheel:
        assert "IPython/core/__init__.py" in wheel.namelist(), "the source stays"
        pyc = wheel.read(f"IPython/core/__pycache__/__init__.{tag}.pyc")
    assert int.from_bytes(pyc[4:8], "little") == 1, "bytecode that is used without a check"


#: In the site's kernel: the modules it imports at start and those a notebook imports were
#: read from bytecode made for this very Python (`build_lite.add_bytecode`).
FROM_BYTECODE = """import importlib.util, sys
def from_bytecode(name):
    try:
        with open(sys.modules[name].__spec__.cached, "rb") as pyc:
            return pyc.read(4) == importlib.util.MAGIC_NUMBER
    except (KeyError, OSError):
        return False
print([m for m in ("IPython", "pyodide_kernel", "networkx", "engine", "sumer_widgets")
       if not from_bytecode(m)])
"""


@pytest.mark.slow
@pytest.mark.parametrize("notebook", sorted(GAME_NOTEBOOKS))
def test_a_game_notebook_runs_and_its_board_plays(lite_site, offline, notebook):
    _, site = lite_site
    context, outside = offline
    page = context.new_page()
    try:
        open_notebook(page, site, f"notebooks/{notebook}")
        assert not is_modified(page), "opening the notebook changed it"
        run_all(page)
        unexpected = [e for e in cell_errors(page) if "raises-exception" not in e["tags"]]
        assert not unexpected, unexpected
        texts = "\n".join(cell_texts(page))
        assert "No picture here" in texts, "the plots leave their note"
        assert "ModuleNotFoundError" not in texts
        assert kernel_eval(page, "import sys; print(sys.platform)").strip() == "emscripten"
        assert kernel_eval(page, FROM_BYTECODE).strip() == "[]", "compiled in the browser"

        # Every board of the notebook legible at 1280×720 with the file browser open, as a
        # teacher projects the site (issue 44).
        page.set_viewport_size(PROJECTOR)
        open_the_file_browser(page)
        failing = illegible(every_board(page))
        assert not failing, failing
        page.set_viewport_size(VIEWPORT)

        ruleset = GAME_NOTEBOOKS[notebook]
        boards = page.locator(".jp-Notebook .sumer-board")
        played, tried = None, []
        # The game boards come late in a walkthrough: try the last first.
        for n in reversed(range(boards.count())):
            name = boards.nth(n).get_attribute("data-name") or ""
            selector = f'.jp-Notebook .sumer-board[data-name="{name}"]'
            if not name or page.locator(selector).count() != 1:
                continue
            page.locator(selector).scroll_into_view_if_needed()
            try:
                PLAYS[ruleset](page, selector)
                played = name
                break
            except (AssertionError, TimeoutError) as exc:
                tried.append(f"{name}: {exc}")
        assert played, f"no board took a move by clicks: {tried}"
        error = page.inner_text(f'.jp-Notebook .sumer-board[data-name="{played}"] .sumer-error')
        assert not error.strip(), error
        if notebook == RELOADED:
            note = waiting_board_note(page, site, f"notebooks/{notebook}")
            assert "▶ Run this cell to play on this board." in note, note
            assert page.locator(".jp-Notebook .sumer-board-static img").count()
            assert stuck_widgets(page) == [], "cells still stuck on a widget"
    finally:
        page.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"


@pytest.mark.slow
def test_the_analysis_notebook_reads_its_results_and_skips_the_cluster(lite_site, offline):
    """05-analysis in Pyodide: its result files are in the site, its pictures leave their note,
    and the dask cell says there is no cluster here instead of failing."""
    _, site = lite_site
    context, outside = offline
    page = context.new_page()
    try:
        open_notebook(page, site, "notebooks/05-analysis.ipynb")
        assert not is_modified(page), "opening the notebook changed it"
        run_all(page)
        errors = cell_errors(page)
        assert not errors, errors
        texts = "\n".join(cell_texts(page))
        assert "made by: python scripts/results.py" in texts, "the result files were read"
        assert "the first player won" in texts and "No picture here" in texts
        assert "dask.distributed is not installed here" in texts
        assert "greedy won" in texts, "simulate played in the page's own process"
        assert "delete the notebook in the file browser" in texts
        # What the note says: the run is saved over the pictures; deleting the notebook brings
        # the copy as shipped back, with its pictures.
        pictures = page.evaluate("""async (path) => {
            const app = window.jupyterapp, contents = app.serviceManager.contents;
            const drawn = (nb) => nb.content.cells.filter(c => (c.outputs || []).some(
                o => o.data && (o.data['image/png'] || o.data['image/svg+xml']))).length;
            await app.shell.currentWidget.context.save();
            const saved = drawn(await contents.get(path, {content: true}));
            await contents.delete(path);
            return [saved, drawn(await contents.get(path, {content: true}))];
        }""", "notebooks/05-analysis.ipynb")
        assert pictures[0] < pictures[1], f"pictures saved, then after delete: {pictures}"
    finally:
        page.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"


@pytest.mark.slow
def test_a_shipped_notebook_shows_its_pictures_before_anything_is_run(lite_site, offline):
    """Issue 27: the site treats its notebooks as untrusted, so an SVG output alone would show
    as a line of text (`<svg: ...>`); every board and picture is also shipped as HTML with the
    picture as an image, which an untrusted notebook still shows."""
    _, site = lite_site
    context, outside = offline
    page = context.new_page()
    try:
        page.set_default_timeout(120_000)
        page.goto(f"{site.url}/lab/index.html?path=notebooks/01-sumeria.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-OutputArea-output")
        notebook = page.locator(".jp-Notebook")
        notebook.locator(".sumer-board-static img").first.wait_for()
        pictures = notebook.locator(".jp-OutputArea-output img[src^='data:image/svg+xml']")
        # The notebook draws only the cells near the view: those on screen show images.
        shown = [box for box in (pictures.nth(n).bounding_box()
                                 for n in range(min(pictures.count(), 3))) if box]
        assert shown and all(box["width"] > 200 for box in shown)
        assert "<svg:" not in notebook.inner_text()
        # And every picture of the notebook, drawn or not yet, has that HTML beside it.
        drawings = [o["output"]["data"] for o in outputs(page)
                    if "image/svg+xml" in o["output"].get("data", {})]
        assert len(drawings) >= 5
        assert all("<img" in "".join(data.get("text/html", "")) for data in drawings)
        assert "Run this cell" in notebook.inner_text()
    finally:
        page.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"


def hand_in_files(tmp_path):
    """Three students' hand-ins, as the lessons write them: two files, and a zip of one more
    (what a learning platform's "download all" gives)."""
    import io

    from sumer_widgets.handin import file_name
    from sumer_widgets.lessons import Lesson

    files = []
    for n, first in enumerate((24, 55, 24)):
        lesson = Lesson("sumeria", records=tmp_path / f"records-{n}")
        lesson.set_learner(f"Site Student {n}")
        lesson.ask("towns-on-board").verdict(first)
        lesson.save()
        files.append((file_name(lesson.record), lesson.record.to_json().encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"assignment/{files[2][0]}", files[2][1])
    (tmp_path / "class.zip").write_bytes(buffer.getvalue())
    for name, data in files[:2]:
        (tmp_path / name).write_bytes(data)
    return [tmp_path / name for name, _ in files[:2]] + [tmp_path / "class.zip"]


@pytest.mark.slow
def test_the_class_report_reads_uploaded_hand_ins_and_a_zip(lite_site, offline, tmp_path):
    """Issue 41: the site ships the teacher's notebooks, and its class report reads the files
    students' browsers downloaded, uploaded one by one or as a zip."""
    _, site = lite_site
    context, outside = offline
    page = context.new_page()
    try:
        open_notebook(page, site, "notebooks/teacher/class-report.ipynb")
        run_all(page)
        page.locator(".jp-Notebook", has_text="There is no folder hand-ins here yet").wait_for()
        with page.expect_file_chooser() as chooser:
            page.locator(".jp-Notebook .widget-upload").click()
        chooser.value.set_files([str(path) for path in hand_in_files(tmp_path)])
        table = page.locator("table.sumer-report")
        table.wait_for()
        rows = table.locator("tbody tr")
        assert rows.count() == 3
        assert "Site Student 1" in table.inner_text() and "0 / 1" in table.inner_text()
    finally:
        page.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"


def stuck_widgets(page) -> list[int]:
    """Issue 41: in a notebook run, saved and opened again, every board, question, name box
    and hand-in shows its saved view — never "Loading widget...". Each output with a widget
    view is scrolled into view (the notebook draws only what is near the view) and given the
    time the saved-view script takes to show it; returns the cells still stuck."""
    cells = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
        .map((c, n) => [n, c.model.type === 'code' && c.model.outputs.toJSON().some(
            o => o.data && o.data['application/vnd.jupyter.widget-view+json'])])
        .filter(([n, live]) => live).map(([n]) => n)""")
    assert len(cells) >= 10
    stuck = []
    for index in cells:
        page.evaluate("(n) => window.jupyterapp.shell.currentWidget.content.scrollToItem(n)",
                      index)
        try:
            page.wait_for_function("""(n) => {
                const cell = window.jupyterapp.shell.currentWidget.content.widgets[n];
                const text = cell.outputArea.node.innerText.trim();
                return text && !/^(Loading widget|Error displaying widget)/m.test(text);
            }""", arg=index, timeout=15_000)
        except Exception:
            stuck.append(index)
    return stuck


@pytest.mark.slow
def test_the_variant_laboratory_runs_in_the_site(lite_site, offline):
    """08-variant-lab in Pyodide (issue 43): its studies play in the page's one process, with
    a quarter of the games (`variantlab.lab.BROWSER_SHARE`), and every cell runs: the studies'
    sentences, the save that records the house rule and the board that says so."""
    _, site = lite_site
    context, outside = offline
    page = context.new_page()
    try:
        open_notebook(page, site, "notebooks/08-variant-lab.ipynb")
        run_all(page)
        errors = cell_errors(page)
        assert not errors, errors
        texts = "\n".join(cell_texts(page))
        assert "50 games" in texts, "the Royal Game of Ur's study played a quarter of its games"
        assert "House rules: rosette_throw = False" in texts
    finally:
        page.close()
    assert outside.attempted == [], f"requests that would leave the machine: {outside.attempted}"
