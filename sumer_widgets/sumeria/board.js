// The Sumeria board (after base.js). Click a trader: its destinations light up at once, with
// the hops that reach each, from `choices` — no round trip. Click a destination to move, an
// empty location to add (or place), "Remove this trader" to remove; pick tiles at scoring.
// Only the chosen move travels to Python, which checks it and sends the new picture.

function sumeriaPoint(frame, loc) {
  const node = frame.host.querySelector(`[data-loc="${CSS.escape(loc)}"]`);
  return node ? [Number(node.dataset.x), Number(node.dataset.y)] : null;
}

function drawReach(frame, origin, paths) {
  const layer = frame.overlay();
  if (!layer) return;
  layer.replaceChildren();
  const start = sumeriaPoint(frame, origin);
  if (start) layer.append(svgNode("circle", { class: "sumer-selected", cx: start[0], cy: start[1], r: 18 }));
  for (const [dest, path] of Object.entries(paths)) {
    const points = path.map((loc) => sumeriaPoint(frame, loc)).filter(Boolean);
    if (points.length >= 2) {
      // Stop the line at the destination's rim so the arrowhead shows.
      const [x0, y0] = points[points.length - 2];
      const [x1, y1] = points[points.length - 1];
      const d = Math.hypot(x1 - x0, y1 - y0) || 1;
      const [ux, uy] = [(x1 - x0) / d, (y1 - y0) / d];
      const tip = [x1 - ux * 15, y1 - uy * 15];
      points[points.length - 1] = tip;
      layer.append(svgNode("polyline", {
        class: "sumer-hop", points: points.map((p) => p.join(",")).join(" "), "data-dest": dest,
      }));
      // An arrowhead as a polygon: a marker would be looked up by id across the whole page.
      const back = [tip[0] - ux * 10, tip[1] - uy * 10];
      const head = [tip, [back[0] - uy * 5.5, back[1] + ux * 5.5], [back[0] + uy * 5.5, back[1] - ux * 5.5]];
      layer.append(svgNode("polygon", { class: "sumer-hop-head", points: head.map((p) => p.join(",")).join(" ") }));
    }
    const end = sumeriaPoint(frame, dest);
    if (end) {
      layer.append(svgNode("circle", { class: "sumer-dest", cx: end[0], cy: end[1], r: 17, "data-dest": dest }));
    }
  }
}

export default {
  render({ model, el }) {
    let selected = null;
    let adding = null;  // the empty place a first click proposes to add a trader on

    function select(frame, loc, paths) {
      selected = loc;
      adding = null;
      drawReach(frame, loc, paths);
      frame.drawPrompt();
    }
    function deselect(frame) {
      selected = null;
      adding = null;
      frame.clearOverlay();
      frame.drawPrompt();
    }
    function play(frame, move) {
      const ply = frame.choices().ply;
      deselect(frame);
      frame.send({ intent: "play", move, ply });
    }

    // A first click on an empty place only proposes the add: a ghost trader and a question;
    // a second click there (or "Add a trader here") plays it.
    function propose(frame, loc) {
      deselect(frame);
      adding = loc;
      const layer = frame.overlay();
      const at = sumeriaPoint(frame, loc);
      if (layer && at) {
        layer.append(svgNode("circle", { class: "sumer-adding", cx: at[0], cy: at[1], r: 14,
          "data-adding": loc }));
      }
      frame.drawPrompt();
    }

    const frame = mountFrame({
      model, el,
      onRedraw() { selected = null; adding = null; },
      on: { "change:brush": (f) => f.drawPrompt() },
      onClick(target) {
        const choices = frame.choices();
        const loc = target?.dataset.loc;
        if (!loc) { deselect(frame); return; }
        if (choices.mode === "explore") {
          const traders = choices.traders || {};
          if (selected && traders[selected]?.paths[loc]) {
            frame.send({ intent: "move", origin: selected, destination: loc });
            selected = null;
          } else if (traders[loc]) {
            select(frame, loc, traders[loc].paths);
          } else {
            frame.send({ intent: "place", location: loc, player: model.get("brush") });
          }
          return;
        }
        if (choices.mode === "game" && !choices.human) {
          // Not the learner's turn (a bot's, or the game is over): Python says so.
          frame.send({ intent: "explain", location: loc });
          return;
        }
        if (choices.mode !== "game" || !choices.human) return;
        if (choices.phase === "placement") {
          // Where a setup trader cannot go, Python says why.
          play(frame, { kind: "place", location: loc });
          return;
        }
        if (choices.phase !== "turns") { frame.send({ intent: "explain", location: loc }); return; }
        const traders = choices.traders || {};
        if (selected && traders[selected]?.[loc]) {
          play(frame, { kind: "move", origin: selected, destination: loc });
        } else if (traders[loc]) {
          if (selected === loc) deselect(frame);
          else select(frame, loc, traders[loc]);
        } else if ((choices.add || []).includes(loc)) {
          if (adding === loc) play(frame, { kind: "add", location: loc });
          else propose(frame, loc);
        } else if (selected) {
          // Python explains why the trader cannot go there.
          play(frame, { kind: "move", origin: selected, destination: loc });
        } else {
          // Someone else's trader, or an add that is not possible: Python says what it is
          // and what the learner may do.
          deselect(frame);
          frame.send({ intent: "explain", location: loc });
        }
      },
      drawExtras(frame) {
        const choices = frame.choices();
        const w = frame.words();
        if (choices.mode === "explore") {
          const brush = model.get("brush");
          const names = choices.names || ["Blue", "Orange", "Green", "Purple"];
          frame.prompt.append(...names.map((label, player) => h("button", {
            type: "button", class: `sumer-brush sumer-player-${player}${player === brush ? " sumer-active" : ""}`,
            "aria-pressed": String(player === brush),
            onclick: () => { model.set("brush", player); model.save_changes(); frame.drawPrompt(); },
          }, label)));
          if (selected && choices.traders?.[selected]) {
            frame.prompt.append(h("button", { type: "button", class: "sumer-remove",
              onclick: () => { frame.send({ intent: "remove", location: selected }); selected = null; } },
              w.remove || "Remove this trader"));
          }
          return;
        }
        if (choices.mode !== "game" || !choices.human) return;
        if (choices.phase === "turns" && adding) {
          const where = (choices.add_names || {})[adding] || adding;
          frame.prompt.append(h("span", { class: "sumer-prompt-title" },
            (w.add_ask || "Add a trader on {where}?").replace("{where}", where)));
          const loc = adding;
          frame.prompt.append(h("button", { type: "button", class: "sumer-add-here",
            onclick: () => play(frame, { kind: "add", location: loc }) }, w.add_here || "Add a trader here"));
          frame.prompt.append(h("button", { type: "button", class: "sumer-add-cancel",
            onclick: () => deselect(frame) }, w.cancel || "Cancel"));
        }
        if (choices.phase === "turns" && selected && (choices.remove || []).includes(selected)) {
          frame.prompt.append(h("button", { type: "button", class: "sumer-remove",
            onclick: () => play(frame, { kind: "remove", location: selected }) },
            w.remove || "Remove this trader"));
        }
        if (choices.phase === "scoring") {
          frame.prompt.append(h("span", { class: "sumer-prompt-title" }, `${choices.scored}: `));
          frame.prompt.append(...(choices.take || []).map((option) => h("button", {
            type: "button", class: "sumer-take", "data-tiles": option.tiles,
            onclick: () => play(frame, { kind: "take", tiles: option.tiles }),
          }, option.label)));
        }
      },
    });
    return () => frame.cleanup();
  },
};
