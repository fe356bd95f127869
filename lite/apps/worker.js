// The board page's Python, in a Web Worker (scripts/lite_apps.py puts this file in <site>/apps/).
//
// It loads the site's own Pyodide (static/pyodide/) with only the packages the game's board
// imports (its address's ?packages=: Sumer's wheel, with its bytecode, and networkx where the
// game's engine uses it; the page's own lock file, apps/pyodide-lock.json, names them) while
// Pyodide starts, then answers the page's calls in the order
// they come: {id, call, args} -> {id, answer} (JSON text from sumer_widgets.page.BoardPage)
// or {id, error}. Nothing here decides anything about a game; Python does.
import { loadPyodide } from "../static/pyodide/pyodide.mjs";

const started = performance.now();
const pyodide = loadPyodide({
  indexURL: new URL("../static/pyodide/", import.meta.url).href,
  lockFileURL: new URL("./pyodide-lock.json", import.meta.url).href,
  packages: new URL(import.meta.url).searchParams.get("packages").split(","),
  stdout: (line) => console.log(line),
  stderr: (line) => console.warn(line),
});

let page = null;
const calls = {
  async start({ game, lang, seed }) {
    const py = await pyodide;
    const loaded = performance.now();
    const BoardPage = py.pyimport("sumer_widgets.page").BoardPage;
    page = BoardPage.callKwargs(game, { lang, seed });
    const answer = page.values();
    // How long each part took: the page shows it in the console, the benchmark reads it.
    const ready = performance.now();
    return { answer, timing: { pyodide: loaded - started, board: ready - loaded } };
  },
  intent: ({ text }) => ({ answer: page.intent(text) }),
  set: ({ text }) => ({ answer: page.set(text) }),
  new_game: () => ({ answer: page.new_game() }),
};

// One call at a time, in the order sent: a move is answered before the next click is read.
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  queue = queue.then(async () => {
    try {
      self.postMessage({ id: data.id, ...(await calls[data.call](data.args || {})) });
    } catch (error) {
      self.postMessage({ id: data.id, error: String(error && error.message || error) });
    }
  });
};
