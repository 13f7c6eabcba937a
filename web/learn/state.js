// The Learn view's part of the page state (plain data, merged into state.js's
// defaultState). The recorded steps themselves are large typed arrays kept by the
// session (learn/trace.js); the state holds what is known about them: how many, which
// one is shown, how the run ended.

import { DEFAULT_PROGRAM } from "./params.js";

// The menu's programs each carry their own (learn-programs.json); this is the budget before they arrive.
export const DEFAULT_STEP_BUDGET = 100_000;
export const MAX_STEP_BUDGET = 20_000_000;
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

/** Fresh Learn state (a factory, so two pages never share objects). */
export function defaultLearnState() {
  return {
    learn: {
      program: DEFAULT_PROGRAM, // the menu's choice (learn/params.js LEARN_PROGRAMS)
      source: null, // the reader's edited program, or null: the menu's program as written
      packed: null, // the edited program packed for the link (learn/code-link.js), or null
      unpack: null, // a link's packed program the session has yet to unpack
      fromLink: false, // the edited program came in a link: shown, never run before Run
      programs: null, // {id: {source, sourceZh, description, key}} from learn-programs.json
      status: "idle", // idle | running | done | stopped | limit | error
      run: 0, // counts runs; chunks of an older run are dropped
      steps: 0, // steps recorded
      step: 0, // the step shown, 0-based
      playing: false,
      speed: 100, // steps per second while playing
      budget: DEFAULT_STEP_BUDGET, // steps a run may record
      breakpoints: [], // line numbers: playing stops on reaching one
      error: null, // {line, message} from the program (syntax error, exception)
      answer: null, // {path: [flat index], ok, message} the program's answer, checked
      output: "", // what the program printed (cut short)
      pythonReady: false, // a Python for the programs has started once
      ready: false, // the programs are known and a Python has started: Run answers at once
      notice: "", // a one-line message (a link's code unpacked, refused, ...)
      refusal: "", // why the last message from the program's side was refused (English, for tools)
      madeFor: null, // the board and start the recorded run was made for (transitions.js boardKey)
      budgetRan: false, // the run used its whole step budget: no answer yet
      limit: null, // {depth, line}: the run met the page's limit of nested calls, at that line
      library: null, // {key, status, reason, reasons}: knight_py's own verdict for that board and start
      starter: null, // {source, sourceZh}: an exercise's starting program, shown as written in place of the menu's
      readsHoles: false, // the program shown reads the board's holes (HOLES, appended after it): a board with holes runs
      forExercise: false, // the run was made with an exercise open: its check, not this view, says whether it is right
      marked: 0, // a line another part of the view points at (an exercise's hint), 0: none
      held: false, // an exercise's check is using the runs: Run waits until it has settled
      placed: false, // the menu program's default board, budget and speed were put in place once
    },
  };
}
