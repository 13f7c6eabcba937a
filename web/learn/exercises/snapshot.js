// window.knightTour.exercise: the exercises as plain data for tests and tools: {ready,
// id, passed, kept, undo, checking, hints, solution, notice, check}; `check` is the last
// check (its boards and the seed they were drawn with), its hints as catalog keys with
// their step and line (the words are on the page), or null.

/** The exercises' part of the page's snapshot. */
export function exerciseSnapshot(state) {
  const { exercise } = state;
  const { check } = exercise;
  return {
    ready: Boolean(exercise.list),
    id: exercise.id,
    passed: [...exercise.passed],
    kept: exercise.kept,
    undo: exercise.undo, // the last clear can still be undone
    checking: exercise.checking, // a Check pressed and not yet settled
    hints: exercise.hints, // hints shown of a failed check
    solution: exercise.solution, // lines of the solution shown
    notice: exercise.notice?.key ?? "",
    check: check && {
      round: check.round,
      status: check.status,
      at: check.at,
      of: check.of,
      seed: check.seed,
      boards: check.boards.map(({ rows, cols, start, holes, rule, closed, budget, exists }) => ({
        rows, cols, start: [...start], holes: holes.map((h) => [...h]), rule, closed, budget, exists,
      })),
      cases: check.cases.map(({ pass, code }) => ({ pass, code })),
      failed: check.failed,
      hints: check.hints.map(({ key, step = -1, line = 0 }) => ({ key, step, line })),
      refusal: check.refusal,
      notice: check.notice?.key ?? "",
    },
  };
}
