// A Learn run's messages read: each checked (learn/sandbox-messages.js) before use, queued
// and read a slice at a time (learn/message-queue.js), its chunks gathered into the trace
// under the page's limits (MAX_TRACE_BYTES, the run's budget, the nesting limit), the
// count of steps read shown at most every STEPS_SHOWN_MS, and its end matched against
// what the page knows before the run is finished (learn/run-end.js).

import * as L from "./transitions.js";
import { checkChunk, checkEnded, checkEnvelope } from "./sandbox-messages.js";
import { boxDied, listenForSilence, refusedMessage, retire } from "./run-life.js";
import { finishRun } from "./run-end.js";
import { number } from "../core/format.js";
import { t } from "../i18n/messages.js";
import { MAX_DEPTH } from "./wire.js";

/** After a run's last chunk, how long its "ended" may take to come: the worker sends both
 * at once (at a limit, from the trace function, before the program can catch anything), so
 * a sandbox still silent by then is ended and a fresh one started. */
export const ENDED_MS = 3000;
/** What the page keeps of one run's trace at most; a run past it is ended, its steps kept. */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;
/** While a run goes, the count of steps read is shown at most this often: each showing
 * costs the browser a layout and a paint, which WebKit does on the CPU the program's
 * worker needs (one at each chunk cost a 200,000-step run a third of its speed there).
 * Twice a second is as often as a reader follows a count. */
export const STEPS_SHOWN_MS = 500;

/** A message from the run's sandbox: its envelope checked, then queued for reading. */
export function received(io, data) {
  const envelope = checkEnvelope(data, "running");
  if (!envelope.ok) return refusedMessage(io, envelope.reason);
  if (io.stopping && data.type === "chunk") return undefined; // Stop keeps what was read before it
  if (data.type === "ended") performance.mark?.("learn-ended-received");
  if (!io.queue.add(data)) return refusedMessage(io, "more than the page can read, sent faster than it reads");
  return undefined;
}

/** New steps were read: shown now, or once STEPS_SHOWN_MS has passed since the last showing. */
export function stepsRead(io) {
  if (io.store.get().learn.status !== "running") return;
  const wait = io.stepsShownAt + STEPS_SHOWN_MS - io.now();
  if (wait <= 0) showSteps(io);
  else if (!io.stepsTimer) io.stepsTimer = setTimeout(() => showSteps(io), wait);
}

function showSteps(io) {
  clearTimeout(io.stepsTimer);
  io.stepsTimer = 0;
  io.stepsShownAt = io.now();
  if (io.store.get().learn.status === "running") L.run(io, L.stepsArrived, io.runId, io.trace.steps);
}

// The trace so far, as sandbox-messages.js checkChunk reads it.
function traceSummary(io) {
  const trace = io.trace;
  return {
    steps: trace.steps, frames: trace.frames, codes: trace.codes.length, slots: trace.slots,
    size: trace.rows * trace.cols, finished: trace.finished, budget: io.budget, words: io.words,
    depthOf: (frame) => trace.frameDepth(frame),
  };
}

/** One chunk checked and added; false when the run was ended instead. */
export function readChunk(io, data) {
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
    const box = io.pythons.box;
    io.endedTimer = setTimeout(() => box === io.pythons.box && boxDied(io, "unended"), ENDED_MS);
  }
  return true;
}

/** The run's end checked: how it ended must fit what the page knows before it is finished. */
export function readEnded(io, data) {
  const { rows, cols } = io.trace;
  const ended = checkEnded(data, io.runId, { rows, cols, lines: io.runLines });
  if (!ended.ok) return refusedMessage(io, ended.reason);
  // The budget ends a run only at the budget, and a run stops only when the page asked it to.
  const { status } = ended.value;
  if (status === "budget" && !io.stopping && io.trace.steps < io.budget) return refusedMessage(io, "a budget end before the budget was used");
  if (status === "stopped" && !io.stopping) return refusedMessage(io, "a stop the page did not ask for");
  // The nesting limit is the page's own: the trace must show the calls nested that deep.
  const last = io.trace.steps - 1;
  if (status === "limit" && (last < 0 || io.trace.depthAt(last) !== MAX_DEPTH)) return refusedMessage(io, "a nesting limit the trace does not reach");
  return finishRun(io, ended.value);
}
