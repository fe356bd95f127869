"""How fast the boards answer clicks, in a real JupyterLab in headless Chromium.

    python benchmarks/widget_latency.py [--clicks 60] [--board sumeria] [--busy 2]

Each board's scenario is a module of benchmarks/latency/ (for Sumeria: click a trader until its
destinations are drawn — the page alone, from the synced choices — and click a destination until
the board is redrawn — a round trip through the kernel). Each time is measured in the page, from
the click event to the end of the frame that shows the change. Prints p50 and p95 per measure
(goal: p95 at most 100 ms). The server is the one `make lab` starts, with Sumer's server extension
(`sumer_server`: kernel messages without Nagle's delay). `--busy N` keeps N other processes
spinning meanwhile, to see how much headroom the boards keep on a busy machine; the load average
is printed before and after. Needs Debian's chromium.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.lab import CHROMIUM, LAUNCH_ARGS, Lab, run_notebook  # noqa: E402


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def scenarios(names):
    found = sorted(p.stem for p in (ROOT / "benchmarks" / "latency").glob("[a-z]*.py"))
    return [importlib.import_module(f"benchmarks.latency.{n}") for n in found
            if not names or n in names]


def spin() -> None:
    """A process that only burns CPU (a stand-in for the rest of a busy machine)."""
    while True:
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--board", action="append", default=[],
                        help="only this board's scenario (repeatable)")
    parser.add_argument("--busy", type=int, default=0,
                        help="processes kept spinning during the measure (default: none)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit("needs Debian's chromium (apt-get install chromium)")
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for spinner in spinners:
        spinner.start()
    load_before = os.getloadavg()[0]
    try:
        results = measure(args)
    finally:
        for spinner in spinners:
            spinner.terminate()
    print(f"Board latency in JupyterLab + headless Chromium (goal: p95 at most 100 ms); "
          f"{args.busy} spinning processes, load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after")
    for name, times in results.items():
        print(f"  {name} ({len(times)} clicks): p50 {statistics.median(times):6.1f} ms, "
              f"p95 {percentile(times, 95):6.1f} ms, max {max(times):6.1f} ms")


def measure(args: argparse.Namespace) -> dict[str, list[float]]:
    """Each scenario's times, by measure, in milliseconds."""
    results: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for module in scenarios(args.board):
            root = Path(tempfile.mkdtemp())
            cell = nbformat.v4.new_code_cell(module.SETUP.strip())
            notebook = nbformat.v4.new_notebook(cells=[cell])
            notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                               "language": "python"}
            nbformat.write(notebook, root / "latency.ipynb")
            lab = Lab(root, Path(tempfile.mkdtemp()))
            try:
                page = browser.new_page(viewport={"width": 1200, "height": 1100})
                run_notebook(page, lab, "latency.ipynb")
                results.update(module.measure(page, args.clicks))
                page.close()
            finally:
                lab.stop()
        browser.close()
    return results


if __name__ == "__main__":
    main()
