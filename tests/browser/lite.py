"""The browser-only site in a test: served on 127.0.0.1 by a plain static server (as any
static host would serve it), opened in Chromium with every request that leaves the machine
aborted and recorded, and driven through JupyterLab's own commands (`window.jupyterapp`)."""

from __future__ import annotations

import functools
import http.server
import threading
import time
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from tests.browser.lab import free_port, wait_for_progress

LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}
#: Chromium resolves no name but loopback: nothing can leave the machine even past the route.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json"}

    #: Called with the size of each piece of every response sent (a benchmark's count).
    on_send = None

    def log_message(self, *args: object) -> None:
        pass

    def setup(self) -> None:
        super().setup()
        if self.on_send is not None:
            self.wfile = _Counted(self.wfile, self.on_send)


class _Counted:
    def __init__(self, raw, on_send):
        self._raw, self._on_send = raw, on_send

    def write(self, data) -> int:
        self._on_send(len(data))
        return self._raw.write(data)

    def __getattr__(self, name: str):
        return getattr(self._raw, name)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A page that goes away mid-download (a test that ends) is no error of the site.
        pass


class StaticSite:
    """A folder served over HTTP on 127.0.0.1, in a thread of this process; `on_send`, if
    given, is called with the size of each piece of every response."""

    def __init__(self, folder: Path, on_send=None):
        quiet = type("_Sending", (_Quiet,), {"on_send": staticmethod(on_send)}) if on_send \
            else _Quiet
        handler = functools.partial(quiet, directory=str(folder))
        self.server = _Server(("127.0.0.1", free_port()), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Outside:
    """Records (and aborts) every request of a browser context that is not for loopback."""

    def __init__(self, context):
        self.attempted: list[str] = []
        context.route("**/*", self._route)
        context.on("request", self._seen)

    def _is_outside(self, url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOOPBACK

    def _seen(self, request) -> None:
        if self._is_outside(request.url) and request.url not in self.attempted:
            self.attempted.append(request.url)

    def _route(self, route) -> None:
        if self._is_outside(route.request.url):
            if route.request.url not in self.attempted:
                self.attempted.append(route.request.url)
            route.abort()
        else:
            route.continue_()


def open_notebook(page, site: StaticSite, path: str, timeout: float = 120_000) -> None:
    """Open `path` in the site's JupyterLab and wait until its kernel is idle (`timeout` is
    how long one step of the page may stand still, not the whole wait).

    A page that has not shown the notebook with a kernel after five minutes of loading is
    loaded once more: on a busy machine a full suite saw one such page never get there while
    it went on fetching, and the same notebook opened at once in a fresh load."""
    page.set_default_timeout(timeout)
    opened = ("(path) => window.jupyterapp?.shell?.currentWidget?.context?.path === path"
              " && !!window.jupyterapp.shell.currentWidget.sessionContext?.session?.kernel")
    for last_try in (False, True):
        page.goto(f"{site.url}/lab/index.html?path={path}")
        try:
            wait_for_progress(page, opened, arg=path, stall=timeout / 1000 * 2.5,
                              ceiling=900 if last_try else 300)
            break
        except TimeoutError:
            if last_try:
                raise
    wait_until_idle(page, timeout)


def wait_until_idle(page, timeout: float = 120_000) -> None:
    wait_for_progress(
        page, "() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session"
        "?.kernel; return !!k && k.status === 'idle'; }", stall=timeout / 1000 * 2.5)


def waiting_board_note(page, site: StaticSite, path: str, timeout: float = 120_000) -> str:
    """Save the open notebook (run, its boards live), open it again in a new kernel and return
    the text shown where its first board was: the board's saved view (picture and "run this
    cell"), not JupyterLab's "Loading widget..." for a widget the new kernel does not hold."""
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    open_notebook(page, site, path, timeout)
    # The first board's cell: a widget view whose saved view is a board's picture (the name
    # box and the warm-up above it have saved views of their own).
    first = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
        .findIndex(c => c.model.type === 'code' && c.model.outputs.toJSON().some(
            o => o.data && o.data['application/vnd.jupyter.widget-view+json']
                 && String(o.data['text/html'] || '').includes('sumer-board-static')))""")
    assert first >= 0, "the saved notebook holds no board's widget view"
    page.evaluate("(n) => window.jupyterapp.shell.currentWidget.content.scrollToItem(n)", first)
    note = page.locator(".jp-Notebook .sumer-board-waiting",
                        has=page.locator(".sumer-board-static")).first
    note.wait_for()
    return note.inner_text()


def is_modified(page) -> bool:
    """Whether the open notebook is marked modified (● in its tab; a reload asks to leave)."""
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")


def run_all(page, stall: float = 300, ceiling: float = 1800) -> list[int]:
    """Run every cell of the open notebook, the way a student would in this site.

    JupyterLite's Run All stops at a cell that raises, even one tagged ``raises-exception``
    (JupyterLab on a server goes on): there, the rest is run with "Run Selected Cell and All
    Below" from the next cell. Returns the cells it had to go on after; a stop at a cell not
    tagged so is an error (AssertionError). It waits while cells go on finishing, however slowly:
    it gives up when no cell has finished for `stall` seconds, or at the `ceiling`."""
    resumed = []
    command = "notebook:run-all-cells"
    started = time.monotonic()
    while True:
        page.evaluate("(command) => window.jupyterapp.commands.execute(command)", command)
        state, since = None, time.monotonic()
        finished, moved = page.evaluate(_CELLS_RUN), time.monotonic()
        while True:
            count = page.evaluate(_CELLS_RUN)
            if count != finished:
                finished, moved = count, time.monotonic()
            if time.monotonic() - moved > stall:
                raise TimeoutError(f"no cell finished for {stall:.0f} s ({finished} run so far)")
            if time.monotonic() - started > ceiling:
                raise TimeoutError(f"the notebook was still running after {ceiling:.0f} s")
            now = page.evaluate(_RUN_STATE)
            if now != state:
                state, since = now, time.monotonic()
            # Between two cells the kernel is idle for a moment: trust a state that lasts.
            elif state is not None and time.monotonic() - since > 2:
                break
            time.sleep(0.5)
        if state["done"]:
            return resumed
        assert state["onPurpose"], f"Run All stopped at cell {state['stop']}, which raised"
        resumed.append(state["next"])
        page.evaluate("(n) => { window.jupyterapp.shell.currentWidget.content"
                      ".activeCellIndex = n; }", state["next"])
        command = "notebook:run-all-below"


#: How many of the notebook's code cells have run so far (the progress of a Run All).
_CELLS_RUN = """() => window.jupyterapp.shell.currentWidget.content.widgets
    .filter(c => c.model.type === 'code' && c.model.executionCount !== null).length"""

_RUN_STATE = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const kernel = panel.sessionContext.session?.kernel;
    const cells = panel.content.widgets;
    if (!kernel || kernel.status !== 'idle'
        || cells.some(c => c.model.type === 'code' && c.model.executionState === 'running')) {
        return null;
    }
    const waiting = cells.findIndex(c => c.model.type === 'code'
        && c.model.executionCount === null && c.model.sharedModel.source.trim());
    if (waiting < 0) return {done: true};
    // Run All has stopped: at the last cell run before the first one left over.
    let stop = waiting - 1;
    while (stop >= 0 && (cells[stop].model.type !== 'code'
                         || cells[stop].model.executionCount === null)) stop--;
    const tags = stop >= 0 ? (cells[stop].model.getMetadata('tags') || []) : [];
    return {done: false, next: waiting, stop, onPurpose: tags.includes('raises-exception')};
}"""


def outputs(page) -> list[dict]:
    """Every output of the open notebook, with its cell's number, tags and source."""
    return page.evaluate("""() => {
        const out = [];
        const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
        for (let i = 0; i < cells.length; i++) {
            const cell = cells.get(i);
            if (cell.type !== 'code') continue;
            for (const output of cell.outputs.toJSON()) {
                out.push({cell: i, output, tags: cell.getMetadata('tags') || [],
                          source: cell.sharedModel.source.slice(0, 200)});
            }
        }
        return out;
    }""")


def cell_errors(page) -> list[dict]:
    """The error outputs of the open notebook, each with its cell's tags and source."""
    return [{"cell": o["cell"], "ename": o["output"].get("ename"),
             "evalue": o["output"].get("evalue"), "tags": o["tags"], "source": o["source"]}
            for o in outputs(page) if o["output"]["output_type"] == "error"]


def cell_texts(page) -> list[str]:
    """Every output of the open notebook as text (Markdown and plain text)."""
    texts = []
    for o in outputs(page):
        data = o["output"].get("data", {})
        text = data.get("text/markdown") or data.get("text/plain") or o["output"].get("text", "")
        texts.append("".join(text) if isinstance(text, list) else str(text))
    return texts
