// Sumer's browser-only site: a board saved live says how to make it live again.
//
// A notebook run in the site is saved (autosave) with its boards' outputs as widget views. On
// a reload the kernel is new and holds none of those widgets, so JupyterLab's widget renderer
// shows "Loading widget..." (or "Error displaying widget: model not found") for ever. Each
// Sumer board's output also carries its saved view (text/html: the picture and "▶ Run this cell
// to play on this board." in the board's own language, sumer_widgets.base.saved_view): where a
// widget view stays unrendered while the kernel is idle, this shows that saved view instead.
// Only its image (an SVG data URL) and its words are taken, never its markup. When the widget
// does render (the cell is run again), JupyterLab empties the output and this note goes.
(function () {
  "use strict";
  const VIEW = "application/vnd.jupyter.widget-view+json";
  const STUCK = /^(Loading widget\.\.\.|Error displaying widget: model not found)$/;
  const seen = new WeakSet();

  function savedView(html, sanitizer) {
    const note = document.createElement("div");
    note.className = "sumer-board-waiting jp-RenderedHTMLCommon";
    // JupyterLab's own sanitizer, as for the HTML of any notebook it does not trust.
    note.innerHTML = sanitizer.sanitize(html);
    return note;
  }

  function check() {
    const app = window.jupyterapp;
    const panel = app && app.shell && app.shell.currentWidget;
    const cells = panel && panel.content && panel.content.widgets;
    if (!cells || !panel.sessionContext) return;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    if (kernel && kernel.status !== "idle") return;
    for (const cell of cells) {
      if (!cell.outputArea || !cell.model || !cell.model.outputs) continue;
      const children = cell.outputArea.node.querySelectorAll(":scope > .jp-OutputArea-child");
      children.forEach((child, index) => {
        const node = child.querySelector(":scope > .jp-OutputArea-output");
        if (!node || node.children.length || !STUCK.test(node.textContent.trim())) return;
        const output = index < cell.model.outputs.length ? cell.model.outputs.get(index) : null;
        if (!output || !output.data || !(VIEW in output.data)) return;
        // Once seen stuck, shown at the next look: a view that renders is not stuck that long.
        if (!seen.has(node)) { seen.add(node); return; }
        const html = output.data["text/html"];
        const sanitizer = panel.content.rendermime && panel.content.rendermime.sanitizer;
        if (!html || !sanitizer) return;
        const text = Array.isArray(html) ? html.join("") : String(html);
        node.replaceChildren(savedView(text, sanitizer));
      });
    }
  }

  setInterval(check, 1000);
})();
