// compressed-fetch.mjs: Pyodide's files fetched as their compressed copies and decoded in the worker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { compressedFetch, earlyBodies, importGlue } from "../../../web/solver/compressed-fetch.mjs";
import { tick } from "../helpers.mjs";

const BASE = "https://host.test/app/";
const WASM = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 5, 6, 7]);

function server(files) {
  const asked = [];
  const fetchImpl = async (url) => {
    asked.push(String(url));
    const body = files[String(url)];
    return body ? new Response(body) : new Response("missing", { status: 404 });
  };
  return { asked, fetchImpl };
}

test("a request for a compressed file gets its copy, decoded, with its type", async () => {
  const { asked, fetchImpl } = server({ [`${BASE}pyodide.asm.wasm.gz`]: gzipSync(WASM) });
  const counted = [];
  const copyFetch = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.gz" }, {
    baseUrl: BASE, fetchImpl, onBytes: (file, n, done) => counted.push([file, n, done]),
  });
  const response = await copyFetch(`${BASE}pyodide.asm.wasm`);
  assert.equal(response.headers.get("Content-Type"), "application/wasm");
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), WASM);
  assert.deepEqual(asked, [`${BASE}pyodide.asm.wasm.gz`]);
  // The compressed bytes as they come, then once more when the file is whole.
  const size = gzipSync(WASM).byteLength;
  assert.deepEqual(counted.at(-1), ["pyodide.asm.wasm.gz", size, true]);
  assert.ok(counted.slice(0, -1).every(([, , done]) => done === false));
});

test("a Zstandard copy (the build's) is decoded as a gzip one is", async () => {
  const packed = new Uint8Array(readFileSync(new URL("../fixtures/knight-lines.txt.zst", import.meta.url)));
  const { asked, fetchImpl } = server({ [`${BASE}python_stdlib.zip.zst`]: packed });
  const counted = [];
  const copyFetch = compressedFetch({ "python_stdlib.zip": "python_stdlib.zip.zst" }, {
    baseUrl: BASE, fetchImpl, onBytes: (file, n, done) => counted.push([file, n, done]),
  });
  const response = await copyFetch(`${BASE}python_stdlib.zip`);
  assert.equal(response.headers.get("Content-Type"), "application/zip");
  assert.match(await response.text(), /^knight 0 to square 0\nknight 1 to square 37\n[^]*knight 2999 to square 51\n$/);
  assert.deepEqual(asked, [`${BASE}python_stdlib.zip.zst`]);
  assert.deepEqual(counted.at(-1), ["python_stdlib.zip.zst", packed.length, true]);
});

test("a copy a host already decoded passes as it is", async () => {
  const { fetchImpl } = server({ [`${BASE}pyodide.asm.wasm.gz`]: WASM });
  const copyFetch = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.gz" }, { baseUrl: BASE, fetchImpl });
  assert.deepEqual(new Uint8Array(await (await copyFetch(`${BASE}pyodide.asm.wasm`)).arrayBuffer()), WASM);
});

test("without its copy the file itself is fetched; other files pass through", async () => {
  const { asked, fetchImpl } = server({ [`${BASE}pyodide.asm.wasm`]: WASM, [`${BASE}build.json`]: "{}" });
  const copyFetch = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.gz" }, { baseUrl: BASE, fetchImpl });
  assert.deepEqual(new Uint8Array(await (await copyFetch(`${BASE}pyodide.asm.wasm`)).arrayBuffer()), WASM);
  assert.equal(await (await copyFetch(`${BASE}build.json`)).text(), "{}");
  assert.deepEqual(asked, [`${BASE}pyodide.asm.wasm.gz`, `${BASE}pyodide.asm.wasm`, `${BASE}build.json`]);
});

test("a prefetched copy is downloaded once and taken by the first request", async () => {
  const { asked, fetchImpl } = server({ [`${BASE}python_stdlib.zip.gz`]: gzipSync(Buffer.from("zip")) });
  const copyFetch = compressedFetch({ "python_stdlib.zip": "python_stdlib.zip.gz" }, { baseUrl: BASE, fetchImpl });
  copyFetch.prefetch(["python_stdlib.zip", "not-compressed.txt"]);
  assert.equal(await (await copyFetch(`${BASE}python_stdlib.zip`)).text(), "zip");
  assert.deepEqual(asked, [`${BASE}python_stdlib.zip.gz`]);
});

test("the glue code is imported from its decoded copy, else from its own address", async () => {
  const { fetchImpl } = server({ [`${BASE}pyodide.asm.mjs.gz`]: gzipSync(Buffer.from("export default 1;")) });
  const copyFetch = compressedFetch({ "pyodide.asm.mjs": "pyodide.asm.mjs.gz" }, { baseUrl: BASE, fetchImpl });
  const imported = [];
  const glue = await importGlue(copyFetch, BASE, async (url) => {
    imported.push(url.slice(0, 5));
    return { default: "the module" };
  });
  assert.equal(glue, "the module");
  assert.deepEqual(imported, ["blob:"]);
  const refused = [];
  await importGlue(copyFetch, BASE, async (url) => {
    refused.push(url);
    if (url.startsWith("blob:")) throw new TypeError("refused by the CSP");
    return { default: "plain" };
  });
  assert.equal(refused.at(-1), `${BASE}pyodide.asm.mjs`);
});

/** A body that records whether it was cancelled. */
function body(bytes) {
  const seen = { cancelled: false };
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

test("a body the page began stands for the download: the request takes it, and fetches nothing", async () => {
  const { asked, fetchImpl } = server({});
  const copyFetch = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.gz" }, { baseUrl: BASE, fetchImpl });
  let bring;
  assert.equal(copyFetch.offer("pyodide.asm.wasm", new Promise((resolve) => (bring = resolve))), true);
  copyFetch.prefetch(["pyodide.asm.wasm"]); // promised: not downloaded here
  const response = copyFetch(`${BASE}pyodide.asm.wasm`); // asked before the body has come
  bring(body(gzipSync(WASM)).stream);
  assert.deepEqual(new Uint8Array(await (await response).arrayBuffer()), WASM);
  assert.deepEqual(asked, []);
});

test("a promised body that fails (null) is downloaded here after all", async () => {
  const { asked, fetchImpl } = server({ [`${BASE}pyodide.asm.wasm.gz`]: gzipSync(WASM) });
  const copyFetch = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.gz" }, { baseUrl: BASE, fetchImpl });
  copyFetch.offer("pyodide.asm.wasm", Promise.resolve(null));
  assert.deepEqual(new Uint8Array(await (await copyFetch(`${BASE}pyodide.asm.wasm`)).arrayBuffer()), WASM);
  assert.deepEqual(asked, [`${BASE}pyodide.asm.wasm.gz`]);
});

test("a body offered after the fetch began its own is refused and cancelled", async () => {
  const { asked, fetchImpl } = server({ [`${BASE}pyodide.asm.wasm.gz`]: gzipSync(WASM) });
  const copyFetch = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.gz" }, { baseUrl: BASE, fetchImpl });
  copyFetch.prefetch(["pyodide.asm.wasm"]);
  const late = body(gzipSync(WASM));
  assert.equal(copyFetch.offer("pyodide.asm.wasm", Promise.resolve(late.stream)), false);
  // One without a copy here (kept decoded by the service worker) is refused too.
  const other = body(gzipSync(WASM));
  assert.equal(copyFetch.offer("pyodide.asm.mjs", Promise.resolve(other.stream)), false);
  assert.deepEqual(new Uint8Array(await (await copyFetch(`${BASE}pyodide.asm.wasm`)).arrayBuffer()), WASM);
  assert.equal(late.seen.cancelled && other.seen.cancelled, true);
  assert.deepEqual(asked, [`${BASE}pyodide.asm.wasm.gz`]);
});

test("early bodies: expected, offered, and handed over as promises when a fetch connects", async () => {
  const offered = new Map();
  const early = earlyBodies();
  early.expect("pyodide.asm.wasm");
  assert.equal(early.has("pyodide.asm.wasm"), true);
  assert.equal(early.has("pyodide.asm.mjs"), false);
  early.connect({ offer: (name, promise) => offered.set(name, promise) });
  const first = body(new Uint8Array([1])).stream;
  early.offer("pyodide.asm.wasm", first);
  assert.equal(await offered.get("pyodide.asm.wasm"), first);
  // One announced only after the connection is handed over at once.
  early.offer("pyodide.asm.mjs", null);
  assert.equal(await offered.get("pyodide.asm.mjs"), null);
});

test("an early body that never comes counts as none after the time limit, and a late one is cancelled", async () => {
  const timers = [];
  const setTimer = (fn, ms) => timers.push({ fn, ms }) && timers.length;
  const early = earlyBodies({ waitMs: 10_000, setTimer, clearTimer: () => {} });
  early.expect("pyodide.asm.wasm");
  const offered = new Map();
  early.connect({ offer: (name, promise) => offered.set(name, promise) });
  assert.deepEqual(timers.map((timer) => timer.ms), [10_000]);
  timers[0].fn(); // the limit passes: the worker fetches the copy itself
  assert.equal(await offered.get("pyodide.asm.wasm"), null);
  const late = body(new Uint8Array([1]));
  early.offer("pyodide.asm.wasm", late.stream);
  await tick();
  assert.equal(late.seen.cancelled, true, "a body that comes too late is dropped");
  // With a real clock: a body brought in time clears its timer (the test does not wait 10 s).
  const timed = earlyBodies({ waitMs: 30 });
  timed.expect("pyodide.asm.mjs");
  const seen = new Map();
  timed.connect({ offer: (name, promise) => seen.set(name, promise) });
  const started = performance.now();
  assert.equal(await seen.get("pyodide.asm.mjs"), null);
  assert.ok(performance.now() - started >= 25);
});

test("a Zstandard copy whose decoder will not start gives way to the file itself", async () => {
  const packed = new Uint8Array(readFileSync(new URL("../fixtures/knight-lines.txt.zst", import.meta.url)));
  const { asked, fetchImpl } = server({ [`${BASE}pyodide.asm.wasm.zst`]: packed, [`${BASE}pyodide.asm.wasm`]: WASM });
  const refused = () => Promise.reject(new Error("refused by the CSP"));
  const copyFetch = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.zst" }, { baseUrl: BASE, fetchImpl, decoder: refused });
  const early = body(packed);
  copyFetch.offer("pyodide.asm.wasm", Promise.resolve(early.stream));
  assert.deepEqual(new Uint8Array(await (await copyFetch(`${BASE}pyodide.asm.wasm`)).arrayBuffer()), WASM);
  assert.deepEqual(asked, [`${BASE}pyodide.asm.wasm`]);
  await tick();
  assert.equal(early.seen.cancelled, true, "the page's download of the copy is dropped");
  // Nor is such a copy prefetched.
  const zip = server({ [`${BASE}python_stdlib.zip.zst`]: packed, [`${BASE}python_stdlib.zip`]: "zip" });
  const lazy = compressedFetch({ "python_stdlib.zip": "python_stdlib.zip.zst" }, { baseUrl: BASE, fetchImpl: zip.fetchImpl, decoder: refused });
  lazy.prefetch(["python_stdlib.zip"]);
  assert.equal(await (await lazy(`${BASE}python_stdlib.zip`)).text(), "zip");
  assert.deepEqual(zip.asked, [`${BASE}python_stdlib.zip`]);
  // A gzip copy needs no decoder of ours.
  const gz = compressedFetch({ "pyodide.asm.wasm": "pyodide.asm.wasm.gz" }, {
    baseUrl: BASE, fetchImpl: server({ [`${BASE}pyodide.asm.wasm.gz`]: gzipSync(WASM) }).fetchImpl, decoder: refused,
  });
  assert.deepEqual(new Uint8Array(await (await gz(`${BASE}pyodide.asm.wasm`)).arrayBuffer()), WASM);
});
