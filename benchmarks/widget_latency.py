"""How fast the boards answer clicks, in a real JupyterLab in headless Chromium.

    python benchmarks/widget_latency.py [--clicks 60]

For Sumeria (hot-seat, so every move is a click):

- click on a trader → its destinations drawn (the page alone: highlights come from the synced
  choices, no round trip);
- click on a destination → the board redrawn with the move played (a round trip through the
  kernel: the intent, the engine's check, the new picture and choices).

Each time is measured in the page, from the click event until the next frame after the change.
Prints p50 and p95 (goal: p95 at most 100 ms for both). Needs Debian's chromium.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import nbformat
from playwright.sync_api import sync_playwright

from tests.browser.lab import CHROMIUM, LAUNCH_ARGS, Lab, kernel_eval, run_notebook

SETUP = """
from engine import sumeria
from sumer_widgets import SumeriaBoard
game = sumeria.new_game(players=3, seed=11)
while game.state.phase == "placement":
    game.play(game.legal_moves()[(len(game.moves) * 7) % len(game.legal_moves())])
bench = SumeriaBoard(game, name="bench")
bench
"""

# Times a click in the page: from dispatching it to the frame after `done()` holds.
TIME_CLICK = """async ([selector, done, before]) => {
  const target = document.querySelector(selector);
  const start = performance.now();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const check = new Function("before", "return (" + done + ")(before)");
  while (!check(before)) await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => requestAnimationFrame(() => r()));
  return performance.now() - start;
}"""

BOARD = '.sumer-board[data-name="bench"]'


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit("needs Debian's chromium (apt-get install chromium)")
    root = Path(tempfile.mkdtemp())
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SETUP.strip())])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, root / "latency.ipynb")
    lab = Lab(root, Path(tempfile.mkdtemp()))
    highlight, redraw = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 1100})
            run_notebook(page, lab, "latency.ipynb")
            page.wait_for_selector(f"{BOARD} svg")
            while len(redraw) < args.clicks:
                choices = json.loads(kernel_eval(
                    page, "import json; print(json.dumps(bench.choices))"))
                if choices.get("phase") != "turns":
                    if choices.get("phase") == "scoring":
                        kernel_eval(page, "bench.play(bench.game.legal_moves()[0])")
                        continue
                    break
                trader, paths = next((t, d) for t, d in choices["traders"].items() if d)
                highlight.append(page.evaluate(TIME_CLICK, [
                    f'{BOARD} [data-loc="{trader}"]',
                    f"() => document.querySelectorAll('{BOARD} circle.sumer-dest').length "
                    f"=== {len(paths)}", None]))
                drawn = page.get_attribute(f"{BOARD} .sumer-host", "data-drawn")
                redraw.append(page.evaluate(TIME_CLICK, [
                    f'{BOARD} [data-loc="{sorted(paths)[0]}"]',
                    f"(before) => document.querySelector('{BOARD} .sumer-host')"
                    ".dataset.drawn !== before", drawn]))
            browser.close()
    finally:
        lab.stop()
    print(f"Sumeria board latency in JupyterLab + headless Chromium ({len(redraw)} moves)")
    for name, times in (("click trader → destinations drawn", highlight),
                        ("click destination → board redrawn", redraw)):
        print(f"  {name}: p50 {statistics.median(times):6.1f} ms, "
              f"p95 {percentile(times, 95):6.1f} ms, max {max(times):6.1f} ms")


if __name__ == "__main__":
    main()
