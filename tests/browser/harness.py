"""Run a board's ES module in a blank page with a stand-in for the anywidget model."""

from __future__ import annotations

from typing import Any

# ipywidgets' own synced traits that a board's front end never reads.
WIDGET_TRAITS = {"layout", "tabbable", "tooltip"}

MOUNT = """async ({ esm, css, state }) => {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const module = await import(url);
  const listeners = {};
  window.sent = [];
  window.modelState = state;
  window.model = {
    get: (key) => window.modelState[key],
    set: (key, value) => {
      window.modelState[key] = value;
      (listeners["change:" + key] || []).forEach((f) => f());
    },
    on: (event, f) => { (listeners[event] ||= []).push(f); },
    off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
    save_changes: () => { window.saved = (window.saved || 0) + 1; },
    send: (message) => window.sent.push(message),
  };
  // Like a kernel update: every value is in place before any change event fires.
  window.update = (changes) => {
    const changed = Object.keys(changes).filter(
      (key) => JSON.stringify(window.modelState[key]) !== JSON.stringify(changes[key]));
    Object.assign(window.modelState, changes);
    for (const key of changed) (listeners["change:" + key] || []).forEach((f) => f());
  };
  // Like widget.send(...) from Python: a custom message to the page.
  window.emit = (message) => (listeners["msg:custom"] || []).forEach((f) => f(message, []));
  const root = document.getElementById("root");
  window.cleanup = module.default.render({ model: window.model, el: root });
}"""


def synced_state(widget: Any) -> dict[str, Any]:
    """Every trait the board syncs to its front end (those of its class and of BoardWidget)."""
    return {key: getattr(widget, key) for key in widget.trait_names(sync=True)
            if not key.startswith("_") and key not in WIDGET_TRAITS}


def mount(page, widget) -> None:
    """Show `widget`'s front end in `page`, fed with the widget's current traits."""
    page.set_content("<!doctype html><html><body><div id='root'></div></body></html>")
    page.evaluate(MOUNT, {"esm": widget._esm, "css": widget._css, "state": synced_state(widget)})


def push(page, widget) -> None:
    """Send the widget's traits again, as the kernel does after a change."""
    page.evaluate("(changes) => window.update(changes)", synced_state(widget))
