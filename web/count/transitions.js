// Pure state changes of counting tours: each takes the state (and what happened) and
// returns the patch to merge, or null. session.js runs the count on the page's solver and
// feeds its answers back through these.

/** A count begins: from the start square, or (scope "all", `squares` of them) from every free square. */
export function countStarted(state, scope = "start", squares = 1) {
  return {
    count: {
      id: (state.count?.id || 0) + 1, settings: state.settings, start: state.settings.start, scope,
      status: "running", value: null, found: 0, nodes: 0, seconds: 0, reason: "", squaresDone: 0, squaresTotal: squares,
    },
  };
}

/** One start square of an every-square count is done: its tours add to the total. */
export function countSquareDone(state, { value, nodes, seconds }) {
  const c = state.count;
  if (!c || c.status !== "running") return null;
  const base = c.base || { found: 0, nodes: 0, seconds: 0 };
  const next = { found: base.found + value, nodes: base.nodes + nodes, seconds: base.seconds + seconds };
  return { count: { ...c, base: next, found: next.found, nodes: next.nodes, seconds: next.seconds, squaresDone: c.squaresDone + 1 } };
}

/** Progress of the square being counted (added to the squares already done). */
export function countProgressed(state, { nodes, found, seconds }) {
  const c = state.count;
  if (!c || c.status !== "running") return null;
  const base = c.base || { found: 0, nodes: 0, seconds: 0 };
  return { count: { ...c, nodes: base.nodes + nodes, found: base.found + found, seconds: base.seconds + seconds } };
}

/** The count's answer {status: done|gave_up|cancelled, value, nodes, seconds, reason}. */
export function countFinished(state, result) {
  const c = state.count;
  if (!c || c.status !== "running") return null;
  const found = result.value ?? c.found;
  return { count: { ...c, ...result, value: result.value ?? null, found, nodes: result.nodes ?? c.nodes, seconds: result.seconds ?? c.seconds } };
}

export function countFailed(state, message) {
  const c = state.count;
  return c ? { count: { ...c, status: "error", reason: message } } : null;
}

export function countStopped(state) {
  const c = state.count;
  return c && c.status === "running" ? { count: { ...c, status: "cancelled" } } : null;
}
