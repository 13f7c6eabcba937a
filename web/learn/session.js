// The Learn view's side effects: its own Python worker (started when the view first
// opens), a run's chunks of steps gathered into the trace (learn/trace.js), Stop (a shared
// flag the tracer polls, or ending the worker where the page is not cross-origin
// isolated), the playback clock that walks the steps, and the link of an edited program.
// Every state change goes through learn/transitions.js.

import * as L from "./transitions.js";
import { createTrace } from "./trace.js";
import { learnBoard } from "./params.js";
import { packSource, unpackSource } from "./code-link.js";
import { t } from "../i18n/messages.js";

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));
const PACK_DELAY_MS = 400; // an edit reaches the address once typing pauses
const MAX_LINKED_SOURCE = 20_000; // characters of an edited program that a link carries (code-link.js reads as many)

function spawn(io) {
  const worker = io.makeWorker();
  io.worker = worker;
  io.stopFlags = io.isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
  worker.postMessage({ cmd: "init", stopBuffer: io.stopFlags ? io.stopFlags.buffer : null });
  worker.onmessage = (event) => {
    if (worker === io.worker) receive(io, event.data);
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    if (worker === io.worker) run(io, L.noticeShown, t("learn.notice.workerFailed"));
  };
}

function receive(io, msg) {
  if (msg.type === "ready") run(io, L.workerReady, msg.programs);
  else if (msg.type === "failed") run(io, L.noticeShown, t("learn.notice.workerFailed"));
  else if (msg.type === "chunk" && msg.id === io.runId && io.trace) {
    io.trace.append({ meta: msg.meta, ...msg.buffers });
    run(io, L.stepsArrived, msg.id, io.trace.steps);
  } else if (msg.type === "ended" && msg.id === io.runId) {
    const r = msg.result;
    const status = r.status === "budget" || r.status === "done" ? "done" : r.status;
    const steps = io.trace ? io.trace.steps : 0;
    run(io, L.runEnded, msg.id, { status, steps, output: r.output, error: r.status === "error" ? { line: r.line, message: r.message } : null, answer: answerOf(r), budget: r.status === "budget" });
  }
}

function answerOf(result) {
  if (!result.verdict) return null;
  return { path: result.path, valid: result.verdict.valid, key: result.verdict.key, params: result.verdict.params, text: result.verdict.text, budget: result.status === "budget" };
}

/** Run the program shown (in the page's language), from the start square, under the step budget. */
export function runProgram(io) {
  const state = io.store.get();
  const { fits, start } = learnBoard(state.settings);
  const source = L.sourceOf(state.learn, state.lang);
  if (!fits || !source || state.learn.status === "running") return;
  if (!io.worker) spawn(io);
  run(io, L.runStarted);
  io.runId = io.store.get().learn.run;
  io.trace = createTrace({ rows: state.settings.rows, cols: state.settings.cols, start });
  io.worker.postMessage({ cmd: "run", id: io.runId, source, rows: state.settings.rows, cols: state.settings.cols, start, maxSteps: state.learn.budget });
}

/** End the run, keeping the steps recorded so far. */
export function stopProgram(io) {
  if (io.store.get().learn.status !== "running") return;
  if (io.stopFlags) {
    Atomics.store(io.stopFlags, 0, 1); // the tracer polls it every few thousand steps
    return;
  }
  // Without shared memory the worker cannot be asked mid-run: end it, start a new one.
  io.worker.terminate();
  io.worker = null;
  const steps = io.trace ? io.trace.steps : 0;
  run(io, L.runEnded, io.runId, { status: "stopped", steps });
  spawn(io);
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

export function createLearnSession({ store, makeWorker, isolated = false, raf = (fn) => requestAnimationFrame(fn), onUrlChange }) {
  const io = { store, makeWorker, isolated, raf, onUrlChange, worker: null, stopFlags: null, trace: null, runId: 0, clock: null, lastTick: 0, packTimer: 0, unpacking: null };
  store.subscribe((state) => {
    if (state.view === "learn" && !io.worker) spawn(io);
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
