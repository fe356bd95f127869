"""Latency scenarios, one module per board: each has a ``SETUP`` (the notebook cell that shows
the board) and ``measure(page, clicks) -> {label: [milliseconds]}``."""

from __future__ import annotations

# Times a click in the page: from dispatching it to the frame after `done()` holds.
_TIME_CLICK = """async ([selector, done, before]) => {
  const target = document.querySelector(selector);
  const start = performance.now();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const check = new Function("before", "return (" + done + ")(before)");
  while (!check(before)) await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => requestAnimationFrame(() => r()));
  return performance.now() - start;
}"""



def time_click(page, selector: str, done: str, before: object = None) -> float:
    """Milliseconds from a click on `selector` until the frame after `done(before)` holds."""
    return page.evaluate(_TIME_CLICK, [selector, done, before])
