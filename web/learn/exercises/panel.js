// The exercises' controls in the Learn panel: the menu of exercises (passed ones marked),
// the statement and its post, Check and Stop, how far a check has got, its verdict with
// each board passed or failed, the hints (the first with a button to its step in the
// trace, the second on request, its line marked in the listing), the solution a line at
// a time, and progress with its clear control and the clear's Undo. Text only: every
// sentence is the page's own, said from a catalog key (words.js, or the hints the page's
// Python's judge names), a number formatted per language.

import { byId, listen, setAttr, setProp, setText } from "../../core/panel.js";
import { said } from "../../i18n/said.js";
import { t } from "../../i18n/messages.js";
import { runShown } from "../transitions.js";
import { exerciseOf } from "./transitions.js";
import {
  CONTROLS, EXERCISE_IDS, caseLine, checkingLine, failedLine, fromOf, optionOf, progressLine, refusalMessage,
  seedLine, solutionLines, statementOf, stepButton,
} from "./words.js";

const IDS = {
  choice: "exercise-choice", box: "exercise-box", statement: "exercise-statement", post: "exercise-post",
  before: "exercise-before", check: "exercise-check", stop: "exercise-stop", progress: "exercise-progress",
  result: "exercise-result", cases: "exercise-cases", hint1: "exercise-hint1", hint2: "exercise-hint2",
  hintStep: "exercise-hint-step", hintMore: "exercise-hint-more", solutionMore: "exercise-solution-more",
  solutionLabel: "exercise-solution-label", solution: "exercise-solution", kept: "exercise-kept",
  clear: "exercise-clear", notice: "exercise-notice", runNote: "exercise-run-note",
  seedRow: "exercise-seed-row", seed: "exercise-seed", again: "exercise-again",
  undo: "exercise-undo",
};

function bindControls(el, { exercises }) {
  const { on, unbind } = listen();
  on(el.choice, "change", () => exercises.choose(el.choice.value || null));
  on(el.check, "click", () => exercises.check());
  on(el.again, "click", () => exercises.checkAgain());
  on(el.stop, "click", () => exercises.stop());
  on(el.hintStep, "click", () => exercises.showHintStep());
  on(el.hintMore, "click", () => exercises.moreHint());
  on(el.solutionMore, "click", () => exercises.moreSolution());
  on(el.clear, "click", () => exercises.clearProgress());
  on(el.undo, "click", () => exercises.undoClear());
  return unbind;
}

/** The menu: "none" and each exercise of the list, passed ones marked; redrawn when the
 * language, the list or progress changes. */
function syncChoice(el, state) {
  const { list, id, passed } = state.exercise;
  const key = `${state.lang}|${list ? list.length : 0}|${passed.join(",")}`;
  if (el.choice.dataset.key !== key) {
    el.choice.dataset.key = key;
    const doc = el.choice.ownerDocument;
    const option = (value, text) => Object.assign(doc.createElement("option"), { value, textContent: text });
    const items = (list ?? []).map((e) => option(e.id, said(optionOf(e, passed.includes(e.id)))));
    el.choice.replaceChildren(option("", said(CONTROLS.none)), ...items);
  }
  setProp(el.choice, "disabled", !list);
  setProp(el.choice, "value", list ? id ?? "" : "");
}

/** The sentence that leads the verdict: passed, failed at board k, refused, or why it ended. */
function resultText(check) {
  if (!check) return "";
  if (check.status === "passed") return said(CONTROLS.passed);
  if (check.status === "failed") return said(failedLine(check.failed + 1, check.of));
  if (check.status === "refused") return said(refusalMessage(check.refusal));
  if (check.status === "running") return "";
  return said(check.notice);
}

/** Each board drawn for the check and how it stands. */
function syncCases(node, check, lang) {
  const stands = (i) => {
    if (i < check.cases.length) return check.cases[i].pass ? "pass" : "fail";
    return i === check.at && check.status === "running" ? "running" : "waiting";
  };
  const lines = (check?.boards ?? []).map((kase, i) => [stands(i), kase]);
  const key = `${lang}|${check?.round ?? 0}|${lines.map(([s]) => s).join(",")}`;
  if (node.dataset.key === key) return;
  node.dataset.key = key;
  const doc = node.ownerDocument;
  const separator = t("learn.list.separator");
  node.replaceChildren(...lines.map(([s, kase]) => {
    const li = doc.createElement("li");
    li.dataset.stands = s;
    li.textContent = said(caseLine(kase, s, separator));
    return li;
  }));
  setProp(node, "hidden", !lines.length);
}

function syncHints(el, state) {
  const { check, hints } = state.exercise;
  const failed = check?.status === "failed";
  const [first, second] = failed ? check.hints : [];
  setText(el.hint1, failed && hints >= 1 ? said(first) : "");
  setProp(el.hint1, "hidden", !(failed && hints >= 1));
  setText(el.hint2, failed && hints >= 2 ? said(second) : "");
  setProp(el.hint2, "hidden", !(failed && hints >= 2));
  // The step is one of the failed board's run: offered while Learn shows that run.
  const stepShown = failed && first.step >= 0 && state.learn.run === check.learnRun && runShown(state);
  setProp(el.hintStep, "hidden", !stepShown);
  if (stepShown) setText(el.hintStep, said(stepButton(first.step)));
  setProp(el.hintMore, "hidden", !(failed && hints < check.hints.length));
}

function syncSolution(el, state, exercise) {
  const total = exercise.solution.split("\n").length;
  const shown = Math.min(state.exercise.solution, total);
  const lines = solutionLines(exercise, state.lang, shown);
  setText(el.solution, lines.join("\n"));
  setProp(el.solution, "hidden", !shown);
  setProp(el.solutionLabel, "hidden", !shown);
  setText(el.solutionMore, said(shown >= total ? CONTROLS.solutionAll : CONTROLS.moreSolution));
  setProp(el.solutionMore, "disabled", shown >= total);
}

function syncCheck(el, state, exercise) {
  const { check, checking } = state.exercise;
  const running = check?.status === "running";
  // A check under way: the button stays focusable (a keyboard keeps its place) but says it
  // is busy, and a press does nothing; a Run of Learn's or a Python not ready disables it.
  const busy = checking || running;
  setProp(el.check, "disabled", !busy && (state.learn.status === "running" || !state.learn.ready));
  setAttr(el.check, "aria-disabled", String(busy));
  setAttr(el.check, "aria-busy", String(busy));
  setProp(el.stop, "hidden", !running);
  setText(el.progress, running ? said(checkingLine(check.at + 1, check.of)) : "");
  setText(el.result, resultText(check));
  setProp(el.result.dataset, "status", check?.status ?? "");
  syncCases(el.cases, check, state.lang);
  // The boards' seed, once the check has ended: the same boards can be checked again.
  const drawn = Boolean(check?.seed !== null && check?.seed !== undefined) && !running;
  setProp(el.seedRow, "hidden", !drawn);
  setText(el.seed, drawn ? said(seedLine(check.seed)) : "");
  setProp(el.again, "disabled", running || state.learn.status === "running" || !state.learn.ready);
  syncHints(el, state);
  syncSolution(el, state, exercise);
}

function syncProgress(el, state) {
  const { passed, kept, notice, undo } = state.exercise;
  setText(el.kept, said(kept ? progressLine(passed.length, EXERCISE_IDS.length) : CONTROLS.unkept));
  setProp(el.clear, "hidden", !kept);
  setText(el.notice, notice ? said(notice) : "");
  // Focus never stays on a control that goes away: from Clear to its Undo, and back.
  const doc = el.undo.ownerDocument;
  const focused = doc.activeElement;
  setProp(el.undo, "hidden", !undo);
  if (undo && focused === el.clear) el.undo.focus();
  if (!undo && focused === el.undo) (passed.length ? el.clear : el.choice).focus();
  setProp(el.clear, "disabled", !passed.length && !undo);
}

const NARROW = "(max-width: 860px)";
const ROOM = 120; // px under a verdict for the first lines after it
const GAP = 8; // px between the board and a verdict brought under it

/** A check's verdict brought into view once it is known. On a phone the board sticks to
 * the top and the step bar to the bottom (style.css): the verdict goes in the band between
 * them, so that the board stays in view while the hints are read. Measured at the next
 * frame, once every panel has drawn. */
function revealVerdict(doc, node) {
  const win = doc.defaultView;
  win?.requestAnimationFrame(() => {
    const stage = doc.querySelector(".stage");
    const bar = doc.getElementById("learn-controls");
    if (!win.matchMedia?.(NARROW).matches || !stage || !bar) {
      const box = node.getBoundingClientRect();
      if (box.top < 0 || box.bottom > win.innerHeight) node.scrollIntoView({ block: "nearest" });
      return;
    }
    // The board sticks to the top once the page has scrolled: the band starts under it.
    const top = Math.min(Math.max(0, stage.getBoundingClientRect().bottom), stage.offsetHeight);
    const bottom = Math.min(win.innerHeight, bar.getBoundingClientRect().top);
    const box = node.getBoundingClientRect();
    // Where it is in view with room below it for the boards and hints, it stays; else its
    // first line goes just under the board.
    if (box.top >= top && box.bottom <= bottom - ROOM) return;
    win.scrollBy({ top: box.top - top - GAP, behavior: "instant" });
  });
}

export function mountExercisePanel(doc, { exercises }) {
  const el = byId(doc, IDS);
  const unbind = bindControls(el, { exercises });
  let opened = null;
  let revealed = "";

  function sync(state) {
    if (state.view !== "learn") return;
    syncChoice(el, state);
    syncProgress(el, state);
    const exercise = exerciseOf(state);
    setProp(el.box, "hidden", !exercise);
    if (!exercise) {
      opened = null;
      return;
    }
    // An exercise is done by editing: the editor opens with it.
    if (opened !== exercise.id) {
      opened = exercise.id;
      const editor = doc.querySelector(".learn-edit");
      if (editor) editor.open = true;
    }
    setText(el.statement, said(statementOf(exercise)));
    setText(el.post, said(fromOf(exercise)));
    // "Before": passed in an earlier check, not the one just shown.
    const passedNow = state.exercise.check?.status === "passed";
    setProp(el.before, "hidden", passedNow || !state.exercise.passed.includes(exercise.id));
    setAttr(el.box, "data-exercise", exercise.id);
    syncCheck(el, state, exercise);
    const { check } = state.exercise;
    const ended = check && check.status !== "running" ? `${check.round}:${check.status}` : "";
    if (ended && ended !== revealed) revealVerdict(doc, el.result);
    revealed = ended || revealed;
  }

  return { sync, unbind };
}
