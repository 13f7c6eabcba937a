// What the Learn view says about a run's end. Every sentence is the page's own, from what
// the page itself computed: the answer read by its own solver and validator, the trace's
// facts (going back, moves taken back, how deep the calls went), the menu's programs as
// the page built them, and its solver's verdict on the board. What the program's side
// sent in words (Python's name and text for an error) is shown only as Python's, in a
// part of its own ({python}), never inside a sentence. Returns parts for the panel:
// {text} | {python, explain} | {link, text} | {jump: a step to show, text}.

import { t } from "../i18n/messages.js";
import { reasonText } from "../i18n/said.js";
import { number } from "../core/format.js";
import { squareName } from "../core/squares.js";
import { ruleParam } from "../core/leapers.js";
import { leaperWords } from "../core/piece-name.js";
import { firstLeftNumbered, searchFacts } from "./going-back.js";
import { repeatedState } from "./repeat.js";
import { keyBoard, runRule, sourceOf } from "./transitions.js";

/** Python's error names the page explains in plain words, beside Python's own text. */
export const EXPLAINED_ERRORS = [
  "SyntaxError", "IndentationError", "NameError", "TypeError", "IndexError", "KeyError", "ValueError",
  "ZeroDivisionError", "AttributeError", "RecursionError", "UnboundLocalError", "ImportError", "ModuleNotFoundError",
  "MemoryError",
];

/** The menu's programs whose own algorithm the page's solver runs move for move (the
 * same search in the same move order, knight_py.learn.programs): only for these may the
 * page say that a bigger budget reaches the tour its solver finds. */
export const SAME_SEARCH = { backtrack: "backtrack", stack: "backtrack" };

// Python's words when the program defines no tour() for the page to call (knight_py/learn/tracer.py).
const NO_TOUR = "name 'tour' is not defined";

/** An error: the page's sentence (the line), then Python's own words as Python's. */
export function errorParts(error) {
  if (!error) return [];
  if (error.said) return [{ text: error.said }]; // the page's own notice (a refusal, a silence, its tracer's failure)
  // The page's own rule refused the program's text: its reason, in the reader's language.
  if (error.refused) return [{ text: t("learn.error.refused", { why: reasonText(error.refused) }) }];
  const { line, name = "", text = "" } = error;
  const said = line ? t("learn.error.atLine", { line }) : t("learn.error.noLine");
  const parts = [{ text: said }];
  const python = [name, text].filter(Boolean).join(": ");
  if (python) parts.push({ python, explain: EXPLAINED_ERRORS.includes(name) ? t(`learn.error.${name}`) : "" });
  // No tour() to call (the page calls it for the answer): what to write, in the reader's language.
  if (name === "NameError" && text === NO_TOUR) parts.push({ text: t("learn.edit.help") });
  return parts;
}

/** The program's answer as the page's own solver read it. */
export function answerSentence(learn) {
  const answer = learn.answer;
  if (!answer) return "";
  if (answer.code === "invalid") return t("learn.verdict.invalid", { message: reasonText(answer) });
  const params = { ...answer.params };
  if (Array.isArray(params.squares)) params.squares = params.squares.join(t("learn.list.separator"));
  const piece = leaperWords(keyBoard(learn.madeFor ?? "").rule);
  if (piece && answer.code === "tour") return t("learn.leaper.verdict.tour", { piece }); // checked under the leaper's rule
  return t(`learn.verdict.${answer.code}`, params);
}

/** The known bug of a menu program run as written: {key, line} from its metadata. */
export function knownBug(learn) {
  if (learn.source !== null && learn.source !== undefined) return null; // an edited program: no known bug
  return learn.programs?.[learn.program]?.bug ?? null;
}

const asWritten = (learn) => learn.source === null || learn.source === undefined;

/** Whether the recorded run was made under the knight's rule (the solver's searches run the
 * menu's programs move for move only for the knight's move list). */
export const knightRun = (learn) => !learn.madeFor || keyBoard(learn.madeFor).rule === "knight";

/** The page's solver's verdict on the run's board and start. */
export function librarySentence(learn, rows) {
  const lib = learn.library;
  if (!lib || lib.status === "asking") return t("learn.library.asking");
  const square = squareName(lib.start, rows);
  if (lib.status === "found") return t("learn.library.found", { square, nodes: number(lib.nodes) });
  if (lib.status === "impossible") return t("learn.library.impossible", { square, reason: reasonText(lib) });
  if (lib.status !== "gave_up") return t("learn.library.noAnswer", { square }); // stopped, or no answer came
  return t("learn.library.unknown", { square, nodes: number(lib.nodes) });
}

/** A run the budget cut whose trace shows it never ends (repeat.js): said, with the two
 * steps that show it to jump to; else null. */
function neverEnds(state, trace) {
  const seen = trace && trace.steps ? repeatedState(trace, sourceOf(state.learn, state.lang, runRule(state))) : null;
  if (!seen) return null;
  const { first, second, line, values } = seen;
  const steps = { first: number(first + 1), second: number(second + 1), line };
  const state_ = values.map(([name, value]) => t("learn.never.value", { name, value: number(value) })).join(t("learn.list.separator"));
  const text = values.length ? t("learn.never.repeats", { ...steps, values: state_ }) : t("learn.never.repeatsBare", steps);
  return [{ text }, { jump: first, text: t("learn.never.show", { step: number(first + 1) }) },
    { jump: second, text: t("learn.never.show", { step: number(second + 1) }) }];
}

/** A run whose step budget ran out: what a bigger budget would do, said only where the
 * page knows it; else what the run did so far and the solver's verdict, no promise. */
function budgetParts(state, trace) {
  const { learn, settings } = state;
  const squares = settings.rows * settings.cols;
  const never = neverEnds(state, trace);
  if (never) return never;
  const parts = [{ text: t("learn.budgetRan") }];
  if (asWritten(learn) && learn.program === "bug_tag60") {
    const bug = knownBug(learn);
    parts.push({ text: t(squares < 60 ? "learn.budget.tag60Small" : "learn.budget.tag60Large", { squares, line: bug?.line ?? 0, left: squares - 60, none: "None" }) });
    return parts;
  }
  const lib = learn.library;
  if (asWritten(learn) && SAME_SEARCH[learn.program] && knightRun(learn) && lib && lib.status !== "asking") {
    const square = squareName(lib.start, settings.rows);
    if (lib.status === "found") parts.push({ text: t("learn.budget.sameFound", { square, nodes: number(lib.nodes) }) });
    else if (lib.status === "impossible") parts.push({ text: t("learn.budget.sameImpossible", { square, reason: reasonText(lib), none: "None" }) });
    else if (lib.status === "gave_up") parts.push({ text: t("learn.budget.sameUnknown", { nodes: number(lib.nodes) }) });
    else parts.push({ text: t("learn.library.noAnswer", { square }) });
    return parts;
  }
  parts.push({ text: t("learn.budget.soFar") }, { text: librarySentence(learn, settings.rows) });
  return parts;
}

/** The trace's facts about going back, and the forgot-to-undo bug where the trace shows it. */
function goingBackParts(state, trace) {
  const facts = trace && trace.steps ? searchFacts(trace) : null;
  if (!facts) return [];
  const parts = [{ text: t("learn.facts", { name: facts.name, back: number(facts.back), undone: number(facts.undone) }) }];
  const left = firstLeftNumbered(trace);
  if (left >= 0) parts.push({ text: t("learn.forgotUndo", { name: facts.name, step: number(left + 1) }) });
  return parts;
}

/** A returned value that is no tour: the page's solver's verdict on the board beside it,
 * and where it found a tour, that tour offered. */
function offerParts(state) {
  const { learn, settings } = state;
  const lib = learn.library;
  if (!learn.answer || learn.answer.valid) return [];
  if (!lib || lib.status !== "found") return [{ text: librarySentence(learn, settings.rows) }];
  const square = squareName(lib.start, settings.rows);
  const { rule } = keyBoard(learn.madeFor ?? "");
  const piece = rule === "knight" ? "" : `&rule=${ruleParam(rule)}`;
  const href = `?view=tour&rows=${settings.rows}&cols=${settings.cols}&start=${square}${piece}&lang=${state.lang}`;
  return [{ text: t("learn.library.exists", { square, nodes: number(lib.nodes) }) }, { link: href, text: t("learn.library.show", { square }) }];
}

/** A run made with an exercise open: its check judges the answer (on the exercise's board
 * and rule) and finds squares left numbered in slices; here, that Run does not judge (and
 * where the verdict is), and the trace's counts. */
function exerciseRunParts(learn, trace) {
  const facts = trace && trace.steps ? searchFacts(trace) : null;
  const parts = [{ text: t("learn.exerciseRun") }];
  if (learn.budgetRan) parts.push({ text: t("learn.budgetRan") });
  if (facts) parts.push({ text: t("learn.facts", { name: facts.name, back: number(facts.back), undone: number(facts.undone) }) });
  return parts;
}

/** The parts of the verdict for the state's run, or [] while it runs or before it. */
export function verdictParts(state, trace = null) {
  const { learn } = state;
  if (learn.status === "running" || learn.status === "idle") return [];
  if (learn.status === "error") return errorParts(learn.error);
  // The page's own limit: no answer, and no summary of a search it did not see end.
  if (learn.status === "limit") return [{ text: t("learn.limit", { depth: number(learn.limit?.depth ?? 0), line: learn.limit?.line ?? 0 }) }];
  if (learn.forExercise) return exerciseRunParts(learn, trace);
  const parts = [];
  if (learn.budgetRan) parts.push(...budgetParts(state, trace));
  else if (learn.status === "done") parts.push({ text: answerSentence(learn) }, ...offerParts(state));
  const bug = knownBug(learn);
  if (bug && learn.status === "done" && !learn.budgetRan) parts.push({ text: t(bug.key, { line: bug.line, code: "board[r][c] = 0" }) });
  parts.push(...goingBackParts(state, trace));
  return parts.filter((p) => p.python || p.link || p.jump !== undefined || p.text);
}
