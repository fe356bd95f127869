// The Tigris & Euphrates board (after base.js). Click a tile, a leader or a catastrophe in the
// hand (or one of your leaders on the board): the cells where it may go light up at once, from
// `choices` — no round trip. Click a cell to play it; Python checks the move and answers with
// the new picture, or with the reason it was refused. Conflicts, the order of wars, treasures,
// buildings, monuments and the wonder's point are buttons built from `choices.options`.

const TG_CLICKABLE = "[data-cell], [data-hand], [data-leader], [data-catastrophe]";

function tgFill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}

export default {
  render({ model, el }) {
    el.classList.add("tg-board");
    // What the player has picked in the hand: {kind: "tile"|"leader"|"catastrophe", colour, slot}
    // or {kind: "discard", slots: [...]}. Cleared whenever a new picture arrives.
    let selected = null;
    let note = "";          // a local hint when a click needs nothing from Python
    let focus = null;       // the cells of the option button under the pointer
    let grid = [0, 0, 0];   // the picture's left, top and cell size (its data-grid)

    function readGrid(frame) {
      grid = (frame.svg()?.dataset.grid || "0 0 0").split(" ").map(Number);
    }
    // The centre of a cell named like "f3", in the picture's coordinates.
    function centre(name) {
      const col = "abcdefghijklmnop".indexOf(name[0]);
      const row = Number(name.slice(1)) - 1;
      if (col < 0 || !(row >= 0) || !grid[2]) return null;
      return [grid[0] + (col + 0.5) * grid[2], grid[1] + (row + 0.5) * grid[2]];
    }

    function litCells(choices) {
      if (choices.phase === "action" && selected) {
        if (selected.kind === "tile") return choices.tiles?.[selected.colour] || [];
        if (selected.kind === "leader") return choices.leaders?.[selected.colour] || [];
        if (selected.kind === "catastrophe") return choices.catastrophe || [];
        return [];
      }
      return choices.lit || [];
    }

    // A square around a centre: `inset` pixels inside the cell's edge.
    function square(cls, [x, y], inset, extra = {}) {
      const half = grid[2] / 2 - inset;
      return svgNode("rect", { class: cls, x: x - half, y: y - half, width: 2 * half,
        height: 2 * half, rx: 5, ...extra });
    }

    // Everything drawn over the picture, built in one go (a lit tile may light ~150 cells).
    function drawOverlay(frame) {
      const layer = frame.overlay();
      if (!layer) return;
      const choices = frame.choices();
      const nodes = [];
      if (choices.mode === "game" && choices.human) {
        for (const cell of litCells(choices)) {
          const at = centre(cell);
          if (at) nodes.push(square("tg-lit", at, 3, { "data-lit": cell }));
        }
        for (const cell of focus || []) {
          const at = centre(cell);
          if (at) nodes.push(square("tg-focus", at, 1, { "data-focus": cell }));
        }
        const marks = selected?.kind === "discard"
          ? selected.slots.map((slot) => frame.host.querySelector(`[data-slot="${slot}"]`))
          : [handNode(frame)];
        const cls = selected?.kind === "discard" ? "tg-discarding" : "tg-selected";
        for (const node of marks) {
          if (node) nodes.push(square(cls, [Number(node.dataset.x), Number(node.dataset.y)], -1));
        }
      }
      layer.replaceChildren(...nodes);
    }

    // The hand item (or board leader) that is selected, for its ring.
    function handNode(frame) {
      if (!selected) return null;
      if (selected.kind === "tile") {
        return frame.host.querySelector(`[data-slot="${selected.slot}"]`)
          || frame.host.querySelector(`[data-hand="${selected.colour}"]`);
      }
      if (selected.kind === "leader") {
        const onBoard = Object.entries(frame.choices().board_leaders || {})
          .find(([, colour]) => colour === selected.colour);
        if (onBoard) {
          const at = centre(onBoard[0]);
          return at ? { dataset: { x: at[0], y: at[1] } } : null;
        }
        return frame.host.querySelector(`[data-leader="${selected.colour}"]`);
      }
      if (selected.kind === "catastrophe") return frame.host.querySelector("[data-catastrophe]");
      return null;
    }

    function redraw(frame) { drawOverlay(frame); frame.drawPrompt(); }
    function select(frame, next) { selected = next; note = ""; redraw(frame); }
    function same(a, b) { return a && b && a.kind === b.kind && a.colour === b.colour; }

    function play(frame, move) {
      note = "";
      frame.send({ intent: "play", move, ply: frame.choices().ply });
    }

    function onAction(frame, target, choices) {
      const data = target.dataset;
      if (data.hand !== undefined) {
        const slot = Number(data.slot);
        if (selected?.kind === "discard") {
          const slots = selected.slots.includes(slot)
            ? selected.slots.filter((s) => s !== slot) : [...selected.slots, slot];
          select(frame, { kind: "discard", slots });
          return;
        }
        const next = { kind: "tile", colour: data.hand, slot };
        select(frame, same(selected, next) && selected.slot === slot ? null : next);
        return;
      }
      if (data.leader !== undefined && data.cell === undefined) {
        const next = { kind: "leader", colour: data.leader };
        select(frame, same(selected, next) ? null : next);
        return;
      }
      if (data.catastrophe !== undefined) {
        select(frame, selected?.kind === "catastrophe" ? null : { kind: "catastrophe" });
        return;
      }
      const cell = data.cell;
      const own = (choices.board_leaders || {})[cell];
      if (!selected || selected.kind === "discard") {
        if (own) { select(frame, { kind: "leader", colour: own }); return; }
        // Someone else's leader, a tile, an empty cell: Python says what it is and what to do.
        frame.send({ intent: "explain", cell });
        return;
      }
      if (own && !(litCells(choices).includes(cell))) {
        // Another of your leaders: choose it instead.
        select(frame, same(selected, { kind: "leader", colour: own }) ? null : { kind: "leader", colour: own });
        return;
      }
      // Lit or not, the move goes to Python: it plays it, or says why not.
      if (selected.kind === "tile") play(frame, { kind: "tile", colour: selected.colour, cell });
      else if (selected.kind === "leader") play(frame, { kind: "leader", colour: selected.colour, cell });
      else if (selected.kind === "catastrophe") play(frame, { kind: "catastrophe", cell });
    }

    function onDecision(frame, target, choices) {
      const cell = target.dataset.cell;
      if (!cell) return;
      const move = (choices.cell_moves || {})[cell];
      if (move) { play(frame, move); return; }
      if (choices.cell_kind) play(frame, { kind: choices.cell_kind, cell });
    }

    function button(label, props, onclick) {
      return h("button", { type: "button", ...props, onclick }, label);
    }

    function actionPrompt(frame, choices) {
      const w = frame.words();
      const line = h("div", { class: "tg-line" });
      const tiles = w.tg_tiles || [];
      const leaders = w.tg_leaders || [];
      const colourIndex = (c) => "krbg".indexOf(c);
      let help = note || w.tg_choose;
      if (!note && selected?.kind === "tile") {
        const n = litCells(choices).length;
        help = tgFill(n ? w.tg_tile : w.tg_nowhere, { what: tiles[colourIndex(selected.colour)], n });
      } else if (!note && selected?.kind === "leader") {
        const n = litCells(choices).length;
        const onBoard = Object.values(choices.board_leaders || {}).includes(selected.colour);
        help = tgFill(n ? (onBoard ? w.tg_move_leader : w.tg_leader) : w.tg_nowhere,
          { what: leaders[colourIndex(selected.colour)], n });
      } else if (!note && selected?.kind === "catastrophe") {
        help = tgFill(w.tg_catastrophe, { n: litCells(choices).length });
      } else if (!note && selected?.kind === "discard") {
        help = w.tg_discard_pick;
      }
      frame.prompt.append(h("div", { class: "tg-line" },
        h("span", { class: "sumer-prompt-title" }, choices.prompt || ""),
        h("span", { class: "tg-help" }, help)));
      if (selected?.kind === "leader" && (choices.withdraw || []).includes(selected.colour)) {
        line.append(button(tgFill(w.tg_withdraw, { what: leaders[colourIndex(selected.colour)] }),
          { class: "tg-withdraw", "data-colour": selected.colour },
          () => play(frame, { kind: "withdraw", colour: selected.colour })));
      }
      if (selected?.kind === "discard") {
        const hand = choices.hand || "";
        const chosen = selected.slots.map((slot) => hand[slot]).join("");
        line.append(button(tgFill(chosen.length === 1 ? w.tg_discard_1 : w.tg_discard_n, { n: chosen.length }),
          { class: "tg-discard-go", disabled: chosen.length === 0 },
          () => play(frame, { kind: "discard", tiles: chosen })));
        line.append(button(w.tg_cancel, { class: "tg-cancel" }, () => select(frame, null)));
      } else if (choices.discard) {
        line.append(button(w.tg_discard, { class: "tg-discard" },
          () => select(frame, { kind: "discard", slots: [] })));
      }
      if (choices.passing) {
        line.append(button(w.tg_pass, { class: "tg-pass" }, () => play(frame, { kind: "pass" })));
      }
      if (line.childNodes.length) frame.prompt.append(line);
    }

    function decisionPrompt(frame, choices) {
      if (choices.conflict) {
        frame.prompt.append(h("div", { class: "tg-line tg-conflict", "data-kind": choices.conflict.kind },
          choices.conflict.line));
      }
      frame.prompt.append(h("div", { class: "tg-line" },
        h("span", { class: "sumer-prompt-title" }, choices.prompt || "")));
      const line = h("div", { class: "tg-line tg-options" });
      for (const option of choices.options || []) {
        const props = { class: `tg-option${option.decline ? " tg-decline" : ""}`,
          "data-move": JSON.stringify(option.move) };
        if (option.colour) props["data-colour"] = option.colour;
        const node = button(option.label, props, () => play(frame, option.move));
        if (option.cells) {
          node.addEventListener("mouseenter", () => { focus = option.cells; drawOverlay(frame); });
          node.addEventListener("mouseleave", () => { focus = null; drawOverlay(frame); });
        }
        line.append(node);
      }
      frame.prompt.append(line);
    }

    const frame = mountFrame({
      model, el, clickable: TG_CLICKABLE,
      onRedraw(f) { selected = null; note = ""; focus = null; readGrid(f); drawOverlay(f); },
      on: { "change:choices": (f) => drawOverlay(f) },
      onClick(target) {
        const choices = frame.choices();
        if (target && choices.mode === "game" && !choices.human && target.dataset.cell) {
          // A bot's turn, or the end: Python says so.
          frame.send({ intent: "explain", cell: target.dataset.cell });
          return;
        }
        if (!target || choices.mode !== "game" || !choices.human) return;
        if (choices.phase === "action") onAction(frame, target, choices);
        else onDecision(frame, target, choices);
      },
      drawExtras(f) {
        const choices = f.choices();
        const w = f.words();
        if (choices.mode !== "game") return;
        if (!("player" in choices) || choices.player === null || choices.player === undefined) {
          f.prompt.append(h("span", { class: "tg-help" }, choices.over || w.tg_over || ""));
          return;
        }
        if (!choices.human) {
          f.prompt.append(h("span", { class: "tg-help" }, tgFill(w.tg_waiting, { player: choices.player_name })));
          return;
        }
        if (choices.phase === "action") actionPrompt(f, choices);
        else decisionPrompt(f, choices);
      },
    });
    // Focusable (not in the tab order), so that Escape puts a chosen piece back after a click.
    el.tabIndex = -1;
    el.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && selected) select(frame, null);
    });
    return () => frame.cleanup();
  },
};
