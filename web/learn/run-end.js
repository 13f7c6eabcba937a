// A Learn run's end: its Python dropped (a fresh one starts), the returned value read by
// the page's own solver, an error named from the trace, the end put in the store and
// given to whoever waits for it (an exercise's check). Every state change goes through
// learn/transitions.js.

import * as L from "./transitions.js";
import { number } from "../core/format.js";
import { t } from "../i18n/messages.js";
import { MAX_DEPTH } from "./wire.js";
import { leaperWords } from "../core/piece-name.js";

/** The run's timers stopped: the grace after Stop, the silence and the wait for "ended". */
export function clearRunTimers(io) {
  clearTimeout(io.stopTimer);
  clearTimeout(io.silence);
  clearTimeout(io.endedTimer);
}

/** The run's end, in the store and to whoever waits for it (`runCase`): `ended` for the
 * view (transitions.js runEnded); `result`, the checked end message (sandbox-messages.js
 * checkEnded), or null where the page ended the run itself. */
export function endRun(io, ended, result = null, runId = io.runId) {
  clearTimeout(io.stepsTimer);
  io.stepsTimer = 0;
  performance.mark?.("learn-run-ended");
  L.run(io, L.runEnded, runId, ended);
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

/** The page's own reading of the returned value (its solver's Python, never the
 * program's), under the run's rule: {code, valid, params, reasons, path} or null. */
async function readAnswer(io, data) {
  if (!data) return null;
  const { rows, cols, start, rule } = io.trace;
  try {
    const read = await io.readAnswer({ rows, cols, answer: data, rule });
    const path = read.indices ? Array.from(read.indices, (i) => [Math.floor(i / cols), i % cols]) : null;
    if (read.valid && (!path || path[0][0] !== start[0] || path[0][1] !== start[1])) {
      return { code: "wrongStart", valid: false, params: {}, reasons: null, path };
    }
    return { code: read.code, valid: read.valid, params: read.params ?? {}, reasons: read.reasons ?? null, path };
  } catch {
    return { code: "unchecked", valid: false, params: {}, reasons: null, path: null };
  }
}

/** The error of a checked end as the page knows it, or null: the line Python named (a
 * number checked to be in the program) and Python's own name and words (shown as
 * Python's, never as the page's); the page's own words for its tracer's failure. */
function errorOf(result) {
  if (result.status === "tracer_failed") return { line: null, said: t("learn.error.tracerFailed") };
  if (result.status !== "error") return null;
  return { line: result.line, name: result.error?.name ?? "", text: result.error?.text ?? "" };
}

/** The run's end, `result` (checked): its Python is dropped (a fresh one starts); the page
 * reads the answer with its own solver and names an error from the trace. */
export async function finishRun(io, result) {
  const runId = io.runId;
  clearRunTimers(io);
  // Closed at every end: a program that caught the limit's exception and goes on (untraced)
  // is ended with its sandbox, and the next run gets a fresh Python.
  io.pythons.close();
  io.stopping = false;
  const trace = io.trace;
  // With an exercise open, its check reads the answer (for the exercise's board and rule).
  const own = result.status === "done" && !io.store.get().learn.forExercise;
  const answer = own ? await readAnswer(io, result.answer) : null;
  const status = { budget: "done", tracer_failed: "error" }[result.status] ?? result.status;
  const limit = result.status === "limit" ? { depth: MAX_DEPTH, line: trace.lineAt(trace.steps - 1) } : null;
  // A failure of the page's own tracer is the page's end of the run, as a refusal is.
  const pageEnded = result.status === "tracer_failed";
  const ended = { status, steps: trace ? trace.steps : 0, output: result.output, error: errorOf(result), answer, limit, budget: result.status === "budget" };
  endRun(io, ended, pageEnded ? null : result, runId);
  // The next run's fresh Python, once this run's end is in the store: making its sandbox
  // costs the main thread (WebKit drew the end a frame later when it came first).
  io.later(() => io.pythons.warm());
  // The tracer follows only a plain board (lists of ints): say when it stopped following,
  // or never saw one (not after an error: the error is what the reader needs then).
  const note = trace?.boardNote === "unseen" && status === "error" ? "" : trace?.boardNote;
  const piece = leaperWords(trace?.rule);
  const noteKey = piece && note === "unseen" ? "learn.leaper.notice.board.unseen" : `learn.notice.board.${note}`;
  if (note) L.run(io, L.noticeShown, t(noteKey, { rows: number(trace.rows), cols: number(trace.cols), squares: number(trace.rows * trace.cols), piece }));
  else if (io.stopNotice && result.status === "stopped") L.run(io, L.noticeShown, t(io.stopNotice));
  io.stopNotice = null;
}
