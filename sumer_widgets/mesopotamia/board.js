// The Mesopotamia board (after base.js). Click one of your natives: the fields it reaches with
// the movement points left light up at once with their cost, and the edge places it may
// discover — all from `choices`, no round trip; hover a lit field to see the way. Click a lit
// field to move, a lit edge place to discover. The panel above the map lists what else is
// possible (pick up, put down, steal, take up a marker, place one, cards, end the movement);
// in phase II the building sites light up. Only the chosen move travels to Python, which checks
// it; a click the choices do not cover is sent too, and Python answers with the reason.

const MESO_NS = "http://www.w3.org/2000/svg";

function mesoFormat(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}

function mesoCentre(frame, field) {
  const node = frame.host.querySelector(`[data-field="${CSS.escape(field)}"]:not([data-native])`);
  return node ? [Number(node.dataset.x), Number(node.dataset.y)] : null;
}

function mesoHexPoints([x, y], size) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    pts.push(`${(x + size * Math.cos((Math.PI / 3) * k)).toFixed(1)},${(y + size * Math.sin((Math.PI / 3) * k)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function mesoHexSize(frame) {
  return Number(frame.svg()?.dataset.hex) || 50;
}

// A lit hexagon on the overlay: `cls` says what a click there does (meso-dest, meso-discover,
// meso-site, meso-pick, ...); `badge` a number or sign in its corner.
function mesoRing(frame, layer, field, cls, badge) {
  const at = mesoCentre(frame, field);
  if (!at) return;
  const size = mesoHexSize(frame);
  layer.append(svgNode("polygon", { class: cls, points: mesoHexPoints(at, size - 4), "data-field": field }));
  if (badge !== undefined && badge !== null) {
    const bx = at[0] + size * 0.5;
    const by = at[1] - size * 0.62;
    // The badge is styled by the ring's first class alone (meso-dest-badge, ...), never as a ring.
    const kind = cls.split(" ")[0];
    layer.append(svgNode("circle", { class: `${kind}-badge meso-badge`, cx: bx, cy: by, r: 11, "data-field": field }));
    const label = svgNode("text", { class: "meso-badge-text", x: bx, y: by + 0.5 });
    label.textContent = String(badge);
    layer.append(label);
  }
}

function mesoNativeRing(frame, layer, key, cls) {
  const node = frame.host.querySelector(`[data-native="${CSS.escape(key)}"]`);
  if (!node) return;
  layer.append(svgNode("circle", {
    class: cls, cx: node.dataset.x, cy: node.dataset.y, r: Number(node.dataset.r || 7) + 4,
  }));
}

// The way a native takes to `dest`, from the previous field of each step (as the engine's
// search found it), drawn as arrows.
function mesoWay(go, origin, dest) {
  const way = [dest];
  let at = dest;
  for (let guard = 0; guard < 40 && at !== origin; guard++) {
    const step = go[at];
    if (!step) break;
    at = step[1];
    way.unshift(at);
  }
  return way;
}

export default {
  render({ model, el }) {
    el.classList.add("meso-board");
    // Focusable (not in the tab order: the map's places are), so Escape works after a click.
    if (!el.hasAttribute("tabindex")) el.tabIndex = -1;
    // What the player is in the middle of choosing (nothing is sent until a move is complete):
    // {kind: "native", key} | {kind: "field", field} | {kind: "card", card, field?, target?}
    let sel = null;
    let spread = [];
    let hover = null;
    let frame = null;

    const choices = () => frame.choices();
    const page = () => choices().page || {};
    const names = () => choices().names || [];
    const hand = (card) => (choices().hand || []).find((c) => c.card === card);

    function play(move) {
      const ply = choices().ply;
      sel = null;
      spread = [];
      frame.send({ intent: "play", move, ply });
      draw();
    }
    function explain(what) { frame.send({ intent: "explain", ...what }); }
    function choose(next) { sel = next; draw(); }

    function ownNativesOn(field) {
      return Object.entries(choices().natives || {}).filter(([, n]) => n.field === field);
    }

    // Highlights ---------------------------------------------------------------------------
    function drawLights() {
      const layer = frame.overlay();
      if (!layer) return;
      layer.replaceChildren();
      const c = choices();
      if (c.mode !== "game" || !c.human) return;
      if (sel?.kind === "card") { drawCardLights(layer, c); return; }
      if (c.phase === "move") {
        const natives = c.natives || {};
        if (sel?.kind === "native" && natives[sel.key]) {
          const me = natives[sel.key];
          for (const [dest, [cost]] of Object.entries(me.go)) {
            mesoRing(frame, layer, dest, me.warn?.[dest] ? "meso-dest meso-warn" : "meso-dest", cost);
          }
          for (const place of me.discover) mesoRing(frame, layer, place, "meso-discover", "?");
          mesoNativeRing(frame, layer, sel.key, "meso-selected");
          if (hover && me.go[hover]) {
            const points = mesoWay(me.go, me.field, hover).map((f) => mesoCentre(frame, f)).filter(Boolean);
            if (points.length >= 2) {
              const [x0, y0] = points[points.length - 2];
              const [x1, y1] = points[points.length - 1];
              const d = Math.hypot(x1 - x0, y1 - y0) || 1;
              const cut = mesoHexSize(frame) * 0.3;
              points[points.length - 1] = [x1 - ((x1 - x0) / d) * cut, y1 - ((y1 - y0) / d) * cut];
              layer.append(svgNode("polyline", { class: "meso-way", "data-dest": hover,
                points: points.map((p) => p.join(",")).join(" "), "marker-end": "url(#meso-arrow)" }));
            }
          }
        } else {
          // Which natives can act: a thin ring, so the first click is obvious.
          for (const [key, n] of Object.entries(natives)) {
            if (Object.keys(n.go).length || n.discover.length) mesoNativeRing(frame, layer, key, "meso-can");
          }
        }
      } else if (c.phase === "action") {
        for (const field of Object.keys(c.sites || {})) {
          mesoRing(frame, layer, field, sel?.kind === "field" && sel.field === field ? "meso-site meso-chosen" : "meso-site");
        }
      } else if (c.phase === "volcano") {
        for (const place of c.volcano || []) mesoRing(frame, layer, place, "meso-volcano");
        mesoRing(frame, layer, c.target, "meso-target", "!");
      } else if (c.phase === "spread") {
        for (const field of c.spread.fields) {
          mesoRing(frame, layer, field, spread.includes(field) ? "meso-spread meso-chosen" : "meso-spread",
            spread.includes(field) ? "✓" : null);
        }
      } else if (c.phase === "land") {
        mesoRing(frame, layer, c.target, "meso-target", "?");
      }
    }

    function drawCardLights(layer, c) {
      const card = hand(sel.card);
      if (!card) return;
      if (card.how === "holy") {
        for (const field of Object.keys(card.fields)) mesoRing(frame, layer, field, "meso-card");
      } else if (card.how === "move") {
        if (!sel.field) {
          for (const field of Object.keys(card.sources)) mesoRing(frame, layer, field, "meso-card");
        } else {
          mesoRing(frame, layer, sel.field, "meso-card meso-chosen");
          const target = (card.sources[sel.field] || []).find((t) => t.target === sel.target);
          for (const field of target?.to || []) mesoRing(frame, layer, field, "meso-dest");
        }
      }
    }

    function draw() {
      drawLights();
      frame.drawPrompt();
    }

    // Clicks on the map ----------------------------------------------------------------------
    function onClick(target) {
      const c = choices();
      const field = target?.dataset.field;
      const key = target?.dataset.native;
      if (!target) { if (sel) choose(null); return; }
      if (c.mode !== "game") return;
      if (!c.human) { if (c.phase !== "over") explain({ field }); return; }
      if (sel?.kind === "card") { cardClick(c, field); return; }
      if (c.phase === "move") moveClick(c, field, key, target);
      else if (c.phase === "action") {
        const here = c.sites?.[field];
        if (!here) { choose(null); explain({ field }); } else if (here.length === 1) play(here[0].move);
        else choose({ kind: "field", field });
      } else if (c.phase === "volcano") {
        if ((c.volcano || []).includes(field)) play({ kind: "volcano", place: field });
        else explain({ field });
      } else if (c.phase === "spread") {
        if (!c.spread.fields.includes(field)) { explain({ field }); return; }
        spread = spread.includes(field) ? spread.filter((f) => f !== field) : [...spread, field];
        if (spread.length === c.spread.count) {
          const want = [...spread].sort().join(" ");
          const combo = c.spread.combos.find((k) => [...k].sort().join(" ") === want);
          if (combo) { play({ kind: "spread", fields: combo }); return; }
        }
        draw();
      } else {
        explain({ field });
      }
    }

    function moveClick(c, field, key, target) {
      const natives = c.natives || {};
      const me = sel?.kind === "native" ? natives[sel.key] : null;
      if (me) {
        // The lit fields come first: moving is what a selected native is for.
        if (me.go[field]) { play({ kind: "go", origin: me.field, native: me.token, destination: field }); return; }
        if (me.discover.includes(field)) { play({ kind: "discover", origin: me.field, native: me.token, place: field }); return; }
        if (key === sel.key) { choose(null); return; }
      }
      if (key && natives[key]) {
        choose({ kind: "native", key });
        // A native that cannot move: Python says why (no points left, raw material on the temple).
        if (!Object.keys(natives[key].go).length && !natives[key].discover.length) explain({ native: key });
        return;
      }
      if (!key || (me && !natives[key])) {
        const own = ownNativesOn(field);
        if (!me && own.length) { choose({ kind: "native", key: own[0][0] }); return; }
        if (me) {
          // Not lit: Python says why (a volcano, too far, the temple's carrying rule, ...).
          const edge = target.classList.contains("edge");
          play(edge ? { kind: "discover", origin: me.field, native: me.token, place: field }
                    : { kind: "go", origin: me.field, native: me.token, destination: field });
          return;
        }
      }
      if (key) explain({ native: key }); else explain({ field });
    }

    function cardClick(c, field) {
      const card = hand(sel.card);
      if (!card || !field) { choose(null); return; }
      if (card.how === "holy") {
        play(card.fields[field] || { kind: "play", card: card.card, field, target: null, to: null });
        return;
      }
      if (card.how !== "move") return;
      if (!sel.field) {
        const targets = card.sources[field];
        if (!targets) { choose(null); explain({ field }); return; }
        choose({ ...sel, field, target: targets.length === 1 ? targets[0].target : null });
        return;
      }
      if (!sel.target) return;
      play({ kind: "play", card: card.card, field: sel.field, target: sel.target, to: field });
    }

    // The panel above the map ----------------------------------------------------------------
    function button(label, onclick, cls = "", extra = {}) {
      return h("button", { type: "button", class: `meso-button ${cls}`.trim(), onclick, ...extra }, label);
    }

    function drawPrompt(f) {
      const c = f.choices();
      const p = c.page || {};
      const prompt = f.prompt;
      const line = (...children) => h("div", { class: "meso-line" }, ...children);
      const who = c.player !== null && c.player !== undefined ? names()[c.player] : "";
      if (c.mode === "history") { prompt.append(line(h("span", { class: "meso-help" }, p.history || ""))); return; }
      if (c.mode !== "game") return;
      if (c.phase === "over") { prompt.append(line(h("span", { class: "meso-title" }, p.over))); return; }
      if (!c.human) { prompt.append(line(h("span", { class: "meso-help" }, mesoFormat(p.bot, { player: who })))); return; }

      // 1. What to do now.
      const head = h("div", { class: "meso-line meso-title" });
      prompt.append(head);
      if (sel?.kind === "card") {
        drawCardPrompt(prompt, head, c, p);
      } else if (c.phase === "move") {
        const me = sel?.kind === "native" ? c.natives?.[sel.key] : null;
        if (me) {
          const can = Object.keys(me.go).length || me.discover.length;
          head.append(mesoFormat(can ? p.selected : p.no_reach, { what: me.label, field: me.field }));
          const warn = Object.values(me.warn || {});
          if (warn.length) prompt.append(line(h("span", { class: "meso-warn-text" }, `⚠ ${warn[0]}`)));
        } else {
          head.append(mesoFormat(p.move_prompt, { player: who, points: c.points }));
        }
      } else if (c.phase === "action") {
        head.append(mesoFormat(p[c.prompt_key] ?? (c.repeat ? p.action_again : p.action), { player: who }));
        if (sel?.kind === "field" && c.sites?.[sel.field]) {
          prompt.append(line(h("span", {}, mesoFormat(p.field_sites, { field: sel.field })),
            ...c.sites[sel.field].map((s) => button(s.label, () => play(s.move), "meso-do"))));
        }
      } else if (c.phase === "volcano") {
        head.append(mesoFormat(p.volcano, { field: c.target }));
      } else if (c.phase === "spread") {
        head.append(mesoFormat(p.spread, { good: c.spread.good, count: c.spread.count }));
        if (spread.length) {
          prompt.append(line(h("span", {}, mesoFormat(p.spread_left, { left: c.spread.count - spread.length })),
            button(p.cancel, () => { spread = []; draw(); })));
        }
      } else if (c.phase === "land") {
        head.append(mesoFormat(p.land, { field: c.target }));
        prompt.append(line(...(c.land || []).map((o) => button(o.label, () => play(o.move), `meso-do meso-kind-${o.kind}`))));
      }

      // 2. Everything else possible now, by field (the selected native's field first).
      const actions = c.actions || [];
      if (actions.some((a) => !(sel?.kind === "field" && a.group === sel.field))) {
        const first = sel?.kind === "native" ? c.natives?.[sel.key]?.field : sel?.field;
        const groups = new Map();
        for (const a of actions) {
          if (!groups.has(a.group)) groups.set(a.group, []);
          groups.get(a.group).push(a);
        }
        // A field chosen in phase II already shows its buttons above: do not repeat them.
        if (sel?.kind === "field") groups.delete(sel.field);
        const ordered = [...groups.entries()].sort(([a], [b]) => (a === first ? -1 : b === first ? 1 : 0));
        const box = h("div", { class: "meso-actions" }, h("span", { class: "meso-label" }, `${p.actions}:`));
        for (const [group, list] of ordered) {
          for (const a of list) {
            const mine = sel?.kind === "native" && a.native === sel.key;
            box.append(button(a.label, () => play(a.move), mine ? "meso-do meso-mine" : "meso-do", {
              "data-group": group,
              onmouseenter: () => lightGroup(group), onmouseleave: () => drawLights(),
            }));
          }
        }
        prompt.append(box);
      }

      // 3. Cards in hand, then the end of the phase.
      const cards = c.hand || [];
      const tail = h("div", { class: "meso-line meso-tail" });
      if (cards.length || c.fresh) {
        tail.append(h("span", { class: "meso-label" }, `${p.cards}:`));
        for (const card of cards) {
          const label = card.count > 1 ? `${card.name} ×${card.count}` : card.name;
          const active = sel?.kind === "card" && sel.card === card.card;
          tail.append(button(label, () => cardButton(card), `meso-card-button${active ? " meso-active" : ""}`, {
            title: card.text, disabled: card.how === "none" ? "" : null, "data-card": card.card,
          }));
        }
        if (c.fresh) tail.append(h("span", { class: "meso-fresh" }, mesoFormat(p.fresh, { card: c.fresh })));
      }
      if (c.end) tail.append(button(c.end.label, () => play(c.end.move), "meso-end"));
      prompt.append(tail);
    }

    function drawCardPrompt(prompt, head, c, p) {
      const card = hand(sel.card);
      if (!card) { sel = null; return; }
      const cancel = button(p.cancel, () => choose(null));
      if (card.how === "holy") {
        head.append(mesoFormat(p.card_holy, { card: card.name }), " ", cancel);
        prompt.append(h("div", { class: "meso-line" }, ...Object.entries(card.fields).map(
          ([field, move]) => button(field, () => play(move), "meso-do"))));
      } else if (card.how === "victim") {
        head.append(mesoFormat(p.card_victim, { card: card.name }), " ", cancel);
        prompt.append(h("div", { class: "meso-line" }, ...card.victims.map((v) => button(v.label, () => play(v.move), "meso-do"))));
      } else if (card.how === "move") {
        if (!sel.field) {
          head.append(mesoFormat(p.card_source, { card: card.name }), " ", cancel);
        } else if (!sel.target) {
          head.append(mesoFormat(p.card_target, { card: card.name, field: sel.field }), " ", cancel);
          prompt.append(h("div", { class: "meso-line" }, ...(card.sources[sel.field] || []).map(
            (t) => button(t.label, () => choose({ ...sel, target: t.target }), "meso-do"))));
        } else {
          const t = (card.sources[sel.field] || []).find((x) => x.target === sel.target);
          head.append(mesoFormat(p.card_to, { card: card.name, what: t ? t.label : sel.target }), " ", cancel);
        }
      }
    }

    function cardButton(card) {
      if (card.how === "now") { play(card.move); return; }
      if (card.how === "victim" && card.victims.length === 1) { choose({ kind: "card", card: card.card }); return; }
      choose(sel?.kind === "card" && sel.card === card.card ? null : { kind: "card", card: card.card });
    }

    // An action button names its field: light it while the pointer is on the button.
    function lightGroup(group) {
      const layer = frame.overlay();
      if (!layer || !group) return;
      mesoRing(frame, layer, group, "meso-hint");
    }

    frame = mountFrame({
      model, el,
      clickable: "[data-native], [data-field]",
      onClick,
      onRedraw(f) {
        frame = f;
        // A new position: a half-made choice no longer applies.
        sel = null;
        spread = [];
        hover = null;
        drawLights();
      },
      on: { "change:choices": () => drawLights() },
      drawExtras(f) { frame = f; drawPrompt(f); },
    });
    // The panel sits beside the map (base.js puts the prompt there), where the eye already
    // is when the highlights appear, and it never pushes the map down.

    function onHover(event) {
      const node = event.target.closest?.("[data-field]");
      const field = node ? node.dataset.field : null;
      if (field === hover) return;
      hover = field;
      if (sel?.kind === "native") drawLights();
    }
    function onKey(event) {
      if (event.key === "Escape" && (sel || spread.length)) { sel = null; spread = []; draw(); }
    }
    frame.host.addEventListener("mouseover", onHover);
    el.addEventListener("keydown", onKey);
    return () => {
      frame.host.removeEventListener("mouseover", onHover);
      el.removeEventListener("keydown", onKey);
      frame.cleanup();
    };
  },
};
