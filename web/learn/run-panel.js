// The parts of the Learn panel that tell how the run stands at the step shown: the
// counters (program steps apart from knight moves), "next backtrack" and why it is off,
// the verdict (verdict.js: text, with Python's own words as code), the program's printed
// output and its board as a matrix like the posts' output, and the notice for a run made
// for another board.

import { setProp, setText } from "../core/panel.js";
import { t } from "../i18n/messages.js";
import { number } from "../core/format.js";
import { countsAt } from "./counters.js";
import { verdictParts } from "./verdict.js";
import { deadEndText, staleText } from "./text.js";
import { runShown } from "./transitions.js";
import { leaperWords } from "../core/piece-name.js";

/** The board as rows of right-aligned numbers, like the posts' printed matrices. */
export function boardMatrix(board, cols) {
  const width = Math.max(2, ...Array.from(board, (n) => String(n).length));
  const rows = [];
  for (let i = 0; i < board.length; i += cols) rows.push(Array.from(board.subarray(i, i + cols), (n) => String(n).padStart(width)).join(" "));
  return rows.join("\n");
}

const KNIGHT_COUNTS = { counts: "learn.counts", back: "learn.countsBack", unseen: "learn.counts.unseen" };
const LEAPER_COUNTS = { counts: "learn.leaper.counts", back: "learn.leaper.countsBack", unseen: "learn.leaper.counts.unseen" };

/** The counters beside the step counter: moves on the board, and going back (a call of the
 * search returning without success) apart from moves taken back (squares cleared). */
export function syncCounts(el, state, trace) {
  const shown = trace && runShown(state);
  const counts = shown ? countsAt(trace, Math.min(state.learn.step, trace.steps - 1)) : null;
  const figures = counts && { placed: number(counts.placed), backtracks: number(counts.backtracks), back: number(counts.back) };
  // A board the page never saw is not a board of 0 moves.
  const unseen = shown && trace.boardNote === "unseen";
  const piece = shown ? leaperWords(trace.rule) : null;
  const keys = piece ? LEAPER_COUNTS : KNIGHT_COUNTS; // a leaper's moves are said to be its jumps
  setText(el.counts, unseen ? t(keys.unseen, { piece }) : counts ? t(counts.search ? keys.back : keys.counts, { ...figures, piece }) : "");
  setProp(el.counts.dataset, "back", counts ? String(counts.back) : "");
  setProp(el.counts.dataset, "placed", counts ? String(counts.placed) : "");
  setProp(el.counts.dataset, "largest", counts ? String(counts.largest) : "");
  setProp(el.counts.dataset, "backtracks", counts ? String(counts.backtracks) : "");
}

/** Whether the run was cut before it ended (its step budget, Stop, the page's nesting
 * limit): past its last recorded step it would have gone on. */
export const runCut = (learn) => learn.budgetRan || learn.status === "stopped" || learn.status === "limit";

/** Why "Next backtrack" is off at the step shown ("" when it is on): in a run that ended,
 * nothing is taken back after it; in a cut run, nothing is in the steps recorded. */
export function noBacktrackText(learn, trace) {
  if (runCut(learn)) return t("learn.nextBacktrack.cut", { steps: number(trace.steps) });
  if (trace.boardNote === "unseen") return t("learn.nextBacktrack.unseen");
  const never = trace.undosUpTo(trace.steps - 1) === 0;
  const back = never ? trace.goingBackUpTo(trace.steps - 1) : 0;
  if (back) return t("learn.nextBacktrack.neverCleared", { back: number(back) });
  return t(never ? "learn.nextBacktrack.never" : "learn.nextBacktrack.none");
}

/** "Next backtrack": off, with the reason beside it, when the run has none ahead. */
export function syncNextBacktrack(el, state, trace) {
  const shown = trace && runShown(state);
  const ahead = shown ? trace.nextUndo(state.learn.step) : -1;
  const none = shown && ahead < 0;
  setProp(el.nextBacktrack, "disabled", !shown || ahead < 0);
  setText(el.backtrackNote, none ? noBacktrackText(state.learn, trace) : "");
  setProp(el.backtrackNote, "hidden", !none);
}

// Python's own words, in a box of their own marked as Python's: isolated (<bdi>), so that
// no direction mark in them reaches the page's text, and never inside a sentence.
function pythonSaid(doc, { python, explain }) {
  const box = Object.assign(doc.createElement("span"), { className: "learn-python-said" });
  const label = Object.assign(doc.createElement("span"), { textContent: t("learn.error.python") });
  const words = doc.createElement("bdi");
  words.append(Object.assign(doc.createElement("code"), { textContent: python }));
  box.append(label, " ", words);
  if (explain) box.append(" — ", Object.assign(doc.createElement("span"), { textContent: explain }));
  return box;
}

function partNode(doc, part) {
  if (part.python) return pythonSaid(doc, part);
  if (part.link) return Object.assign(doc.createElement("a"), { href: part.link, textContent: part.text, className: "learn-offer" });
  if (part.jump !== undefined) {
    const button = Object.assign(doc.createElement("button"), { type: "button", textContent: part.text, className: "secondary learn-jump" });
    button.dataset.jump = String(part.jump); // panel.js shows that step when it is pressed
    return button;
  }
  return doc.createTextNode(`${part.text} `);
}

function renderParts(node, parts) {
  const key = JSON.stringify(parts);
  if (node.dataset.parts === key) return;
  node.dataset.parts = key;
  const doc = node.ownerDocument;
  node.replaceChildren(...parts.map((p) => partNode(doc, p)));
}

/** The verdict on the run (or the error), with the greedy walk's dead end where it applies. */
export function syncVerdict(el, state, trace) {
  const parts = runShown(state) || state.learn.status === "error" ? verdictParts(state, trace) : [];
  const deadEnd = runShown(state) ? deadEndText(trace, state.learn) : "";
  renderParts(el.answer, deadEnd ? [...parts, { text: deadEnd }] : parts);
  const stale = staleText(state);
  setText(el.stale, stale);
  setProp(el.stale, "hidden", !stale);
}

/** The printed output and the board at the last step, once the run has ended. */
export function syncOutput(el, state, trace) {
  const { learn } = state;
  const ended = runShown(state) && learn.status !== "running";
  const seen = trace && trace.steps && trace.boardNote !== "unseen"; // never a board the page did not see
  const board = ended && seen ? boardMatrix(trace.boardAt(trace.steps - 1), trace.cols) : "";
  setText(el.output, learn.output);
  setProp(el.outputLabel, "hidden", !learn.output);
  setProp(el.output, "hidden", !learn.output);
  setText(el.boardText, board);
  setProp(el.outputBox, "hidden", !board && !learn.output);
}
