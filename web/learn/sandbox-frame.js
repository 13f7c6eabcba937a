// The document a Learn program's Python runs under: an <iframe sandbox="allow-scripts">
// (no allow-same-origin) given as srcdoc, so its origin is opaque. From there, and from the
// worker it starts, there is no way to this site's storage: CacheStorage, IndexedDB,
// localStorage, cookies and the service worker belong to another origin (or, in WebKit, to
// a partition of the opaque origin's own), and its BroadcastChannels are the opaque
// origin's. srcdoc, not a file: a sandboxed frame's navigation never reaches the service
// worker, so a file would not load offline, and srcdoc needs no request at all.
//
// The frame's one script (FRAME_SCRIPT) is fixed text: the page's Content-Security-Policy
// allows it by its hash (FRAME_SCRIPT_HASH, checked by tests/web/learn/sandbox-frame.test.mjs
// against index.html and tools/serve.py). It starts a classic worker from the code the
// page hands over (a blob: URL of the frame's own origin: WebKit refuses a module worker
// from an opaque origin's blob: URL, Chromium too), gives it the page's MessagePort and,
// where the frame can make one, a SharedArrayBuffer the tracer polls for Stop. It never
// reads the worker's messages: those go straight to the page through the port.

/** The frame's script, allowed by its hash in the page's CSP. Messages it takes, from
 * the page only: {type: "boot", code, base} with [workerPort, framePort], then
 * {type: "stop"}. It tells framePort {type: "died"} when the worker fails to start or
 * throws an uncaught error. */
export const FRAME_SCRIPT = `"use strict";
let flags = null;
let worker = null;
onmessage = (event) => {
  const data = event.data;
  if (event.source !== parent || !data) return;
  if (data.type === "boot" && !worker && event.ports.length === 2) {
    const [workerPort, framePort] = event.ports;
    let stop = null;
    try {
      stop = new SharedArrayBuffer(4);
      flags = new Int32Array(stop);
    } catch (err) {
      stop = null;
    }
    try {
      const url = URL.createObjectURL(new Blob([String(data.code)], { type: "text/javascript" }));
      worker = new Worker(url);
      worker.onerror = () => framePort.postMessage({ type: "died" });
      worker.postMessage({ base: String(data.base), stop }, [workerPort]);
    } catch (err) {
      framePort.postMessage({ type: "died" });
    }
  } else if (data.type === "stop" && flags) {
    Atomics.store(flags, 0, 1);
  }
};
`;

/** sha-256 of FRAME_SCRIPT, base64: the CSP's 'sha256-…' source for it. */
export const FRAME_SCRIPT_HASH = "sha256-kf9KdSraK7jeR2wxLfMCLddesWmRp+KKeA67kwwanZY=";

// The frame's own policy, on top of the page's (a srcdoc frame inherits the page's and a
// blob: worker its creator's; a policy can only narrow another): nothing but its script,
// the worker's blob: code (Pyodide's glue code is imported from a blob: URL) and data: (the
// Zstandard decoder's WebAssembly). No connect-src 'self': the program cannot even send a
// request to this site.
export const FRAME_CSP = [
  "default-src 'none'",
  `script-src '${FRAME_SCRIPT_HASH}' blob: 'wasm-unsafe-eval'`,
  "worker-src blob:",
  "connect-src data: blob:",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** The srcdoc of the sandbox frame. */
export function frameDocument() {
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><script>${FRAME_SCRIPT}</script>`;
}
