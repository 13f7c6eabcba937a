// The sentences the page shows for a state (status line, hint, loading, holes, playback)
// and the number formats they use. Pure functions of plain data.

import { number, duration } from "../core/format.js";
import { squareName } from "../core/squares.js";
import { SIDE_RULE } from "../url.js";
import { timeline } from "../core/timeline.js";
import { squaresClickable } from "../board/zoom.js";
import { playHint } from "../play/text.js";

export const METHOD_NAMES = {
  auto: "automatic choice",
  warnsdorff: "Warnsdorff's rule",
  backtrack: "plain backtracking",
  exhaustive: "exhaustive search",
  construct: "construction",
  cycles: "cycle cover and merging",
  sweep: "exact sweep",
};



function kind(settings) {
  return settings.closed ? "closed tour" : "open tour";
}

function article(settings) {
  return settings.closed ? "a closed" : "an open";
}

function waitingText(settings, where, python) {
  if (!where) return "The board is ready; the solver is starting (Python, in your browser).";
  const { received, total } = downloadsText(python?.files || []);
  const progress = total && received < total ? ` (${megabytes(received)} of ${megabytes(total)} MB downloaded)` : "";
  return `Python is still on its way${progress}: the ${kind(settings)} from ${where} will appear as soon as it is ready.`;
}

/** A preset board's tour that came with the page (web/presets/), shown before Python's answer. */
function presetStatus(state, where) {
  const squares = `${number(state.tour.length)} squares`;
  const text = `The ${kind(state.settings)} from ${where} came with the page`;
  if (state.tourCheck === "checking") {
    return { text: `${text}: checking it…`, detail: `${squares}. Python's validator checks it as soon as Python has started.` };
  }
  return { text: `${text}.`, detail: `${squares}${state.tourCheck === "valid" ? ", checked by the validator" : ""}.` };
}

function foundStatus(state, where) {
  const { settings, result } = state;
  if (state.tourFrom === "link") {
    const squares = `${number(state.tour.length)} squares`;
    if (state.tourCheck === "checking") {
      return {
        text: `Showing the ${kind(settings)} from the link, starting at ${where}: checking it…`,
        detail: `${squares}. Python's validator checks it as soon as Python has started; a tour that fails is taken down.`,
      };
    }
    const checked = state.tourCheck === "valid" ? ", checked by the validator" : "";
    return { text: `Showing the ${kind(settings)} from the link, starting at ${where}.`, detail: `${squares}${checked}.` };
  }
  if (state.tourFrom === "preset") return presetStatus(state, where);
  if (state.tourFrom === "play" || state.tourFrom === "paste") {
    const whose = state.tourFrom === "play" ? "Your tour" : "The pasted tour";
    return { text: `${whose} from ${where}: ${number(state.tour.length)} squares, checked by the validator.`, detail: "" };
  }
  return {
    text: `Found ${article(settings)} tour from ${where} in ${duration(result.seconds)}.`,
    detail: `${METHOD_NAMES[result.method] || result.method}: ${number(result.nodes)} nodes, ${number(result.backtracks)} backtracks.`,
  };
}

function solvingDetail(state) {
  const { settings, progress } = state;
  if (!progress) return "";
  const squares = settings.rows * settings.cols - settings.holes.length;
  return `${number(progress.nodes)} positions tried, ${number(progress.backtracks)} backtracks, depth ${number(progress.depth)} of ${number(squares)}.`;
}

/** The status line and its detail for a state: {text, detail}. */
export function describeStatus(state) {
  const { settings, result } = state;
  const where = settings.start ? squareName(settings.start, settings.rows) : "";
  switch (state.status) {
    case "loading":
      return { text: waitingText(settings, where, state.python), detail: "" };
    case "ready":
      return { text: where ? `Ready to search from ${where}.` : "Ready: click a square to start the tour there.", detail: "" };
    case "solving":
      return { text: `Searching for ${article(settings)} tour from ${where}…`, detail: solvingDetail(state) };
    case "found":
      return foundStatus(state, where);
    case "impossible":
      return {
        text: /^no /i.test(result.reason) ? result.reason : `No ${kind(settings)} from ${where}: ${result.reason}`,
        detail: `Checked in ${duration(result.seconds)} (${number(result.nodes)} nodes, ${number(result.backtracks)} backtracks). Try another square or board.`,
      };
    case "gave_up":
      return { text: `Gave up: ${result.reason}`, detail: "No tour was found, and none was ruled out. Try the automatic method, another square, or another board." };
    case "cancelled":
      return {
        text: "Search stopped. Your settings are kept: click a square to search again.",
        detail: result && result.nodes ? `${number(result.nodes)} positions tried.` : "",
      };
    case "error":
      return { text: state.message || "Something went wrong.", detail: "" };
    default:
      return { text: "", detail: "" };
  }
}

/** The hint above the board: [css class, text]. */
export function hintFor(state) {
  const { settings } = state;
  // On a board whose squares are under a few pixels, a click zooms in first (zoom.js).
  const zoomFirst = squaresClickable(state) ? "" : " The squares are too small to aim at: a click zooms in there first.";
  if (state.view === "play" && !state.editHoles) {
    const [kind, text] = playHint(state);
    return [kind, `${text}${zoomFirst}`];
  }
  if (state.editHoles) return ["editing", `Click squares to add or remove holes. Press “Done” when finished.${zoomFirst}`];
  if (!settings.start) return [state.python.ready ? "pulse" : "", `Click any square to start the knight's tour there.${zoomFirst}`];
  if (state.status === "solving") return ["quiet", "Searching… press Stop to end the search."];
  if (state.tour) return ["quiet", "Click another square to start from there, or share this tour with “Copy link”."];
  return ["", "Click any square to start the knight's tour there."];
}

/** Megabytes with one decimal: "6.5". */
export function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/** The loading indicator's line while Python starts (or why it could not): which start, and the stage. */
export function loadingText(python) {
  if (python.failed) return `The solver could not start: ${python.failed}`;
  if (python.offline) return "The solver could not restart: the network is off. It restarts by itself as soon as the network is back; your board and settings are kept.";
  const seconds = `${Math.floor(python.ms / 1000)} s`;
  if (python.start === "snapshot") return `Loading the solver: Python from its saved snapshot… ${seconds}`;
  if (python.start === "plain") {
    const why = python.fallback ? ` (no snapshot: ${python.fallback})` : "";
    return `Loading the solver: ${python.stage}, plain start${why}… ${seconds}`;
  }
  return `Loading the solver: ${python.stage} in your browser… ${seconds}`;
}

const FILE_NAMES = {
  "pyodide.asm.wasm": "Python (WebAssembly)",
  "python_stdlib.zip": "Python's standard library",
  "pyodide.asm.mjs": "Pyodide's loader",
  "pyodide-lock.json": "Pyodide's package list",
};

function fileName(file) {
  file = file.replace(/\.gz$/, "").replace("python_stdlib-trimmed.zip", "python_stdlib.zip"); // the gzipped copies
  if (FILE_NAMES[file]) return FILE_NAMES[file];
  if (file.startsWith("snapshot-")) return "the snapshot";
  if (file.startsWith("knight_py")) return "the solver package";
  return file;
}

/** What Python's start downloads, in bytes: {received, total, text}; text names what is still on its way. */
export function downloadsText(files) {
  let received = 0;
  let total = 0;
  const pending = [];
  for (const f of files) {
    received += Math.min(f.received, f.bytes);
    total += f.bytes;
    if (f.received < f.bytes) {
      const part = f.received ? `${megabytes(f.received)} of ${megabytes(f.bytes)}` : megabytes(f.bytes);
      pending.push(`${fileName(f.file)} (${part} MB)`);
    }
  }
  if (!total) return { received, total, text: "" };
  const head = `${megabytes(received)} of ${megabytes(total)} MB downloaded`;
  return { received, total, text: pending.length ? `${head}; on the way: ${pending.join(", ")}.` : `${head}.` };
}

/** After Python's start: how it started and whether the page is kept for offline use. */
export function startText(python, offlineCache) {
  let text = "";
  if (python.ready) {
    const took = duration(python.ms / 1000);
    if (python.start === "snapshot") text = `Python started from the saved snapshot in ${took}.`;
    else if (python.fallback) text = `Python started without the snapshot in ${took} (${python.fallback}).`;
    else text = `Python started in ${took}.`;
  }
  const saved = {
    saving: "Saving this page for offline use…",
    saved: "Saved for offline use: it works without the network from now on.",
    update: "A newer version is saved; it is used when this page is next opened.",
    failed: `Could not save for offline use${offlineCache.detail ? `: ${offlineCache.detail}` : ""}.`,
  }[offlineCache.status];
  return [text, saved || ""].filter(Boolean).join(" ");
}

/** "2 holes: c3, d3", at most twelve names. */
export function holesText(settings) {
  const { holes, rows } = settings;
  if (!holes.length) return "No holes. Holes are squares the knight may not visit.";
  const names = holes.slice(0, 12).map((sq) => squareName(sq, rows)).join(", ");
  return `${holes.length} hole${holes.length > 1 ? "s" : ""}: ${names}${holes.length > 12 ? ", …" : ""}`;
}

/** The message for a board side typed in the form that breaks the URL's rule. */
export function sideError(field, typed) {
  return `${field}: “${typed}” is not allowed; use ${SIDE_RULE}.`;
}

/** Where playback stands: "Move 3 of 64", or the search step with its depth. */
export function moveCountText(state) {
  const { length, position } = timeline(state);
  if (state.search) {
    return `Search step ${number(position)} of ${number(length)}: depth ${state.search.stack.length}, ${number(state.search.backtracks)} backtracks`;
  }
  return length ? `Move ${number(position)} of ${number(length)}` : "No tour yet";
}

export function speedText(state) {
  return `${number(state.speed)} ${state.search ? "steps" : "moves"}/s`;
}

export function watchSearchText(state) {
  return state.search ? "Back to the tour" : `Watch the search (${number(state.events ? state.events.length : 0)} steps)`;
}

/** The play button's name: Pause while playing, Replay at the end, else Play. */
export function playLabel(state) {
  const { length, position } = timeline(state);
  if (state.playing) return "Pause";
  return length > 0 && position >= length ? "Replay" : "Play";
}

/** The screen reader's words for the keyboard cursor's square. */
export function cursorText(cursor, rows) {
  return `Square ${squareName(cursor, rows)}`;
}

/** The copy button's result line. */
export function shareText(share) {
  return share.copied ? "Link copied. Anyone who opens it sees this tour." : "Select the link above and copy it (Ctrl+C).";
}
