// The Learn view's controls: the program menu, Run and Stop, the step budget, the program
// listing (coloured, the current line marked, a click on a line number sets a
// breakpoint), the editor, the position slider and step buttons, the step's sentence, the
// call stack with each frame's variables, the greedy rule's candidates, and the answer.

import { byId, listen, setAttr, setChildren, setProp, setText } from "../core/panel.js";
import { t } from "../i18n/messages.js";
import { SPEEDS } from "./state.js";
import { number } from "../core/format.js";
import { sourceOf } from "./transitions.js";
import { LEARN_PROGRAMS, learnBoard } from "./params.js";
import { renderListing, syncListing } from "./listing.js";
import { programDescription, statusText, stepSentence } from "./text.js";
import { narrationStep } from "./narration.js";
import { runRule, runShown } from "./transitions.js";
import { syncCounts, syncNextBacktrack, syncOutput, syncVerdict } from "./run-panel.js";

const IDS = {
  program: "learn-program", run: "learn-run", stop: "learn-stop", budget: "learn-budget", status: "learn-status",
  listing: "learn-listing", code: "learn-code", reset: "learn-reset", position: "learn-position", count: "learn-step-count",
  back: "learn-back", forward: "learn-forward", play: "learn-play", nextBacktrack: "learn-next-backtrack",
  speed: "learn-speed", speedValue: "learn-speed-value", sentence: "learn-sentence", stack: "learn-stack",
  candidates: "learn-candidates", answer: "learn-answer", output: "learn-output", notice: "learn-notice",
  description: "learn-description", toStart: "learn-to-start", toEnd: "learn-to-end", counts: "learn-counts",
  backtrackNote: "learn-backtrack-note", outputBox: "learn-output-box", outputLabel: "learn-output-label", boardText: "learn-board-text",
  stale: "learn-stale",
};

/** Frames of the call stack drawn at most: the innermost; the rest are counted. */
export const STACK_SHOWN = 40;

/** The step one narration step from the one shown (a run of identical lines is one). */
function narrated(learn, store, direction) {
  const trace = learn.trace();
  return narrationStep(trace, store.get().learn.step, direction);
}

function bindControls(el, doc, { learn, store }) {
  const { on, unbind } = listen();
  on(el.program, "change", () => learn.chooseProgram(el.program.value));
  on(el.run, "click", () => learn.run());
  on(el.stop, "click", () => learn.stop());
  on(el.budget, "change", () => learn.chooseBudget(el.budget.value));
  on(el.code, "input", () => learn.edit(el.code.value));
  on(el.reset, "click", () => learn.resetSource());
  on(el.position, "input", () => learn.show(Number(el.position.value)));
  on(el.back, "click", () => learn.show(narrated(learn, store, -1)));
  on(el.forward, "click", () => learn.show(narrated(learn, store, 1)));
  on(el.toStart, "click", () => learn.show(0));
  on(el.toEnd, "click", () => learn.show(store.get().learn.steps - 1));
  on(el.play, "click", () => learn.togglePlay());
  on(el.nextBacktrack, "click", () => learn.nextBacktrack());
  on(el.answer, "click", (event) => {
    const jump = event.target.closest?.("[data-jump]");
    if (jump) learn.show(Number(jump.dataset.jump));
  });
  on(el.speed, "input", () => learn.chooseSpeed(SPEEDS[Number(el.speed.value)]));
  on(el.listing, "click", (event) => {
    const line = event.target.closest("[data-line]");
    if (line && event.target.closest(".ln")) learn.toggleBreakpoint(Number(line.dataset.line));
  });
  // Space plays and pauses anywhere in the view except where it types.
  on(doc, "keydown", (event) => {
    if (store.get().view !== "learn" || event.key !== " " || event.target.closest?.("textarea, input[type=text], input[type=number], select, button")) return;
    event.preventDefault();
    learn.togglePlay();
  });
  return unbind;
}

function syncMenu(el, state, lang) {
  if (el.program.dataset.lang !== lang) {
    el.program.dataset.lang = lang;
    el.program.replaceChildren(...LEARN_PROGRAMS.map((id) => Object.assign(el.program.ownerDocument.createElement("option"), { value: id, textContent: t(`learn.menu.${id}`) })));
  }
  setProp(el.program, "value", state.learn.program);
  setText(el.description, programDescription(state.learn));
  // An exercise's program stands in for the menu's while the exercise is open.
  const exercise = state.learn.starter !== null;
  setProp(el.program.parentElement, "hidden", exercise);
  setProp(el.description, "hidden", exercise);
}

function syncRun(el, state, doc) {
  const { learn } = state;
  const { fits } = learnBoard(state.settings, learn.readsHoles);
  const running = learn.status === "running";
  setProp(el.run, "disabled", running || learn.held || !fits || !sourceOf(learn, state.lang, runRule(state)) || !learn.programs);
  setProp(el.stop, "hidden", !running);
  if (doc.activeElement !== el.budget) setProp(el.budget, "value", String(learn.budget));
  setText(el.status, statusText(state));
  setText(el.notice, learn.notice);
  const source = sourceOf(learn, state.lang, runRule(state));
  if (doc.activeElement !== el.code && el.code.value !== source) el.code.value = source;
}

function syncSteps(el, state, trace) {
  const { learn } = state;
  const shown = runShown(state);
  const last = shown ? Math.max(0, learn.steps - 1) : 0;
  const position = shown ? t("learn.position.value", { step: learn.step + 1, steps: learn.steps }) : t("learn.position.none");
  setProp(el.position, "max", String(last));
  setProp(el.position, "value", String(shown ? learn.step : 0));
  setProp(el.position, "disabled", !shown);
  setAttr(el.position, "aria-valuetext", position);
  setText(el.count, position);
  for (const b of [el.back, el.toStart]) setProp(b, "disabled", !shown || learn.step === 0);
  for (const b of [el.forward, el.toEnd]) setProp(b, "disabled", !shown || learn.step >= last);
  setProp(el.play, "disabled", !shown);
  el.play.classList.toggle("playing", learn.playing);
  setAttr(el.play, "aria-label", t(learn.playing ? "learn.pause" : "learn.play"));
  setProp(el.speed, "value", String(SPEEDS.indexOf(learn.speed)));
  setText(el.speedValue, t("learn.speed.value", { count: learn.speed }));
  // Announced politely when a person steps; not while playing (thousands of steps a second).
  setAttr(el.sentence, "aria-live", learn.playing ? "off" : "polite");
  setText(el.sentence, trace && shown ? stepSentence(trace, learn.step, sourceOf(learn, state.lang, runRule(state))) : "");
  syncCounts(el, state, trace);
  syncNextBacktrack(el, state, trace);
}

export function mountLearnPanel(doc, { store, learn }) {
  const el = byId(doc, IDS);
  const unbind = bindControls(el, doc, { learn, store });
  let listed = null;

  function sync(state) {
    if (state.view !== "learn") return;
    const trace = learn.trace();
    syncMenu(el, state, state.lang);
    syncRun(el, state, doc);
    const source = sourceOf(state.learn, state.lang, runRule(state)); // a change of language keeps the trace: same lines
    if (listed !== source) {
      listed = source;
      // A long program is drawn over several tasks: each later slice marks the lines again.
      renderListing(el.listing, source, { onSlice: () => syncListing(el.listing, learn.trace(), store.get().learn) });
    }
    const shown = runShown(state);
    syncListing(el.listing, shown ? trace : null, state.learn);
    syncSteps(el, state, trace);
    renderStack(el.stack, shown ? trace : null, state);
    renderCandidates(el.candidates, shown ? trace : null, state);
    syncVerdict(el, state, trace);
    syncOutput(el, state, trace);
  }

  return { sync, unbind };
}

/** Whether `node` shows another step (or language) than it last did; remembers this one. */
function stepChanged(node, state) {
  const { learn } = state;
  const key = `${learn.run}:${learn.step}:${runShown(state)}:${state.lang}`;
  if (node.dataset.key === key) return false;
  node.dataset.key = key;
  return true;
}

function renderStack(node, trace, state) {
  if (!stepChanged(node, state)) return;
  const { learn } = state;
  const doc = node.ownerDocument;
  const frames = trace && learn.steps ? trace.stackAt(learn.step, STACK_SHOWN) : [];
  const rows = frames.map((frame) => {
    const vars = Object.entries(frame.vars).filter(([, value]) => value !== null).map(([name, value]) => `${name} = ${value}`).join(", ");
    const name = frame.name === "<module>" ? t("learn.stack.module") : frame.name; // Python's jargon for the program's top level
    return [name, String(frame.line), vars];
  });
  const more = frames.length ? trace.depthAt(learn.step) - frames.length : 0;
  const moreText = more > 0 ? t("learn.stack.more", { count: more, shown: number(frames.length) }) : "";
  // Two steps in a row can show the same stack (a module's first step and its first line).
  setChildren(node, [moreText, rows], () => {
    const trs = rows.map((texts) => {
      const tr = doc.createElement("tr");
      for (const text of texts) tr.append(Object.assign(doc.createElement("td"), { textContent: text }));
      return tr;
    });
    if (moreText) {
      const tr = doc.createElement("tr");
      tr.append(Object.assign(doc.createElement("td"), { colSpan: 3, textContent: moreText }));
      trs.unshift(tr);
    }
    return trs;
  });
}

function renderCandidates(node, trace, state) {
  if (!stepChanged(node, state)) return;
  const { learn } = state;
  const doc = node.ownerDocument;
  const candidates = trace && learn.steps && learn.program.startsWith("warnsdorff") ? trace.candidatesAt(learn.step).filter((c) => c.free) : [];
  const texts = candidates.map((c) => t(c.first ? "learn.candidate.best" : "learn.candidate", { square: c.square, count: c.onward }));
  setChildren(node, texts, () => texts.map((text) => Object.assign(doc.createElement("li"), { textContent: text })));
  setProp(node.parentElement, "hidden", !candidates.length);
}
