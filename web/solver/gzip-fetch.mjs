// Pyodide's own downloads, gzipped: the build keeps a gzip -9 copy of each big file of
// Python's start (build.json's "gzipped": the name Pyodide asks for -> the .gz file), and
// the worker fetches that copy and gunzips it as it arrives (DecompressionStream), so a
// host that compresses nothing still sends 4.6 MB instead of 13 MB. Pyodide fetches its
// files with the global fetch, which start-up replaces by gzippedFetch's; it imports its
// glue code, which importGlue gives it from the gzipped copy.

const TYPES = { ".wasm": "application/wasm", ".json": "application/json", ".mjs": "text/javascript", ".zip": "application/zip" };

function typeOf(name) {
  const dot = name.lastIndexOf(".");
  return TYPES[name.slice(dot)] || "application/octet-stream";
}

/**
 * The body of a .gz response, gunzipped; `onBytes(n, done)` counts the compressed bytes
 * received (`done` true, once, when the whole body has come).
 * A host that already sent it decoded (Content-Encoding: gzip for .gz files) is
 * recognised by gzip's missing magic number, and its bytes pass as they are.
 */
export function gunzipped(body, onBytes = () => {}) {
  let received = 0;
  let first = true;
  let inflate = null;
  let writer = null;
  let pump = null;
  return body.pipeThrough(new TransformStream({
    async transform(chunk, controller) {
      received += chunk.byteLength;
      onBytes(received);
      if (first) {
        first = false;
        if (chunk[0] === 0x1f && chunk[1] === 0x8b) {
          inflate = new DecompressionStream("gzip");
          writer = inflate.writable.getWriter();
          pump = inflate.readable.pipeTo(new WritableStream({ write: (out) => controller.enqueue(out) }));
        }
      }
      if (writer) await writer.write(chunk);
      else controller.enqueue(chunk);
    },
    async flush() {
      onBytes(received, true);
      if (writer) {
        await writer.close();
        await pump;
      }
    },
  }));
}

/**
 * A fetch that answers a request for one of `gzipped`'s files (in `baseUrl`) with its
 * .gz copy, gunzipped, and passes every other request to `fetchImpl`. When the copy
 * cannot be had (HTTP error, no body), the file itself is fetched as asked.
 * `onBytes(name, received, done)` counts a copy's compressed bytes.
 */
export function gzippedFetch(gzipped, { baseUrl, fetchImpl = fetch, onBytes = () => {} }) {
  const has = (name) => Object.hasOwn(gzipped, name);
  const early = new Map(); // name -> the response of a download started before it was asked for
  const copyOf = (name) => (has(name) ? gzipped[name] : null);
  const download = (copy) => fetchImpl(new URL(copy, baseUrl)).catch(() => null);
  const gzFetch = async (input, init) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, baseUrl);
    const name = url.pathname.split("/").pop();
    const copy = url.href === new URL(name, baseUrl).href ? copyOf(name) : null;
    if (!copy) return fetchImpl(input, init);
    const started = early.get(name);
    early.delete(name);
    asked.add(name);
    const response = await (started || download(copy));
    if (!response?.ok || !response.body) return fetchImpl(input, init);
    const body = gunzipped(response.body, (n, done = false) => onBytes(copy, n, done));
    return new Response(body, { status: 200, headers: { "Content-Type": typeOf(name) } });
  };
  const asked = new Set(); // names whose download has begun here, or been taken
  /** Whether `name` is fetched from its gzipped copy. */
  gzFetch.gzipped = has;
  /** Start these files' downloads now; the first request for each takes its response. */
  gzFetch.prefetch = (names) => {
    for (const name of names) {
      if (copyOf(name) && !asked.has(name)) {
        asked.add(name);
        early.set(name, download(copyOf(name)));
      }
    }
  };
  /**
   * `body`, a promise of the body of `name`'s copy whose download began elsewhere (the
   * page, before this worker's script had come), stands for that download: null, and
   * the copy is downloaded here after all. Returns whether it was taken; refused (and the
   * body cancelled) when this fetch has begun its own.
   */
  gzFetch.offer = (name, body) => {
    const copy = copyOf(name);
    if (!copy || asked.has(name)) {
      body.then((stream) => stream?.cancel()).catch(() => {});
      return false;
    }
    asked.add(name);
    early.set(name, body.then((stream) => (stream ? new Response(stream) : download(copy)), () => download(copy)));
    return true;
  };
  return gzFetch;
}

/**
 * Bodies of gzipped copies whose download the page began before the worker's fetch
 * existed (index.html starts the wasm's before the worker's script has come).
 * expect(name) says one is coming, offer(name, body) brings it (a ReadableStream, or null
 * when the page's download failed); connect(gzFetch) hands each over as a promise, at
 * once or when it is expected later. has(name): whether one is expected.
 */
export function earlyBodies() {
  const coming = new Map(); // name -> {body: Promise, bring(stream)}
  let taker = null;
  const entry = (name) => {
    if (!coming.has(name)) {
      let bring;
      const body = new Promise((resolve) => {
        bring = resolve;
      });
      coming.set(name, { body, bring });
      taker?.offer(name, body);
    }
    return coming.get(name);
  };
  return {
    has: (name) => coming.has(name),
    expect: (name) => void entry(name),
    offer: (name, body) => entry(name).bring(body),
    connect(gzFetch) {
      taker = gzFetch;
      for (const [name, { body }] of coming) gzFetch.offer(name, body);
    },
  };
}

/**
 * Pyodide's glue code (pyodide.asm.mjs, 1.25 MB; 0.26 MB gzipped) imported from its
 * gzipped copy through a blob: URL, for loadPyodide's createPyodideModule. Where that is
 * refused (a Content-Security-Policy without blob: in script-src), or there is no copy,
 * the file itself is imported.
 */
export async function importGlue(fetchGzipped, baseUrl, importImpl = (url) => import(url)) {
  const url = new URL("pyodide.asm.mjs", baseUrl).href;
  // Not gzipped (kept gunzipped by the service worker): its own URL, so its compiled code is cached.
  if (fetchGzipped.gzipped && !fetchGzipped.gzipped("pyodide.asm.mjs")) return (await importImpl(url)).default;
  try {
    const response = await fetchGzipped(url);
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
