// The exercises' part of the page state (plain data, merged into the page's state by the
// Learn view's declaration). The runs themselves are Learn's (its trace, its board); this
// slice holds which exercise is open, how its check stands, what the reader has asked to
// see, and which exercises have passed. Words are kept as catalog keys, said when drawn.

/** Fresh exercise state (a factory, so two pages never share objects). */
export function defaultExerciseState() {
  return {
    exercise: {
      list: null, // the exercises from learn-exercises.json (catalog.js checkExercises), or null
      id: null, // the exercise open, or null: Learn shows the menu's programs
      check: null, // the last check (transitions.js checkStarted), or null: none since the exercise opened
      hints: 0, // hints shown of the check that failed: 0, 1 or 2
      solution: 0, // lines of the reference solution shown
      passed: [], // ids of the exercises passed, as the page's storage keeps them
      kept: true, // whether the page's storage keeps progress (false: it refused)
      notice: null, // {key, params}: a one-line message (the list missing, progress cleared)
      undo: false, // the last "Clear progress" can still be undone
      checking: false, // a Check was pressed and has not settled: another press does nothing
    },
  };
}
