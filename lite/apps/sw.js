// The board pages' service worker (scripts/lite_apps.py puts this file in <site>/apps/; its
// scope is <site>/apps/, so the lessons' JupyterLab never meets it).
//
// The Pyodide core's two largest files are code that compresses well (pyodide.asm.wasm, 9.6 MB,
// to 3.5; pyodide.asm.mjs, 1.3 MB, to 0.3), and a plain static host sends them as they are.
// The site keeps a gzip copy of each beside it (NAME.gz): asked for NAME, this worker fetches
// NAME.gz (through the browser's HTTP cache, like any file) and answers with it decompressed.
// Where anything is missing — no DecompressionStream, no .gz, a host that already decoded it —
// it answers with NAME itself, as if it were not there. Everything else goes to the network
// untouched.
const COMPRESSED = {
  "pyodide.asm.wasm": "application/wasm",
  "pyodide.asm.mjs": "text/javascript",
};

self.addEventListener("install", () => self.skipWaiting());
// The first visit's page is taken over at once, so its Pyodide already comes compressed.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const type = COMPRESSED[url.pathname.split("/").pop()];
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !type) return;
  event.respondWith(decompressed(url, type, event.request));
});

async function decompressed(url, type, request) {
  try {
    if (typeof DecompressionStream === "undefined") throw new Error("no DecompressionStream");
    const response = await fetch(url.href + ".gz");
    if (!response.ok) throw new Error(`${response.status} for ${url.pathname}.gz`);
    const data = new Uint8Array(await response.arrayBuffer());
    // A host that sends .gz files with Content-Encoding: gzip has decoded it already.
    const gzip = data[0] === 0x1f && data[1] === 0x8b;
    const body = gzip ? new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"))
      : data;
    return new Response(body, { headers: { "Content-Type": type } });
  } catch (error) {
    console.warn(`sumer service worker: ${error}; fetching ${url.pathname} as it is`);
    return fetch(request);
  }
}
