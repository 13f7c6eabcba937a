// The sentences the page shows for a state (status line, hint, loading, holes, playback)
// and the number formats they use. Pure functions of plain data; the words come from the
// catalogs (tour.*, solver.*) in the page's language.

import { NO_SNAPSHOT } from "../solver/start-choice.mjs";
import { reasonText } from "../i18n/reason.js";
import { number, duration } from "../core/format.js";
import { MAX_SIDE, squareName } from "../core/squares.js";
import { timeline } from "../core/timeline.js";
import { squaresClickable } from "../board/zoom.js";
import { quoted } from "../core/excerpt.js";
import { DEFAULT_VIEW, VIEWS } from "../core/linked-board.js";
import { t } from "../i18n/messages.js";
import { msg, said } from "./said.js";

export { msg, said };

// English names, for modules not yet speaking the page's language; methodName() says them in it.
export const METHOD_NAMES = {
  auto: "automatic choice",
  warnsdorff: "Warnsdorff's rule",
  backtrack: "plain backtracking",
  exhaustive: "exhaustive search",
  construct: "construction",
  cycles: "cycle cover and merging",
  sweep: "exact sweep",
};

/** A catalog key kept in a table (named so the catalog test finds it). */
const key = (name) => name;

const kindKey = (settings) => (settings.closed ? "closed" : "open");

/** Why the snapshot was not used, in the page's language when it is the start's own
 * choice; a failure's technical detail (a file, an HTTP status) as the worker gave it. */
function fallbackText(fallback) {
  for (const [code, sentence] of Object.entries(NO_SNAPSHOT)) if (fallback === sentence) return t(`solver.fallback.${code}`);
  return fallback;
}

/** A method's name in the page's language (the solver's own names stay as they are). */
export function methodName(method) {
  return method in METHOD_NAMES ? t(`tour.method.${method}`) : method;
}

function waitingText(settings, where, python) {
  if (!where) return t("tour.status.waiting");
  const { received, total } = downloadsText(python?.files || []);
  if (total && received < total) {
    return t(`tour.status.waiting.${kindKey(settings)}.progress`, { square: where, received: megabytes(received), total: megabytes(total) });
  }
  return t(`tour.status.waiting.${kindKey(settings)}`, { square: where });
}

// The sentences of a tour shown before Python's answer, by where it came from.
const SHOWN = {
  link: {
    open: key("tour.status.link.open"), closed: key("tour.status.link.closed"),
    checking: { open: key("tour.status.link.checking.open"), closed: key("tour.status.link.checking.closed") },
    checkingDetail: key("tour.status.link.checking.detail"),
  },
  preset: {
    open: key("tour.status.preset.open"), closed: key("tour.status.preset.closed"),
    checking: { open: key("tour.status.preset.checking.open"), closed: key("tour.status.preset.checking.closed") },
    checkingDetail: key("tour.status.preset.checking.detail"),
  },
};

/** A tour shown before Python's answer: from the link, or a preset board's that came with
 * the page (web/presets/); `from` is "link" or "preset". */
function shownTourStatus(state, where, from) {
  const keys = SHOWN[from];
  const k = kindKey(state.settings);
  const squares = number(state.tour.length);
  if (state.tourCheck === "checking") {
    return { text: t(keys.checking[k], { square: where }), detail: t(keys.checkingDetail, { squares }) };
  }
  const detail = state.tourCheck === "valid" ? t("tour.status.link.valid", { squares }) : t("tour.status.link.squares", { squares });
  return { text: t(keys[k], { square: where }), detail };
}


function foundStatus(state, where) {
  const { settings, result } = state;
  if (state.tourFrom === "link" || state.tourFrom === "preset") return shownTourStatus(state, where, state.tourFrom);
  if (state.tourFrom === "play" || state.tourFrom === "paste") {
    return { text: t(`tour.status.own.${state.tourFrom}`, { square: where, squares: number(state.tour.length) }), detail: "" };
  }
  return {
    text: t(`tour.status.found.${kindKey(settings)}`, { square: where, time: duration(result.seconds) }),
    detail: t("tour.status.found.detail", { method: methodName(result.method), nodes: number(result.nodes), backtracks: number(result.backtracks) }),
  };
}

function solvingDetail(state) {
  const { settings, progress } = state;
  if (!progress) return "";
  const squares = settings.rows * settings.cols - settings.holes.length;
  return t("tour.status.solving.detail", { nodes: number(progress.nodes), backtracks: number(progress.backtracks), depth: number(progress.depth), squares: number(squares) });
}

function readyText(state, where) {
  if (where) return t("tour.status.ready.square", { square: where });
  return state.view === "compare" ? t("tour.status.ready.compare") : t("tour.status.ready");
}

function impossibleStatus(state, where) {
  const { settings, result } = state;
  const numbers = { time: duration(result.seconds), nodes: number(result.nodes), backtracks: number(result.backtracks) };
  return {
    // The solver's reason is its own sentence (Python writes it in the page's language).
    text: /^no /i.test(result.reason) ? reasonText(result) : t(`tour.status.impossible.${kindKey(settings)}`, { square: where, reason: reasonText(result) }),
    detail: t("tour.status.impossible.detail", numbers),
  };
}

/** The status line and its detail for a state: {text, detail}. */
export function describeStatus(state) {
  const { settings, result } = state;
  const where = settings.start ? squareName(settings.start, settings.rows) : "";
  switch (state.status) {
    case "loading":
      return { text: waitingText(settings, where, state.python), detail: "" };
    case "ready":
      return { text: readyText(state, where), detail: "" };
    case "solving":
      return { text: t(`tour.status.solving.${kindKey(settings)}`, { square: where }), detail: solvingDetail(state) };
    case "found":
      return foundStatus(state, where);
    case "impossible":
      return impossibleStatus(state, where);
    case "gave_up":
      return { text: t("tour.status.gave-up", { reason: reasonText(result) }), detail: t("tour.status.gave-up.detail") };
    case "cancelled":
      return {
        text: t("tour.status.cancelled"),
        detail: result && result.nodes ? t("tour.status.cancelled.detail", { nodes: number(result.nodes) }) : "",
      };
    case "error":
      return { text: said(state.message) || t("tour.status.error"), detail: "" };
    default:
      return { text: "", detail: "" };
  }
}

function tourHint(state) {
  const { settings } = state;
  if (state.editHoles) return ["editing", t("tour.hint.holes")];
  if (!settings.start && state.view === "compare") return [state.python.ready ? "pulse" : "", t("tour.hint.compare")];
  if (!settings.start) return [state.python.ready ? "pulse" : "", t("tour.hint.start")];
  return null;
}

/** A hint for a board whose squares are under a few pixels: a click zooms in first (zoom.js). */
export function zoomFirst(state, hint) {
  return squaresClickable(state) ? hint : t("tour.hint.zoom-first", { hint });
}

// After a verdict the hint says what it was and what to do next, not how to begin.
const VERDICT_HINTS = { impossible: key("tour.hint.impossible"), gave_up: key("tour.hint.gave-up") };

/** The Tour view's hint above the board: [css class, text]. */
export function hintFor(state) {
  const asked = tourHint(state);
  if (asked) return [asked[0], zoomFirst(state, asked[1])];
  if (state.status === "solving") return ["quiet", t("tour.hint.solving")];
  if (state.tour) return ["quiet", t("tour.hint.found")];
  if (VERDICT_HINTS[state.status]) return ["quiet", t(VERDICT_HINTS[state.status])];
  return ["", t("tour.hint.start")];
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

/**
 * The loading line in plain words: what the reader waits for and about how long (the
 * start's engineering is loadingText's, in the folded notes). The time left is the
 * download's so far at its rate so far, plus a second for Python to start.
 *
 *   waitText({ ms: 2000, files: [{ file: "a", bytes: 4e6, received: 1e6 }] })
 *   // "Getting the solver ready: downloading Python (1.0 of 4.0 MB), about 7 s left…"
 */
export function waitText(python) {
  if (python.failed || python.offline || python.stalled) return loadingText(python); // said plainly, with Try again
  const { received, total } = downloadsText(python.files ?? []);
  if (!total) return t("solver.wait.begin");
  if (received >= total) return t("solver.wait.start");
  if (!received || !(python.ms > 500)) return t("solver.wait.download.soon", { total: megabytes(total) });
  const seconds = Math.max(1, Math.ceil(((total - received) * python.ms) / received / 1000 + 1));
  return t("solver.wait.download", { received: megabytes(received), total: megabytes(total), seconds });
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

/** "2 holes: c3, d3", at most twelve names. */
export function holesText(settings) {
  const { holes, rows } = settings;
  if (!holes.length) return t("tour.holes.none");
  const names = holes.slice(0, 12).map((sq) => squareName(sq, rows)).join(t("tour.list.comma"));
  const squares = holes.length > 12 ? t("tour.holes.more", { names }) : names;
  return t("tour.holes", { count: holes.length, squares });
}

/** The message for a board side typed in the form that breaks the URL's rule: msg() for said(). */
export function sideMessage(field, typed) {
  const params = { value: quoted(typed), max: String(MAX_SIDE) };
  return /^rows$/i.test(field) ? msg("tour.size.error.rows", params) : msg("tour.size.error.cols", params);
}

/** sideMessage in the page's language. */
export function sideError(field, typed) {
  return said(sideMessage(field, typed));
}

/** Where playback stands: "Move 3 of 64", or the search step with its depth. */
export function moveCountText(state) {
  const { length, position } = timeline(state);
  if (state.search) {
    const numbers = { position: number(position), length: number(length), depth: state.search.stack.length };
    return t("tour.playback.search-step", { ...numbers, backtracks: number(state.search.backtracks) });
  }
  return length ? t("tour.playback.move", { position: number(position), length: number(length) }) : t("tour.playback.none");
}

export function speedText(state) {
  const speed = number(state.speed);
  return state.search ? t("tour.playback.speed.steps", { speed }) : t("tour.playback.speed.moves", { speed });
}

/**
 * What the replay's search events are, in nodes: each is a move placed (a node) or taken
 * back (a backtrack), so a search's events number its nodes plus its backtracks; the
 * replay may hold only the first of them. "" when there is no search to replay.
 */
export function searchNoteText(state) {
  if (!state.events) return "";
  const events = state.events.length;
  const { nodes, backtracks } = state.result ?? {};
  if (!Number.isFinite(nodes) || !Number.isFinite(backtracks)) return t("tour.search-note.plain");
  const total = nodes + backtracks;
  if (events >= total) return t("tour.search-note.all", { nodes, backtracks, events });
  return t("tour.search-note.first", { nodes, backtracks, total, events });
}

export function watchSearchText(state) {
  return state.search ? t("tour.playback.back-to-tour") : t("tour.playback.watch-search", { steps: number(state.events ? state.events.length : 0) });
}

/** The play button's name: Pause while playing, Replay at the end, else Play. */
export function playLabel(state) {
  const { length, position } = timeline(state);
  if (state.playing) return t("tour.playback.pause");
  return length > 0 && position >= length ? t("tour.playback.replay") : t("tour.playback.play");
}

/** The screen reader's words for the keyboard cursor's square. */
export function cursorText(cursor, rows) {
  return t("tour.cursor", { square: squareName(cursor, rows) });
}

const viewOf = (view) => (VIEWS.includes(view) ? view : DEFAULT_VIEW);

/** What copying the link did: copied (and what the link shows), or how to copy it by hand. */
export function shareText(share) {
  return share.copied ? t(`tour.share.copied.${viewOf(share.view)}`) : t("tour.share.by-hand");
}

/** The copy-link button's label: what the link reproduces in this view. */
export function shareLabel(view) {
  return t(`tour.share.label.${viewOf(view)}`);
}
