// The Learn view's pure state changes: (state, ...) -> patch of state.learn, or null; `run`
// applies one to the session's store.

import { LEARN_PROGRAMS, learnBoard } from "./params.js";
import { MAX_STEP_BUDGET, SPEEDS } from "./state.js";
import { withMoves } from "./piece-moves.js";
import { isLeaper } from "../core/leapers.js";

const patch = (state, changes) => ({ learn: { ...state.learn, ...changes } });

/** Apply `transition(state, ...args)` to `io.store`: the one way the session's modules
 * (session.js, run-life.js, clock.js, source-edit.js, ...) change the state. */
export const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

/** The text appended after a program that reads the board's holes (an exercise's) for
 * `holes` ([[row, col], ...]), "" for none: a global, HOLES, set after its own text
 * (knight_py.learn.exercises.case_trailer), so that the program's line numbers stay the
 * ones shown. */
export function holesTrailer(holes) {
  if (!holes.length) return "";
  const sorted = [...holes].sort(([r1, c1], [r2, c2]) => r1 - r2 || c1 - c2);
  return `\nHOLES = {${sorted.map(([r, c]) => `(${r}, ${c})`).join(", ")}}\n`;
}

/** The source the view shows: the reader's edit (in whatever language it was typed), else
 * the program as written (an exercise's starter, else the menu's) in the page's language `lang` ("en" | "zh": its comments in
 * Chinese, where the worker sent them), else "". The two versions differ only in their
 * comments, line for line, so a trace recorded from one fits the other. A menu program
 * tries the moves of the piece of `rule` (piece-moves.js); an exercise's starter and an
 * edit keep their own. */
export function sourceOf(learn, lang, rule = "knight") {
  if (learn.source !== null && learn.source !== undefined) return learn.source;
  if (learn.starter) return (lang === "zh" && learn.starter.sourceZh) || learn.starter.source || "";
  const program = learn.programs?.[learn.program];
  if (!program) return "";
  return withMoves((lang === "zh" && program.sourceZh) || program.source || "", rule, lang);
}

/** The rule a run of the view is made under: the board's leaper, else the knight's (the
 * xiangqi horse's jumps are the knight's, and the menu's programs take no holes), and the
 * knight's for an exercise's program (an exercise is about the knight; its check runs on
 * its own boards under their own rules). */
export function runRule(state) {
  const rule = state.settings.rule;
  return !state.learn.readsHoles && isLeaper(rule) ? rule : "knight";
}

/** A program chosen from the menu: shown as written, with its step budget and playing
 * speed (its board goes on the page beside it: session.js placeBoard). */
export function programChosen(state, program) {
  if (!LEARN_PROGRAMS.includes(program) || (program === state.learn.program && state.learn.source === null)) return null;
  return patch(state, { program, source: null, packed: null, fromLink: false, ...cleared(), ...runDefaults(state.learn, program) });
}

/** The menu program's own step budget and speed ({} before the programs arrived). */
export function runDefaults(learn, program) {
  const board = learn.programs?.[program]?.board;
  return board ? { budget: board.budget, speed: board.speed } : {};
}

/** The page's board as the menu program `program` runs by default ({rows, cols, start,
 * holes}), or null before the programs arrived. */
export function defaultBoard(learn, program) {
  const board = learn.programs?.[program]?.board;
  return board ? { rows: board.rows, cols: board.cols, start: [...board.start], holes: [] } : null;
}

/** The programs arrived and the view was shown: `untouched` (a link that named no board,
 * the menu's program as written), the program's budget and speed with its board. Once. */
export function defaultsPlaced(state, untouched) {
  const { learn } = state;
  return patch(state, { placed: true, ...(untouched ? runDefaults(learn, learn.program) : {}) });
}

/** What a new program or a new run starts from: nothing recorded. */
function cleared() {
  return { status: "idle", steps: 0, step: 0, playing: false, error: null, answer: null, output: "", refusal: "", budgetRan: false, limit: null, madeFor: null, library: null, forExercise: false };
}

/** The board a run is made for: its size and start square ("5,5,4,0"), its holes after a
 * bar where it has any ("5,5,2,0|1,0;4,0"), and a piece other than the knight after an
 * at sign ("5,5,4,0@leaper:1,3"). */
export function boardKey(settings, rule = "knight") {
  const { start } = learnBoard(settings);
  let key = [settings.rows, settings.cols, ...start].join(",");
  const holes = settings.holes ?? [];
  if (holes.length) key += `|${[...holes].sort(([a, b], [c, d]) => a - c || b - d).map((sq) => sq.join(",")).join(";")}`;
  return rule && rule !== "knight" ? `${key}@${rule}` : key;
}

/** A board key read back: {rows, cols, start: [row, col], rule}. */
export function keyBoard(key) {
  const [rows, cols, r, c] = key.split(/[|@]/)[0].split(",").map(Number);
  const at = key.indexOf("@");
  return { rows, cols, start: [r, c], rule: at < 0 ? "knight" : key.slice(at + 1) };
}

/** The key of the board shown, under the rule a run of the view is made under. */
const shownKey = (state) => boardKey(state.settings, runRule(state));

/** Whether the recorded run is for the board shown (a run for another board is not drawn). */
export function runShown(state) {
  return state.learn.steps > 0 && state.learn.madeFor === shownKey(state);
}

/** A recorded run made for another board than the one shown (its steps are kept, not shown). */
export function runStale(state) {
  const { learn } = state;
  return learn.madeFor !== null && learn.madeFor !== undefined && learn.madeFor !== shownKey(state) && learn.status !== "idle";
}

/** An edit: a run (or an error) recorded from the text before it no longer stands. */
export function sourceEdited(state, source, packed) {
  const before = state.learn.source;
  const changed = before !== source && state.learn.status !== "running" && state.learn.status !== "idle";
  return patch(state, { source, packed, fromLink: false, ...(changed ? cleared() : {}) });
}

/** The menu's programs arrived (learn-programs.json, from the page's own build). */
export function programsLoaded(state, programs) {
  return patch(state, { programs, ready: state.learn.pythonReady });
}

/** A Python for the programs has started: from now on Run answers at once. */
export function pythonStarted(state) {
  return patch(state, { pythonReady: true, ready: Boolean(state.learn.programs) });
}

/** A run began on `board` ({rows, cols, start, holes, rule}: the board shown, or an
 * exercise's check case, whose program is the knight's); `forExercise`: the exercise open
 * says whether it is right. */
export function runStarted(state, board = { ...state.settings, rule: runRule(state) }, forExercise = false) {
  return patch(state, { ...cleared(), status: "running", run: state.learn.run + 1, fromLink: false, madeFor: boardKey(board, board.rule), notice: "", forExercise });
}

/** More steps arrived from run `run`; a running view follows the newest step unless the reader moved. */
export function stepsArrived(state, run, steps) {
  if (run !== state.learn.run) return null;
  return patch(state, { steps });
}

/** The run ended: {status, error, answer, output, steps, budget}. The view stays where
 * the reader was (the start, unless they moved), not at the last step. */
export function runEnded(state, run, ended) {
  if (run !== state.learn.run) return null;
  const { status, error = null, answer = null, output = "", steps, budget = false, limit = null } = ended;
  const step = Math.min(state.learn.step, Math.max(0, steps - 1));
  return patch(state, { status, error, answer, output, steps, step, budgetRan: Boolean(budget), limit });
}

/** The library's own verdict on the run's board and start ({key, run, status, reason,
 * reasons}): only for the run it was asked for (a slow answer to the last run on the same
 * board came during the next one, and was taken as its). */
export function libraryAnswered(state, library) {
  if (library.key !== state.learn.madeFor || library.run !== state.learn.run) return null;
  return patch(state, { library });
}

export function stepShown(state, step) {
  const last = Math.max(0, state.learn.steps - 1);
  const next = Math.max(0, Math.min(last, Math.round(step)));
  if (next === state.learn.step) return null;
  return patch(state, { step: next });
}

export function playToggled(state) {
  const { steps, step, playing } = state.learn;
  if (!steps) return null;
  const restart = !playing && step >= steps - 1;
  return patch(state, { playing: !playing, step: restart ? 0 : step });
}

export function paused(state) {
  return state.learn.playing ? patch(state, { playing: false }) : null;
}

export function speedChosen(state, speed) {
  const nearest = SPEEDS.reduce((a, b) => (Math.abs(Math.log(b / speed)) < Math.abs(Math.log(a / speed)) ? b : a));
  return nearest === state.learn.speed ? null : patch(state, { speed: nearest });
}

/** {budget} or {error: key} for a typed step budget. */
export function budgetChosen(state, raw) {
  const text = String(raw).trim().replace(/[,_\s]/g, "");
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= MAX_STEP_BUDGET)) return null;
  return patch(state, { budget: value });
}

export function breakpointToggled(state, line) {
  const { breakpoints } = state.learn;
  const next = breakpoints.includes(line) ? breakpoints.filter((l) => l !== line) : [...breakpoints, line].sort((a, b) => a - b);
  return patch(state, { breakpoints: next });
}

/** A message from the program's side was refused (`reason`, in English, for the page's
 * tools); the run was ended and nothing of the message drawn. */
export function messageRefused(state, reason) {
  return patch(state, { refusal: reason });
}

export function noticeShown(state, notice) {
  return patch(state, { notice });
}

/** The link's Learn parameters: the program, and an edited one still packed (the session
 * unpacks it: `unpack`). Nothing runs. */
export function learnLinkRead(state, { program, code }) {
  return patch(state, { program, source: null, packed: code, unpack: code, fromLink: Boolean(code), ...cleared() });
}

/** A program from a link: shown in the editor, marked as not yet run, unless it is the
 * reader's `own` (the program they kept themselves, back after a reload). */
export function linkProgramLoaded(state, program, source, packed, own = false) {
  return patch(state, { program, source, packed, unpack: null, fromLink: source !== null && !own, ...cleared() });
}

/** An exercise's starting program ({source, sourceZh}) shown as written, or, with null,
 * the menu's program again. `fresh`: a choice from the menu, which drops an edit; a
 * link's edit (shown, or still to unpack) stays. A program that reads the board's holes
 * is an exercise's (knight_py.learn.exercises: HOLES). */
export function starterShown(state, starter, fresh) {
  const { learn } = state;
  const edit = fresh ? { source: null, packed: null, unpack: null, fromLink: false, ...cleared() } : {};
  if (learn.starter === starter && !fresh) return null;
  return patch(state, { starter, readsHoles: starter !== null, marked: 0, ...edit });
}

/** Runs held (`held`: an exercise's check is using them) or free again. */
export function runsHeld(state, held) {
  return state.learn.held === held ? null : patch(state, { held });
}

/** A line another part of the view points at (an exercise's hint), or 0 for none. */
export function lineMarked(state, line) {
  const marked = Number.isInteger(line) && line > 0 ? line : 0;
  return marked === state.learn.marked ? null : patch(state, { marked });
}
