"""Keyboard-only play and the accessibility audit, for the browser tests of every board.

`walk_to` moves the focus over a board's map with the arrow keys alone, as a learner without a
mouse would: from where the focus is, the shortest way of arrow presses to the target.
`audit` runs axe-core (bundled by the PyPI package axe-playwright-python: no CDN) on one board's
element and returns its serious and critical violations.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

ACTIVE = """() => {
  const node = document.activeElement;
  if (!node || !node.matches('svg [tabindex]')) return null;
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2,
           label: node.getAttribute('aria-label') };
}"""


def enter_map(page, board: str) -> None:
    """Put the focus on the board's map where Tab would land: its one element in the Tab order
    (getting there by Tab through a whole notebook is JupyterLab's business, not the board's)."""
    page.focus(f'{board} .sumer-host svg [tabindex="0"]')


def focused(page) -> dict | None:
    """The map element that has the focus: its centre and accessible name."""
    return page.evaluate(ACTIVE)


# The arrow keys' rule of base.js (the nearest element that way: straight ahead counts, sideways
# double), used to plan the shortest walk; the walk itself is real key presses.
PLAN = """([board, target]) => {
  const all = Array.from(document.querySelectorAll(board + ' .sumer-host svg [tabindex]'));
  const goal = document.querySelector(board + ' .sumer-host ' + target);
  const centre = (n) => { const r = n.getBoundingClientRect();
                          return [r.left + r.width / 2, r.top + r.height / 2]; };
  const at = all.map(centre);
  const keys = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  const step = (i, [dx, dy]) => {
    let best = -1, cost = Infinity;
    at.forEach(([x, y], j) => {
      const ahead = (x - at[i][0]) * dx + (y - at[i][1]) * dy;
      if (ahead < 1) return;
      const c = ahead + 2 * Math.abs((x - at[i][0]) * dy - (y - at[i][1]) * dx);
      if (c < cost) { best = j; cost = c; }
    });
    return best;
  };
  const start = all.indexOf(document.activeElement);
  const end = all.indexOf(goal.closest('[tabindex]'));
  if (start < 0 || end < 0) return null;
  const from = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const i = queue.shift();
    if (i === end) break;
    for (const [key, d] of Object.entries(keys)) {
      const j = step(i, d);
      if (j >= 0 && !from.has(j)) { from.set(j, [i, key]); queue.push(j); }
    }
  }
  if (!from.has(end)) return null;
  const path = [];
  for (let i = end; from.get(i); i = from.get(i)[0]) path.unshift(from.get(i)[1]);
  return path;
}"""


def walk_to(page, board: str, target: str) -> list[str]:
    """Move the focus to `target` (a selector inside `board`'s map) with the arrow keys alone,
    by the shortest way; returns the keys pressed."""
    keys = page.evaluate(PLAN, [board, target])
    assert keys is not None, f"{target} cannot be reached by arrow keys from the focus"
    for key in keys:
        page.keyboard.press(key)
    here = page.evaluate("([b, t]) => document.activeElement === "
                         "document.querySelector(b + ' .sumer-host ' + t).closest('[tabindex]')",
                         [board, target])
    assert here, f"the arrow keys {keys} did not end on {target}"
    return keys


def audit(page, board: str) -> list[str]:
    """axe-core's serious and critical violations on the board's element, one line each."""
    results = Axe().run(page, context=board, options={"resultTypes": ["violations"]})
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                        for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
