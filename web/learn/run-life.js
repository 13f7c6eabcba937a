// A Learn run's life: started (its trace made, its text read by the page's own rule,
// learn/run-gate.js), sent to a fresh Python once one is ready (learn/python-boxes.js),
// listened to for silence, stopped (the sandbox's stop flag, then, after STOP_GRACE_MS,
// the sandbox ended), and ended by the page when its Python dies or its side sends what
// the page refuses. Its messages are read by learn/run-reading.js; its end is
// learn/run-end.js. Every state change goes through learn/transitions.js.

import * as L from "./transitions.js";
import { learnBoard } from "./params.js";
import { createTrace } from "./trace.js";
import { sourceWords } from "./sandbox-messages.js";
import { RULE_FAILED, RULE_LIMIT_MS, RULE_TIMED_OUT } from "./run-gate.js";
import { clearRunTimers, endRun } from "./run-end.js";
import { t } from "../i18n/messages.js";
import { CHUNK_DELTAS, CHUNK_STEPS, MAX_DEPTH, SLOTS } from "./wire.js";

/** After Stop, how long a run may take to end by itself before its Python is ended. */
export const STOP_GRACE_MS = 800;
/** A run that sends nothing for this long is stuck inside one of Python's own functions
 * (a loop in C, which the tracer cannot see): its Python is ended. */
export const SILENT_MS = 20_000;

/** The run of the program shown (in the page's language) on the board shown, from its
 * start square, under the step budget and the piece's rule (transitions.js runRule):
 * {source, rows, cols, start, holes, budget, forExercise, rule}, or null when there is
 * none to run. A program that reads the board's holes (an exercise's) gets them after its text. */
export function shownRun(state) {
  const { learn, settings } = state;
  const { fits, start } = learnBoard(settings, learn.readsHoles);
  const rule = L.runRule(state);
  const source = L.sourceOf(learn, state.lang, rule);
  if (!fits || !source) return null;
  const { rows, cols, holes } = settings;
  const trailer = learn.readsHoles ? L.holesTrailer(holes) : "";
  return { source: source + trailer, rows, cols, start, holes, budget: learn.budget, forExercise: learn.readsHoles, rule };
}

/** A Python is ready: the run waiting for one is sent. */
export function pythonReady(io) {
  io.pythons.started();
  if (!io.store.get().learn.pythonReady) L.run(io, L.pythonStarted);
  if (io.pending) sendRun(io);
}

function sendRun(io) {
  io.pending = false;
  performance.mark?.("learn-run-sent"); // with learn-ended-received and learn-run-ended: where a run's time goes
  if (io.pythons.box?.run(io.runMessage)) listenForSilence(io);
}

/** From now, a run silent for SILENT_MS has its Python ended. */
export function listenForSilence(io) {
  clearTimeout(io.silence);
  const box = io.pythons.box;
  io.silence = setTimeout(() => box === io.pythons.box && boxDied(io, "silent"), SILENT_MS);
}

/** Drop the box in use; end its run, if any, as `ended` ("stopped" | "error"), and say
 * `notice`; start another box. */
export function retire(io, ended, notice) {
  clearRunTimers(io);
  io.queue.clear();
  io.stopping = false;
  io.pythons.close();
  io.pending = false;
  if (ended && io.store.get().learn.status === "running") {
    const error = ended === "error" ? { line: null, said: notice } : null; // the page's own words
    endRun(io, { status: ended, steps: io.trace ? io.trace.steps : 0, error });
  }
  if (notice) L.run(io, L.noticeShown, notice);
  io.pythons.warm();
}

/** The box in use died (`reason`: for developers: frame, died, failed, start, files,
 * silent, unended, refused): its run ends as an error; a box that had not started
 * counts as a failed start, and after START_TRIES the page says it and waits for Run. */
export function boxDied(io, reason) {
  console.warn(`Learn: the program's Python ended (${reason})`);
  if (io.pythons.running()) {
    const key = { silent: "learn.notice.silent", unended: "learn.notice.unended" }[reason] ?? "learn.notice.pythonDied";
    return retire(io, "error", t(key, { seconds: SILENT_MS / 1000 }));
  }
  if (io.pythons.failed()) return retire(io, null, "");
  // Python would not start, again and again: say so, and try again at the next Run.
  io.pythons.close();
  const waiting = io.pending;
  io.pending = false;
  if (waiting) endRun(io, { status: "error", steps: 0, error: { line: null, said: t("learn.notice.workerFailed") } });
  return L.run(io, L.noticeShown, t("learn.notice.workerFailed"));
}

/** The program's side sent what the page refuses (`reason`, in English, for developers). */
export function refusedMessage(io, reason) {
  L.run(io, L.messageRefused, reason);
  console.warn(`Learn: a message from the program's side was refused: ${reason}`);
  // Before its run, no program has run in it: a Python that starts wrongly counts as one
  // that did not start (tried again START_TRIES times).
  if (!io.pythons.running()) return boxDied(io, "refused");
  return retire(io, "error", t("learn.notice.refused"));
}

/** The rule's word on the run's text: the run goes on to a sandbox only when nothing is
 * refused; else it ends at once, as an error that says why in the page's words. */
function ruled(io, runId, why) {
  if (!io.gating || io.runId !== runId || io.store.get().learn.status !== "running") return; // stopped meanwhile
  io.gating = false;
  if (why === RULE_TIMED_OUT || why === RULE_FAILED) {
    const said = why === RULE_FAILED ? t("learn.notice.ruleFailed") : t("learn.notice.ruleTimeout", { seconds: RULE_LIMIT_MS / 1000 });
    endRun(io, { status: "error", steps: 0, error: { line: null, said } });
  } else if (why) {
    endRun(io, { status: "error", steps: 0, error: { line: why.params?.line ?? null, refused: why } });
  } else {
    io.pending = true;
    if (io.pythons.box?.phase() === "ready") sendRun(io);
  }
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
  io.pythons.started(); // a Run tries again where starts had failed
  io.pythons.warm();
  const { source, rows, cols, start, holes, budget, rule = "knight" } = job;
  L.run(io, L.runStarted, { rows, cols, start, holes, rule }, Boolean(job.forExercise));
  const runId = io.store.get().learn.run;
  Object.assign(io, {
    runId, trace: createTrace({ rows, cols, start, rule }), runLines: source.split("\n").length, words: sourceWords(source),
    budget, stopping: false, stopNotice: null,
    stepsShownAt: -Infinity, // the first steps are shown as soon as they are read
  });
  io.queue.clear();
  io.runMessage = {
    type: "run", id: runId, source, rows, cols, start,
    max_steps: budget, chunk_steps: CHUNK_STEPS, chunk_deltas: CHUNK_DELTAS, max_depth: MAX_DEPTH, slots: SLOTS,
  };
  const ended = new Promise((resolve) => {
    io.waiting = { runId, resolve, trace: io.trace, chunks: job.keepChunks ? [] : null };
  });
  io.gating = true;
  io.rule(source, (why) => ruled(io, runId, why));
  return ended;
}

/** End the run, keeping the steps recorded so far: the tracer is asked to stop; a program
 * that does not (it catches every exception, loops inside C, ...) has its Python ended
 * after STOP_GRACE_MS. `notice`: the catalog key said once it has ended (why it was
 * stopped), else the page says only how, when it had to end the Python. */
export function stopProgram(io, notice = null) {
  if (io.store.get().learn.status !== "running") return;
  io.stopNotice = notice;
  if (io.gating || io.pending) {
    io.gating = false;
    io.pending = false;
    endRun(io, { status: "stopped", steps: 0 });
    return;
  }
  io.pythons.box?.stop();
  io.stopping = true; // chunks not yet read are dropped: Stop answers at once
  io.queue.dropChunks();
  clearTimeout(io.stopTimer);
  const runId = io.runId;
  io.stopTimer = setTimeout(() => {
    if (io.runId === runId && io.store.get().learn.status === "running") retire(io, "stopped", t(io.stopNotice ?? "learn.notice.ended"));
  }, STOP_GRACE_MS);
}
