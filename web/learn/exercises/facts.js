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

import { firstLeftNumbered } from "../going-back.js";
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

function advances(trace) {
  let count = 0;
  let last = -1;
  for (let k = trace.nextAdvance(-1); k >= 0; k = trace.nextAdvance(k)) {
    // One step may number several squares: count each change at it.
    count += trace.changesAt(k).filter((c) => c.kind === "advance").length;
    last = k;
  }
  return { count, last };
}

// Calls: the frames of each function, the deepest nesting, and the first call of a
// function below a frame of its own.
function calls(trace, search) {
  let ofSearch = 0;
  let maxDepth = 0;
  let nested = none();
  for (let k = trace.nextEvent(-1, EVENT_CALL); k >= 0; k = trace.nextEvent(k, EVENT_CALL)) {
    const frame = trace.frameAt(k);
    const code = trace.codeAt(k);
    if (code === search) ofSearch++;
    maxDepth = Math.max(maxDepth, trace.frameDepth(frame));
    if (nested.step < 0) {
      const stack = trace.stackAt(k);
      const below = stack.slice(0, -1);
      if (below.some((f) => trace.codeAt(f.step) === code)) nested = { step: k, line: below[below.length - 1].line };
    }
  }
  return { ofSearch, maxDepth, nested };
}

/** The facts of `trace` (finished) and the run's end `{output, errorLine}` (plain data). */
export function factsOf(trace, { output = "", errorLine = 0 } = {}) {
  const last = trace.steps - 1;
  const search = trace.searchCode();
  const { ofSearch, maxDepth, nested } = calls(trace, search);
  const placed = advances(trace);
  const left = firstLeftNumbered(trace);
  let success = none();
  let returned = none();
  for (let k = 0; k <= last; k++) {
    const event = trace.eventAt(k);
    if (!isReturn(event)) continue;
    const code = trace.codeAt(k);
    if (event === EVENT_RETURN_TRUE && code === search && success.step < 0) success = { step: k, line: trace.lineAt(k) };
    if (trace.codes[code].name === "tour") returned = { step: k, line: trace.lineAt(k) };
  }
  return {
    status: trace.status, steps: trace.steps, errorLine: errorLine ?? 0,
    search: search >= 0 ? trace.codes[search].name : "", recursed: nested.step >= 0, nestedCall: nested,
    calls: search >= 0 ? ofSearch : 0, maxDepth,
    placed: placed.count, undone: last >= 0 ? trace.undosUpTo(last) : 0,
    back: last >= 0 ? trace.goingBackUpTo(last) : 0,
    leftNumbered: left >= 0 ? { step: left, line: trace.lineAt(left) } : none(),
    lastUndo: lineBefore(trace, trace.prevUndo(trace.steps)),
    lastAdvance: lineBefore(trace, placed.last),
    success, returned, lastStep: last >= 0 ? { step: last, line: trace.lineAt(last) } : none(),
    output: String(output ?? ""),
  };
}
