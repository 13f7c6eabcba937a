// The Learn view's side effects: the menu's programs (from the page's own build, never
// from a worker), a fresh Python in a sandbox for every run (learn/python-box.js; the next
// one starts while the reader looks at the last run), a run's chunks of steps checked
// (learn/sandbox-messages.js) and gathered into the trace (learn/trace.js), Stop (the
// sandbox's stop flag, then, after STOP_GRACE_MS, the sandbox ended), the playback clock
// that walks the steps, and the link of an edited program. Every state change goes
// through learn/transitions.js.

import * as L from "./transitions.js";
import { createTrace } from "./trace.js";
import { learnBoard } from "./params.js";
import { packSource, unpackSource } from "./code-link.js";
import { checkChunk, checkEnded, checkEnvelope } from "./sandbox-messages.js";
import { t } from "../i18n/messages.js";
import { CATALOGS } from "../i18n/catalogs.js";

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));
const PACK_DELAY_MS = 400; // an edit reaches the address once typing pauses
const MAX_LINKED_SOURCE = 20_000; // characters of an edited program that a link carries (code-link.js reads as many)
/** After Stop, how long a run may take to end by itself before its Python is ended. */
export const STOP_GRACE_MS = 800;
/** A run that sends nothing for this long is stuck inside one of Python's own functions
 * (a loop in C, which the tracer cannot see): its Python is ended. */
export const SILENT_MS = 20_000;
/** Sandboxes that may fail to start in a row before the page stops starting more. */
const START_TRIES = 3;

// --- the boxes: one fresh Python per run ------------------------------------------------

/** A Python starting or ready for the next run, unless one already is. */
function warm(io) {
  if (io.box && io.box.phase() !== "closed") return;
  if (io.failures >= START_TRIES) return;
  const box = io.openBox({
    ready: () => box === io.box && pythonReady(io),
    message: (data) => box === io.box && received(io, data),
    death: (reason) => box === io.box && boxDied(io, reason),
    refused: (reason) => box === io.box && refusedMessage(io, reason),
  });
  io.box = box;
}

function pythonReady(io) {
  io.failures = 0;
  if (!io.store.get().learn.pythonReady) run(io, L.pythonStarted);
  if (io.pending) {
    io.pending = false;
    sendRun(io);
  }
}

/** Drop the box in use; end its run, if any, as `ended` ("stopped" | "error"), and say
 * `notice`; start another box. */
function retire(io, ended, notice) {
  clearTimeout(io.stopTimer);
  clearTimeout(io.silence);
  io.box?.close();
  io.box = null;
  io.pending = false;
  if (ended && io.store.get().learn.status === "running") {
    const error = ended === "error" ? { line: null, message: notice } : null;
    run(io, L.runEnded, io.runId, { status: ended, steps: io.trace ? io.trace.steps : 0, error });
  }
  if (notice) run(io, L.noticeShown, notice);
  warm(io);
}

function boxDied(io, reason) {
  console.warn(`Learn: the program's Python ended (${reason})`); // for developers: frame, died, failed, start, files, silent
  const running = io.box?.phase() === "running";
  if (running) {
    const key = reason === "silent" ? "learn.notice.silent" : "learn.notice.pythonDied";
    return retire(io, "error", t(key, { seconds: SILENT_MS / 1000 }));
  }
  io.failures += 1;
  if (io.failures < START_TRIES) return retire(io, null, "");
  // Python would not start, again and again: say so, and try again at the next Run.
  io.box = null;
  const waiting = io.pending;
  io.pending = false;
  if (waiting) run(io, L.runEnded, io.runId, { status: "error", steps: 0, error: { line: null, message: t("learn.notice.workerFailed") } });
  run(io, L.noticeShown, t("learn.notice.workerFailed"));
}

function refusedMessage(io, reason) {
  run(io, L.messageRefused, reason);
  console.warn(`Learn: a message from the program's side was refused: ${reason}`);
  // Before its run, no program has run in it: a Python that starts wrongly counts as one
  // that did not start (tried again START_TRIES times).
  if (io.box?.phase() !== "running") return boxDied(io, "refused");
  retire(io, "error", t("learn.notice.refused"));
}

// --- a run's messages -------------------------------------------------------------------

function listenForSilence(io) {
  clearTimeout(io.silence);
  const box = io.box;
  io.silence = setTimeout(() => box === io.box && boxDied(io, "silent"), SILENT_MS);
}

function received(io, data) {
  const envelope = checkEnvelope(data, "running");
  if (!envelope.ok) return refusedMessage(io, envelope.reason);
  listenForSilence(io);
  if (data.type === "chunk") {
    const trace = io.trace;
    const chunk = checkChunk(data, io.runId, {
      steps: trace.steps, frames: trace.frames, codes: trace.codes.length, slots: trace.slots,
      size: trace.rows * trace.cols, finished: trace.finished,
    });
    if (!chunk.ok) return refusedMessage(io, chunk.reason);
    trace.append(chunk.value);
    run(io, L.stepsArrived, io.runId, trace.steps);
    return;
  }
  const { rows, cols } = io.trace;
  const ended = checkEnded(data, io.runId, { rows, cols, lines: io.runLines });
  if (!ended.ok) return refusedMessage(io, ended.reason);
  const key = ended.value.verdict?.key;
  if (key && CATALOGS.en[key] === undefined) return refusedMessage(io, "a verdict the page does not know");
  finishRun(io, ended.value);
}

/** The run's end: its Python is dropped (a fresh one starts), its answer checked by the
 * page's own validator (the solver's Python) before it is called a tour. */
async function finishRun(io, result) {
  const runId = io.runId;
  clearTimeout(io.stopTimer);
  clearTimeout(io.silence);
  io.box?.close();
  io.box = null;
  warm(io);
  const answer = await checkedAnswer(io, result);
  const status = result.status === "budget" || result.status === "done" ? "done" : result.status;
  const error = result.status === "error" ? { line: result.line, message: result.message } : null;
  run(io, L.runEnded, runId, { status, steps: io.trace ? io.trace.steps : 0, output: result.output, error, answer, budget: result.status === "budget" });
  // The tracer follows only a plain board (lists of ints): say when it stopped following.
  if (io.trace?.boardNote) run(io, L.noticeShown, t(`learn.notice.board.${io.trace.boardNote}`));
}

async function checkedAnswer(io, result) {
  const { verdict, path } = result;
  if (!verdict) return null;
  const answer = { path, valid: verdict.valid, key: verdict.key, params: verdict.params, text: verdict.text, budget: result.status === "budget" };
  if (!verdict.valid) return answer;
  const { rows, cols, start } = io.trace;
  try {
    if (!path || path.length !== rows * cols || path[0][0] !== start[0] || path[0][1] !== start[1]) throw new Error("not a tour");
    await io.validateTour({ rows, cols, closed: false, holes: [], rule: "knight", indices: path.map(([r, c]) => r * cols + c) });
    return answer;
  } catch {
    return { ...answer, valid: false, key: "learn.verdict.notATour", params: {} };
  }
}

/** Run the program shown (in the page's language), from the start square, under the step
 * budget, in a fresh Python (waiting for it if it is still starting). */
export function runProgram(io) {
  const state = io.store.get();
  const { fits, start } = learnBoard(state.settings);
  const source = L.sourceOf(state.learn, state.lang);
  if (!fits || !source || state.learn.status === "running") return;
  io.failures = 0; // a Run tries again where starts had failed
  warm(io);
  run(io, L.runStarted);
  io.runId = io.store.get().learn.run;
  io.trace = createTrace({ rows: state.settings.rows, cols: state.settings.cols, start });
  io.runLines = source.split("\n").length;
  io.runMessage = { type: "run", id: io.runId, source, rows: state.settings.rows, cols: state.settings.cols, start, maxSteps: state.learn.budget };
  io.pending = true;
  if (io.box?.phase() === "ready") sendRun(io);
}

function sendRun(io) {
  io.pending = false;
  if (io.box?.run(io.runMessage)) listenForSilence(io);
}

/** End the run, keeping the steps recorded so far: the tracer is asked to stop; a program
 * that does not (it catches every exception, loops inside C, ...) has its Python ended
 * after STOP_GRACE_MS. */
export function stopProgram(io) {
  if (io.store.get().learn.status !== "running") return;
  if (io.pending) {
    io.pending = false;
    run(io, L.runEnded, io.runId, { status: "stopped", steps: 0 });
    return;
  }
  io.box?.stop();
  clearTimeout(io.stopTimer);
  const runId = io.runId;
  io.stopTimer = setTimeout(() => {
    if (io.runId === runId && io.store.get().learn.status === "running") retire(io, "stopped", t("learn.notice.ended"));
  }, STOP_GRACE_MS);
}

/** The edited source: shown at once, packed into the address once typing pauses. */
export function editSource(io, source) {
  clearTimeout(io.packTimer);
  if (source.length > MAX_LINKED_SOURCE) {
    // Kept and runnable, but too long for an address: the link keeps the program as written.
    run(io, L.sourceEdited, source, null);
    run(io, L.noticeShown, t("learn.edit.tooLong", { max: MAX_LINKED_SOURCE }));
    io.onUrlChange?.();
    return;
  }
  run(io, L.sourceEdited, source, io.store.get().learn.packed);
  io.packTimer = setTimeout(async () => {
    const now = io.store.get().learn;
    if (now.source !== source) return;
    const packed = await packSource(source);
    run(io, L.sourceEdited, source, packed);
    io.onUrlChange?.();
  }, PACK_DELAY_MS);
}

/** A link's program: the menu's, or an edited one unpacked (shown, never run). */
export async function loadLinkProgram(io, program, packed) {
  if (!packed) {
    run(io, L.linkProgramLoaded, program, null, null);
    return;
  }
  try {
    const source = await unpackSource(packed);
    run(io, L.linkProgramLoaded, program, source, packed);
    run(io, L.noticeShown, t("learn.notice.fromLink"));
  } catch (err) {
    run(io, L.linkProgramLoaded, program, null, null);
    run(io, L.noticeShown, t(err.message === "long" ? "learn.link.codeLong" : "learn.link.codeDamaged"));
  }
}

/** The step the clock reaches after `dt` ms at the state's speed, stopping at a breakpoint. */
export function clockStep(trace, learn, dt) {
  const target = Math.min(learn.steps - 1, learn.step + Math.max(1, Math.round((learn.speed * dt) / 1000)));
  // The nearest breakpoint's line ahead (a scan of the line column: fast over millions of steps).
  const hits = learn.breakpoints.map((line) => trace.nextLine(learn.step, line)).filter((k) => k >= 0 && k <= target);
  if (hits.length) return { step: Math.min(...hits), pause: true };
  return { step: target, pause: target >= learn.steps - 1 && learn.status !== "running" };
}

function tick(io, now) {
  const { learn } = io.store.get();
  if (!learn.playing || !io.trace) {
    io.clock = null;
    return;
  }
  const dt = io.lastTick ? Math.min(250, now - io.lastTick) : 16;
  io.lastTick = now;
  const next = clockStep(io.trace, learn, dt);
  run(io, L.stepShown, next.step);
  if (next.pause) run(io, L.paused);
  io.clock = io.raf((time) => tick(io, time));
}

function followPlaying(io, state) {
  if (state.learn.playing && !io.clock) {
    io.lastTick = 0;
    io.clock = io.raf((time) => tick(io, time));
  }
}

/** The next step where the program backs off (a square cleared), from the step shown. */
export function toNextBacktrack(io) {
  const { learn } = io.store.get();
  if (!io.trace || !learn.steps) return;
  const hit = io.trace.nextUndo(learn.step);
  if (hit >= 0) run(io, L.stepShown, hit);
}

/**
 * The Learn view's session. `openBox(handlers)` starts a fresh Python for one run
 * (learn/python-box.js learnSandboxes); `loadPrograms()` resolves to the menu's programs;
 * `validateTour({rows, cols, start, indices})` rejects what is not a tour (the solver's
 * validator).
 */
export function createLearnSession({ store, openBox, loadPrograms, validateTour, raf = (fn) => requestAnimationFrame(fn), onUrlChange }) {
  const io = { store, openBox, validateTour, raf, onUrlChange, box: null, failures: 0, pending: false, trace: null, runId: 0, clock: null, lastTick: 0, packTimer: 0, unpacking: null, programs: null };
  store.subscribe((state) => {
    if (state.view === "learn" && !io.programs) {
      io.programs = loadPrograms().then((programs) => run(io, L.programsLoaded, programs), () => {
        io.programs = null; // tried again when the view is next shown
        run(io, L.noticeShown, t("learn.notice.programsMissing"));
      });
      warm(io);
    }
    if (state.learn.unpack && io.unpacking !== state.learn.unpack) {
      io.unpacking = state.learn.unpack;
      loadLinkProgram(io, state.learn.program, state.learn.unpack);
    }
    followPlaying(io, state);
  });
  return {
    trace: () => io.trace,
    run: () => runProgram(io),
    stop: () => stopProgram(io),
    edit: (source) => editSource(io, source),
    resetSource: () => run(io, L.linkProgramLoaded, store.get().learn.program, null, null),
    chooseProgram: (program) => {
      run(io, L.programChosen, program);
      io.onUrlChange?.();
    },
    show: (step) => run(io, L.stepShown, step),
    step: (delta) => run(io, L.stepShown, store.get().learn.step + delta),
    togglePlay: () => run(io, L.playToggled),
    chooseSpeed: (speed) => run(io, L.speedChosen, speed),
    chooseBudget: (raw) => run(io, L.budgetChosen, raw),
    toggleBreakpoint: (line) => run(io, L.breakpointToggled, line),
    nextBacktrack: () => toNextBacktrack(io),
    loadLinkProgram: (program, packed) => loadLinkProgram(io, program, packed),
  };
}
