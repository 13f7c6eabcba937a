// A run that the step budget cut, shown by its own trace to never end: the same frame on
// the same line, with the same watched variables and the same board, at two steps, and
// between them only lines of that frame that compute with those variables (no call, no
// list or attribute, no string, no other name: nothing the trace does not see). Python
// then runs the same lines on the same values again, and again: the program never ends.
// Anything less (a call between, a name the trace does not watch) proves nothing, and
// the page then says only what it knows. Pure functions of a trace (trace.js).

import { EVENT_LINE, NOT_SET } from "./trace.js";

/** Steps walked back at most from the run's last step to find the same state. */
export const MAX_LOOP = 20_000;

/** Words a line may hold besides the frame's watched variables. */
const KEYWORDS = new Set(["while", "if", "elif", "else", "pass", "True", "False", "and", "or", "not", "is", "continue", "break", "return"]);
// Anything that could reach state the trace does not see: a call or grouping, an index or a
// list, an attribute, a string, a dict or set, a decorator, a line continuation.
const UNSEEN = /[([{.'"@\\]/;
const WORD = /(?<![\p{L}\p{N}_])[\p{L}_][\p{L}\p{N}_]*/gu;

/** Whether `text` (a line of the program) computes only with `names` (variables whose
 * values the trace holds as ints). */
export function plainLine(text, names) {
  const code = text.replace(/#.*$/, "");
  if (UNSEEN.test(code)) return false;
  for (const [word] of code.matchAll(WORD)) if (!KEYWORDS.has(word) && !names.has(word)) return false;
  return true;
}

function sameVars(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** {first, second, line, values: [[name, value]]}: two steps of the run's end that prove
 * it never ends (see the module), or null. `source`: the program's text as run. */
export function repeatedState(trace, source) {
  if (!trace || trace.steps < 2) return null;
  const second = trace.steps - 1;
  if (trace.eventAt(second) !== EVENT_LINE) return null;
  const frame = trace.frameAt(second);
  const line = trace.lineAt(second);
  const vars = trace.varsAt(second);
  const names = new Set(Object.keys(vars).filter((k) => vars[k] !== null && vars[k] !== NOT_SET));
  const lines = source.split("\n");
  const ran = new Set([line]);
  for (let a = second - 1; a >= 0 && second - a <= MAX_LOOP; a--) {
    if (trace.eventAt(a) !== EVENT_LINE || trace.frameAt(a) !== frame || trace.kindAt(a + 1) !== null) return null;
    ran.add(trace.lineAt(a));
    if (trace.lineAt(a) !== line || !sameVars(trace.varsAt(a), vars)) continue;
    for (const n of ran) if (!plainLine(lines[n - 1] ?? "(", names)) return null;
    const values = [...names].filter((n) => [...ran].some((l) => lineUses(lines[l - 1], n))).map((n) => [n, vars[n]]);
    return { first: a, second, line, values };
  }
  return null;
}

function lineUses(text, name) {
  return [...(text ?? "").replace(/#.*$/, "").matchAll(WORD)].some(([w]) => w === name);
}
