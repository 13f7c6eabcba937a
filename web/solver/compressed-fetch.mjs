// Pyodide's own downloads, compressed: the build keeps a compressed copy of each big file
// of Python's start (build.json's "compressed": the name Pyodide asks for -> the copy,
// Zstandard or gzip), and the worker fetches that copy and decodes it as it arrives
// (decoded-body.mjs), so a host that compresses nothing still sends 3.9 MB instead of
// 13 MB. Pyodide fetches its files with the global fetch, which start-up replaces by
// compressedFetch's; it imports its glue code, which importGlue gives it from the copy.

import { decodedBody, zstdReady } from "./decoded-body.mjs";

const TYPES = { ".wasm": "application/wasm", ".json": "application/json", ".mjs": "text/javascript", ".zip": "application/zip" };

function typeOf(name) {
  const dot = name.lastIndexOf(".");
  return TYPES[name.slice(dot)] || "application/octet-stream";
}

/**
 * A fetch that answers a request for one of `compressed`'s files (in `baseUrl`) with its
 * copy, decoded, and passes every other request to `fetchImpl`. When the copy
 * cannot be had (HTTP error, no body) or read (a Zstandard copy, and the decoder would
 * not start: a host whose Content-Security-Policy refuses its data: URL), the file
 * itself is fetched as asked. `onBytes(name, received, done)` counts a copy's
 * compressed bytes. `decoder()` resolves once Zstandard can be decoded.
 */
export function compressedFetch(compressed, { baseUrl, fetchImpl = fetch, onBytes = () => {}, decoder = zstdReady }) {
  const readable = (copy) => !copy.endsWith(".zst") || decoder().then(() => true, () => false);
  const has = (name) => Object.hasOwn(compressed, name);
  const early = new Map(); // name -> the response of a download started before it was asked for
  const copyOf = (name) => (has(name) ? compressed[name] : null);
  const download = (copy) => fetchImpl(new URL(copy, baseUrl)).catch(() => null);
  const copyFetch = async (input, init) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, baseUrl);
    const name = url.pathname.split("/").pop();
    const copy = url.href === new URL(name, baseUrl).href ? copyOf(name) : null;
    if (!copy) return fetchImpl(input, init);
    const started = early.get(name);
    early.delete(name);
    asked.add(name);
    if (!(await readable(copy))) {
      started?.then((response) => response?.body?.cancel()).catch(() => {});
      return fetchImpl(input, init);
    }
    const response = await (started || download(copy));
    if (!response?.ok || !response.body) return fetchImpl(input, init);
    const body = decodedBody(response.body, (n, done = false) => onBytes(copy, n, done));
    return new Response(body, { status: 200, headers: { "Content-Type": typeOf(name) } });
  };
  const asked = new Set(); // names whose download has begun here, or been taken
  /** Whether `name` is fetched from its compressed copy. */
  copyFetch.compressed = has;
  /** Start these files' downloads now; the first request for each takes its response. */
  copyFetch.prefetch = (names) => {
    for (const name of names) {
      const copy = copyOf(name);
      if (copy && !asked.has(name)) {
        asked.add(name);
        // Not a copy that could not be read: the request then fetches the file itself.
        early.set(name, Promise.resolve(readable(copy)).then((ok) => (ok ? download(copy) : null)));
      }
    }
  };
  /**
   * `body`, a promise of the body of `name`'s copy whose download began elsewhere (the
   * page, before this worker's script had come), stands for that download: null, and
   * the copy is downloaded here after all. Returns whether it was taken; refused (and the
   * body cancelled) when this fetch has begun its own.
   */
  copyFetch.offer = (name, body) => {
    const copy = copyOf(name);
    if (!copy || asked.has(name)) {
      body.then((stream) => stream?.cancel()).catch(() => {});
      return false;
    }
    asked.add(name);
    early.set(name, body.then((stream) => (stream ? new Response(stream) : download(copy)), () => download(copy)));
    return true;
  };
  return copyFetch;
}

/** How long the worker waits for the body of a download the page announced (its name)
 * before it fetches the file itself: the page's message comes once its download's
 * headers have (a round trip), unless the page could not hand the body over at all. */
export const EARLY_BODY_MS = 10_000;

/**
 * Bodies of compressed copies whose download the page began before the worker's fetch
 * existed (index.html starts the wasm's before the worker's script has come).
 * expect(name) says one is coming, offer(name, body) brings it (a ReadableStream, or null
 * when the page's download failed); connect(copyFetch) hands each over as a promise, at
 * once or when it is expected later. has(name): whether one is expected. A body not
 * brought within `waitMs` of its expect() counts as null (the copy is fetched here), and
 * one brought later is cancelled.
 */
export function earlyBodies({ waitMs = EARLY_BODY_MS, setTimer = setTimeout, clearTimer = clearTimeout } = {}) {
  const coming = new Map(); // name -> {body: Promise, bring(stream)}
  let taker = null;
  const entry = (name) => {
    if (!coming.has(name)) {
      let resolve;
      const body = new Promise((settle) => {
        resolve = settle;
      });
      let open = true;
      const bring = (stream) => {
        if (!open) {
          stream?.cancel?.().catch(() => {}); // too late: the worker fetches its own
          return;
        }
        open = false;
        clearTimer(timer);
        resolve(stream);
      };
      const timer = setTimer(() => bring(null), waitMs);
      coming.set(name, { body, bring });
      taker?.offer(name, body);
    }
    return coming.get(name);
  };
  return {
    has: (name) => coming.has(name),
    expect: (name) => void entry(name),
    offer: (name, body) => entry(name).bring(body),
    connect(copyFetch) {
      taker = copyFetch;
      for (const [name, { body }] of coming) copyFetch.offer(name, body);
    },
  };
}

/**
 * Pyodide's glue code (pyodide.asm.mjs, 1.25 MB; 0.22 MB compressed) imported from
 * its compressed copy through a blob: URL, for loadPyodide's createPyodideModule. Where that is
 * refused (a Content-Security-Policy without blob: in script-src), or there is no copy,
 * the file itself is imported.
 */
export async function importGlue(fetchCopy, baseUrl, importImpl = (url) => import(url)) {
  const url = new URL("pyodide.asm.mjs", baseUrl).href;
  // No copy (kept decoded by the service worker): its own URL, so its compiled code is cached.
  if (fetchCopy.compressed && !fetchCopy.compressed("pyodide.asm.mjs")) return (await importImpl(url)).default;
  try {
    const response = await fetchCopy(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = new Blob([await response.arrayBuffer()], { type: "text/javascript" });
    const blobUrl = URL.createObjectURL(blob);
    try {
      return (await importImpl(blobUrl)).default;
    } finally {
      URL.revokeObjectURL(blobUrl);
    }
  } catch {
    return (await importImpl(url)).default;
  }
}
