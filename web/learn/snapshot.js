// window.knightTour.learn: the Learn view as plain data for tests and tools:
// {program, status, steps, step, line, path, error, answer, edited, fromLink}; `path` holds
// the squares the program has visited at the step shown, in order, as [row, col] pairs.

export function learnSnapshot(state, trace) {
  const { learn } = state;
  const shown = trace && learn.steps ? Math.min(learn.step, trace.steps - 1) : -1;
  return {
    program: learn.program,
    status: learn.status,
    steps: learn.steps,
    step: learn.step,
    line: shown >= 0 ? trace.lineAt(shown) : 0,
    path: shown >= 0 ? trace.pathAt(shown) : [],
    error: learn.error,
    answer: learn.answer ? { valid: learn.answer.valid, key: learn.answer.key, params: learn.answer.params } : null,
    edited: learn.source !== null,
    fromLink: learn.fromLink,
    ready: learn.ready,
    refusal: learn.refusal, // why the last message from the program's side was refused, or ""
    bytes: trace ? trace.bytes() : 0, // what the page holds of the trace
  };
}
