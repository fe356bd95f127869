"""The browser-only site's figures: its size, what a visit downloads, how long a visit waits —
for a lesson's kernel and for a board page's first move — in headless Chromium, offline, as the
tests open the site.

    python benchmarks/lite_site.py [--runs 5] [--site build/lite] [--notebooks 5]
                                   [--pages sumeria,...] [--only lessons|pages]

The site is built (or kept, when nothing it is built from has changed: scripts/build_lite.py)
and served on 127.0.0.1 by a plain static server, which counts the bytes it sends. Each run
starts Chromium with a fresh profile and opens the site's front page (which goes on to
00-start-here): the *first visit* is timed from opening the page to the notebook's kernel being
idle, and the bytes sent until then are counted. Chromium is then closed and started again on
the same profile (its cache warm) for a *repeat visit*, measured the same way. Prints the p50
of the runs (and the spread); with ``--notebooks N``, the benchmark then opens the first N
notebooks one after another in one more first visit, and the bytes of that whole visit are
counted.

The board pages (``<site>/apps/<game>/``, issue 45) are measured the same way, each game in a
fresh profile, first and repeat visit: from opening the page to the first legal move playable
(the board drawn, answering, and the person to move), with the bytes sent until then — by
this plain server, and as a host that compresses on the fly (GitHub Pages, Netlify, nginx with
gzip) would send the same files — and how that time splits (Pyodide with the board's packages,
then the board's Python).

Goals (issues 29 and 45): a lesson's kernel ready in at most 6 s on a repeat visit, 12 s on a
first; a board page's first move in at most 3 s on a repeat visit and 6 s on a first, with at
most 15 MB downloaded — on a quiet 2-core machine; the load average is printed with the figures
(a busy machine is slower). Needs Debian's chromium. Asserts nothing.

Tried for the lessons' kernel (issue 45; p50, repeat visits unless said, 2 cores with a load
average of 5 to 7 from other work):

- kept: `import sumer_widgets` imports what a cell names when it asks (no widget library, no
  engine but the one used): 00-start-here's first cell 1.7 s -> 1.1 s;
- kept: the wheels leave out packages' own tests (networkx 3.6 -> 2.8 MB): a first visit that
  opens five notebooks 46.2 -> 45.2 MB;
- dropped: ``<link rel="preload">`` in the lessons' page for Pyodide and the kernel's wheels,
  so they download while JupyterLab starts: first visit 12.4 and 13.7 s without, 13.5 and
  14.5 s with (two rounds of 2 runs) — from 127.0.0.1 the wait is the CPU's, not the network's;
- dropped: not preloading jedi: ``import IPython`` takes as long without it (1.45-1.65 s in
  Pyodide under Node.js), and the kernel installs it itself when it is not preloaded;
- blocked: Pyodide's memory snapshot (314.0.6, ``_makeSnapshot``/``_loadSnapshot``). A
  snapshot is refused once ``loadPackage`` has run ("Unexpected hiwire entry at index 6");
  with the wheels unpacked by Python instead, a snapshot after the imports is made (37.7 MB,
  10 MB gzipped) but cannot be restored: restoring fits only a heap no larger than the one
  Pyodide starts with (31.5 MB; "RangeError: offset is out of bounds"), and the kernel's, after
  IPython, is larger still and holds JavaScript objects (its comms and streams);
- in place since issue 29: a lock file that lists only the site's own wheels.

What is left on a repeat visit: JupyterLab until it asks for the kernel (about 4 s here), then
the kernel's worker: Pyodide, its 19 preloaded wheels, ``import IPython`` and the kernel's start.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from engine.core import RULESETS  # noqa: E402
from scripts import build_lite  # noqa: E402
from tests.browser.lab import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from tests.browser.lite import OFFLINE_ARGS, StaticSite  # noqa: E402

START = build_lite.START
NOTEBOOKS = ("00-start-here.ipynb", "01-sumeria.ipynb", "02-tigris-euphrates.ipynb",
             "03-mesopotamia.ipynb", "04-priest-kings.ipynb", "05-analysis.ipynb",
             "06-royal-game-of-ur.ipynb", "08-variant-lab.ipynb")
#: The open notebook's kernel is up and idle.
KERNEL_IDLE = """(path) => { const w = window.jupyterapp?.shell?.currentWidget;
    const k = w?.sessionContext?.session?.kernel;
    return w?.context?.path === path && !!k && k.status === 'idle'; }"""


class CountingSite(StaticSite):
    """The static site, counting the bytes of every response it sends."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.sent = 0
        self._lock = threading.Lock()
        super().__init__(folder, on_send=self._count)

    def _count(self, size: int) -> None:
        with self._lock:
            self.sent += size


def site_size(folder: Path) -> tuple[int, int]:
    """Bytes and files of the site on disk."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def biggest(folder: Path, count: int = 8) -> list[tuple[int, str]]:
    files = [(p.stat().st_size, p.relative_to(folder).as_posix())
             for p in folder.rglob("*") if p.is_file()]
    return sorted(files, reverse=True)[:count]


#: The open notebook has a kernel (JupyterLab has started and asked for one).
KERNEL_MADE = """(path) => { const w = window.jupyterapp?.shell?.currentWidget;
    return w?.context?.path === path && !!w?.sessionContext?.session?.kernel; }"""
#: Run `code` in the open notebook's kernel: milliseconds until it is done.
RUN_CELL = """async (code) => { const kernel = window.jupyterapp.shell.currentWidget
    .sessionContext.session.kernel; const started = performance.now();
    await kernel.requestExecute({code}).done; return performance.now() - started; }"""


def first_cell(path: str) -> str:
    """The source of the first code cell of the notebook at `path` (its set-up)."""
    notebook = json.loads((ROOT / path).read_text(encoding="utf-8"))
    cell = next(c for c in notebook["cells"] if c["cell_type"] == "code")
    return "".join(cell["source"])


def visit(playwright, profile: Path, site: CountingSite, then_open: tuple[str, ...] = (),
          listing: list | None = None) -> tuple[float, int, int, dict]:
    """Open the site's front page in Chromium on `profile`: seconds until the start notebook's
    kernel is idle, bytes sent until then, bytes sent by the end of opening `then_open`, and the
    parts (seconds): until JupyterLab has made the kernel, and the notebook's first cell run
    once the kernel is idle; (bytes, path) of each response is added to `listing` if one is
    given."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True,
        args=LAUNCH_ARGS + OFFLINE_ARGS, viewport={"width": 1280, "height": 900})
    try:
        # No route here: Playwright's routing turns the browser's HTTP cache off, which a repeat
        # visit measures. Nothing leaves the machine anyway (OFFLINE_ARGS resolves no name);
        # what tried to is listed.
        attempted = []
        context.on("request", lambda request: attempted.append(request.url)
                   if not request.url.startswith(site.url) and request.url.startswith("http")
                   else None)
        page = context.pages[0] if context.pages else context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        if listing is not None:
            context.on("requestfinished", lambda request: listing.append(
                (request.sizes()["responseBodySize"], request.url[len(site.url):])))
        sent = site.sent
        started = time.perf_counter()
        page.goto(f"{site.url}/")
        page.wait_for_function(KERNEL_MADE, arg=START, timeout=600_000, polling=50)
        made = time.perf_counter() - started
        page.wait_for_function(KERNEL_IDLE, arg=START, timeout=600_000, polling=50)
        seconds = time.perf_counter() - started
        first = site.sent - sent
        cell = page.evaluate(RUN_CELL, first_cell(START)) / 1000
        for name in then_open:
            path = f"notebooks/{name}"
            page.evaluate("(path) => { window.jupyterapp.commands.execute("
                          "'docmanager:open', {path}); }", path)
            page.wait_for_function(KERNEL_IDLE, arg=path, timeout=600_000, polling=200)
        time.sleep(1)  # what the open pages still fetch once idle
        if attempted:
            print(f"  requests that would leave the machine: {attempted}")
        return seconds, first, site.sent - sent, {"made": made, "cell": cell}
    finally:
        context.close()


#: A board page's first legal move is playable: the board drawn and answering (page.js), the
#: person to move ("Bot moves" cannot be pressed).
MOVE_PLAYABLE = """(game) => document.querySelector('main.sumer-page')?.dataset.state === 'ready'
    && document.querySelector(`.sumer-board[data-name="${game}"] button.sumer-bot`)?.disabled"""


#: What a host that compresses on the fly sends compressed (GitHub Pages, Netlify, Cloudflare
#: Pages, nginx with gzip on): text, code and WebAssembly; zip files (wheels, the standard
#: library) are compressed already.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt", ".md",
                ".ipynb"}


@functools.cache
def sent_by_a_compressing_host(path: Path) -> int:
    """How many bytes a host that compresses on the fly (gzip, level 6) sends of `path`."""
    data = path.read_bytes()
    return len(gzip.compress(data, 6)) if path.suffix in COMPRESSIBLE else len(data)


def page_visit(playwright, profile: Path, site: CountingSite, game: str
               ) -> tuple[float, int, int, dict]:
    """Open `game`'s board page in Chromium on `profile`: seconds until its first move is
    playable, bytes sent until then (by this plain static server, and as a host that
    compresses on the fly would send the files the server sent), and the page's own timing
    (ms: Pyodide and packages loaded, the board drawn)."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True,
        args=LAUNCH_ARGS + OFFLINE_ARGS, viewport={"width": 1280, "height": 720})
    try:
        attempted = []
        context.on("request", lambda request: attempted.append(request.url)
                   if not request.url.startswith(site.url) and request.url.startswith("http")
                   else None)
        page = context.pages[0] if context.pages else context.new_page()
        served: list[Path] = []
        context.on("requestfinished", lambda request: served.append(
            site.folder / urlsplit(request.url).path.lstrip("/"))
            if request.url.startswith(site.url) and request.response()
            and request.response().status == 200 and not request.response().from_service_worker
            else None)
        sent = site.sent
        started = time.perf_counter()
        page.goto(f"{site.url}/apps/{game}/")
        page.wait_for_function(MOVE_PLAYABLE, arg=game, timeout=600_000, polling=50)
        seconds = time.perf_counter() - started
        raw = site.sent - sent
        timing = page.evaluate("() => window.sumerPage.timing")
        if attempted:
            print(f"  requests that would leave the machine: {attempted}")
        files = [path / "index.html" if path.is_dir() else path for path in served]
        compressed = sum(sent_by_a_compressing_host(path) for path in files if path.is_file())
        return seconds, raw, compressed if raw else 0, timing
    finally:
        context.close()


def measure_pages(playwright, site: CountingSite, games: list[str], runs: int) -> None:
    """Print each game's board page figures, p50 of `runs`."""
    print(f"board pages, from opening the page to the first legal move playable ({runs} runs "
          "each; first visit in a fresh profile, then a repeat visit):")
    every_first, every_repeat, every_raw, every_packed = [], [], [], []
    for game in games:
        firsts, repeats, raw, packed, again, parts = [], [], [], [], [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="sumer-profile-") as profile:
                seconds, sent, compressed, _ = page_visit(playwright, Path(profile), site, game)
                firsts.append(seconds)
                raw.append(sent)
                packed.append(compressed)
                seconds, sent, _, timing = page_visit(playwright, Path(profile), site, game)
                repeats.append(seconds)
                again.append(sent)
                parts.append(timing)
        every_first += firsts
        every_repeat += repeats
        every_raw += raw
        every_packed += packed
        pyodide = statistics.median(t["pyodide"] for t in parts) / 1000
        board = statistics.median(t["board"] for t in parts) / 1000
        print(f"  {game:13} first visit {spread(firsts)} s, {max(raw) / 1e6:.1f} MB "
              f"({max(packed) / 1e6:.1f} MB from a compressing host); repeat visit "
              f"{spread(repeats)} s, {max(again) / 1e6:.2f} MB (Pyodide and its packages "
              f"{pyodide:.1f} s, then the board's Python {board:.1f} s)", flush=True)
    print(f"board pages, every game: first visit p50 {statistics.median(every_first):.1f} s "
          f"(goal: at most 6 s), repeat visit p50 {statistics.median(every_repeat):.1f} s "
          f"(goal: at most 3 s); a first visit downloads at most {max(every_packed) / 1e6:.1f} "
          f"MB from a host that compresses (goal: at most 15 MB), "
          f"{max(every_raw) / 1e6:.1f} MB from one that does not")


def spread(values: list[float]) -> str:
    return f"p50 {statistics.median(values):.1f} (min {min(values):.1f}, max {max(values):.1f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=None,
                        help="a site already built (default: build or keep build/lite)")
    parser.add_argument("--notebooks", type=int, default=5,
                        help="notebooks the first run opens in one visit (0: none)")
    parser.add_argument("--pages", default=",".join(RULESETS),
                        help="the games whose board pages are measured (comma-separated)")
    parser.add_argument("--only", choices=["lessons", "pages"], default=None,
                        help="measure only the lessons' kernel, or only the board pages")
    args = parser.parse_args(argv)
    folder = args.site or build_lite.build(build_lite.DEFAULT_OUT)
    size, files = site_size(folder)
    print(f"Sumer's browser-only site in headless Chromium, offline ({folder}); "
          f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"site on disk: {size / 1e6:.1f} MB in {files} files; the biggest:")
    for bytes_, name in biggest(folder):
        print(f"  {bytes_ / 1e6:6.1f} MB  {name}")
    site = CountingSite(folder)
    firsts, repeats, first_bytes, repeat_bytes, visit_bytes = [], [], [], [], None
    parts: dict[str, list[float]] = {"made": [], "cell": []}
    downloads: list[tuple[int, str]] = []
    try:
        with sync_playwright() as playwright:
            if args.only != "lessons":
                measure_pages(playwright, site, args.pages.split(","), args.runs)
            if args.only == "pages":
                return
            for run in range(args.runs):
                with tempfile.TemporaryDirectory(prefix="sumer-profile-") as profile:
                    seconds, sent, _, _ = visit(playwright, Path(profile), site,
                                                listing=downloads if run == 0 else None)
                    firsts.append(seconds)
                    first_bytes.append(sent)
                    seconds, sent, _, split = visit(playwright, Path(profile), site)
                    repeats.append(seconds)
                    repeat_bytes.append(sent)
                    for key, value in split.items():
                        parts[key].append(value)
                print(f"  run {run + 1}: first visit {firsts[-1]:.1f} s "
                      f"({first_bytes[-1] / 1e6:.1f} MB), repeat visit {repeats[-1]:.1f} s "
                      f"({repeat_bytes[-1] / 1e6:.2f} MB)", flush=True)
            if args.notebooks > 1:
                with tempfile.TemporaryDirectory(prefix="sumer-profile-") as profile:
                    _, _, visit_bytes, _ = visit(playwright, Path(profile), site,
                                                 NOTEBOOKS[1:args.notebooks])
    finally:
        site.stop()
    print("the biggest downloads of the first visit (run 1):")
    for bytes_, name in sorted(downloads, reverse=True)[:10]:
        print(f"  {bytes_ / 1e6:6.2f} MB  {name.split('?')[0]}")
    mb = [b / 1e6 for b in first_bytes]
    print(f"first visit, downloaded until the kernel of 00-start-here is idle: {spread(mb)} MB")
    print(f"repeat visit, downloaded: {spread([b / 1e6 for b in repeat_bytes])} MB")
    if visit_bytes is not None:
        print(f"a first visit that opens {args.notebooks} notebooks, one after another, "
              f"downloads {visit_bytes / 1e6:.1f} MB (one run)")
    print(f"first visit, seconds to a ready kernel: {spread(firsts)} (goal: at most 12 s)")
    print(f"repeat visit, seconds to a ready kernel: {spread(repeats)} (goal: at most 6 s); "
          f"of which JupyterLab until it asks for the kernel {spread(parts['made'])}, then "
          "the kernel")
    print(f"repeat visit, seconds to run 00-start-here's first cell once the kernel is idle: "
          f"{spread(parts['cell'])}")
    print(f"load average after: {os.getloadavg()[0]:.1f} (the goal is for a quiet machine)")


if __name__ == "__main__":
    main()
