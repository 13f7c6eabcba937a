// What Python's start decides per visit: whether its downloads wait for the page's own
// (answeredWithin), and whether it starts from the memory snapshot or the plain way.
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
// need begin at once anyway; Pyodide's glue code (0.22 MB compressed), read as it arrives
// while the wasm shares the link with it, shows how fast the link is.

export const PROBE_BYTES = 250_000;
// 0.25 MB within 100 ms of the glue code's first byte, with the wasm's download under way:
// a link of ~40 Mbps or more, on the way to where the snapshot's bytes and the CPU it
// saves break even (where guessing wrong costs a few tenths of a second either way).
// Timed from the first byte, not from the request: the request's round trip says
// nothing of the megabytes to come (and the tests' request interception adds to it).
// On fast 4G (9 Mbps) it takes ~0.5 s; from this machine's own server, a few ms.
export const PROBE_MS = 100;
// No byte at all by then: a slow link (or a failed download).
export const FIRST_BYTE_MS = 1000;

/**
 * A measure of the link: count(n) adds n compressed bytes received; `fast` resolves to
 * true once PROBE_BYTES arrived within PROBE_MS of the first, false when PROBE_MS pass
 * first (or FIRST_BYTE_MS without a byte). end() says the file is whole: one smaller
 * than PROBE_BYTES is judged by the same rate (the glue code is 0.22 MB as Zstandard,
 * short of it). `now()` is in milliseconds.
 */
export function linkProbe({ now = () => performance.now(), setTimer = setTimeout, clearTimer = clearTimeout } = {}) {
  let first = null;
  let received = 0;
  let settle;
  const fast = new Promise((resolve) => {
    settle = resolve;
  });
  let timer = setTimer(() => settle(false), FIRST_BYTE_MS);
  return {
    fast,
    count(n) {
      if (first === null) {
        first = now();
        clearTimer(timer);
        timer = setTimer(() => settle(false), PROBE_MS);
      }
      received += n;
      if (received >= PROBE_BYTES) {
        clearTimer(timer);
        settle(now() - first <= PROBE_MS);
      }
    },
    end() {
      if (first === null || received >= PROBE_BYTES) return; // the timer or count said it
      clearTimer(timer);
      settle((now() - first) * PROBE_BYTES <= PROBE_MS * received);
    },
  };
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

// A host that answers a small request within this many milliseconds is this machine or
// its network: no slow link for the worker's downloads to share. Below the 40 ms of
// fast 4G's round trip; this machine's own server answers in a few milliseconds.
export const NEAR_MS = 30;

/**
 * A promise that resolves once `answer` (a request's promise) resolves, if it does within
 * `ms` of now; else it never resolves. Raced against the page's "go", it lets the worker
 * skip the wait on a near host.
 */
export function answeredWithin(answer, ms = NEAR_MS, now = () => performance.now()) {
  const asked = now();
  return new Promise((resolve) => {
    answer.then(() => {
      if (now() - asked <= ms) resolve();
    }, () => {});
  });
}
