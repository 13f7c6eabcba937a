// Starts Python for the solver worker: from the build's memory snapshot when it can
// (knight_py already imported), else the plain way (Pyodide's own start, knight_py
// imported from the precompiled standard library's zip, or from its source zip unpacked),
// reporting what downloads and which start is under way through `post`.
//
// Tried and left out: compiling the wasm ourselves while the snapshot arrives (Pyodide
// compiles it only once the snapshot is in). Pyodide fetches the wasm anyway, so a first
// visit downloaded it twice (30.0 MB against 19.4 MB), and on 2 cores the parallel compile
// slowed the snapshot's gunzip as much as it saved: cold starts of 915 ms with it against
// 928 ms without (medians of 10), 839 against 819 in another run.

import { loadPyodide } from "pyodide"; // node_modules/pyodide, bundled into dist/worker.mjs
import { fetchSnapshot } from "./snapshot-fetch.mjs";
import { progressReporter } from "./load-progress.mjs";
import { compressedFetch, earlyBodies, importGlue } from "./compressed-fetch.mjs";
import { zstdReady } from "./decoded-body.mjs";
import { isCached, linkProbe, networkTime, snapshotVerdict } from "./start-choice.mjs";
import { laterModules } from "./later-modules.mjs";

// The build's snapshot (build.json's entry for it), written into the worker's bundle by
// tools/bundle.py: its download starts at once instead of after build.json's, one round
// trip sooner. Without the define (another bundler), build.json's entry is used.
const BUILT_SNAPSHOT = typeof KNIGHT_SNAPSHOT === "undefined" ? undefined : KNIGHT_SNAPSHOT;

// build.json's "compressed", written into the bundle likewise: which of Pyodide's files
// the worker fetches as compressed copies (compressed-fetch.mjs). Without it, none.
const BUILT_COMPRESSED = typeof KNIGHT_COMPRESSED === "undefined" ? {} : KNIGHT_COMPRESSED;
/** The name a download goes by (in build.json's files and the progress line). */
const downloadOf = (name) => BUILT_COMPRESSED[name] || name;

// build.json's "bytecode": {stdlib}, the standard library precompiled to .pyc by the
// build's own Pyodide with the package's inside it (tools/bytecode.py, tools/site.py), so
// that the plain start imports knight_py from the standard library's zip without
// compiling or unpacking anything; null when the build has none (the start from source).
const BUILT_BYTECODE = typeof KNIGHT_BYTECODE === "undefined" ? null : KNIGHT_BYTECODE;

// Pyodide's lock file as the start needs it (tools/site.py, start_lock): its "info", which
// loadPyodide checks against its own build, and no packages, since the page loads none
// (the full file lists 357: 26 KB gzipped and a request). Written into the bundle; without
// the define, Pyodide fetches pyodide-lock.json itself.
const BUILT_LOCK = typeof KNIGHT_LOCK === "undefined" ? null : KNIGHT_LOCK;
const LOCK = BUILT_LOCK ? { lockFileContents: BUILT_LOCK } : {};

const LOCK_FILES = BUILT_LOCK ? [] : ["pyodide-lock.json"]; // what is fetched of it
// The bytecode fetched while Python starts (later-modules.mjs), and its copy: not one of
// the start's downloads, which downloadsMs times.
const LATER_FILES = new Set(BUILT_BYTECODE?.later ? [BUILT_BYTECODE.later, downloadOf(BUILT_BYTECODE.later)] : []);
const PYODIDE_FILES = ["pyodide.asm.mjs", "pyodide.asm.wasm", ...LOCK_FILES];
const STDLIB = "python_stdlib.zip";

/**
 * Start Python. `post(message)` receives the {type: "loading", ...} progress messages.
 * Resolves to {pyodide, knight, start, fallback, bytecode, bytecodeFallback, pyodideMs,
 * build, ms, downloadsMs, later}: `bytecode` whether the plain start imported precompiled
 * modules, `bytecodeFallback` why it compiled them from source instead ("" if it did not);
 * `later` a promise, never rejected, that resolves once every module can be imported
 * ("", or why the later bytecode could not be had: later-modules.mjs). The plain start
 * fetches that bytecode once its own downloads are whole, or with them (`laterAtOnce`:
 * Learn's worker, which imports Learn's modules at once).
 * With `hold` (a promise), Python's downloads wait until it resolves (the solver worker:
 * the page has painted, or its script has arrived), so that the page's own files and its
 * first paint come first.
 * `early` (compressed-fetch.mjs's earlyBodies) brings bodies of compressed copies whose download
 * the page began itself, by the names Pyodide asks for.
 */
export async function startPython(post, baseUrl = new URL("./", self.location.href).href, { hold, early = earlyBodies(), laterAtOnce = false } = {}) {
  // The decoder's own WebAssembly, compiled while build.json comes: unless every file is
  // in the service worker's cache, decoded already (a later visit decodes nothing).
  const toDecode = compressedNow(baseUrl, early);
  toDecode.then((copies) => Object.values(copies).some((copy) => copy.endsWith(".zst")) && zstdReady()).catch(() => {});
  // build.json first: small, needed anyway, and how soon it comes says whether to wait.
  const manifest = fetchManifest(baseUrl);
  manifest.catch(() => {}); // reported where it is awaited
  if (hold) await hold;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const progress = progressReporter(post, elapsed);
  // Pyodide fetches its files with the global fetch: from now on, compressed copies. All of
  // them start downloading at once, the glue code (JavaScript) too, instead of one after
  // another as Pyodide gets to each.
  const probe = linkProbe();
  const counted = new Map(); // copy -> bytes received, for the probe's total
  let lastEnd = 0; // when the last compressed body was whole (one the page fetched included)
  const whole = wholeBodies();
  const onBytes = (file, received, done) => {
    if (done) {
      if (!LATER_FILES.has(file)) lastEnd = performance.now(); // it comes while Python starts
      whole.done(file);
    }
    // Only the glue code is read as it arrives: the others wait for Pyodide to ask.
    if (file !== BUILT_COMPRESSED["pyodide.asm.mjs"]) return;
    probe.count(received - (counted.get(file) || 0));
    counted.set(file, received);
    if (done) probe.end(networkTime(new URL(file, baseUrl).href));
  };
  const copyFetch = compressedFetch(await toDecode, { baseUrl, fetchImpl: globalThis.fetch.bind(globalThis), onBytes });
  globalThis.fetch = copyFetch;
  early.connect(copyFetch); // a body the page began is taken now, unless it comes too late
  // The standard library waits for the choice of start: the snapshot's is the smaller
  // source zip, the plain start's the bytecode.
  copyFetch.prefetch(["pyodide.asm.wasm", ...LOCK_FILES]);
  const glue = importGlue(copyFetch, baseUrl);
  glue.catch(() => {}); // loadPyodide reports a failure
  // The glue came another way (its own file where the decoder is refused, a cache) or
  // failed: no byte of it was counted, so the probe says slow (the plain start) then.
  glue.finally(() => probe.end()).catch(() => {});
  try {
    progress.stage("starting Python");
    const options = { baseUrl, progress, elapsed, glue, copyFetch, whole: (name) => whole.of(downloadOf(name)), laterAtOnce };
    let python = { start: "snapshot", fallback: "", bytecode: false, bytecodeFallback: "", later: Promise.resolve("") };
    try {
      const entry = BUILT_SNAPSHOT === undefined ? (await manifest).snapshot : BUILT_SNAPSHOT;
      const cached = entry ? await isCached(entry.file, baseUrl) : false;
      const connection = globalThis.navigator?.connection;
      const verdict = entry ? snapshotVerdict({ connection, cached, fast: cached || (await probe.fast) }) : "";
      if (verdict) throw new Error(verdict);
      copyFetch.prefetch([STDLIB]);
      const [pyodide, knight] = await startFromSnapshot(entry, manifest, options);
      python = { ...python, pyodide, knight, pyodideMs: elapsed() };
    } catch (err) {
      python = { ...(await startPlainAny(await manifest, options)), start: "plain", fallback: firstLine(err) };
    }
    return { ...python, build: (await manifest).build, ms: elapsed(), downloadsMs: lastArrival(started, lastEnd) };
  } finally {
    progress.done();
  }
}

/** {done(copy), of(copy)}: of(copy) resolves once done(copy) has been said: the compressed
 * copy's body is whole. A file that came another way never says so. */
function wholeBodies() {
  const bodies = new Map(); // copy -> {promise, resolve}
  const entry = (copy) => {
    if (!bodies.has(copy)) {
      let resolve;
      const promise = new Promise((settle) => {
        resolve = settle;
      });
      bodies.set(copy, { promise, resolve });
    }
    return bodies.get(copy);
  };
  return { done: (copy) => entry(copy).resolve(), of: (copy) => entry(copy).promise };
}

/** BUILT_COMPRESSED without the files the service worker keeps decoded (service-worker.mjs,
 * all of them; unless the page is downloading the copy already: not under the service
 * worker). From their own URL the browser caches the compiled code of the wasm and the
 * glue for the next visit, which a decoded stream never gets, and nothing is decoded again. */
async function compressedNow(baseUrl, early) {
  const names = Object.keys(BUILT_COMPRESSED);
  const kept = await Promise.all(names.map((name) => !early.has(name) && isCached(name, baseUrl)));
  const compressed = { ...BUILT_COMPRESSED };
  names.forEach((name, i) => {
    if (kept[i]) delete compressed[name];
  });
  return compressed;
}

/**
 * When the last of the worker's downloads arrived, in ms since `started` (the browser's
 * resource timing, and `lastEnd`: when the last compressed body was whole, which covers the
 * wasm the page fetched, absent from this worker's timing); what follows it until Python
 * is ready is CPU: bench.page reports it.
 */
function lastArrival(started, lastEnd) {
  const entries = (globalThis.performance?.getEntriesByType?.("resource") || []).filter(
    (entry) => !LATER_FILES.has(entry.name.split("/").pop()),
  );
  const last = Math.max(started, lastEnd, ...entries.map((entry) => entry.responseEnd));
  return Math.round(last - started);
}

/** The build's file `name`, refused with its HTTP status when the server has no good answer. */
async function fetchFile(name, baseUrl) {
  const response = await fetch(new URL(name, baseUrl));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response;
}

async function fetchManifest(baseUrl) {
  return (await fetchFile("build.json", baseUrl)).json();
}

/**
 * Pyodide restored from the snapshot `entry` (build.json's), knight_py already imported;
 * throws on any problem. `manifest` (build.json, a promise) is not waited for before the
 * downloads start.
 */
async function startFromSnapshot(entry, manifest, { baseUrl, progress, glue }) {
  if (!entry) throw new Error("this build has no snapshot");
  // Both downloads start now; the progress line waits for build.json's list of files, so
  // that it never shows a total of the snapshot alone.
  let received = 0;
  let report = null;
  const bytes = fetchSnapshot(entry, {
    baseUrl,
    onBytes(n) {
      received = n;
      report?.(n);
    },
  });
  // Pyodide awaits it only once its own script has loaded: a snapshot refused earlier
  // must not count as an unhandled rejection meanwhile.
  bytes.catch(() => {});
  // Given as a promise, Pyodide's own downloads run while the snapshot arrives.
  const loading = glue.then((createPyodideModule) => loadPyodide({ indexURL: baseUrl, createPyodideModule, _loadSnapshot: bytes, ...LOCK }));
  loading.catch(() => {}); // awaited below, unless build.json failed first
  const { version, files } = await manifest;
  report = progress.counted(entry.file, entry.bytes);
  progress.expect({ files }, [...PYODIDE_FILES, STDLIB].map(downloadOf));
  report(received);
  progress.stage("starting Python from the snapshot", "snapshot");
  const restored = await loading;
  const module = restored.pyimport("knight_py"); // from the restored heap, not from files
  if (module.__version__ !== version) {
    module.destroy();
    throw new Error(`the snapshot holds knight_py ${module.__version__}, not ${version}`);
  }
  return [restored, module];
}

function firstLine(err) {
  return String(err?.message || err).split("\n")[0];
}

/**
 * The plain start: from the build's bytecode when it has some, else (or when that start
 * fails: a .pyc that this Python refuses, say) from source. Resolves to {pyodide, knight,
 * pyodideMs, bytecode, bytecodeFallback}.
 */
async function startPlainAny(manifest, options) {
  const bytecode = BUILT_BYTECODE === undefined ? manifest.bytecode : BUILT_BYTECODE;
  if (bytecode) {
    // What Python says while it starts is kept: when the start fails, its last line
    // (such as zipimport's "bad magic number in 'encodings'") says why, better than
    // Pyodide's "Program terminated with exit(1)".
    const said = [];
    let starting = true;
    const stderr = (line) => (starting ? said.push(line) : console.error(line));
    try {
      const [pyodide, knight, pyodideMs, later] = await startPlain(manifest, { ...options, stderr }, bytecode);
      starting = false;
      for (const line of said) console.error(line);
      return { pyodide, knight, pyodideMs, later, bytecode: true, bytecodeFallback: "" };
    } catch (err) {
      starting = false;
      const reason = said.filter((line) => line.trim()).pop() || firstLine(err);
      const [pyodide, knight, pyodideMs, later] = await startPlain(manifest, options, null);
      return { pyodide, knight, pyodideMs, later, bytecode: false, bytecodeFallback: reason };
    }
  }
  const [pyodide, knight, pyodideMs, later] = await startPlain(manifest, options, null);
  return { pyodide, knight, pyodideMs, later, bytecode: false, bytecodeFallback: "" };
}

/**
 * Pyodide started the plain way and knight_py imported, as [pyodide, knight_py,
 * pyodideMs, later]: with `bytecode` ({stdlib, later}: .pyc files, the package's among
 * them), from the standard library's zip, nothing to compile or unpack, and `later` (a
 * promise: later-modules.mjs) once the rest of the bytecode is appended to it; with
 * `bytecode` null, from the source zips, the package's unpacked into site-packages.
 * `stderr(line)`, if given, receives Python's error output. Throws on any problem.
 */
async function startPlain(manifest, { baseUrl, progress, elapsed, glue, copyFetch, whole, laterAtOnce, stderr }, bytecode) {
  const stdlib = bytecode ? bytecode.stdlib : STDLIB;
  const pkg = bytecode ? null : manifest.package;
  copyFetch.prefetch([stdlib]);
  // The rest of the bytecode: once the wasm and the start's zip are whole, never sharing
  // the link with them; it comes while Python starts on the CPU.
  let laterBytes = null;
  const fetchLater = () => {
    laterBytes ??= copyFetch(new URL(bytecode.later, baseUrl)).then((response) => {
      if (!response.ok) throw new Error(`${bytecode.later}: HTTP ${response.status}`);
      return response.arrayBuffer();
    });
    laterBytes.catch(() => {}); // reported by laterModules
    return laterBytes;
  };
  if (bytecode?.later) {
    if (laterAtOnce) fetchLater();
    else Promise.all([whole("pyodide.asm.wasm"), whole(stdlib)]).then(fetchLater);
  }
  progress.expect(manifest, [...PYODIDE_FILES, stdlib, ...(pkg ? [pkg] : [])].map(downloadOf), { reset: true });
  progress.stage("starting Python", "plain");
  // In parallel with Pyodide's own downloads.
  const archive = pkg && fetchFile(pkg, baseUrl).then((response) => response.arrayBuffer());
  archive?.catch(() => {}); // reported when awaited below
  const stdLibURL = new URL(stdlib, baseUrl).href;
  const plain = await loadPyodide({ indexURL: baseUrl, stdLibURL, createPyodideModule: await glue, ...LOCK, ...(stderr && { stderr }) });
  const pyodideMs = elapsed();
  progress.stage("loading the solver package");
  if (archive) {
    const site = plain.runPython(
      "import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'",
    );
    plain.unpackArchive(await archive, "zip", { extractDir: site });
  }
  // A wasm or zip that came another way (the service worker's cache) said nothing: now.
  const later = bytecode?.later ? laterModules(plain, fetchLater()) : Promise.resolve("");
  return [plain, plain.pyimport("knight_py"), pyodideMs, later];
}
