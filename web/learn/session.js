// The Learn view's session: it builds what a run needs and answers the view's controls.
// The menu's programs come from the page's own build, never from a worker; a fresh Python
// in a sandbox runs each program (learn/python-boxes.js), a run lives in
// learn/run-life.js (its text first read by the page's own rule, learn/run-gate.js), its
// messages are read in learn/run-reading.js (queued, learn/message-queue.js) and its end
// is learn/run-end.js. The playback clock is learn/clock.js, the edited program and a
// link's learn/source-edit.js. Every state change goes through learn/transitions.js.

import { laterTask } from "../core/later-task.js";
import * as L from "./transitions.js";
import { followPlaying, toNextBacktrack } from "./clock.js";
import { editSource, loadLinkProgram } from "./source-edit.js";
import { defaultSettings } from "../core/linked-board.js";
import { createPythons } from "./python-boxes.js";
import { createMessageQueue } from "./message-queue.js";
import { createGate } from "./run-gate.js";
import { boxDied, pythonReady, refusedMessage, runProgram, stopProgram } from "./run-life.js";
import { readChunk, readEnded, received, stepsRead } from "./run-reading.js";
import { t } from "../i18n/messages.js";


/** Whether the page's board is the one it starts with: a link that named no board. */
function boardUntouched(settings) {
  const first = defaultSettings();
  return settings.rows === first.rows && settings.cols === first.cols && settings.start === null && !settings.holes.length && settings.rule === first.rule;
}

/** Once the menu's programs arrived, on a page whose link named no board and no edited
 * program or exercise: the menu's program on its default board, with its budget and
 * speed, so that Run ends by itself in seconds. */
function placeDefaults(io, state) {
  const { learn } = state;
  // A link whose parameters the page refused named something: its problems stay said, and
  // the board stays the one it shows.
  const untouched = boardUntouched(state.settings) && learn.source === null && !learn.packed && !learn.unpack && learn.starter === null && !state.exercise?.id && !state.paramErrors?.length;
  L.run(io, L.defaultsPlaced, untouched);
  if (untouched) io.showBoard?.(L.defaultBoard(learn, learn.program));
}

/** The session's state: its callers' functions, the run's fields, and the parts that keep
 * their own (the Pythons, the message queue, the rule's memory). */
function sessionState({ store, openBox, readAnswer, sourceRefusal, raf, onUrlChange, later, now, showBoard }) {
  const io = {
    store, readAnswer, raf, onUrlChange, later, now, showBoard, pending: false, gating: false, trace: null, runId: 0,
    clock: null, lastTick: 0, packTimer: 0, unpacking: null, programs: null,
    stopping: false, words: new Set(), budget: 0, waiting: null, stepsShownAt: -Infinity, stepsTimer: 0, endedTimer: 0,
    isOwn: null,
  };
  io.rule = createGate(sourceRefusal);
  io.pythons = createPythons({
    openBox, later,
    on: { ready: () => pythonReady(io), message: (data) => received(io, data), death: (reason) => boxDied(io, reason), refused: (reason) => refusedMessage(io, reason) },
  });
  io.queue = createMessageQueue({
    later, now,
    read: { chunk: (data) => readChunk(io, data), ended: (data) => readEnded(io, data), slice: () => stepsRead(io) },
  });
  return io;
}

/**
 * The Learn view's session. `openBox(handlers)` starts a fresh Python for one run
 * (learn/python-box.js learnSandboxes); `loadPrograms()` resolves to the menu's programs;
 * `readAnswer({rows, cols, answer, rule})` reads a returned value with the page's own solver
 * (knight_py.learn.answer.read_answer_numbers and the validator): {code, valid, params, reasons,
 * indices}. `sourceRefusal(source)` reads a program's text with the page's own solver
 * (knight_py.page.source_refusal): {code, params, reasons} or null, or a promise of it. `later(fn)` runs fn in
 * a later task (a slice of reading), `now()` the clock. `showBoard(board)` puts a board
 * ({rows, cols, start, holes}) on the page (the shell's): a menu program's own.
 */
export function createLearnSession({
  store, openBox, loadPrograms, readAnswer, sourceRefusal, raf = (fn) => requestAnimationFrame(fn), onUrlChange,
  later = laterTask, now = () => performance.now(), showBoard = null,
}) {
  const io = sessionState({ store, openBox, readAnswer, sourceRefusal, raf, onUrlChange, later, now, showBoard });
  store.subscribe((state) => {
    // A run is never left going unseen: leaving Learn stops it, and the view says so.
    if (state.view !== "learn" && state.learn.status === "running" && !io.stopping) {
      stopProgram(io, "learn.notice.leftView");
      L.run(io, L.noticeShown, t("learn.notice.leftView"));
    }
    if (state.view === "learn" && !io.programs) {
      io.programs = loadPrograms().then((programs) => L.run(io, L.programsLoaded, programs), () => {
        io.programs = null; // tried again when the view is next shown
        L.run(io, L.noticeShown, t("learn.notice.programsMissing"));
      });
      io.pythons.warm();
    }
    if (state.view === "learn" && state.learn.programs && !state.learn.placed) placeDefaults(io, state);
    if (state.learn.unpack && io.unpacking !== state.learn.unpack) {
      io.unpacking = state.learn.unpack;
      loadLinkProgram(io, state.learn.program, state.learn.unpack);
    }
    followPlaying(io, state);
  });
  return {
    trace: () => io.trace,
    run: () => runProgram(io),
    /** Run `plan` ({source, rows, cols, start, holes, budget, forExercise}): the promise of its end (runProgram). */
    runCase: (plan) => runProgram(io, plan),
    /** `runs` runs to come one after another: their Pythons start now (python-boxes.js prepare). */
    prepareRuns: (runs) => io.pythons.prepare(runs),
    /** An exercise's starting program shown ({source, sourceZh}), or null: the menu's again (transitions.js starterShown). */
    showStarter: (starter, fresh) => L.run(io, L.starterShown, starter, fresh),
    markLine: (line) => L.run(io, L.lineMarked, line),
    /** Hold the runs for an exercise's check (true) or free them (false): Run does nothing while held. */
    hold: (held) => L.run(io, L.runsHeld, held),
    /** `isOwn(source)`: whether a link's program is the reader's own kept program. */
    ownSource: (isOwn) => {
      io.isOwn = isOwn;
    },
    stop: () => stopProgram(io),
    edit: (source) => editSource(io, source),
    resetSource: () => L.run(io, L.linkProgramLoaded, store.get().learn.program, null, null),
    chooseProgram: (program) => {
      const before = store.get().learn;
      L.run(io, L.programChosen, program);
      const board = store.get().learn !== before && L.defaultBoard(store.get().learn, program);
      if (board) io.showBoard?.(board); // the program's own board, where it ends by itself
      io.onUrlChange?.();
    },
    show: (step) => L.run(io, L.stepShown, step),
    step: (delta) => L.run(io, L.stepShown, store.get().learn.step + delta),
    togglePlay: () => L.run(io, L.playToggled),
    chooseSpeed: (speed) => L.run(io, L.speedChosen, speed),
    chooseBudget: (raw) => L.run(io, L.budgetChosen, raw),
    toggleBreakpoint: (line) => L.run(io, L.breakpointToggled, line),
    nextBacktrack: () => toNextBacktrack(io),
    loadLinkProgram: (program, packed) => loadLinkProgram(io, program, packed),
  };
}
