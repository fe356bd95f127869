"""The browser-only site's figures: its size, what a visit downloads, how long a visit waits for
its kernel — in headless Chromium, offline, as the tests open the site.

    python benchmarks/lite_site.py [--runs 5] [--site build/lite] [--notebooks 5]

The site is built (or kept, when nothing it is built from has changed: scripts/build_lite.py)
and served on 127.0.0.1 by a plain static server, which counts the bytes it sends. Each run
starts Chromium with a fresh profile and opens the site's front page (which goes on to
00-start-here): the *first visit* is timed from opening the page to the notebook's kernel being
idle, and the bytes sent until then are counted. Chromium is then closed and started again on
the same profile (its cache warm) for a *repeat visit*, measured the same way. Prints the p50
of the runs (and the spread); with ``--notebooks N``, the benchmark then opens the first N
notebooks one after another in one more first visit, and the bytes of that whole visit are
counted.

Goal (issue 29): kernel ready in at most 6 s on a repeat visit, 12 s on a first visit, on a
quiet 2-core machine; the load average is printed with the figures (a busy machine is slower).
Needs Debian's chromium. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts import build_lite  # noqa: E402
from tests.browser.lab import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from tests.browser.lite import OFFLINE_ARGS, StaticSite  # noqa: E402

START = build_lite.START
NOTEBOOKS = ("00-start-here.ipynb", "01-sumeria.ipynb", "02-tigris-euphrates.ipynb",
             "03-mesopotamia.ipynb", "04-priest-kings.ipynb", "05-analysis.ipynb",
             "06-royal-game-of-ur.ipynb")
#: The open notebook's kernel is up and idle.
KERNEL_IDLE = """(path) => { const w = window.jupyterapp?.shell?.currentWidget;
    const k = w?.sessionContext?.session?.kernel;
    return w?.context?.path === path && !!k && k.status === 'idle'; }"""


class CountingSite(StaticSite):
    """The static site, counting the bytes of every response it sends."""

    def __init__(self, folder: Path):
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


def visit(playwright, profile: Path, site: CountingSite, then_open: tuple[str, ...] = (),
          listing: list | None = None) -> tuple[float, int, int]:
    """Open the site's front page in Chromium on `profile`: seconds until the start notebook's
    kernel is idle, bytes sent until then, and bytes sent by the end of opening `then_open`;
    (bytes, path) of each response is added to `listing` if one is given."""
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
        page.wait_for_function(KERNEL_IDLE, arg=START, timeout=600_000, polling=100)
        seconds = time.perf_counter() - started
        first = site.sent - sent
        for name in then_open:
            path = f"notebooks/{name}"
            page.evaluate("(path) => { window.jupyterapp.commands.execute("
                          "'docmanager:open', {path}); }", path)
            page.wait_for_function(KERNEL_IDLE, arg=path, timeout=600_000, polling=200)
        time.sleep(1)  # what the open pages still fetch once idle
        if attempted:
            print(f"  requests that would leave the machine: {attempted}")
        return seconds, first, site.sent - sent
    finally:
        context.close()


def spread(values: list[float]) -> str:
    return f"p50 {statistics.median(values):.1f} (min {min(values):.1f}, max {max(values):.1f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=None,
                        help="a site already built (default: build or keep build/lite)")
    parser.add_argument("--notebooks", type=int, default=5,
                        help="notebooks the first run opens in one visit (0: none)")
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
    downloads: list[tuple[int, str]] = []
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                with tempfile.TemporaryDirectory(prefix="sumer-profile-") as profile:
                    seconds, sent, _ = visit(playwright, Path(profile), site,
                                             listing=downloads if run == 0 else None)
                    firsts.append(seconds)
                    first_bytes.append(sent)
                    seconds, sent, _ = visit(playwright, Path(profile), site)
                    repeats.append(seconds)
                    repeat_bytes.append(sent)
                print(f"  run {run + 1}: first visit {firsts[-1]:.1f} s "
                      f"({first_bytes[-1] / 1e6:.1f} MB), repeat visit {repeats[-1]:.1f} s "
                      f"({repeat_bytes[-1] / 1e6:.2f} MB)", flush=True)
            if args.notebooks > 1:
                with tempfile.TemporaryDirectory(prefix="sumer-profile-") as profile:
                    _, _, visit_bytes = visit(playwright, Path(profile), site,
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
    print(f"repeat visit, seconds to a ready kernel: {spread(repeats)} (goal: at most 6 s)")
    print(f"load average after: {os.getloadavg()[0]:.1f} (the goal is for a quiet machine)")


if __name__ == "__main__":
    main()
