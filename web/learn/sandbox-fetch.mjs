// The sandbox worker's fetch (learn/worker.mjs): it has no network of its own, so every file
// of Python's start is asked of the page by name ({type: "need", name}) and answered with
// its bytes ({type: "file", name, bytes}, null when the page could not get it). data: and
// blob: URLs (the Zstandard decoder's WebAssembly, Pyodide's glue code) stay local.

const TYPES = { wasm: "application/wasm", mjs: "text/javascript", json: "application/json", zip: "application/zip" };

/** The file name a URL asks for: its last path segment. */
export function fileNameOf(url) {
  return new URL(url).pathname.split("/").pop();
}

/**
 * {fetch, answer}: `fetch(input)` asks `post` for the file and resolves with a Response of
 * the bytes `answer(name, bytes)` brings (404 when bytes is null); data: and blob: URLs go to
 * `localFetch`. Each name is asked once; a second request gets the same bytes (a Response
 * copies them).
 */
export function pageFetch(post, localFetch) {
  const waiting = new Map(); // name -> {promise, resolve}
  const fetchFile = async (input, init) => {
    const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
    if (/^(data|blob):/.test(url)) return localFetch(input, init);
    const name = fileNameOf(url);
    if (!waiting.has(name)) {
      let resolve;
      const promise = new Promise((done) => {
        resolve = done;
      });
      waiting.set(name, { promise, resolve });
      post({ type: "need", name });
    }
    const bytes = await waiting.get(name).promise;
    if (!bytes) return new Response(null, { status: 404, statusText: "Not Found" });
    const type = TYPES[name.split(".").pop()] || "application/octet-stream";
    return new Response(bytes, { status: 200, headers: { "Content-Type": type } });
  };
  return {
    fetch: fetchFile,
    answer(name, bytes) {
      const entry = waiting.get(name);
      if (entry) entry.resolve(bytes instanceof ArrayBuffer ? bytes : null);
    },
  };
}
