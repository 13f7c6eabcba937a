// window.knightTour.learn: the Learn view as plain data for tests and tools:
// {program, status, steps, step, line, path, board, repeated, counts, knight, shown, error,
// answer, edited, fromLink, madeFor, budgetRan, limit, library, run, held, budget, speed}; `path` holds the squares the
// program has visited at the step shown, in order, as [row, col] pairs; `board` the
// program's own board there (flat, 0 = empty); `repeated` the squares whose number another
// square holds too; `shown` whether the run is drawn (made for the board shown).

import { countsAt, readBoard } from "./counters.js";
import { knightPlace } from "./knight-place.js";
import { runShown } from "./transitions.js";

function atStep(trace, k) {
  if (k < 0) return { line: 0, path: [], board: [], repeated: [], counts: null, knight: -1 };
  const board = trace.boardAt(k);
  return {
    line: trace.lineAt(k),
    path: trace.pathAt(k),
    board: Array.from(board),
    repeated: readBoard(board).repeated,
    counts: countsAt(trace, k),
    knight: knightPlace(trace, k, board),
  };
}

export function learnSnapshot(state, trace) {
  const { learn } = state;
  const shown = trace && learn.steps ? Math.min(learn.step, trace.steps - 1) : -1;
  return {
    program: learn.program,
    status: learn.status,
    steps: learn.steps,
    step: learn.step,
    ...atStep(trace, shown),
    shown: runShown(state),
    error: learn.error,
    answer: learn.answer ? { valid: learn.answer.valid, code: learn.answer.code, params: learn.answer.params } : null,
    notice: learn.notice,
    edited: learn.source !== null,
    fromLink: learn.fromLink,
    ready: learn.ready,
    refusal: learn.refusal, // why the last message from the program's side was refused, or ""
    madeFor: learn.madeFor,
    budgetRan: learn.budgetRan,
    limit: learn.limit,
    library: learn.library ? { status: learn.library.status } : null,
    bytes: trace ? trace.bytes() : 0, // what the page holds of the trace
    run: learn.run, // runs started so far
    held: learn.held, // an exercise's check holds the runs: Run does nothing
    budget: learn.budget, // steps a run may record
    speed: learn.speed, // steps per second while playing
  };
}
