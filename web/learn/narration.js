// The Learn view's narration: what the step shown does, in a sentence a student can read.
// A step of the program (执行步骤) is one line executed, a call or a return; a move of the
// knight (马步) is a number put on the board. A run of identical line events (a list
// comprehension's rounds: same line, same frame, the board unchanged) is one step of the
// narration; the trace keeps every one of them. A return is told by what came back (the
// event byte) and by whose it is: the search's return of no success is going back; a
// helper's False is only its answer. Returns {key, params} for the catalog.

import { EVENT_CALL, EVENT_LINE, isFailedReturn, isReturn } from "./trace.js";
import { EVENT_RETURN_FALSE, EVENT_RETURN_NONE, EVENT_RETURN_RAISED, EVENT_RETURN_TRUE } from "./trace-store.js";

/** Steps scanned at most to find the ends of a run (a one-line endless loop is one long run). */
export const MAX_RUN = 100_000;

function sameAsNext(trace, a, b) {
  return trace.eventAt(b) === EVENT_LINE && trace.eventAt(a) === EVENT_LINE && trace.lineAt(a) === trace.lineAt(b)
    && trace.frameAt(a) === trace.frameAt(b) && trace.kindAt(b) === null && trace.kindAt(a) === null;
}

/** The run of identical line events step k belongs to: {first, last} (first = last alone). */
export function runOf(trace, k) {
  let first = k;
  let last = k;
  while (first > 0 && k - first < MAX_RUN && sameAsNext(trace, first - 1, first)) first--;
  while (last < trace.steps - 1 && last - k < MAX_RUN && sameAsNext(trace, last, last + 1)) last++;
  return { first, last };
}

/** The step one narration step from k: forward (+1) past the run k is in, back (-1) to the
 * first step of the run before it. Stays within 0..steps-1. */
export function narrationStep(trace, k, direction) {
  if (!trace || !trace.steps) return 0;
  const at = Math.min(Math.max(0, k), trace.steps - 1);
  if (direction > 0) return Math.min(trace.steps - 1, runOf(trace, at).last + 1);
  const before = runOf(trace, at).first - 1;
  return before < 0 ? 0 : runOf(trace, before).first;
}

/** The value a `return` line gives back, as written ("False", "board"), "" for a bare
 * return, or null when the line is no return statement (the function ran off its end). */
export function returnedText(sourceLine) {
  const m = /^\s*return\b\s*([^#]*?)\s*(#.*)?$/.exec(sourceLine ?? "");
  return m ? m[1] : null;
}

function callSentence(trace, k, name, vars) {
  if (name === "<module>") return { key: "learn.say.module", params: {} };
  if (name.startsWith("<")) return { key: "learn.say.inner", params: { line: trace.lineAt(k) } };
  const move = vars.step ?? vars.tag ?? null;
  if (move !== null) return { key: "learn.say.callMove", params: { name, move } };
  if (trace.depthAt(k) === 1) return { key: "learn.say.callFirst", params: { name } };
  return { key: "learn.say.call", params: { name } };
}

const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const NAMED = { [EVENT_RETURN_FALSE]: "False", [EVENT_RETURN_TRUE]: "True", [EVENT_RETURN_NONE]: "None" };

/** What came back, as the page says it: False, True, None, a variable's name where the
 * return line gives one, else {valueKey} for "an empty value" or "a value". */
function returnedValue(trace, k, lines) {
  const event = trace.eventAt(k);
  if (NAMED[event]) return { value: NAMED[event] };
  const written = returnedText(lines[trace.lineAt(k) - 1]);
  if (written && IDENTIFIER.test(written) && !isFailedReturn(event)) return { value: written };
  return { valueKey: isFailedReturn(event) ? "learn.value.empty" : "learn.value.other" };
}

function returnSentence(trace, k, name, lines) {
  if (name === "<module>") return { key: "learn.say.moduleRead", params: {} };
  if (name.startsWith("<")) return { key: "learn.say.innerDone", params: {} };
  const event = trace.eventAt(k);
  if (event === EVENT_RETURN_RAISED) return { key: "learn.say.returnRaised", params: { name } };
  const search = trace.codeAt(k) === trace.searchCode();
  const params = { name, ...returnedValue(trace, k, lines) };
  if (search && isFailedReturn(event)) {
    const count = trace.goingBackUpTo(k);
    return { key: trace.leftNumbered(k) ? "learn.say.backLeaving" : "learn.say.back", params: { ...params, count } };
  }
  if (search && trace.depthAt(k) > 1 && !isFailedReturn(event)) return { key: "learn.say.returnFound", params };
  return { key: "learn.say.returnValue", params };
}

function lineSentence(trace, k, name) {
  const line = trace.lineAt(k);
  const { first, last } = runOf(trace, k);
  if (last > first) return { key: "learn.say.lineRepeat", params: { line, name, count: last - first + 1 } };
  if (name === "<module>") return { key: "learn.say.lineModule", params: { line } };
  return { key: "learn.say.line", params: { line, name } };
}

/** The sentence for step k of `trace`, reading the program's `source` for a return's value. */
export function narrate(trace, k, source) {
  const said = trace.describe(k); // the board's change, when the step made one
  if (said.key === "learn.step.advance" || said.key === "learn.step.undo" || said.key === "learn.step.change") {
    if (said.key === "learn.step.undo" && !said.params.back) return { key: "learn.step.undoFirst", params: said.params };
    return said;
  }
  const frame = trace.stackAt(k, 1).at(-1);
  const event = trace.eventAt(k);
  if (event === EVENT_CALL) return callSentence(trace, k, frame.name, frame.vars);
  if (isReturn(event)) return returnSentence(trace, k, frame.name, source.split("\n"));
  if (event === EVENT_LINE) return lineSentence(trace, k, frame.name);
  return { key: "learn.step.exception", params: { name: frame.name, line: trace.lineAt(k) } };
}
