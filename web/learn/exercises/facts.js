// The facts of a run that the exercises' judge reads, computed by the page from its own
// copy of the trace (trace.js's createTrace, going-back.js) and the run's end as data.
// The same facts as knight_py.learn.exercise_facts.facts_of, which the tests compute on
// CPython; a node test feeds one real trace to both. Pure module.
//
// The facts object (a step is -1 and a line 0 where there is none):
//   status       "done" | "budget" | "stopped" | "error"   trace.status
//   steps        steps recorded                            trace.steps
//   errorLine    the error's line, 0 when none             the run's end (a number)
//   search       the search function's name, or ""         trace.searchCode(), trace.codes
//   recursed     a function called below a frame of its own (directly or through others)
//   nestedCall   {step, line}: the first such call, and the caller's line that made it
//                                                          trace.stackAt(call step)
//   calls        frames of the search function             trace.codeAt over frames' calls
//   maxDepth     deepest nesting of program frames         trace.frameDepth
//   placed       squares numbered (a knight move made)     trace.nextAdvance
//   undone       squares cleared (a move taken back)       trace.undosUpTo(last)
//   back         returns of the search without success     trace.goingBackUpTo(last)
//   leftNumbered {step, line}: the first return of no success that left squares numbered
//                                                          going-back.js firstLeftNumbered
//   lastUndo     {step, line}: the last square cleared     trace.prevUndo(steps)
//   lastAdvance  {step, line}: the last square numbered    trace.prevAdvance(steps)
//                (line: the one its frame ran just before the change was seen)
//   success      {step, line}: the search's first return of True (event 5)
//   returned     {step, line}: the last return of a `tour` frame
//   lastStep     {step, line}: the run's last step (where a budget ran out)
//   output       the printed output                        the run's end (text)

import { leftNumberedWork } from "../going-back.js";
import { EVENT_CALL, isReturn } from "../trace.js";

/** The event byte of a return of True (knight_py.learn.trace_format.EVENT_RETURN_TRUE). */
export const EVENT_RETURN_TRUE = 5;

const none = () => ({ step: -1, line: 0 });

// The line that frame ran just before step k (where a board change at k was made).
function lineBefore(trace, k) {
  if (k < 0) return none();
  const frame = trace.frameAt(k);
  const s = trace.prevMatching(k, (j, tr) => tr.frameAt(j) === frame);
  return { step: k, line: trace.lineAt(s >= 0 ? s : k) };
}

/** Steps or events looked at between two pauses of factsWork. */
const PIECE = 4096;

function* advances(trace, out) {
  let n = 0;
  for (let k = trace.nextAdvance(-1); k >= 0; k = trace.nextAdvance(k)) {
    // One step may number several squares: count each change at it.
    out.count += trace.changesAt(k).filter((c) => c.kind === "advance").length;
    out.last = k;
    if (++n % PIECE === 0) yield;
  }
}

// Calls: the frames of each function, the deepest nesting, and the first call of a
// function below a frame of its own.
function* calls(trace, search, out) {
  let n = 0;
  for (let k = trace.nextEvent(-1, EVENT_CALL); k >= 0; k = trace.nextEvent(k, EVENT_CALL)) {
    const frame = trace.frameAt(k);
    const code = trace.codeAt(k);
    if (code === search) out.ofSearch++;
    out.maxDepth = Math.max(out.maxDepth, trace.frameDepth(frame));
    if (out.nested.step < 0) {
      const stack = trace.stackAt(k);
      const below = stack.slice(0, -1);
      if (below.some((f) => trace.codeAt(f.step) === code)) out.nested = { step: k, line: below[below.length - 1].line };
    }
    if (++n % PIECE === 0) yield;
  }
}

// The search's first return of True, and the last return of `tour`.
function* returns(trace, search, out) {
  const last = trace.steps - 1;
  for (let k = 0; k <= last; k++) {
    if (k % PIECE === PIECE - 1) yield;
    const event = trace.eventAt(k);
    if (!isReturn(event)) continue;
    const code = trace.codeAt(k);
    if (event === EVENT_RETURN_TRUE && code === search && out.success.step < 0) out.success = { step: k, line: trace.lineAt(k) };
    if (trace.codes[code].name === "tour") out.returned = { step: k, line: trace.lineAt(k) };
  }
}

/**
 * The facts of `trace` (finished) and the run's end `{output, errorLine}` (plain data), a
 * piece at a time: a generator that yields after each piece of a few thousand steps or
 * events and returns the facts. factsOf runs it at once; the page spreads it over tasks
 * (factsInSlices), since a run of millions of steps takes longer than a frame.
 */
export function* factsWork(trace, { output = "", errorLine = 0 } = {}) {
  const last = trace.steps - 1;
  const search = trace.searchCode();
  const called = { ofSearch: 0, maxDepth: 0, nested: none() };
  yield* calls(trace, search, called);
  const placed = { count: 0, last: -1 };
  yield* advances(trace, placed);
  const left = yield* leftNumberedWork(trace);
  const ends = { success: none(), returned: none() };
  yield* returns(trace, search, ends);
  const { ofSearch, maxDepth, nested } = called;
  return {
    status: trace.status, steps: trace.steps, errorLine: errorLine ?? 0,
    search: search >= 0 ? trace.codes[search].name : "", recursed: nested.step >= 0, nestedCall: nested,
    calls: search >= 0 ? ofSearch : 0, maxDepth,
    placed: placed.count, undone: last >= 0 ? trace.undosUpTo(last) : 0,
    back: last >= 0 ? trace.goingBackUpTo(last) : 0,
    leftNumbered: left >= 0 ? { step: left, line: trace.lineAt(left) } : none(),
    lastUndo: lineBefore(trace, trace.prevUndo(trace.steps)),
    lastAdvance: lineBefore(trace, placed.last),
    success: ends.success, returned: ends.returned, lastStep: last >= 0 ? { step: last, line: trace.lineAt(last) } : none(),
    output: String(output ?? ""),
  };
}

/** The facts of `trace` and the run's end `{output, errorLine}`, at once (factsWork). */
export function factsOf(trace, end = {}) {
  const work = factsWork(trace, end);
  let next = work.next();
  while (!next.done) next = work.next();
  return next.value;
}

/**
 * factsWork spread over tasks: pieces run for at most `sliceMs` in one task, then
 * `later(fn)` runs the rest in another. Resolves with the facts, or with null once
 * `cancelled()` says the check they were for has ended.
 */
export function factsInSlices(trace, end, { later, now = () => performance.now(), sliceMs = 8, cancelled = () => false }) {
  const work = factsWork(trace, end);
  return new Promise((resolve) => {
    const slice = () => {
      if (cancelled()) return resolve(null);
      const began = now();
      let next = work.next();
      while (!next.done && now() - began < sliceMs) next = work.next();
      if (next.done) resolve(next.value);
      else later(slice);
    };
    slice();
  });
}
