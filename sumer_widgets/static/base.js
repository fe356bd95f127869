// Shared front end of the Sumer boards (concatenated before each board's module by Python).
// It draws what Python sends (the `svg` trait), keeps the frame around it — toolbar, history
// slider, prompt, refusal banner, log — and turns clicks into intents sent to Python.
// It never decides whether a move is legal: `choices` (computed by the engine) says what a
// click may do, and Python checks every intent again.

const SVG_NS = "http://www.w3.org/2000/svg";
// The smallest text a player reads on a board, in CSS px (sumer_widgets/svg.py, LEGIBLE_PX).
const LEGIBLE_PX = 12;

function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

function svgNode(tag, props = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(props)) node.setAttribute(key, value);
  return node;
}

// Turn `node` into `next` in place, touching only what differs. A move changes a few pieces
// and lines of text; replacing the whole picture would make the browser restyle and repaint
// all of it (and, for its <style>, the whole page), which is most of a redraw's cost.
function morph(node, next) {
  if (node.nodeType !== next.nodeType || node.nodeName !== next.nodeName) {
    node.replaceWith(next);
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) {
    if (node.nodeValue !== next.nodeValue) node.nodeValue = next.nodeValue;
    return;
  }
  if (node.isEqualNode(next)) return;
  for (const attr of Array.from(node.attributes)) {
    if (!next.hasAttributeNS(attr.namespaceURI, attr.localName)) {
      node.removeAttributeNS(attr.namespaceURI, attr.localName);
    }
  }
  for (const attr of Array.from(next.attributes)) {
    if (node.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
      node.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
  }
  morphChildren(node, Array.from(next.childNodes));
}

// Two nodes that are probably the same piece or layer in two drawings: same kind of element,
// same class and the same place or id (the data-* keys the boards click on).
const MORPH_KEYS = ["id", "class", "data-loc", "data-city", "data-cell", "data-slot", "data-army"];
function sameKind(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return MORPH_KEYS.every((key) => a.getAttribute(key) === b.getAttribute(key));
}

// A move adds or removes a piece somewhere in a long list of children (a tile, a native, a
// marker). Children that match from the start and from the end are morphed; only those in
// between are replaced. Replacing the whole list made the browser restyle every element of a
// Tigris or Mesopotamia picture after each move.
function morphChildren(node, wanted) {
  const old = Array.from(node.childNodes);
  let start = 0;
  while (start < old.length && start < wanted.length && sameKind(old[start], wanted[start])) start++;
  let endOld = old.length;
  let endNew = wanted.length;
  while (endOld > start && endNew > start && sameKind(old[endOld - 1], wanted[endNew - 1])) {
    endOld--;
    endNew--;
  }
  const after = old[endOld] ?? null;
  for (let i = start; i < endOld; i++) old[i].remove();
  for (let i = start; i < endNew; i++) node.insertBefore(wanted[i], after);
  for (let i = 0; i < start; i++) morph(old[i], wanted[i]);
  for (let i = 0; i < old.length - endOld; i++) morph(old[endOld + i], wanted[endNew + i]);
}

// The frame every board shares. `onClick(target, event)` gets the clicked SVG element that
// carries a data-* key the board cares about; `drawExtras(frame)` fills the prompt area.
function mountFrame({ model, el, onClick, drawExtras, onRedraw, on = {}, clickable = "[data-loc]" }) {
  el.classList.add("sumer-board");
  const words = () => model.get("words") || {};
  const name = model.get("name");
  if (name) el.dataset.name = name;
  // The board's language, so that a screen reader speaks a Dutch board's names in Dutch.
  const setLang = () => { el.lang = model.get("lang") || "en"; };
  setLang();

  const undo = h("button", { class: "sumer-undo", type: "button",
    onclick: () => model.send({ intent: "undo" }) });
  const bot = h("button", { class: "sumer-bot", type: "button",
    onclick: () => model.send({ intent: "bot" }) });
  const autoplay = h("input", { type: "checkbox", class: "sumer-autoplay",
    onchange: (e) => model.send({ intent: "autoplay", value: e.target.checked }) });
  const autoplayLabel = h("label", { class: "sumer-autoplay-label" }, autoplay, h("span"));
  const slider = h("input", { type: "range", min: "0", class: "sumer-slider",
    oninput: (e) => { model.set("ply", Number(e.target.value)); model.save_changes(); } });
  const sliderLabel = h("span", { class: "sumer-ply" });
  const resume = h("button", { class: "sumer-resume", type: "button",
    onclick: () => model.send({ intent: "resume" }) });
  const latest = h("button", { class: "sumer-latest", type: "button",
    onclick: () => { model.set("ply", model.get("plies")); model.save_changes(); } });
  const toolbar = h("div", { class: "sumer-toolbar" }, undo, bot, autoplayLabel);
  // The toolbar and the history slider head the column beside the picture: nothing but a
  // task's goal sits above the picture, which keeps the page's whole height (issues 29, 44).
  const history = h("div", { class: "sumer-history" }, sliderLabel, slider, latest, resume);
  const status = h("div", { class: "sumer-status", role: "status" });
  const host = h("div", { class: "sumer-host" });
  const prompt = h("div", { class: "sumer-prompt" });
  const error = h("div", { class: "sumer-error", role: "alert" });
  const logTitle = h("summary");
  // Focusable, so that a keyboard can scroll it.
  const log = h("ol", { class: "sumer-log", tabindex: "0" });
  const logBox = h("details", { class: "sumer-log-box", open: "" }, logTitle, log);
  const task = mountTask(model);
  const coach = mountCoach(model);
  // Projector layout (see mountClassroom): the messages have a reserved place at the top of
  // the column beside the picture, with the prompt, reports and log under them, so nothing
  // moves under the pointer and the picture keeps the whole height below the toolbar.
  const messages = h("div", { class: "sumer-messages" }, status, error);
  const side = h("div", { class: "sumer-side" }, toolbar, history, messages, prompt,
    coach.review, coach.why, logBox);
  const main = h("div", { class: "sumer-main" }, host, side);
  el.replaceChildren(task.panel, main);
  const classroom = mountClassroom(model, el, { toolbar, undo, bot, history });
  // Keys pressed on a board are the board's (Enter plays, Escape cancels), not JupyterLab's.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const keys = mountKeyboard({ el, host, clickable,
    activate: (target, event) => onClick(target, event) });
  // The picture takes the window's height less what sits above it (board.css, --sumer-fit):
  // that part's height changes with the toolbar's wrapping or a task's text, so it is
  // measured whenever one of them changes size, not guessed.
  // The window is the part of the page the board scrolls in: in JupyterLab the notebook's
  // panel (the menus, the notebook's toolbar and the status bar take the rest of the screen),
  // in Voilà or in full screen the browser's window. An output area may scroll sideways but
  // is as tall as the board it holds: it is passed over (its height would follow ours).
  const scroller = () => {
    if (document.fullscreenElement === el) return null;
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      if (node.closest(".jp-OutputArea, .output_area, .widget-container")) continue;
      const overflow = getComputedStyle(node).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && node.clientHeight > 200) return node;
    }
    return null;
  };
  let watched = null;
  // Words on the picture never show under LEGIBLE_PX: its style sheet gives every font size
  // the floor --sumer-legible (sumer_widgets/svg.py, `picture_css`), the length of
  // LEGIBLE_PX screen pixels in the picture's own units at the scale it is drawn now.
  const legible = () => {
    const matrix = host.querySelector("svg")?.getScreenCTM?.();
    const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 0;
    if (scale > 0) host.style.setProperty("--sumer-legible", `${(LEGIBLE_PX / scale).toFixed(2)}px`);
  };
  const measureAbove = () => {
    legible();
    const box = el.getBoundingClientRect();
    // Nothing may sit above the picture (no task): 0 px then, once the board is laid out.
    const above = Math.max(0, host.getBoundingClientRect().top - box.top);
    if (box.height > 0) el.style.setProperty("--sumer-above", `${Math.ceil(above)}px`);
    const panel = scroller();
    if (panel) el.style.setProperty("--sumer-window", `${panel.clientHeight}px`);
    else el.style.removeProperty("--sumer-window");
    if (panel !== watched) {
      if (watched) sizes?.unobserve(watched);
      if (panel) sizes?.observe(panel);
      watched = panel;
    }
  };
  const sizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measureAbove);
  for (const part of [task.panel, host, el]) sizes?.observe(part);
  document.addEventListener("fullscreenchange", measureAbove);

  const frame = {
    model, el, host, prompt, side, words,
    send(message) { model.send(message); },
    choices() { return model.get("choices") || {}; },
    svg() { return host.querySelector("svg"); },
    // A layer on top of the picture for highlights, in the picture's own coordinates.
    overlay() {
      const svg = frame.svg();
      if (!svg) return null;
      let layer = svg.querySelector("g.sumer-overlay");
      if (!layer) {
        layer = svgNode("g", { class: "sumer-overlay" });
        svg.append(layer);
      }
      return layer;
    },
    clearOverlay() { frame.overlay()?.replaceChildren(); },
    drawPrompt() { prompt.replaceChildren(); drawExtras?.(frame); },
  };

  function drawSvg() {
    const markup = model.get("svg") || "";
    const current = host.firstElementChild;
    const parsed = h("template");
    parsed.innerHTML = markup;
    const next = parsed.content.firstElementChild;
    keys.before();
    if (current && next && host.childNodes.length === 1 && parsed.content.childNodes.length === 1) {
      current.querySelector("g.sumer-overlay")?.remove();
      morph(current, next);
    } else {
      host.replaceChildren(parsed.content);
    }
    keys.after();
    legible();
    // The picture's shape, so the frame can size it to the window (board.css, --sumer-aspect).
    const box = host.firstElementChild?.viewBox?.baseVal;
    if (box && box.width && box.height) {
      el.style.setProperty("--sumer-aspect", (box.width / box.height).toFixed(4));
    }
    host.dataset.ply = String(model.get("ply"));
    host.dataset.drawn = String((Number(host.dataset.drawn) || 0) + 1);
    onRedraw?.(frame);
    frame.drawPrompt();
  }
  function drawControls() {
    const w = words();
    const seats = model.get("bot_seats") || [];
    const plies = model.get("plies");
    const ply = model.get("ply");
    undo.textContent = w.undo || "Undo";
    undo.disabled = plies === 0;
    bot.textContent = w.bot || "Bot moves";
    bot.hidden = seats.length === 0;
    autoplayLabel.hidden = seats.length === 0;
    autoplay.checked = model.get("autoplay");
    autoplayLabel.lastChild.textContent = ` ${w.autoplay || "Bots move by themselves"}`;
    slider.setAttribute("aria-label", w.history || "Move");
    slider.max = String(plies);
    slider.value = String(ply);
    sliderLabel.textContent = `${w.history || "Move"} ${ply} / ${plies}`;
    const past = ply < plies;
    latest.hidden = resume.hidden = !past;
    latest.textContent = w.latest || "Back to now";
    resume.textContent = w.resume || "Play from here";
    // The picture says whose turn it is; the line above it only marks an earlier position.
    status.textContent = past ? `${w.viewing || "Viewing an earlier position"} · ${model.get("status")}` : "";
    status.hidden = !past;
    logTitle.textContent = w.log || "Moves and events";
    log.setAttribute("aria-label", logTitle.textContent);
    classroom.draw();
  }
  function drawError() {
    const message = model.get("error");
    error.textContent = message ? `${words().refused || "Refused"}: ${message}` : "";
    error.hidden = !message;
  }
  // Between moves the log grows at its end (and, past Python's limit, drops its oldest
  // lines): keep the lines already drawn and add only the new ones.
  let shownLog = [];
  let scrollPending = false;
  const sameEntry = (a, b) => a.ply === b.ply && a.text === b.text;
  function logItem(entry) {
    return h("li", { dataset: { ply: entry.ply }, class: entry.why ? "sumer-log-why" : "" },
      h("span", { class: "sumer-log-ply" }, entry.ply), entry.text);
  }
  function drawLog() {
    const entries = model.get("log") || [];
    let dropped = shownLog.findIndex((e) => entries.length > 0 && sameEntry(e, entries[0]));
    if (dropped < 0) dropped = shownLog.length;
    const kept = shownLog.length - dropped;
    const continues = kept <= entries.length
      && shownLog.slice(dropped).every((e, i) => sameEntry(e, entries[i]));
    if (continues && (kept > 0 || shownLog.length === 0)) {
      for (let i = 0; i < dropped; i++) log.firstElementChild?.remove();
      log.append(...entries.slice(kept).map(logItem));
    } else {
      log.replaceChildren(...entries.map(logItem));
    }
    shownLog = entries;
    // Scroll to the newest line in the next frame: reading the height now would make the
    // browser lay out the whole page an extra time, the largest part of a redraw.
    if (!scrollPending) {
      scrollPending = true;
      requestAnimationFrame(() => { scrollPending = false; log.scrollTop = log.scrollHeight; });
    }
  }

  host.addEventListener("click", (event) => {
    const target = event.target.closest(clickable);
    onClick(target, event);
  });

  // One Python change (a move: the picture, the choices, the log, the toolbar...) arrives as
  // one message but fires a change event per trait. Each part is drawn once, after the last of
  // them, in the same task (a microtask), so the frame after the message shows the whole move.
  const controls = ["change:ply", "change:plies", "change:status", "change:bot_seats",
    "change:autoplay", "change:words", "change:tools", "change:level", "change:why_bots"];
  const parts = [
    [["change:lang"], setLang],
    // The picture draws the prompt too.
    [["change:svg"], drawSvg],
    [["change:choices"], () => frame.drawPrompt(), ["change:svg"]],
    [["change:error"], drawError],
    [["change:log"], drawLog],
    [controls, drawControls],
    [["change:task"], task.draw],
    [["change:bot_why"], coach.drawWhy],
    [["change:review_panel"], coach.drawReview],
    ...Object.entries(on).map(([event, handler]) => [[event], () => handler(frame)]),
  ];
  const changed = new Set();  // not empty while a drawing is queued
  function drawChanged() {
    const now = new Set(changed);
    changed.clear();
    for (const [events, draw, coveredBy = []] of parts) {
      if (events.some((e) => now.has(e)) && !coveredBy.some((e) => now.has(e))) draw();
    }
  }
  const handlers = { "msg:custom": classroom.onMessage };
  for (const event of new Set(parts.flatMap(([events]) => events))) {
    handlers[event] = () => {
      if (!changed.size) queueMicrotask(drawChanged);
      changed.add(event);
    };
  }
  for (const [event, handler] of Object.entries(handlers)) model.on(event, handler);
  drawSvg(); drawControls(); drawError(); drawLog(); task.draw();
  coach.drawWhy(); coach.drawReview();
  frame.cleanup = () => {
    for (const [event, handler] of Object.entries(handlers)) model.off(event, handler);
    classroom.cleanup();
    sizes?.disconnect();
    document.removeEventListener("fullscreenchange", measureAbove);
  };
  return frame;
}

// The board task above the picture: the goal, whether it is reached (and why not), a hint on
// request and "Start again". Python judges the goal from the game; this only shows it.
function mountTask(model) {
  const goal = h("span", { class: "sumer-task-goal" });
  const title = h("strong", { class: "sumer-task-title" });
  const verdict = h("div", { class: "sumer-task-verdict", role: "status", "aria-live": "polite" });
  const hintText = h("div", { class: "sumer-task-hint" });
  const hint = h("button", { class: "sumer-task-hint-button", type: "button",
    onclick: () => model.send({ intent: "task_hint" }) });
  const reset = h("button", { class: "sumer-task-reset", type: "button",
    onclick: () => model.send({ intent: "task_reset" }) });
  const rules = h("span", { class: "sumer-task-rules" });
  // The verdict shares its line with the buttons: the panel takes one line less above the
  // picture (issue 44).
  const panel = h("section", { class: "sumer-task" },
    h("div", { class: "sumer-task-head" }, title, " ", goal),
    h("div", { class: "sumer-task-row" }, verdict,
      h("div", { class: "sumer-task-buttons" }, reset, hint, rules)),
    hintText);
  function draw() {
    const t = model.get("task") || {};
    panel.hidden = !t.goal;
    if (!t.goal) return;
    panel.dataset.status = t.status;
    panel.setAttribute("aria-label", `${t.task}: ${t.goal}`);
    title.textContent = `${t.task}:`;
    goal.textContent = t.goal;
    const mark = { done: "✓", todo: "…", missed: "✗" }[t.status] || "";
    const stars = t.status === "done" && t.stars ? ` ${t.stars}` : "";
    verdict.textContent = `${mark} ${t[t.status] || ""}${stars}${t.why ? ` — ${t.why}` : ""}`;
    hintText.textContent = t.hint ? `${t.hint_label}: ${t.hint}` : "";
    hintText.hidden = !t.hint;
    hint.textContent = t.hint_label || "Hint";
    hint.hidden = !t.has_hint || t.hints_left === 0;
    reset.textContent = t.reset;
    rules.textContent = t.rules && t.rules.length ? `${t.practises}: ${t.rules.join(", ")}` : "";
  }
  return { panel, draw };
}

// The coach beside the board (sumer_widgets/coaching.py decides and words everything): what
// each bot weighed before its move (`bot_why`: the three best moves, their chances and a
// reason each, the one played marked), and the game's review (`review_panel`): the chances
// along the game and the luck meter as pictures with the same figures in words, accuracy,
// the learner's key moments as buttons that open each as a puzzle on the board, and the open
// puzzle's question, verdict and — only after a try — the best move and why.
function mountCoach(model) {
  const words = () => model.get("words") || {};
  const why = h("section", { class: "sumer-coach-why", "aria-live": "polite" });
  const review = h("section", { class: "sumer-coach-review" });
  function drawWhy() {
    const decisions = model.get("bot_why") || [];
    why.hidden = decisions.length === 0;
    why.replaceChildren(...decisions.map((d) => h("div", { class: "sumer-coach-decision",
      dataset: { ply: d.ply } },
      h("h4", {}, d.title),
      h("ol", { class: "sumer-coach-candidates" }, ...d.items.map((item) => h("li", {
        class: item.played ? "sumer-coach-played" : "" },
        h("span", { class: "sumer-coach-move" }, item.move), " ",
        h("span", { class: "sumer-coach-chance" }, item.chance),
        item.played ? h("span", { class: "sumer-coach-mark" }, ` ✓ ${d.played_label}`) : null,
        item.reason ? h("div", { class: "sumer-coach-reason" }, item.reason) : null))),
      d.other ? h("p", { class: "sumer-coach-other" }, d.other) : null)));
  }
  function picture(markup) {
    const box = h("div", { class: "sumer-coach-picture" });
    const parsed = h("template");
    parsed.innerHTML = markup || "";
    box.append(parsed.content);
    return box;
  }
  function drawPuzzle(p) {
    const send = (message) => () => model.send(message);
    return h("div", { class: "sumer-coach-puzzle", dataset: { status: p.status },
      role: "group", "aria-label": p.question },
      h("p", { class: "sumer-coach-question" }, h("strong", {}, p.question)),
      h("p", { class: "sumer-coach-verdict", role: "status" }, p.verdict),
      p.best ? h("p", { class: "sumer-coach-best" }, p.best) : null,
      p.reasons.length ? h("ul", { class: "sumer-coach-reasons" },
        ...p.reasons.map((r) => h("li", {}, r))) : null,
      h("div", { class: "sumer-coach-buttons" },
        p.show ? h("button", { type: "button", class: "sumer-coach-show",
          onclick: send({ intent: "review_show" }) }, p.show) : null,
        h("button", { type: "button", class: "sumer-coach-back",
          onclick: send({ intent: "review_back" }) }, p.back)));
  }
  function drawReview() {
    const r = model.get("review_panel") || {};
    review.hidden = !r.title;
    if (!r.title) { review.replaceChildren(); return; }
    if (r.puzzle && r.puzzle.question) {
      review.replaceChildren(h("h3", {}, r.title), drawPuzzle(r.puzzle));
      return;
    }
    const close = h("button", { type: "button", class: "sumer-coach-close",
      onclick: () => model.send({ intent: "review_close" }) }, words().review_close || "Close");
    review.replaceChildren(
      h("h3", {}, r.title),
      h("h4", {}, r.moments_title),
      r.none ? h("p", {}, r.none) : h("ol", { class: "sumer-coach-moments" },
        ...r.moments.map((m) => h("li", {}, h("button", { type: "button",
          class: "sumer-coach-moment", dataset: { moment: m.index, ply: m.ply },
          onclick: () => model.send({ intent: "review_moment", moment: m.index }) }, m.text)))),
      h("h4", {}, r.chances_title),
      picture(r.chances_svg),
      h("h4", {}, r.accuracy_title),
      h("ul", { class: "sumer-coach-accuracy" }, ...r.accuracy.map((line) => h("li", {}, line))),
      h("h4", {}, r.luck_title),
      picture(r.luck_svg),
      h("ul", { class: "sumer-coach-luck" }, ...r.luck.map((line) => h("li", {}, line))),
      close);
  }
  return { why, review, drawWhy, drawReview };
}

// Keyboard play ----------------------------------------------------------------------------
// The renderers (Python) make every place and piece one plays with a button named for screen
// readers (`role="button" tabindex="-1" aria-label`). Here one of them at a time has tabindex
// 0 — a roving tabindex: the map is a single stop in the Tab order, and Tab leaves it for the
// buttons around it. Arrow keys move the focus to the nearest element in that direction, Home
// and End to the first and last; Enter or Space does exactly what a click on the element does
// (the board's own `onClick`, which forwards the same intent to Python); Escape does what a
// click beside the pieces does — it puts a chosen piece back. A redraw keeps the focus on the
// element with the same data id. No work per element on a redraw beyond finding that one.
const KEY_ITEMS = "svg [tabindex]";
const KEY_MOVES = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

function mountKeyboard({ el, host, clickable, activate }) {
  // An element's id: its values of the data attributes the board's clicks look at.
  const idAttrs = [...new Set([...clickable.matchAll(/\[(data-[\w-]+)/g)].map((m) => m[1]))];
  idAttrs.push("data-slot");
  const idOf = (node) => idAttrs.map((name) => node.getAttribute(name) ?? "").join("|");
  const items = () => host.querySelectorAll(KEY_ITEMS);
  let current = "";        // the id of the element holding tabindex 0
  let focused = false;     // whether it had the focus when a redraw began
  let place = null;        // and where it was, for a neighbour if it is gone after the redraw

  function rove(node, focus) {
    for (const other of host.querySelectorAll('svg [tabindex="0"]')) {
      if (other !== node) other.setAttribute("tabindex", "-1");
    }
    node.setAttribute("tabindex", "0");
    current = idOf(node);
    if (focus) node.focus();
  }
  const centre = (node) => {
    const r = node.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  // The nearest element in direction (dx, dy): straight ahead counts, sideways costs double.
  function nearest(from, [dx, dy], all) {
    let best = null;
    let bestCost = Infinity;
    for (const node of all) {
      const [x, y] = centre(node);
      const ahead = (x - from[0]) * dx + (y - from[1]) * dy;
      if (ahead < 1) continue;
      const cost = ahead + 2 * Math.abs((x - from[0]) * dy - (y - from[1]) * dx);
      if (cost < bestCost) { best = node; bestCost = cost; }
    }
    return best;
  }

  host.addEventListener("focusin", (event) => {
    const node = event.target;
    if (node.matches?.(KEY_ITEMS) && node.getAttribute("tabindex") !== "0") rove(node, false);
  });
  el.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const node = event.target.closest?.(KEY_ITEMS);
    const onMap = node && host.contains(node);
    if (event.key === "Escape") {
      activate(null, event);
      return;
    }
    if (!onMap) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(node.closest(clickable) || node, event);
    } else if (event.key in KEY_MOVES || event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const all = Array.from(items());
      const next = event.key === "Home" ? all[0] : event.key === "End" ? all[all.length - 1]
        : nearest(centre(node), KEY_MOVES[event.key], all);
      if (next) rove(next, true);
    }
  });

  return {
    // Before the new picture replaces the old one: does the map hold the focus, and where?
    before() {
      const active = document.activeElement;
      focused = Boolean(active && host.contains(active) && active.matches?.(KEY_ITEMS));
      place = focused ? centre(active) : null;
    },
    // After: the same element (by id) gets tabindex 0 back, and the focus if it had it.
    after() {
      const all = Array.from(items());
      if (!all.length) return;
      let node = all.find((item) => idOf(item) === current) || null;
      if (!node && place) {
        // The focused element is gone (a piece moved away): its nearest neighbour instead.
        let bestDistance = Infinity;
        for (const item of all) {
          const [x, y] = centre(item);
          const distance = Math.hypot(x - place[0], y - place[1]);
          if (distance < bestDistance) { node = item; bestDistance = distance; }
        }
      }
      node = node || all[0];
      rove(node, focused && document.activeElement !== node);
    },
  };
}

// A class's controls (Python decides, this only shows and forwards): the toolbar as the
// `tools` trait says — no Undo or history without a game, "Bot moves" disabled with its
// reason on a person's turn —, the bots' level, Save game (Python sends the file's text, the
// page offers it as a download), Load game (a file picker; its text goes to Python, which
// checks it) and Full screen (the board alone, through the Fullscreen API).
function mountClassroom(model, el, { toolbar, undo, bot, history }) {
  const words = () => model.get("words") || {};
  const level = h("select", { class: "sumer-level",
    onchange: (e) => model.send({ intent: "level", level: e.target.value }) });
  const levelLabel = h("label", { class: "sumer-level-label" }, h("span"), " ", level);
  const save = h("button", { class: "sumer-save", type: "button",
    onclick: () => model.send({ intent: "save" }) });
  const file = h("input", { type: "file", accept: ".json,application/json", class: "sumer-load-file",
    hidden: "", onchange: async (e) => {
      const chosen = e.target.files && e.target.files[0];
      e.target.value = "";
      if (chosen) model.send({ intent: "load", text: await chosen.text() });
    } });
  const load = h("button", { class: "sumer-load", type: "button", onclick: () => file.click() });
  const full = h("button", { class: "sumer-fullscreen", type: "button",
    onclick: () => {
      if (document.fullscreenElement === el) document.exitFullscreen?.();
      else el.requestFullscreen?.();
    } });
  const why = h("input", { type: "checkbox", class: "sumer-why",
    onchange: (e) => model.send({ intent: "why_bots", value: e.target.checked }) });
  const whyLabel = h("label", { class: "sumer-why-label" }, why, h("span"));
  const review = h("button", { class: "sumer-review", type: "button",
    onclick: () => model.send({ intent: "review" }) });
  const extras = h("span", { class: "sumer-classroom" }, levelLabel, whyLabel, review, save, load,
    file, full);
  toolbar.append(extras);

  function draw() {
    const w = words();
    const tools = model.get("tools") || {};
    if ("undo" in tools) undo.hidden = !tools.undo;
    if ("history" in tools) history.hidden = !tools.history;
    if ("bot" in tools) {
      // null: no bot sits at this board; "": it may move now; else why it cannot.
      bot.hidden = tools.bot === null;
      bot.disabled = Boolean(tools.bot);
      bot.title = tools.bot || "";
      if (tools.bot) bot.setAttribute("aria-description", tools.bot);
      else bot.removeAttribute("aria-description");
    }
    const levels = tools.levels || [];
    levelLabel.hidden = levels.length === 0;
    levelLabel.firstChild.textContent = w.level || "Bots";
    const options = [["", tools.level_mixed || "mixed"], ...levels];
    const wanted = options.map(([value, label]) => `${value}:${label}`).join("|");
    if (level.dataset.options !== wanted) {
      level.replaceChildren(...options.map(([value, label]) => h("option", { value }, label)));
      level.dataset.options = wanted;
    }
    level.value = tools.level || "";
    level.firstChild.hidden = Boolean(tools.level);
    // null: no bots here; else the label of "say why the bots could move so".
    whyLabel.hidden = tools.why_bots == null;
    whyLabel.lastChild.textContent = ` ${tools.why_bots || ""}`;
    why.checked = Boolean(model.get("why_bots"));
    // null: nothing to review (no move yet, or a key moment is open).
    review.hidden = tools.review == null;
    review.textContent = tools.review || "";
    save.hidden = load.hidden = !tools.save;
    save.textContent = w.save || "Save game";
    load.textContent = w.load || "Load game";
    full.textContent = w.fullscreen || "Full screen";
    full.hidden = !el.requestFullscreen;
    full.setAttribute("aria-pressed", String(document.fullscreenElement === el));
  }
  document.addEventListener("fullscreenchange", draw);
  function onMessage(message) {
    if (!message || message.kind !== "save") return;
    const url = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
    const link = h("a", { href: url, download: message.file || "sumer-game.json", hidden: "" });
    el.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return { draw, onMessage, cleanup: () => document.removeEventListener("fullscreenchange", draw) };
}
