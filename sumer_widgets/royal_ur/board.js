// The Royal Game of Ur board (after base.js). "Throw the dice" asks Python to throw; then a
// click on one of your pieces (or your waiting pieces, in the gap beside square 1) rings where
// it lands at once, from `choices` — no round trip — and a click there plays the move. Any
// other click goes to Python, which says why it is not a move. The rules never live here.

function urPlace(target) {
  if (!target) return null;
  if (target.dataset.cell) return target.dataset.cell;
  if (target.dataset.pool) return `pool-${target.dataset.pool}`;
  if (target.dataset.off) return `off-${target.dataset.off}`;
  return null;
}

function urPoint(frame, place) {
  const [kind, who] = place.split("-");
  const selector = who === undefined ? `[data-cell="${CSS.escape(place)}"]`
    : kind === "pool" ? `[data-pool="${CSS.escape(who)}"]` : `[data-off="${CSS.escape(who)}"]`;
  const node = frame.host.querySelector(selector);
  return node ? [Number(node.dataset.x), Number(node.dataset.y)] : null;
}

export default {
  render({ model, el }) {
    let selected = null;

    function deselect(frame) {
      selected = null;
      frame.clearOverlay();
      frame.drawPrompt();
    }
    // A refusal answers the click before it. A click that chooses a piece is answered here,
    // with no round trip, so it puts the old refusal away itself — in Python too, so that the
    // same refusal, met again, shows again.
    function clearRefusal() {
      if (!model.get("error")) return;
      model.set("error", "");
      model.set("error_rule", "");
      model.save_changes();
    }
    function select(frame, place) {
      clearRefusal();
      selected = place;
      const layer = frame.overlay();
      const move = frame.choices().moves[place];
      if (layer) {
        layer.replaceChildren();
        const from = urPoint(frame, place);
        const to = urPoint(frame, move.to);
        if (from) layer.append(svgNode("circle", { class: "sumer-selected", cx: from[0], cy: from[1], r: 25 }));
        if (to) {
          layer.append(svgNode("rect", { class: "sumer-dest", x: to[0] - 27, y: to[1] - 27,
            width: 54, height: 54, rx: 6, "data-dest": move.to }));
        }
      }
      frame.drawPrompt();
    }
    function play(frame, move) {
      const ply = frame.choices().ply;
      deselect(frame);
      frame.send({ intent: "play", move, ply });
    }

    const frame = mountFrame({
      model, el,
      clickable: "[data-cell], [data-pool], [data-off]",
      onRedraw() { selected = null; },
      onClick(target) {
        const choices = frame.choices();
        const place = urPlace(target);
        if (!place) { deselect(frame); return; }
        if (choices.mode !== "game") return;
        const moves = choices.moves || {};
        if (choices.human && choices.phase === "move") {
          if (selected && moves[selected] && moves[selected].to === place) {
            play(frame, moves[selected].move);
            return;
          }
          if (moves[place]) {
            if (selected === place) deselect(frame);
            else select(frame, place);
            return;
          }
        }
        // Not a move the choices know (a bot's turn, throw first, a blocked piece, someone
        // else's piece): Python says why.
        deselect(frame);
        frame.send({ intent: "explain", place });
      },
      drawExtras(frame) {
        const choices = frame.choices();
        const w = frame.words();
        if (choices.mode !== "game") return;
        if (choices.human && choices.phase === "throw") {
          if (choices.throw) {
            frame.prompt.append(h("button", { type: "button", class: "sumer-throw",
              onclick: () => play(frame, { kind: "throw", value: null }) }, w.throw || "Throw the dice"));
          }
          if ((choices.typed || []).length) {
            frame.prompt.append(h("span", { class: "sumer-prompt-title" }, w.typed || ""));
            frame.prompt.append(...choices.typed.map((value) => h("button", {
              type: "button", class: "sumer-typed", "data-throw": value,
              onclick: () => play(frame, { kind: "throw", value }) }, String(value))));
          }
        }
        if (choices.human && choices.phase === "move") {
          if (choices.pass) {
            frame.prompt.append(h("button", { type: "button", class: "sumer-pass",
              onclick: () => play(frame, { kind: "pass" }) }, w.pass || "Pass"));
          } else if (selected && (choices.moves || {})[selected]) {
            const move = choices.moves[selected];
            const source = selected.startsWith("pool-") ? "" : selected;
            const notes = [];
            if (move.capture) notes.push(w.capture);
            if (move.rosette) notes.push(w.rosette);
            if (move.chance !== null && move.chance !== undefined) {
              notes.push((w.chance || "").replace("{percent}", `${Math.round(100 * move.chance)}%`));
            }
            const template = move.to.startsWith("off-") ? w.lands_off : source ? w.lands : w.enters;
            const line = (template || "").replace("{source}", source).replace("{target}", move.to)
              .replace("{notes}", notes.length ? ` (${notes.join("; ")})` : "");
            frame.prompt.append(h("span", { class: "sumer-prompt-title" }, line));
            frame.prompt.append(h("button", { type: "button", class: "sumer-move-here",
              onclick: () => play(frame, move.move) }, w.move_here || "Play it"));
            frame.prompt.append(h("button", { type: "button", class: "sumer-cancel",
              onclick: () => deselect(frame) }, w.cancel || "Cancel"));
          } else {
            frame.prompt.append(h("span", { class: "sumer-prompt-title" }, w.pick || ""));
          }
        }
        // What the picture shows besides the game: the paths, and the chances of winning.
        const shown = choices.paths || [];
        const both = [0, 1].map((player) => {
          const box = h("input", { type: "checkbox", class: `sumer-path-${player}`,
            onchange: () => {
              const on = [0, 1].filter((p) => (p === player ? box.checked : shown.includes(p)));
              const value = on.length === 2 ? "both" : on.length === 0 ? "none"
                : on[0] === 0 ? "light" : "dark";
              frame.send({ intent: "paths", value });
            } });
          box.checked = shown.includes(player);
          return h("label", {}, box, ` ${player === 0 ? w.path_light : w.path_dark}`);
        });
        frame.prompt.append(h("div", { class: "sumer-ur-options" }, `${w.paths || ""} `, ...both));
        const chance = h("input", { type: "checkbox", class: "sumer-chances",
          onchange: (e) => frame.send({ intent: "chances", value: e.target.checked }) });
        chance.checked = Boolean(choices.chances);
        frame.prompt.append(h("div", { class: "sumer-ur-options" },
          h("label", {}, chance, ` ${w.chances || ""}`),
          choices.chances && !choices.solved ? h("span", {}, ` ${w.no_table || ""}`) : null));
      },
    });
    return () => frame.cleanup();
  },
};
