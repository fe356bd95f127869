// The board page's host (scripts/lite_apps.py puts this file in <site>/apps/; each game's page,
// <site>/apps/<game>/, loads it). It gives the board's own ES module — the same board.js a
// notebook's widget runs — the model anywidget would give it (get, set, on, off, save_changes,
// send), and carries what that model sends to the board's Python, which runs in a Web Worker
// (worker.js) with Pyodide: every answer is the board's changed values and its messages, put
// into the model before any change event fires, as a kernel's update is. The page's own
// controls — the language and "New game" — go the same way. It decides nothing about a game.
//
// window.sumerPage = {model, ready, timing} is there for the tests and the benchmark: `ready`
// resolves once the board is drawn and answering.

const root = document.querySelector("main.sumer-page");
const data = JSON.parse(document.getElementById("sumer-page-data").textContent);
const status = root.querySelector(".sumer-page-status");
const languages = root.querySelector(".sumer-page-lang select");
const newGame = root.querySelector(".sumer-page-new");

// The language: the address's ?lang=, else the browser's, else English.
const wanted = new URLSearchParams(location.search).get("lang")
  || (navigator.language || "en").slice(0, 2);
let lang = wanted in data.words ? wanted : "en";

function drawPage() {
  const w = data.words[lang];
  document.documentElement.lang = lang;
  root.querySelector(".sumer-page-help").textContent = data.instructions[lang];
  root.querySelector(".sumer-page-lang span").textContent = w.language;
  newGame.textContent = w.new_game;
  newGame.title = w.new_game_tip;
  root.querySelector(".sumer-page-games").textContent = w.games;
  languages.value = lang;
  if (root.dataset.state === "loading") status.textContent = w.loading;
}

// The model -----------------------------------------------------------------------------------

const state = {};
const listeners = {};
let unsaved = {};
const fire = (event, ...args) => (listeners[event] || []).slice().forEach((f) => f(...args));

let worker = null;
let lastCall = 0;
const waiting = new Map();
function startWorker() {
  const script = new URL("./worker.js", import.meta.url);
  script.searchParams.set("packages", data.packages.join(","));
  worker = new Worker(script, { type: "module" });
  worker.onmessage = ({ data: reply }) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error) call.reject(new Error(reply.error));
    else call.resolve(reply);
  };
  worker.onerror = (event) => failed(event.message || "the worker failed");
}
function call(name, args = {}) {
  return new Promise((resolve, reject) => {
    lastCall += 1;
    waiting.set(lastCall, { resolve, reject });
    worker.postMessage({ id: lastCall, call: name, args });
  });
}

// Python's answer: every value first, then the change events, then the messages.
function apply(answer) {
  const { values, messages } = JSON.parse(answer);
  const changed = Object.keys(values).filter(
    (key) => JSON.stringify(state[key]) !== JSON.stringify(values[key]));
  Object.assign(state, values);
  for (const key of changed) fire(`change:${key}`);
  for (const message of messages) fire("msg:custom", message, []);
}

function failed(error) {
  root.dataset.state = "failed";
  status.textContent = data.words[lang].failed.replace("{error}", String(error.message || error));
  status.hidden = false;
  console.error(error);
}

// Calls go out in order and their answers are drawn in order.
let drawn = Promise.resolve();
function ask(name, args) {
  const reply = call(name, args);
  drawn = drawn.then(() => reply).then(({ answer }) => apply(answer)).catch(failed);
  return drawn;
}

const model = {
  get: (key) => state[key],
  set: (key, value) => {
    state[key] = value;
    unsaved[key] = value;
    fire(`change:${key}`);
  },
  on: (event, f) => { (listeners[event] ||= []).push(f); },
  off: (event, f) => {
    listeners[event] = f ? (listeners[event] || []).filter((g) => g !== f) : [];
  },
  save_changes: () => {
    const changes = unsaved;
    unsaved = {};
    if (Object.keys(changes).length) ask("set", { text: JSON.stringify(changes) });
  },
  send: (content) => { ask("intent", { text: JSON.stringify(content) }); },
};

// The page's own controls ---------------------------------------------------------------------

languages.addEventListener("change", () => {
  lang = languages.value;
  const address = new URL(location.href);
  address.searchParams.set("lang", lang);
  history.replaceState(null, "", address);
  drawPage();
  model.set("lang", lang);
  model.save_changes();
});
newGame.addEventListener("click", () => ask("new_game"));

async function start() {
  drawPage();
  const board = import(new URL("board.js", location.href));
  startWorker();
  // ?seed=N plays the game of that seed (the same for a whole class); else a new one.
  const seed = Number.parseInt(new URLSearchParams(location.search).get("seed"), 10);
  const reply = await call("start", { game: data.game, lang,
    seed: Number.isSafeInteger(seed) && seed >= 0 ? seed : undefined });
  apply(reply.answer);
  const el = root.querySelector(".sumer-page-board");
  (await board).default.render({ model, el });
  // The board takes the window's height below the page's head, however many lines the head's
  // words take in this language and width (the board's own --sumer-page margin).
  const fit = () => {
    const top = el.getBoundingClientRect().top + window.scrollY;
    el.style.setProperty("--sumer-page", `${Math.ceil(top) + 8}px`);
  };
  new ResizeObserver(fit).observe(root.querySelector(".sumer-page-head"));
  fit();
  root.dataset.state = "ready";
  status.hidden = true;
  newGame.disabled = false;
  window.sumerPage.timing = { ...reply.timing, ready: performance.now() };
  console.info("board page ready", window.sumerPage.timing);
}

window.sumerPage = { model, ready: start().catch((error) => { failed(error); throw error; }) };
