// Starts Python for the solver worker: from the build's memory snapshot when it can
// (knight_py already imported), else the plain way (Pyodide's own start, then the package
// unpacked), reporting what downloads and which start is under way through `post`.
//
// Tried and left out: compiling the wasm ourselves while the snapshot arrives (Pyodide
// compiles it only once the snapshot is in). Pyodide fetches the wasm anyway, so a first
// visit downloaded it twice (30.0 MB against 19.4 MB), and on 2 cores the parallel compile
// slowed the snapshot's gunzip as much as it saved: cold starts of 915 ms with it against
// 928 ms without (medians of 10), 839 against 819 in another run.

import { loadPyodide } from "pyodide"; // node_modules/pyodide, bundled into dist/worker.mjs
import { fetchSnapshot } from "./snapshot-fetch.mjs";
import { progressReporter } from "./load-progress.mjs";

// The build's snapshot (build.json's entry for it), written into the worker's bundle by
// tools/bundle.py: its download starts at once instead of after build.json's, one round
// trip sooner. Without the define (another bundler), build.json's entry is used.
const BUILT_SNAPSHOT = typeof KNIGHT_SNAPSHOT === "undefined" ? undefined : KNIGHT_SNAPSHOT;

const PYODIDE_DOWNLOADS = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

/**
 * Start Python. `post(message)` receives the {type: "loading", ...} progress messages.
 * Resolves to {pyodide, knight, start, fallback, pyodideMs, build}.
 */
export async function startPython(post, baseUrl = new URL("./", import.meta.url).href) {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const progress = progressReporter(post, elapsed);
  // Pyodide's glue code (1.3 MB of JavaScript), fetched and compiled while the worker
  // waits for build.json and the snapshot: loadPyodide's own import of the same URL then
  // finds it in the module map instead of compiling it after the downloads.
  import(new URL("pyodide.asm.mjs", baseUrl).href).catch(() => {}); // loadPyodide reports a failure

  const manifest = fetchManifest(baseUrl);
  manifest.catch(() => {}); // reported where it is awaited
  try {
    progress.stage("starting Python");
    const options = { baseUrl, progress, elapsed };
    let python = { start: "snapshot", fallback: "" };
    try {
      const entry = BUILT_SNAPSHOT === undefined ? (await manifest).snapshot : BUILT_SNAPSHOT;
      const [pyodide, knight] = await startFromSnapshot(entry, manifest, options);
      python = { ...python, pyodide, knight, pyodideMs: elapsed() };
    } catch (err) {
      const fallback = String(err.message || err).split("\n")[0];
      const [pyodide, knight, pyodideMs] = await startPlain(await manifest, options);
      python = { start: "plain", fallback, pyodide, knight, pyodideMs };
    }
    return { ...python, build: (await manifest).build, ms: elapsed() };
  } finally {
    progress.done();
  }
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
async function startFromSnapshot(entry, manifest, { baseUrl, progress }) {
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
  const loading = loadPyodide({ indexURL: baseUrl, _loadSnapshot: bytes });
  loading.catch(() => {}); // awaited below, unless build.json failed first
  const { version, files } = await manifest;
  report = progress.counted(entry.file, entry.bytes);
  progress.expect({ files }, PYODIDE_DOWNLOADS);
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

async function startPlain(manifest, { baseUrl, progress, elapsed }) {
  progress.expect(manifest, [...PYODIDE_DOWNLOADS, manifest.package], { reset: true });
  progress.stage("starting Python", "plain");
  // In parallel with Pyodide's own downloads.
  const archive = fetchFile(manifest.package, baseUrl).then((response) => response.arrayBuffer());
  archive.catch(() => {}); // reported when awaited below
  const plain = await loadPyodide({ indexURL: baseUrl });
  const pyodideMs = elapsed();
  progress.stage("loading the solver package");
  const site = plain.runPython(
    "import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'",
  );
  plain.unpackArchive(await archive, "zip", { extractDir: site });
  return [plain, plain.pyimport("knight_py"), pyodideMs];
}
