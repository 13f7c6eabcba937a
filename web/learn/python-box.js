// A fresh Python for one Learn run: a sandbox (learn/sandbox.js) taken through its start
// (the files it asks for, checked against build.json's list and fetched by the page; its
// "ready" within START_MS), then handed to the session for one run. Messages of the start
// are checked here (learn/sandbox-messages.js); a run's are passed on for the session to
// check. A sandbox that says anything out of turn is closed and reported as refused.

import { checkEnvelope, checkNeed } from "./sandbox-messages.js";
import { MAX_MESSAGE } from "./wire.js";
import { fileProvider, startFiles } from "./sandbox-files.js";
import { openSandbox } from "./sandbox.js";

/** How long a sandbox's Python may take to start (downloads included) before it counts as
 * dead: a first visit on a slow link fetches a few MB. */
export const START_MS = 120_000;

/**
 * Start one box. `open(handlers)` opens the raw sandbox ({post, stop, close});
 * `files` = {allowed: Set of names, provide(name) -> ArrayBuffer | null}. Handlers:
 * ready(), message(data) (a run's messages, unchecked), death(reason), refused(reason).
 * Returns {run(message), stop(), close(), phase()}: phase "starting" | "ready" | "running"
 * | "closed".
 */
export function startPythonBox({ open, files, handlers, setTimer = setTimeout, clearTimer = clearTimeout, startMs = START_MS }) {
  let phase = "starting";
  performance.mark?.("learn-box-open");
  const asked = new Set();
  const end = (handler, reason) => {
    if (phase === "closed") return;
    phase = "closed";
    clearTimer(timer);
    sandbox.close();
    handler(reason);
  };
  const timer = setTimer(() => end(handlers.death, "start"), startMs);
  const starting = (data) => {
    const envelope = checkEnvelope(data, "starting");
    if (!envelope.ok) return end(handlers.refused, envelope.reason);
    if (data.type === "failed") {
      console.warn(`Learn: Python did not start in the sandbox: ${String(data.message ?? "").slice(0, MAX_MESSAGE)}`);
      return end(handlers.death, "failed");
    }
    if (data.type === "ready") {
      clearTimer(timer);
      phase = "ready";
      performance.mark?.("learn-box-ready"); // with learn-box-open: a fresh Python's start (docs/engines.md)
      return handlers.ready();
    }
    const need = checkNeed(data, files.allowed, asked);
    if (!need.ok) return end(handlers.refused, need.reason);
    asked.add(need.value);
    files.provide(need.value).then((bytes) => {
      if (phase === "starting") sandbox.post({ type: "file", name: need.value, bytes }, bytes ? [bytes] : []);
    });
  };
  const sandbox = open({
    onMessage(data) {
      if (phase === "starting") starting(data);
      else if (phase === "running") handlers.message(data);
      else if (phase === "ready") end(handlers.refused, "a message before any run");
    },
    onDeath: (reason) => end(handlers.death, reason),
  });
  return {
    run(message) {
      if (phase !== "ready") return false;
      phase = "running";
      sandbox.post(message);
      return true;
    },
    stop: () => sandbox.stop(),
    close() {
      if (phase === "closed") return;
      phase = "closed";
      clearTimer(timer);
      sandbox.close();
    },
    phase: () => phase,
  };
}

/**
 * The page's factory of boxes: `open(handlers)` starts a box once the worker's code
 * (learn-worker.js) and build.json have come (fetched once, again after a failure).
 * `fetchFile(name)` fetches a file of the site, `isKept(name)` says whether the service
 * worker keeps it; `doc` and `base` as for openSandbox.
 */
export function learnSandboxes({ doc, base, fetchFile, isKept }) {
  let inputs = null;
  const load = () => {
    inputs ??= Promise.all([
      fetchFile("learn-worker.js").then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`)))),
      fetchFile("build.json").then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`)))),
    ]).then(([code, manifest]) => [code, { allowed: startFiles(manifest), provide: fileProvider(manifest, { fetchFile, isKept }) }]).catch((err) => {
      inputs = null;
      throw err;
    });
    return inputs;
  };
  return (handlers) => {
    let box = null;
    let closed = false;
    load().then(([code, files]) => {
      if (closed) return;
      box = startPythonBox({ open: (events) => openSandbox(doc, { code, base, ...events }), files, handlers });
    }, () => {
      if (!closed) handlers.death("files");
    });
    return {
      run: (message) => box?.run(message) ?? false,
      stop: () => box?.stop(),
      close() {
        closed = true;
        box?.close();
      },
      phase: () => (closed ? "closed" : box ? box.phase() : "starting"),
    };
  };
}
