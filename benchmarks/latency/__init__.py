"""Latency scenarios, one module per board: each has a ``SETUP`` (the notebook cell that shows
the board) and ``measure(page, clicks) -> {label: [milliseconds]}``."""

from __future__ import annotations

# Times a click in the page: from dispatching it to the end of the frame that shows the change.
# The change is caught by a MutationObserver the moment the page makes it (a timer polling for
# it would run only after the tasks queued before it, often a whole frame late). A frame's
# rendering follows its animation-frame callbacks, so a task queued in one runs once the frame
# that shows the change has been drawn.
_TIME_CLICK = """async ([selector, done, before]) => {
  const target = document.querySelector(selector);
  const check = new Function("before", "return (" + done + ")(before)");
  let observer = null;
  const changed = new Promise((resolve) => {
    observer = new MutationObserver(() => { if (check(before)) resolve(); });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true,
                                      characterData: true });
  });
  const start = performance.now();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  if (!check(before)) await changed;
  observer.disconnect();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - start;
}"""


def time_click(page, selector: str, done: str, before: object = None) -> float:
    """Milliseconds from a click on `selector` until the frame in which `done(before)` first
    holds has been drawn."""
    return page.evaluate(_TIME_CLICK, [selector, done, before])
