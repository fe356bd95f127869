// The Priest-Kings campaign map (after base.js). Where the order of activation is rolled at the
// table, the turn starts with clicks on the cities (or their buttons) in the order rolled; the
// page only collects them and sends the whole order, which Python checks. The city to choose
// picks its activity in the prompt above the map; "Attack…" (or a click on a city) lights up its targets at once from
// `choices` — no round trip — and a click on a lit city attacks it. A battle is fought with
// the dice or typed in from the table; the battle report shows every die and every reroll.
// Only the chosen move travels to Python, which checks it: a click the engine would refuse is
// sent all the same, so that Python says why.

const PK_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7"];
const PK_SHAPES = ["circle", "square", "triangle", "diamond"];
let pkInstances = 0;

function pkFill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}

// A player's marker for the prompt and the report: colour and shape, as on the map.
function pkMarker(player, size = 14) {
  const svg = svgNode("svg", { width: size, height: size, viewBox: "-10 -10 20 20",
    class: "pk-marker", "aria-hidden": "true" });
  const style = { fill: PK_COLORS[player] ?? "#888", stroke: "#1d160b", "stroke-width": 1.5 };
  const kind = PK_SHAPES[player] ?? "circle";
  let node;
  if (kind === "circle") node = svgNode("circle", { r: 8, ...style });
  else if (kind === "square") node = svgNode("rect", { x: -7.5, y: -7.5, width: 15, height: 15, rx: 2, ...style });
  else if (kind === "triangle") node = svgNode("polygon", { points: "0,-9 8.5,6.5 -8.5,6.5", ...style });
  else node = svgNode("polygon", { points: "0,-9.5 9.5,0 0,9.5 -9.5,0", ...style });
  svg.append(node);
  return svg;
}

// A die face: one element whose pips are a picture in the style sheet (Unicode dice are missing
// from many fonts). A report holds hundreds of dice; a small SVG per die made the browser style
// and lay out seven or eight elements for each, the largest part of a dice battle's redraw.
function pkDie(value, extra = "") {
  return h("span", { class: `pk-die ${extra}`, "data-die": value, role: "img", "aria-label": String(value) });
}

function pkPoint(frame, city) {
  const node = frame.host.querySelector(`[data-city="${CSS.escape(city)}"]`);
  return node ? [Number(node.dataset.x), Number(node.dataset.y)] : null;
}

// Rings on the cities `from` may attack, and an arrow to each from the city whose avenue the
// attack takes (its own, or a vassal's).
function pkDrawTargets(frame, from, attacks, uid) {
  const layer = frame.overlay();
  if (!layer) return;
  layer.replaceChildren();
  const defs = svgNode("defs");
  const marker = svgNode("marker", { id: `pk-aim-${uid}`, viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
  marker.append(svgNode("path", { d: "M0,0 L10,5 L0,10 z", style: "fill: var(--sumer-may)" }));
  defs.append(marker);
  layer.append(defs);
  const start = pkPoint(frame, from);
  if (start) layer.append(svgNode("circle", { class: "sumer-selected", cx: start[0], cy: start[1], r: 33 }));
  for (const { target, via } of attacks) {
    const end = pkPoint(frame, target);
    const source = pkPoint(frame, via || from);
    if (!end || !source) continue;
    const d = Math.hypot(end[0] - source[0], end[1] - source[1]) || 1;
    const ux = (end[0] - source[0]) / d, uy = (end[1] - source[1]) / d;
    layer.append(svgNode("line", { class: "pk-aim", "data-target": target,
      x1: source[0] + ux * 32, y1: source[1] + uy * 32, x2: end[0] - ux * 38, y2: end[1] - uy * 38,
      "marker-end": `url(#pk-aim-${uid})` }));
    layer.append(svgNode("circle", { class: "sumer-dest pk-lit", "data-target": target,
      cx: end[0], cy: end[1], r: 33 }));
  }
}

export default {
  render({ model, el }) {
    const uid = `${++pkInstances}`;
    el.classList.add("pk-board");
    let aiming = false;      // the city to choose is picking a target
    let selected = null;     // the explorer's selected city
    let reportShown = null;  // the battle number the report shows
    let reportSeen = -1;     // the latest battle number drawn so far
    let reportOpen = false;
    let picked = [];         // the order of activation being entered: city ids, first first

    const report = h("details", { class: "pk-report" });
    report.addEventListener("toggle", () => {
      reportOpen = report.open;
      // The table of dice is built when the report is opened (hundreds of dice to draw).
      if (reportOpen && report.dataset.table === "later") drawReport(true);
    });

    function names() { return frame.choices().names || {}; }
    function playerOf(city) { return (frame.choices().players || {})[city]; }
    function cityLabel(city) {
      return h("span", { class: "pk-city-label" }, pkMarker(playerOf(city)), " ", names()[city] || city);
    }
    function play(move) {
      const ply = frame.choices().ply;
      aiming = false;
      frame.clearOverlay();
      frame.send({ intent: "play", move, ply });
    }
    function aim(on) {
      const choices = frame.choices();
      aiming = on;
      if (on) pkDrawTargets(frame, choices.city, choices.attack || [], uid);
      else frame.clearOverlay();
      frame.drawPrompt();
    }
    // The places picked so far, numbered on the map like the order badges.
    function drawPicked() {
      const layer = frame.overlay();
      if (!layer) return;
      layer.replaceChildren();
      picked.forEach((city, i) => {
        const at = pkPoint(frame, city);
        if (!at) return;
        layer.append(svgNode("circle", { class: "sumer-selected pk-picked", cx: at[0], cy: at[1], r: 33 }));
        const badge = svgNode("g", { class: "pk-picked-place", "data-place": i + 1 });
        badge.append(svgNode("circle", { cx: at[0] + 23, cy: at[1] - 20, r: 10, fill: "#1d160b",
          stroke: "#fff", "stroke-width": 1.5 }));
        const number = svgNode("text", { x: at[0] + 23, y: at[1] - 19.5, class: "pk-badge" });
        number.textContent = String(i + 1);
        badge.append(number);
        layer.append(badge);
      });
    }
    function pickCity(city) {
      const order = frame.choices().order;
      if (!order || !order.cities.includes(city) || picked.includes(city)) return;
      picked.push(city);
      if (picked.length === order.cities.length) {
        const cities = picked;
        picked = [];
        play({ kind: "order", cities });
        return;
      }
      drawPicked();
      frame.drawPrompt();
    }
    function promptOrder(w, choices) {
      const order = choices.order;
      frame.prompt.append(h("div", { class: "pk-line pk-title" }, pkFill(w.order_title, { turn: order.turn })));
      const sofar = h("div", { class: "pk-line pk-order-so-far" }, h("span", { class: "pk-help" }, w.order_so_far), " ");
      if (picked.length) {
        picked.forEach((city, i) => sofar.append(h("span", { class: "pk-picked-city" }, `${i + 1}. `, cityLabel(city)), " "));
        sofar.append(h("button", { type: "button", class: "pk-order-back",
          onclick: () => { picked.pop(); drawPicked(); frame.drawPrompt(); } }, w.order_back));
      } else {
        sofar.append(h("span", { class: "pk-help" }, w.order_none));
      }
      frame.prompt.append(sofar);
      const next = h("div", { class: "pk-line pk-order-next" }, h("span", { class: "pk-help" }, w.order_next), " ");
      for (const city of order.cities) {
        if (picked.includes(city)) continue;
        next.append(h("button", { type: "button", class: "pk-order-city", "data-city-button": city,
          onclick: () => pickCity(city) }, cityLabel(city)));
      }
      frame.prompt.append(next);
    }
    function select(city) {
      const choices = frame.choices();
      selected = city;
      if (city) pkDrawTargets(frame, city, (choices.targets || {})[city] || [], uid);
      else frame.clearOverlay();
      frame.drawPrompt();
    }

    function promptExplore(w, choices) {
      if (!selected) {
        frame.prompt.append(h("span", { class: "pk-help" }, w.explore_pick));
        return;
      }
      const targets = ((choices.targets || {})[selected] || []).map((a) => names()[a.target]);
      const cityName = names()[selected];
      frame.prompt.append(h("div", { class: "pk-line pk-explore-info" },
        cityLabel(selected), ": ", pkFill(w.explore_city, { targets: targets.join(", ") || w.nobody })));
      const row = h("div", { class: "pk-line" }, h("span", { class: "pk-help" },
        pkFill(w.make_vassal, { city: cityName })));
      for (const lord of Object.keys(names())) {
        if (lord === selected) continue;
        row.append(h("button", { type: "button", class: "pk-make-vassal", "data-lord": lord,
          onclick: () => frame.send({ intent: "vassal", city: selected, lord }) }, cityLabel(lord)));
      }
      if ((choices.lords || {})[selected]) {
        row.append(h("button", { type: "button", class: "pk-make-free",
          onclick: () => frame.send({ intent: "vassal", city: selected, lord: null }) },
          pkFill(w.make_free, { city: cityName })));
      }
      frame.prompt.append(row);
    }

    function promptOrders(w, choices) {
      const ordinal = (w.ordinals || [])[choices.place - 1] || choices.place;
      frame.prompt.append(h("div", { class: "pk-line pk-title" }, pkMarker(choices.player, 16), " ",
        pkFill(w.choose, { city: names()[choices.city], place: ordinal })));
      const attacks = choices.attack || [];
      const row = h("div", { class: "pk-line pk-actions" });
      row.append(h("button", { type: "button", class: "pk-attack", "aria-pressed": String(aiming),
        disabled: attacks.length === 0, onclick: () => aim(!aiming) }, w.attack));
      if (choices.sacrifice) {
        row.append(h("button", { type: "button", class: "pk-sacrifice",
          onclick: () => play({ kind: "sacrifice" }) },
          choices.blessed ? w.sacrifice_again : w.sacrifice));
      }
      for (const option of choices.reorganize || []) {
        row.append(h("button", { type: "button", class: "pk-reorganize", "data-corps": option.corps,
          onclick: () => play({ kind: "reorganize", corps: option.corps }) },
          pkFill(w.reorganize, { corps: option.label })));
      }
      frame.prompt.append(row);
      if (attacks.length === 0) {
        // The engine's own reason, for the city nearest to hand.
        const why = Object.entries(choices.why_not || {}).find(([city]) => city !== choices.city);
        if (why) frame.prompt.append(h("div", { class: "pk-line pk-help pk-no-attack" },
          pkFill(w.no_attack, { reason: why[1] })));
      }
      if (aiming) {
        const targets = h("div", { class: "pk-line pk-targets" },
          h("span", { class: "pk-help" }, w.attack_help));
        for (const { target, via } of attacks) {
          targets.append(h("button", { type: "button", class: "pk-target", "data-target": target,
            onclick: () => play({ kind: "attack", target }) },
            cityLabel(target), via ? ` (${names()[via]})` : ""));
        }
        targets.append(h("button", { type: "button", class: "pk-cancel", onclick: () => aim(false) }, w.cancel));
        frame.prompt.append(targets);
      }
    }

    function promptBattle(w, choices) {
      const b = choices.battle;
      frame.prompt.append(h("div", { class: "pk-line pk-title" },
        pkMarker(playerOf(b.attacker), 16), " ",
        pkFill(w.battle, { number: b.number, attacker: b.attacker_name, defender: b.defender_name }),
        " ", pkMarker(playerOf(b.defender), 16)));
      if ((b.rerolls || []).length) {
        frame.prompt.append(h("div", { class: "pk-line pk-help" },
          pkFill(b.dice ? w.may_reroll : w.may_reroll_table, { names: b.rerolls.join(", ") })));
      }
      if (b.dice) {
        frame.prompt.append(h("div", { class: "pk-line" }, h("button", { type: "button",
          class: "pk-dice", onclick: () => play({ kind: "dice" }) }, w.dice)));
      }
      if (!b.record) return;
      // The form sends what was typed; the engine judges it (whole numbers, within the
      // enemy army's worth, a known outcome) and the refusal banner says what is wrong.
      const radios = b.broken.map((value) => h("label", { class: "pk-broken" },
        h("input", { type: "radio", name: `pk-broken-${uid}`, value }), " ",
        pkFill(w[`broken_${value}`], { name: value === "attacker" ? b.attacker_name : b.defender_name })));
      const points = (side, name, enemy, enemyWorth) => h("label", { class: "pk-points" },
        `${pkFill(w.points, { name })} `,
        h("input", { type: "number", name: side, min: "0", step: "1", inputmode: "numeric",
          class: `pk-${side.replace("_", "-")}` }),
        ` ${pkFill(w.of_ap, { ap: enemyWorth, enemy })}`);
      const form = h("form", { class: "pk-record", novalidate: "" },
        b.dice ? h("div", { class: "pk-help" }, w.or_table) : null,
        h("fieldset", {}, h("legend", {}, w.broke), ...radios),
        h("div", { class: "pk-line" },
          points("attacker_points", b.attacker_name, b.defender_name, b.worth.defender),
          points("defender_points", b.defender_name, b.attacker_name, b.worth.attacker)),
        h("button", { type: "submit", class: "pk-record-submit" }, w.record));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const broken = form.querySelector(`input[name="pk-broken-${uid}"]:checked`)?.value ?? null;
        const value = (name) => {
          const raw = form.elements[name].value.trim();
          if (raw === "") return null;
          const number = Number(raw);
          return Number.isFinite(number) ? number : raw;
        };
        play({ kind: "record", broken, attacker_points: value("attacker_points"),
          defender_points: value("defender_points") });
      });
      frame.prompt.append(form);
    }

    // The battle report: each bound's meetings with both dice, the rerolls, morale, result.
    // Five columns, so that both sides stay whole in the column beside the map (issue 29):
    // the bound heads its meetings as a row of its own, and who lost a meeting is shown by the
    // struck-out element and the red die — said in words for a screen reader, and shown in
    // words where a die was rolled again.
    function duelRow(bound, duel, report_) {
      const w = frame.words();
      const rerolls = duel.rerolls || [];
      const tr = h("tr", { class: `pk-duel${duel.loser ? ` pk-lost-${duel.loser}` : " pk-tie"}${rerolls.length ? " pk-rerolled" : ""}` });
      const side = (key) => {
        const s = duel[key];
        const dice = h("span", { class: "pk-dice-cell" });
        const again = rerolls.find((r) => r.side === key);
        if (again) dice.append(pkDie(again.first, "pk-die-first"), " → ");
        dice.append(pkDie(s.die, duel.loser === key ? "pk-die-lost" : ""));
        return [h("td", { class: `pk-element pk-${key}` }, s.troops, h("small", {}, ` ${s.command}`)),
          h("td", { class: `pk-roll pk-${key}` }, dice, h("b", { class: "pk-total" }, ` ${s.total}`))];
      };
      const [aEl, aRoll] = side("attacker");
      const [dEl, dRoll] = side("defender");
      const loser = duel.loser === "attacker" ? report_.attacker : duel.loser === "defender" ? report_.defender : null;
      let verdict = loser ? pkFill(w.loses, { name: loser }) : w.stand;
      for (const again of rerolls) {
        const who = again.side === "attacker" ? report_.attacker : report_.defender;
        verdict += ` · ${who} ${w.rerolled} ${again.first}`;
      }
      dEl.append(h("span", { class: rerolls.length ? "pk-verdict" : "pk-verdict pk-sr" },
        ` — ${verdict}`));
      tr.append(aEl, aRoll, h("td", { class: "pk-vs" }, ":"), dRoll, dEl);
      return tr;
    }
    // New battles (a click's own, then any the bots fought after it): show the first new one,
    // so that a player sees the battle they just fought; the tabs lead to the others.
    function pickReport(battles) {
      const latest = battles[battles.length - 1];
      // Just fought: the position shown is the one right after it.
      latest.fresh = latest.ply === model.get("ply");
      // After an undo the numbers go down again: what is shown now counts as seen.
      if (latest.number < reportSeen) reportSeen = latest.number - (latest.fresh ? 1 : 0);
      const fresh = battles.filter((b) => b.number > reportSeen);
      if (latest.fresh && fresh.length) {
        reportShown = fresh[0].number;
        if (fresh.some((b) => b.method === "dice")) reportOpen = true;
      } else if (!battles.some((b) => b.number === reportShown)) {
        reportShown = latest.number;
      }
      reportSeen = Math.max(reportSeen, latest.number);
    }
    // A battle just fought shows its result with the move, and its table of dice (hundreds of
    // cells for the browser to style and lay out) in the frame after: the map under the
    // pointer is redrawn first.
    function drawReport(picked = false, table = true) {
      const battles = model.get("battles") || [];
      const w = frame.words();
      if (!battles.length) { report.hidden = true; report.replaceChildren(); return; }
      report.hidden = false;
      const latest = battles[battles.length - 1];
      if (!picked) pickReport(battles);
      const shown = battles.find((b) => b.number === reportShown) || latest;
      const tabs = battles.length > 1 ? h("span", { class: "pk-report-tabs" }, ...battles.map((b) =>
        h("button", { type: "button", class: "pk-report-tab", "aria-pressed": String(b.number === shown.number),
          onclick: (e) => { e.preventDefault(); reportShown = b.number; drawReport(true); } },
        `${b.number}`))) : null;
      const counts = shown.method === "dice"
        ? ` · ${shown.duels === 1 ? w.one_meeting : pkFill(w.meetings, { n: shown.duels })} · ${
          shown.rerolled === 1 ? w.one_reroll
            : shown.rerolled ? pkFill(w.rerolls, { n: shown.rerolled }) : w.no_reroll}`
        : ` · ${w.typed_in}`;
      // The tabs sit beside the summary, not in it: a button inside the summary (itself a
      // control) could not be reached by a screen reader.
      const summary = h("summary", {}, h("b", {}, `${w.report}: `), shown.title, counts);
      const body = h("div", { class: "pk-report-body", dataset: { battle: shown.number } },
        h("p", { class: "pk-result" }, pkMarker(shown.attacker_player), " ", shown.result, " ",
          pkMarker(shown.defender_player)),
        ...shown.after.map((text) => h("p", { class: "pk-after" }, text)));
      const dice = shown.method === "dice";
      report.dataset.table = dice && !reportOpen ? "later" : dice && !table ? "next" : "";
      if (report.dataset.table === "next") {
        requestAnimationFrame(() => setTimeout(() => {
          if (report.dataset.table === "next") drawReport(true);
        }));
      }
      if (dice && reportOpen && table) {
        const table = h("table", { class: "pk-dice-table" });
        table.append(h("thead", {}, h("tr", {},
          h("th", { colspan: 2 }, pkMarker(shown.attacker_player), ` ${shown.attacker} (${w.invader})`),
          h("th", {}, ""),
          h("th", { colspan: 2, class: "pk-defender-head" }, `${shown.defender} (${w.defender}) `,
            pkMarker(shown.defender_player)))));
        const tbody = h("tbody");
        for (const bound of shown.bounds) {
          tbody.append(h("tr", { class: "pk-bound-row" },
            h("th", { colspan: 5, class: "pk-bound" }, `${w.bound} ${bound.bound}`)));
          bound.duels.forEach((duel) => tbody.append(duelRow(bound, duel, shown)));
          if (bound.morale.length) {
            tbody.append(h("tr", { class: "pk-morale" }, h("td", { colspan: 5 }, bound.morale.join(" "))));
          }
        }
        if (shown.breaks.length) {
          tbody.append(h("tr", { class: "pk-break" }, h("td", { colspan: 5 }, shown.breaks.join(" "))));
        }
        table.append(tbody);
        // No scroll box of its own: the column beside the map is the one that scrolls.
        body.append(h("p", { class: "pk-help pk-dice-help" }, w.dice_help),
          h("div", { class: "pk-dice-scroll", role: "region", "aria-label": w.report }, table));
      }
      report.replaceChildren(summary, ...(tabs ? [tabs] : []), body);
      report.open = reportOpen;
    }

    // mountFrame draws once before it returns: its callbacks hand the frame in, so keep it.
    let frame = null;
    frame = mountFrame({
      model, el,
      clickable: "[data-city]",
      onRedraw(f) {
        frame = f;
        aiming = false;
        const choices = f.choices();
        if (choices.phase === "activation" && choices.order) drawPicked();
        else picked = [];
        if (choices.mode === "explore" && selected && (choices.targets || {})[selected]) {
          pkDrawTargets(f, selected, choices.targets[selected], uid);
        } else {
          selected = null;
        }
      },
      on: { "change:battles": () => drawReport(false, false) },
      onClick(target) {
        const choices = frame.choices();
        const city = target?.dataset.city;
        if (choices.mode === "explore") {
          select(city && city !== selected ? city : null);
          return;
        }
        if (choices.mode === "game" && choices.human && choices.phase === "activation") {
          if (city) pickCity(city);
          return;
        }
        if (choices.mode === "game" && city && (!choices.human || choices.phase === "battles")) {
          // A bot's turn, the end, or a battle to settle: Python says so.
          frame.send({ intent: "explain", city });
          return;
        }
        if (choices.mode !== "game" || !choices.human || choices.phase !== "orders") return;
        if (!city) { if (aiming) aim(false); return; }
        // The first click on the map lights up the targets; the next one on a city attacks
        // it. A first click on a city that will not light up also asks Python why.
        const lit = (choices.attack || []).some((a) => a.target === city);
        if (!aiming) {
          aim(true);
          // One's own city is the usual way to aim; any other dark city gets its reason.
          if (!lit && city !== choices.city) frame.send({ intent: "explain", city });
          return;
        }
        if (city === choices.city) { aim(false); return; }
        // A lit city is attacked; any other is sent too, and Python says why not.
        play({ kind: "attack", target: city });
      },
      drawExtras(f) {
        frame = f;
        const choices = f.choices();
        const w = f.words();
        if (choices.mode === "explore") { promptExplore(w, choices); return; }
        if (choices.mode !== "game") return;
        if (choices.over) {
          f.prompt.append(h("div", { class: "pk-line pk-title pk-over" },
            pkFill(w.over, { lord: choices.over.lord, winners: choices.over.winners.join(", ") })));
          return;
        }
        if (!choices.human) {
          if (!model.get("autoplay")) {
            f.prompt.append(h("div", { class: "pk-line pk-help" },
              pkMarker(choices.player), " ", pkFill(w.wait_bot, { city: names()[choices.city] })));
          }
          return;
        }
        if (choices.phase === "activation") promptOrder(w, choices);
        else if (choices.phase === "orders") promptOrders(w, choices);
        else if (choices.phase === "battles") promptBattle(w, choices);
      },
    });
    // The prompt and the battle report sit beside the map (base.js puts the prompt there):
    // a report that opens or grows never moves the map.
    frame.prompt.after(report);
    drawReport();
    return () => frame.cleanup();
  },
};
