// The Learn view's side effects: the menu's programs (from the page's own build, never
// from a worker), a fresh Python in a sandbox for every run (learn/python-box.js; the next
// one starts while the reader looks at the last run), a run's chunks of steps checked
// (learn/sandbox-messages.js) and gathered into the trace (learn/trace.js) a slice at a
// time, under limits the page sets (the budget, MAX_TRACE_BYTES, the depth), Stop (the
// sandbox's stop flag, then, after STOP_GRACE_MS, the sandbox ended), the answer read by
// the page's own solver. Before a run, the page's own solver reads the program's text
// (knight_py.learn.source_rule): a program it refuses never reaches a sandbox. The playback clock is learn/clock.js, the edited program and a
// link's learn/source-edit.js. Every state change goes through learn/transitions.js.

import { laterTask } from "../core/later-task.js";
import * as L from "./transitions.js";
import { run } from "./run-transition.js";
import { followPlaying, toNextBacktrack } from "./clock.js";
import { editSource, loadLinkProgram } from "./source-edit.js";
import { createTrace } from "./trace.js";
import { learnBoard } from "./params.js";
import { defaultSettings } from "../core/linked-board.js";
import { holesTrailer } from "./holes-trailer.js";
import { CHUNK_DELTAS, CHUNK_STEPS, MAX_DEPTH, checkChunk, checkEnded, checkEnvelope, sourceWords } from "./sandbox-messages.js";
import { number } from "../core/format.js";
import { t } from "../i18n/messages.js";

/** How long the page's own Python may take to read a program's text before its run (it
 * may still be starting). */
export const RULE_LIMIT_MS = 60_000;
/** After Stop, how long a run may take to end by itself before its Python is ended. */
export const STOP_GRACE_MS = 800;
/** A run that sends nothing for this long is stuck inside one of Python's own functions
 * (a loop in C, which the tracer cannot see): its Python is ended. */
export const SILENT_MS = 20_000;
/** After a run's last chunk, how long its "ended" may take to come: the worker sends both
 * at once (at a limit, from the trace function, before the program can catch anything), so
 * a sandbox still silent by then is ended and a fresh one started. */
export const ENDED_MS = 3000;
/** Pythons started ahead of the runs that will need them, at most (prepareRuns). */
export const MAX_SPARES = 3;
/** Sandboxes that may fail to start in a row before the page stops starting more. */
const START_TRIES = 3;
/** What the page keeps of one run's trace at most; a run past it is ended, its steps kept. */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;
/** Bytes of messages waiting to be read at most: a side that sends faster is refused. */
export const MAX_QUEUED_BYTES = 64 * 1024 * 1024;
/** Main-thread time one slice of reading may take before it yields to the page. */
export const SLICE_MS = 8;
/** While a run goes, the count of steps read is shown at most this often: each showing
 * costs the browser a layout and a paint, which WebKit does on the CPU the program's
 * worker needs (one at each chunk cost a 200,000-step run a third of its speed there).
 * Twice a second is as often as a reader follows a count. */
export const STEPS_SHOWN_MS = 500;

// --- the boxes: one fresh Python per run ------------------------------------------------

/** A Python starting or ready for the next run, unless one already is. */
/** Whether the page's board is the one it starts with: a link that named no board. */
function boardUntouched(settings) {
  const first = defaultSettings();
  return settings.rows === first.rows && settings.cols === first.cols && settings.start === null && !settings.holes.length && settings.rule === first.rule;
}

/** Once the menu's programs arrived, on a page whose link named no board and no edited
 * program or exercise: the menu's program on its default board, with its budget and
 * speed, so that Run ends by itself in seconds. */
function placeDefaults(io, state) {
  const { learn } = state;
  // A link whose parameters the page refused named something: its problems stay said, and
  // the board stays the one it shows.
  const untouched = boardUntouched(state.settings) && learn.source === null && !learn.packed && !learn.unpack && learn.starter === null && !state.exercise?.id && !state.paramErrors?.length;
  run(io, L.defaultsPlaced, untouched);
  if (untouched) io.showBoard?.(L.defaultBoard(learn, learn.program));
}

function warm(io) {
  if (io.box && io.box.phase() !== "closed") return;
  // A spare started earlier (prepareRuns) takes the next run: its Python may be ready.
  io.spares = io.spares.filter((spare) => spare.phase() !== "closed");
  const spare = io.spares.shift();
  if (spare) {
    io.box = spare;
    if (spare.phase() === "ready") pythonReady(io);
    return;
  }
  if (io.failures >= START_TRIES) return;
  io.box = openPython(io);
}

/** A fresh Python whose events count only while it is the box in use: a spare that dies
 * before its turn is dropped, and the next spare or a new Python takes the run. */
function openPython(io) {
  const box = io.openBox({
    ready: () => box === io.box && pythonReady(io),
    message: (data) => box === io.box && received(io, data),
    death: (reason) => {
      if (box === io.box) boxDied(io, reason);
      else io.spares = io.spares.filter((spare) => spare !== box);
    },
    refused: (reason) => box === io.box && refusedMessage(io, reason),
  });
  return box;
}

/** Runs to come one after another (an exercise's check, one run per board): Pythons for
 * all but the first start now, each in a later task, side by side with the first run, so
 * that no run after the first waits for its Python to start (about a second each). A
 * spare holds only a fresh Python; each run still gets its own. */
function prepareRuns(io, runs) {
  const wanted = Math.min(Math.max(0, runs - 1), MAX_SPARES);
  for (let i = io.spares.length; i < wanted; i += 1) {
    io.later(() => {
      if (io.spares.length < wanted && io.failures < START_TRIES) io.spares.push(openPython(io));
    });
  }
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
  clearTimeout(io.endedTimer);
  dropQueue(io);
  io.stopping = false;
  io.box?.close();
  io.box = null;
  io.pending = false;
  if (ended && io.store.get().learn.status === "running") {
    const error = ended === "error" ? { line: null, said: notice } : null; // the page's own words
    endRun(io, { status: ended, steps: io.trace ? io.trace.steps : 0, error });
  }
  if (notice) run(io, L.noticeShown, notice);
  warm(io);
}

function boxDied(io, reason) {
  console.warn(`Learn: the program's Python ended (${reason})`); // for developers: frame, died, failed, start, files, silent
  const running = io.box?.phase() === "running";
  if (running) {
    const key = { silent: "learn.notice.silent", unended: "learn.notice.unended" }[reason] ?? "learn.notice.pythonDied";
    return retire(io, "error", t(key, { seconds: SILENT_MS / 1000 }));
  }
  io.failures += 1;
  if (io.failures < START_TRIES) return retire(io, null, "");
  // Python would not start, again and again: say so, and try again at the next Run.
  io.box = null;
  const waiting = io.pending;
  io.pending = false;
  if (waiting) endRun(io, { status: "error", steps: 0, error: { line: null, said: t("learn.notice.workerFailed") } });
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

function dropQueue(io) {
  io.queue = [];
  io.queuedBytes = 0;
}

// A message's size as queued: its columns' bytes (what a flood would hold in memory).
function sizeOf(data) {
  let bytes = 0;
  if (data && typeof data.buffers === "object" && data.buffers) {
    for (const value of Object.values(data.buffers)) bytes += value?.byteLength ?? 0;
  }
  return bytes + 1024;
}

/** A message from the run's sandbox: queued, and read in slices (pump) so that no task of
 * the page's passes SLICE_MS by much, however much the other side sends. */
function received(io, data) {
  const envelope = checkEnvelope(data, "running");
  if (!envelope.ok) return refusedMessage(io, envelope.reason);
  if (io.stopping && data.type === "chunk") return; // Stop keeps what was read before it
  const bytes = sizeOf(data);
  if (io.queuedBytes + bytes > MAX_QUEUED_BYTES) return refusedMessage(io, "more than the page can read, sent faster than it reads");
  if (data.type === "ended") performance.mark?.("learn-ended-received");
  io.queue.push({ data, bytes });
  io.queuedBytes += bytes;
  if (!io.pumping) {
    io.pumping = true;
    io.later(() => pump(io));
  }
}

function pump(io) {
  const began = io.now();
  let arrived = false;
  while (io.queue.length && io.now() - began < SLICE_MS) {
    const { data, bytes } = io.queue.shift();
    io.queuedBytes -= bytes;
    if (data.type === "chunk") {
      if (!readChunk(io, data)) return endPump(io);
      arrived = true;
    } else {
      endPump(io);
      return readEnded(io, data);
    }
  }
  if (arrived) stepsRead(io);
  if (io.queue.length) io.later(() => pump(io));
  else endPump(io);
}

function endPump(io) {
  io.pumping = false;
}

/** New steps were read: shown now, or once STEPS_SHOWN_MS has passed since the last showing. */
function stepsRead(io) {
  if (io.store.get().learn.status !== "running") return;
  const wait = io.stepsShownAt + STEPS_SHOWN_MS - io.now();
  if (wait <= 0) showSteps(io);
  else if (!io.stepsTimer) io.stepsTimer = setTimeout(() => showSteps(io), wait);
}

function showSteps(io) {
  clearTimeout(io.stepsTimer);
  io.stepsTimer = 0;
  io.stepsShownAt = io.now();
  if (io.store.get().learn.status === "running") run(io, L.stepsArrived, io.runId, io.trace.steps);
}

function traceSummary(io) {
  const trace = io.trace;
  return {
    steps: trace.steps, frames: trace.frames, codes: trace.codes.length, slots: trace.slots,
    size: trace.rows * trace.cols, finished: trace.finished, budget: io.budget, words: io.words,
    depthOf: (frame) => trace.frameDepth(frame),
  };
}

/** One chunk checked and added; false when the run was ended instead. */
function readChunk(io, data) {
  const trace = io.trace;
  const chunk = checkChunk(data, io.runId, traceSummary(io));
  if (!chunk.ok) {
    refusedMessage(io, chunk.reason);
    return false;
  }
  const { steps, deltas, frames_added: frames } = chunk.value.meta;
  if (trace.bytesBound(steps, deltas, frames) > MAX_TRACE_BYTES) {
    retire(io, "stopped", t("learn.notice.tooBig", { megabytes: number(MAX_TRACE_BYTES / 2 ** 20), steps: number(trace.steps) }));
    return false;
  }
  trace.append(chunk.value);
  // A check's judge (the page's own Python) reads the run from the same checked columns.
  io.waiting?.chunks?.push(chunk.value);
  if (chunk.value.meta.steps > 0) listenForSilence(io); // only new steps count as life
  if (chunk.value.meta.final) {
    const box = io.box;
    io.endedTimer = setTimeout(() => box === io.box && boxDied(io, "unended"), ENDED_MS);
  }
  return true;
}

function readEnded(io, data) {
  const { rows, cols } = io.trace;
  const ended = checkEnded(data, io.runId, { rows, cols, lines: io.runLines });
  if (!ended.ok) return refusedMessage(io, ended.reason);
  // How it ended must fit what the page knows: the budget ends a run only at the budget,
  // and a run stops only when the page asked it to.
  const { status } = ended.value;
  if (status === "budget" && !io.stopping && io.trace.steps < io.budget) return refusedMessage(io, "a budget end before the budget was used");
  if (status === "stopped" && !io.stopping) return refusedMessage(io, "a stop the page did not ask for");
  // The nesting limit is the page's own: the trace must show the calls nested that deep.
  const last = io.trace.steps - 1;
  if (status === "limit" && (last < 0 || io.trace.depthAt(last) !== MAX_DEPTH)) return refusedMessage(io, "a nesting limit the trace does not reach");
  finishRun(io, ended.value);
}

/** The run's end: its Python is dropped (a fresh one starts); the page reads the answer
 * with its own solver and names an error from the trace. */
async function finishRun(io, result) {
  const runId = io.runId;
  clearTimeout(io.stopTimer);
  clearTimeout(io.silence);
  clearTimeout(io.endedTimer);
  // Closed at every end: a program that caught the limit's exception and goes on (untraced)
  // is ended with its sandbox, and the next run gets a fresh Python.
  io.box?.close();
  io.box = null;
  io.stopping = false;
  const trace = io.trace;
  // With an exercise open, its check reads the answer (for the exercise's board and rule).
  const own = result.status === "done" && !io.store.get().learn.forExercise;
  const answer = own ? await readAnswer(io, result.answer) : null;
  const status = { budget: "done", tracer_failed: "error" }[result.status] ?? result.status;
  const error = result.status === "error" ? errorOf(trace, result)
    : result.status === "tracer_failed" ? { line: null, said: t("learn.error.tracerFailed") } : null;
  const limit = result.status === "limit" ? { depth: MAX_DEPTH, line: trace.lineAt(trace.steps - 1) } : null;
  // A failure of the page's own tracer is the page's end of the run, as a refusal is.
  const pageEnded = result.status === "tracer_failed";
  endRun(io, { status, steps: trace ? trace.steps : 0, output: result.output, error, answer, limit, budget: result.status === "budget" }, pageEnded ? null : result, runId);
  // The next run's fresh Python, once this run's end is in the store: making its sandbox
  // costs the main thread (WebKit drew the end a frame later when it came first).
  io.later(() => warm(io));
  // The tracer follows only a plain board (lists of ints): say when it stopped following,
  // or never saw one (not after an error: the error is what the reader needs then).
  const note = trace?.boardNote === "unseen" && status === "error" ? "" : trace?.boardNote;
  if (note) run(io, L.noticeShown, t(`learn.notice.board.${note}`, { rows: number(trace.rows), cols: number(trace.cols), squares: number(trace.rows * trace.cols) }));
  else if (io.stopNotice && result.status === "stopped") run(io, L.noticeShown, t(io.stopNotice));
  io.stopNotice = null;
}

/** An error as the page knows it: the line Python named (a number checked to be in the
 * program) and Python's own name and words (shown as Python's, never as the page's). */
function errorOf(trace, result) {
  return { line: result.line, name: result.error?.name ?? "", text: result.error?.text ?? "" };
}

/** The page's own reading of the returned value (its solver's Python, never the
 * program's): {code, valid, params, reasons, path} or null. */
async function readAnswer(io, data) {
  if (!data) return null;
  const { rows, cols, start } = io.trace;
  try {
    const read = await io.readAnswer({ rows, cols, answer: data });
    const path = read.indices ? Array.from(read.indices, (i) => [Math.floor(i / cols), i % cols]) : null;
    if (read.valid && (!path || path[0][0] !== start[0] || path[0][1] !== start[1])) {
      return { code: "wrongStart", valid: false, params: {}, reasons: null, path };
    }
    return { code: read.code, valid: read.valid, params: read.params ?? {}, reasons: read.reasons ?? null, path };
  } catch {
    return { code: "unchecked", valid: false, params: {}, reasons: null, path: null };
  }
}

/** The run of the program shown (in the page's language) on the board shown, from its
 * start square, under the step budget: {source, rows, cols, start, holes, budget,
 * forExercise}, or null when there is none to run. A program that reads the board's holes
 * (an exercise's) gets them after its text. */
export function shownRun(state) {
  const { learn, settings } = state;
  const { fits, start } = learnBoard(settings, learn.readsHoles);
  const source = L.sourceOf(learn, state.lang);
  if (!fits || !source) return null;
  const { rows, cols, holes } = settings;
  const trailer = learn.readsHoles ? holesTrailer(holes) : "";
  return { source: source + trailer, rows, cols, start, holes, budget: learn.budget, forExercise: learn.readsHoles };
}

/** The run's end, in the store and to whoever waits for it (`runCase`): `ended` for the
 * view (transitions.js runEnded); `result`, the checked end message (sandbox-messages.js
 * checkEnded), or null where the page ended the run itself. */
function endRun(io, ended, result = null, runId = io.runId) {
  clearTimeout(io.stepsTimer);
  io.stepsTimer = 0;
  performance.mark?.("learn-run-ended");
  run(io, L.runEnded, runId, ended);
  const waiting = io.waiting;
  if (!waiting || waiting.runId !== runId) return;
  io.waiting = null;
  const status = result?.status ?? ended.status;
  waiting.resolve({
    status, output: result?.output ?? "", errorLine: result?.line ?? 0, answer: result?.answer ?? null, trace: waiting.trace,
    chunks: waiting.chunks ?? [], // the checked chunks, kept for a plan that asked for them
    pageEnded: result === null, // the page ended it (a Stop that was not heeded, a refused message, its Python gone)
  });
}

/**
 * Run `plan` (shownRun's form; the program shown on the board shown when null) in a fresh
 * Python (waiting for it if it is still starting). Resolves when the run has ended, with
 * {status: "done" | "budget" | "stopped" | "limit" | "error", output, errorLine, answer (the
 * checked numbers, or null), trace, chunks (the checked chunks, where `plan.keepChunks`
 * asked for them), pageEnded}; to null at once when there is nothing to run, a run is
 * going, or (without a plan: Run) a check holds the runs. The page's tracer failing
 * resolves as "error", pageEnded.
 */
export function runProgram(io, plan = null) {
  const state = io.store.get();
  const job = plan ?? shownRun(state);
  if (!job || state.learn.status === "running" || (!plan && state.learn.held)) return Promise.resolve(null);
  io.failures = 0; // a Run tries again where starts had failed
  warm(io);
  const { source, rows, cols, start, holes, budget } = job;
  run(io, L.runStarted, { rows, cols, start, holes }, Boolean(job.forExercise));
  io.runId = io.store.get().learn.run;
  io.trace = createTrace({ rows, cols, start });
  io.runLines = source.split("\n").length;
  io.words = sourceWords(source);
  io.budget = budget;
  io.stopping = false;
  io.stopNotice = null;
  io.stepsShownAt = -Infinity; // the first steps are shown as soon as they are read
  dropQueue(io);
  io.runMessage = {
    type: "run", id: io.runId, source, rows, cols, start,
    maxSteps: budget, chunkSteps: CHUNK_STEPS, chunkDeltas: CHUNK_DELTAS, maxDepth: MAX_DEPTH,
  };
  const ended = new Promise((resolve) => {
    io.waiting = { runId: io.runId, resolve, trace: io.trace, chunks: job.keepChunks ? [] : null };
  });
  io.gating = true;
  gate(io, io.runId, source);
  return ended;
}

/** The rule's word, `answer` (sourceRefusal's promise), within RULE_LIMIT_MS;
 * RULE_TIMED_OUT or RULE_FAILED where it gave none. */
async function ruling(answer) {
  let timer = 0;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve(RULE_TIMED_OUT), RULE_LIMIT_MS);
  });
  try {
    return await Promise.race([answer, limit]);
  } catch {
    return RULE_FAILED;
  } finally {
    clearTimeout(timer);
  }
}

/** The program's text read by the page's own solver (sourceRefusal): the run goes on to a
 * sandbox only when nothing is refused; else it ends at once, as an error that says why
 * in the page's words. The last text ruled on is remembered: Run again on the same
 * program asks nothing. */
function gate(io, runId, source) {
  if (io.ruled?.source === source) return ruled(io, runId, io.ruled.why);
  let answer;
  try {
    answer = io.sourceRefusal(source);
  } catch {
    return ruled(io, runId, RULE_FAILED);
  }
  if (typeof answer?.then !== "function") return ruled(io, runId, answer ?? null, source);
  ruling(answer).then((why) => ruled(io, runId, why, source));
}

function ruled(io, runId, why, source = null) {
  if (source !== null && why !== RULE_TIMED_OUT && why !== RULE_FAILED) io.ruled = { source, why };
  if (!io.gating || io.runId !== runId || io.store.get().learn.status !== "running") return; // stopped meanwhile
  io.gating = false;
  if (why === RULE_TIMED_OUT || why === RULE_FAILED) {
    const said = why === RULE_FAILED ? t("learn.notice.ruleFailed") : t("learn.notice.ruleTimeout", { seconds: RULE_LIMIT_MS / 1000 });
    return endRun(io, { status: "error", steps: 0, error: { line: null, said } });
  }
  if (why) return endRun(io, { status: "error", steps: 0, error: { line: why.params?.line ?? null, refused: why } });
  io.pending = true;
  if (io.box?.phase() === "ready") sendRun(io);
}

const RULE_TIMED_OUT = Symbol("the rule timed out");
const RULE_FAILED = Symbol("the rule failed");

function sendRun(io) {
  io.pending = false;
  performance.mark?.("learn-run-sent"); // with learn-ended-received and learn-run-ended: where a run's time goes
  if (io.box?.run(io.runMessage)) listenForSilence(io);
}

/** End the run, keeping the steps recorded so far: the tracer is asked to stop; a program
 * that does not (it catches every exception, loops inside C, ...) has its Python ended
 * after STOP_GRACE_MS. `notice`: the catalog key said once it has ended (why it was
 * stopped), else the page says only how, when it had to end the Python. */
export function stopProgram(io, notice = null) {
  if (io.store.get().learn.status !== "running") return;
  io.stopNotice = notice;
  if (io.gating) {
    io.gating = false;
    endRun(io, { status: "stopped", steps: 0 });
    return;
  }
  if (io.pending) {
    io.pending = false;
    endRun(io, { status: "stopped", steps: 0 });
    return;
  }
  io.box?.stop();
  io.stopping = true; // chunks not yet read are dropped: Stop answers at once
  io.queue = io.queue.filter(({ data }) => data.type !== "chunk");
  io.queuedBytes = io.queue.reduce((sum, { bytes }) => sum + bytes, 0);
  clearTimeout(io.stopTimer);
  const runId = io.runId;
  io.stopTimer = setTimeout(() => {
    if (io.runId === runId && io.store.get().learn.status === "running") retire(io, "stopped", t(io.stopNotice ?? "learn.notice.ended"));
  }, STOP_GRACE_MS);
}

/**
 * The Learn view's session. `openBox(handlers)` starts a fresh Python for one run
 * (learn/python-box.js learnSandboxes); `loadPrograms()` resolves to the menu's programs;
 * `readAnswer({rows, cols, answer})` reads a returned value with the page's own solver
 * (knight_py.learn.answer.read_data and the validator): {code, valid, params, reasons,
 * indices}. `sourceRefusal(source)` reads a program's text with the page's own solver
 * (knight_py.page.source_refusal): {code, params, reasons} or null, or a promise of it. `later(fn)` runs fn in
 * a later task (a slice of reading), `now()` the clock. `showBoard(board)` puts a board
 * ({rows, cols, start, holes}) on the page (the shell's): a menu program's own.
 */
export function createLearnSession({
  store, openBox, loadPrograms, readAnswer, sourceRefusal, raf = (fn) => requestAnimationFrame(fn), onUrlChange,
  later = laterTask, now = () => performance.now(), showBoard = null,
}) {
  const io = {
    store, openBox, readAnswer, sourceRefusal, raf, onUrlChange, later, now, showBoard, box: null, failures: 0, pending: false, gating: false, ruled: null, trace: null, runId: 0,
    clock: null, lastTick: 0, packTimer: 0, unpacking: null, programs: null, queue: [], queuedBytes: 0, pumping: false,
    stopping: false, words: new Set(), budget: 0, waiting: null, stepsShownAt: -Infinity, stepsTimer: 0, endedTimer: 0,
    isOwn: null, spares: [],
  };
  store.subscribe((state) => {
    // A run is never left going unseen: leaving Learn stops it, and the view says so.
    if (state.view !== "learn" && state.learn.status === "running" && !io.stopping) {
      stopProgram(io, "learn.notice.leftView");
      run(io, L.noticeShown, t("learn.notice.leftView"));
    }
    if (state.view === "learn" && !io.programs) {
      io.programs = loadPrograms().then((programs) => run(io, L.programsLoaded, programs), () => {
        io.programs = null; // tried again when the view is next shown
        run(io, L.noticeShown, t("learn.notice.programsMissing"));
      });
      warm(io);
    }
    if (state.view === "learn" && state.learn.programs && !state.learn.placed) placeDefaults(io, state);
    if (state.learn.unpack && io.unpacking !== state.learn.unpack) {
      io.unpacking = state.learn.unpack;
      loadLinkProgram(io, state.learn.program, state.learn.unpack);
    }
    followPlaying(io, state);
  });
  return {
    trace: () => io.trace,
    run: () => runProgram(io),
    /** Run `plan` ({source, rows, cols, start, holes, budget, forExercise}): the promise of its end (runProgram). */
    runCase: (plan) => runProgram(io, plan),
    /** `runs` runs to come one after another: their Pythons start now (prepareRuns). */
    prepareRuns: (runs) => prepareRuns(io, runs),
    /** An exercise's starting program shown ({source, sourceZh}), or null: the menu's again (transitions.js starterShown). */
    showStarter: (starter, fresh) => run(io, L.starterShown, starter, fresh),
    markLine: (line) => run(io, L.lineMarked, line),
    /** Hold the runs for an exercise's check (true) or free them (false): Run does nothing while held. */
    hold: (held) => run(io, L.runsHeld, held),
    /** `isOwn(source)`: whether a link's program is the reader's own kept program. */
    ownSource: (isOwn) => {
      io.isOwn = isOwn;
    },
    stop: () => stopProgram(io),
    edit: (source) => editSource(io, source),
    resetSource: () => run(io, L.linkProgramLoaded, store.get().learn.program, null, null),
    chooseProgram: (program) => {
      const before = store.get().learn;
      run(io, L.programChosen, program);
      const board = store.get().learn !== before && L.defaultBoard(store.get().learn, program);
      if (board) io.showBoard?.(board); // the program's own board, where it ends by itself
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
