// What Python's start decides per visit: whether it starts from the memory snapshot or
// the plain way.
// Since the plain start imports precompiled bytecode (tools/bytecode.py), the snapshot
// saves only ~0.5 s of CPU after the downloads (measured on this machine's 2 busy cores:
// 0.7 s against 1.2 s) but costs 5.4 MB more to download (10.2 MB against the plain
// start's 4.8 MB): the plain start is ready sooner on any link slower than ~85 Mbps, so
// on a first visit the snapshot pays only on a very fast link or this machine's own
// server. A snapshot already in the service worker's cache costs nothing to download,
// so a later visit always uses it.
//
// The link's speed is measured, not asked: navigator.connection.downlink is capped at
// 10 Mbps, and headless Chromium on this machine reported 1.6 Mbps for a page served
// from 127.0.0.1 (its default before any measurement). The downloads that both starts
// need begin at once anyway; Pyodide's glue code (0.22 MB compressed), which both starts
// need before anything else, shows how fast the link is. Nothing is judged before its
// bytes have come: no timer calls a link slow (a first byte late says nothing of the
// megabytes to come, and a busy worker reads its bytes late: WebKit's took the plain
// start on this machine's own server in 9 of 11 runs when a timer judged). The rate is
// the network's own (Resource Timing: the response's first to last byte) where the
// browser says it; else from when the worker read the bytes.

export const PROBE_BYTES = 250_000;
// 0.25 MB in 100 ms: a link of ~20 Mbps or more, on the way to where the snapshot's bytes
// and the CPU it saves break even (where guessing wrong costs a few tenths of a second
// either way). Timed from the first byte, not from the request: the request's round trip
// says nothing of the megabytes to come. On fast 4G (9 Mbps) the glue takes ~0.2 s;
// from this machine's own server, a few ms.
export const PROBE_MS = 100;

/**
 * A measure of the link: count(n) adds n compressed bytes received; `fast` resolves to
 * true or false once PROBE_BYTES have arrived (by how long they took from the first), or
 * at end() (the file is whole: judged by the same rate). end(networkMs): the time the
 * network took from the response's first byte to its last, where the browser said it
 * (networkTime); else the time from the first byte counted to now. `now()` in ms.
 */
export function linkProbe({ now = () => performance.now() } = {}) {
  let first = null;
  let received = 0;
  let settle;
  let settled = false;
  const fast = new Promise((resolve) => {
    settle = (verdict) => {
      settled = true;
      resolve(verdict);
    };
  });
  const judge = (ms) => settle(ms * PROBE_BYTES <= PROBE_MS * received);
  return {
    fast,
    count(n) {
      if (settled || n <= 0) return;
      if (first === null) first = now();
      received += n;
      if (received >= PROBE_BYTES) judge(now() - first);
    },
    end(networkMs) {
      if (settled) return;
      if (Number.isFinite(networkMs) && networkMs >= 0 && received > 0) judge(networkMs);
      else if (first !== null) judge(now() - first);
      else settle(false); // a file that ended without a byte: failed, the plain start
    },
  };
}

/**
 * The milliseconds the network took from the first byte of `url`'s response to its last,
 * as the browser's Resource Timing says (in a worker too); undefined where it says nothing
 * (no entry yet, or times withheld). `perf`: the global performance.
 */
export function networkTime(url, perf = globalThis.performance) {
  try {
    const entry = perf.getEntriesByName(url).at(-1);
    if (!entry || !(entry.responseStart > 0) || !(entry.responseEnd >= entry.responseStart)) return undefined;
    return entry.responseEnd - entry.responseStart;
  } catch {
    return undefined; // no Resource Timing here
  }
}

/**
 * "" to use the snapshot, or a sentence saying why not. `connection`: navigator.connection
 * or undefined; `cached`: the snapshot is in Cache Storage; `fast`: linkProbe's verdict.
 */
export function snapshotVerdict({ connection, cached, fast }) {
  if (cached) return "";
  if (connection?.saveData) return NO_SNAPSHOT.saveData;
  if (!fast) return NO_SNAPSHOT.slowLink;
  return "";
}

/** The verdicts' sentences (English, as the worker reports them); the page says each in
 * its language (solver/start-text.js, solver.fallback.*). */
export const NO_SNAPSHOT = {
  saveData: "the browser asks to save data",
  slowLink: "on this link the plain start downloads sooner than the snapshot's extra megabytes",
};

/** Whether the file `name` (in `baseUrl`) is in Cache Storage (false where there is none). */
export async function isCached(name, baseUrl, cacheStorage) {
  try {
    // Read inside the try: in an opaque origin (the Learn sandbox) Firefox throws on the
    // mere read of `caches`.
    const storage = cacheStorage === undefined ? globalThis.caches : cacheStorage;
    return Boolean(storage && (await storage.match(new URL(name, baseUrl).href)));
  } catch {
    return false; // an opaque origin, or storage refused
  }
}
