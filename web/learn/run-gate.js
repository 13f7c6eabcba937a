// The page's own reading of a program's text before its run (knight_py.page.source_refusal,
// in the page's solver): a program it refuses never reaches a sandbox. Its answer comes
// within RULE_LIMIT_MS or not at all, and the last text ruled on is remembered, so Run
// again on the same program asks nothing. What the answer means for the run is the
// session's (learn/run-life.js).

/** How long the page's own Python may take to read a program's text before its run (it
 * may still be starting). */
export const RULE_LIMIT_MS = 60_000;
/** No answer within RULE_LIMIT_MS. */
export const RULE_TIMED_OUT = Symbol("the rule timed out");
/** The rule itself failed. */
export const RULE_FAILED = Symbol("the rule failed");

/** The rule's word, `answer` (a promise), within RULE_LIMIT_MS; RULE_TIMED_OUT or
 * RULE_FAILED where it gave none. */
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

/** `rule(source, done)`: `done(why)` once `sourceRefusal(source)` ({code, params, reasons}
 * or null, or a promise of it) has answered, at once when it answers at once or the
 * text is the one ruled on last; `why` is its answer, RULE_TIMED_OUT or RULE_FAILED. */
export function createGate(sourceRefusal) {
  let ruled = null;
  const remember = (source, why) => {
    if (why !== RULE_TIMED_OUT && why !== RULE_FAILED) ruled = { source, why };
    return why;
  };
  return function rule(source, done) {
    if (ruled?.source === source) return done(ruled.why);
    let answer;
    try {
      answer = sourceRefusal(source);
    } catch {
      return done(RULE_FAILED);
    }
    if (typeof answer?.then !== "function") return done(remember(source, answer ?? null));
    return ruling(answer).then((why) => done(remember(source, why)));
  };
}
