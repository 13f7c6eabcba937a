// Going back and taking a move back, told apart from the trace: going back is a call of
// the search (the function whose frames make the knight's moves, when it calls itself)
// that returns without success; taking a move back is a square cleared. A program that
// goes back without clearing (the forgot-to-undo bug) shows it here. Pure functions of a
// trace (trace.js), remembered per trace and step count: the panel asks at every frame.

/** Returns of no success checked at most for squares left numbered (each a few binary
 * searches); past it the page says nothing rather than guess. */
export const MAX_CHECKED = 50_000;

const remembered = new WeakMap();

function cached(trace, what, compute) {
  let entry = remembered.get(trace);
  if (!entry || entry.steps !== trace.steps) remembered.set(trace, (entry = { steps: trace.steps }));
  if (!(what in entry)) entry[what] = compute();
  return entry[what];
}

/** {name, code, back, undone} over the whole trace, or null when the program has no
 * recursive search (a loop with its own stack goes back only by taking moves back). */
export function searchFacts(trace) {
  return cached(trace, "facts", () => {
    const code = trace.searchCode();
    if (code < 0) return null;
    const last = trace.steps - 1;
    return { name: trace.codes[code].name, code, back: trace.goingBackUpTo(last), undone: trace.undosUpTo(last) };
  });
}

/** Checks made between two pauses of leftNumberedWork. */
const PIECE = 2048;

/** firstLeftNumbered a piece at a time: a generator that yields after every PIECE checks
 * (so that a caller can spread a long trace over several tasks) and returns the step;
 * the answer is remembered as firstLeftNumbered's. */
export function* leftNumberedWork(trace) {
  const entry = remembered.get(trace);
  if (entry && entry.steps === trace.steps && "left" in entry) return entry.left;
  const facts = searchFacts(trace);
  const list = facts ? trace.failedReturns(facts.code) : null;
  let found = -1;
  for (let i = 0; list && i < Math.min(list.count, MAX_CHECKED); i++) {
    if (trace.leftNumbered(list.steps.get(i))) {
      found = list.steps.get(i);
      break;
    }
    if (i % PIECE === PIECE - 1) yield;
  }
  return cached(trace, "left", () => found);
}

/** The first step where the search went back leaving squares numbered that were empty
 * before the call (trace.leftNumbered), or -1 (none among the first MAX_CHECKED). */
export function firstLeftNumbered(trace) {
  const work = leftNumberedWork(trace);
  let next = work.next();
  while (!next.done) next = work.next();
  return next.value;
}
