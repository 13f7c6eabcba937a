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

/** The first step where the search went back leaving squares numbered that were empty
 * before the call (trace.leftNumbered), or -1 (none among the first MAX_CHECKED). */
export function firstLeftNumbered(trace) {
  return cached(trace, "left", () => {
    const facts = searchFacts(trace);
    const list = facts ? trace.failedReturns(facts.code) : null;
    if (!list) return -1;
    for (let i = 0; i < Math.min(list.count, MAX_CHECKED); i++) if (trace.leftNumbered(list.steps[i])) return list.steps[i];
    return -1;
  });
}
