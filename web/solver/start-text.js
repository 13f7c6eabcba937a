// The words of Python's start: its stages, its downloads, how long it has taken, why the
// build's snapshot was not used, and what keeping the page offline did. The worker
// names its stages and fallbacks in English (it cannot know the page's language); these
// say them in the page's.

import { NO_SNAPSHOT } from "./start-choice.mjs";
import { duration } from "../core/format.js";
import { t } from "../i18n/messages.js";
import { said } from "../i18n/said.js";

/** A catalog key kept in a table (named so the catalog test finds it). */
const key = (name) => name;

/** Why the snapshot was not used, in the page's language when it is the start's own
 * choice; a failure's technical detail (a file, an HTTP status) as the worker gave it. */
function fallbackText(fallback) {
  for (const [code, sentence] of Object.entries(NO_SNAPSHOT)) if (fallback === sentence) return t(`solver.fallback.${code}`);
  return fallback;
}

export function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

// The worker names its stages in English (it cannot know the page's language); the page
// says them in its own. A stage it does not know is shown as the worker wrote it.
const STAGES = {
  "starting Python": key("solver.stage.python"),
  "starting Python from the snapshot": key("solver.stage.snapshot"),
  "loading the solver package": key("solver.stage.package"),
  "restarting Python": key("solver.stage.restart"),
};

/** A stage of Python's start as the worker names it, in the page's language. */
export function stageText(stage) {
  return STAGES[stage] ? t(STAGES[stage]) : stage;
}

/** The loading indicator's line while Python starts (or why it could not): which start, and the stage. */
export function loadingText(python) {
  if (python.failed) return t("solver.failed", { reason: python.failed });
  if (python.offline) return t("solver.offline");
  const seconds = Math.floor(python.ms / 1000);
  if (python.stalled) return t("solver.stalled", { stage: stageText(python.stage), seconds });
  if (python.start === "snapshot") return t("solver.loading.snapshot", { seconds });
  const stage = stageText(python.stage);
  if (python.start === "plain") {
    return python.fallback ? t("solver.loading.plain.fallback", { stage, reason: fallbackText(python.fallback), seconds }) : t("solver.loading.plain", { stage, seconds });
  }
  return t("solver.loading", { stage, seconds });
}

/** A download that has brought nothing for this long says for how long. */
export const QUIET_MS = 3000;

/** How long the start has not moved (no byte, no stage), in ms; 0 when not known. */
export function quietFor({ since, ms, movedAt }) {
  const quiet = since + ms - movedAt;
  return Number.isFinite(quiet) && quiet > 0 ? quiet : 0;
}

/**
 * The loading line in plain words: what the reader waits for, and what is known of it
 * (the start's engineering is loadingText's, in the folded notes): the bytes arrived, and
 * how long nothing has arrived. No time left: a guess from a rate counts up while the
 * bytes stand still.
 *
 *   waitText({ ms: 2000, files: [{ file: "a", bytes: 4e6, received: 1e6 }] })
 *   // "Getting the solver ready: downloading Python, 1.0 of 4.0 MB so far…"
 */
export function waitText(python) {
  if (python.failed || python.offline || python.stalled) return loadingText(python); // said plainly, with Try again
  const { received, total } = downloadsText(python.files ?? []);
  if (!total) return t("solver.wait.begin");
  if (received >= total) return t("solver.wait.start");
  if (!received) return t("solver.wait.download.soon", { total: megabytes(total) });
  const sizes = { received: megabytes(received), total: megabytes(total) };
  const quiet = quietFor(python);
  if (quiet >= QUIET_MS) return t("solver.wait.download.quiet", { ...sizes, seconds: Math.floor(quiet / 1000) });
  return t("solver.wait.download", sizes);
}

const FILE_KEYS = {
  "pyodide.asm.wasm": key("solver.file.wasm"),
  "python_stdlib.zip": key("solver.file.stdlib"),
  "pyodide.asm.mjs": key("solver.file.loader"),
  "pyodide-lock.json": key("solver.file.lock"),
};

function fileName(file) {
  // The compressed copies, the trimmed and the precompiled standard library.
  file = file.replace(/\.(gz|zst)$/, "").replace(/^python_stdlib-(trimmed|pyc)\.zip$/, "python_stdlib.zip");
  if (FILE_KEYS[file]) return t(FILE_KEYS[file]);
  if (file.startsWith("snapshot-")) return t("solver.file.snapshot");
  if (file.startsWith("knight_py")) return t("solver.file.package");
  return file;
}

/** What Python's start downloads, in bytes: {received, total, text}; text names what is still on its way. */
export function downloadsText(files, started = false) {
  let received = 0;
  let total = 0;
  const pending = [];
  for (const f of files) {
    received += Math.min(f.received, f.bytes);
    total += f.bytes;
    if (f.received < f.bytes) {
      const name = fileName(f.file);
      pending.push(f.received
        ? t("solver.download.part", { name, received: megabytes(f.received), total: megabytes(f.bytes) })
        : t("solver.download.whole", { name, total: megabytes(f.bytes) }));
    }
  }
  if (!total) return { received, total, text: "" };
  const sizes = { received: megabytes(received), total: megabytes(total) };
  // Once Python has started, what is still arriving is not waited for: said so, never "still downloading".
  const pendingKey = started ? "solver.downloads.background" : "solver.downloads.pending";
  const text = pending.length ? t(pendingKey, { ...sizes, pending: pending.join(t("solver.list.comma")) }) : t("solver.downloads.done", sizes);
  return { received, total, text };
}

function startedText(python) {
  if (!python.ready) return "";
  const time = duration(python.ms / 1000);
  if (python.start === "snapshot") return t("solver.started.snapshot", { time });
  const started = python.fallback ? t("solver.started.plain", { time, reason: fallbackText(python.fallback) }) : t("solver.started", { time });
  // The precompiled modules refused: Python compiled them from source, seconds slower.
  return python.bytecodeFallback ? t("solver.started.source", { started, reason: python.bytecodeFallback }) : started;
}

function offlineText({ status, detail }) {
  if (status === "failed") return detail ? t("solver.offline.failed.detail", { reason: said(detail) }) : t("solver.offline.failed");
  return ["saving", "saved", "update"].includes(status) ? t(`solver.offline.${status}`) : "";
}

/** After Python's start: how it started and whether the page is kept for offline use. */
export function startText(python, offlineCache) {
  const started = startedText(python);
  const offline = offlineText(offlineCache);
  return started && offline ? t("solver.started.offline", { started, offline }) : started || offline;
}
