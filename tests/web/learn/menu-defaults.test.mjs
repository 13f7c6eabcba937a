import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { checkPrograms } from "../../../web/learn/programs.js";
import { createLearnSession } from "../../../web/learn/session.js";
import { programsLoaded } from "../../../web/learn/transitions.js";
import { createStore } from "../../../web/shell/state.js";
import { defaultState } from "../../../web/views.js";
import { LEARN_PROGRAMS } from "../../../web/learn/params.js";

globalThis.requestAnimationFrame ??= () => 0;

// The page's own file, as the build writes it from knight_py.learn.programs.
const root = new URL("../../../", import.meta.url).pathname;
const PROGRAMS = checkPrograms(JSON.parse(execFileSync("python3", ["-c", "import json; from tools.learn_programs import programs_json; print(json.dumps(programs_json()))"], { cwd: root, encoding: "utf8" })));

/** A Learn session over the real menu, on the page's board `settings`, recording the boards it puts on the page. */
function session(settings = {}, learnChanges = {}, stateChanges = {}) {
  const base = defaultState();
  const store = createStore({ ...base, view: "learn", settings: { ...base.settings, ...settings }, learn: { ...base.learn, ...learnChanges }, ...stateChanges });
  const shown = [];
  const showBoard = (board) => {
    shown.push(board);
    store.update((state) => ({ settings: { ...state.settings, ...board } }));
  };
  const learn = createLearnSession({
    store, openBox: () => ({ run: () => false, stop() {}, close() {}, phase: () => "starting" }), loadPrograms: () => new Promise(() => {}),
    raf: () => 0, later: (fn) => fn(), readAnswer: async () => ({}), sourceRefusal: () => null, showBoard,
  });
  store.update((state) => programsLoaded(state, PROGRAMS));
  return { store, learn, shown };
}

test("choosing a menu program puts it on its own board, with its budget and speed", () => {
  const { store, learn, shown } = session({ rows: 6, cols: 6, start: [5, 0] });
  for (const id of LEARN_PROGRAMS.filter((p) => p !== store.get().learn.program)) {
    learn.chooseProgram(id);
    const { rows, cols, start, budget, speed } = PROGRAMS[id].board;
    assert.deepEqual(shown.at(-1), { rows, cols, start, holes: [] }, id);
    assert.deepEqual([store.get().settings.rows, store.get().settings.cols, store.get().settings.start], [rows, cols, start], id);
    assert.equal(store.get().learn.budget, budget, id);
    assert.equal(store.get().learn.speed, speed, id);
  }
});

test("a page whose link named no board opens the menu's program on its own board; a named board stays", () => {
  const fresh = session();
  const { rows, cols, start, budget } = PROGRAMS.backtrack.board;
  assert.deepEqual(fresh.shown, [{ rows, cols, start, holes: [] }]);
  assert.equal(fresh.store.get().learn.budget, budget);
  assert.equal(fresh.store.get().learn.placed, true);
  for (const [settings, learn] of [[{ rows: 6, cols: 6 }, {}], [{ start: [7, 0] }, {}], [{ holes: [[0, 0]] }, {}], [{}, { source: "def tour(r, c, s):\n    return None\n" }]]) {
    const named = session(settings, learn);
    assert.deepEqual(named.shown, [], JSON.stringify(settings));
    assert.equal(named.store.get().learn.placed, true);
  }
  // A link the page refused a part of (an exercise it does not have) keeps its board, and
  // its problems stay on the page.
  const problems = [{ param: "exercise", message: "not an exercise of this page" }];
  const refused = session({}, {}, { paramErrors: problems });
  assert.deepEqual(refused.shown, []);
  assert.deepEqual(refused.store.get().paramErrors, problems);
});

test("the status says why a board does not fit: its size, or holes under a menu program (an exercise's program reads them)", async () => {
  const { statusText } = await import("../../../web/learn/text.js");
  const { t } = await import("../../../web/i18n/messages.js");
  const base = defaultState();
  const state = (settings, learn = {}) => ({ ...base, view: "learn", settings: { ...base.settings, ...settings }, learn: { ...base.learn, ready: true, ...learn } });
  const holes = [[1, 0], [4, 0]];
  assert.equal(statusText(state({ rows: 5, cols: 5, holes })), t("learn.status.holes", { max: 8 }));
  assert.equal(statusText(state({ rows: 9, cols: 5 })), t("learn.status.tooLarge", { max: 8 }));
  assert.equal(statusText(state({ rows: 9, cols: 5, holes }, { readsHoles: true })), t("learn.status.tooLarge", { max: 8 }));
  const exercise = statusText(state({ rows: 5, cols: 5, holes, start: [2, 0] }, { readsHoles: true }));
  assert.ok(![t("learn.status.holes", { max: 8 }), t("learn.status.tooLarge", { max: 8 })].includes(exercise), exercise);
  assert.doesNotMatch(t("learn.status.tooLarge", { max: 8 }), /holes/);
});

test("a Run with an exercise open says it does not judge, and where the verdict is, in both languages", async () => {
  const { verdictParts } = await import("../../../web/learn/verdict.js");
  const { t } = await import("../../../web/i18n/messages.js");
  const { inChinese } = await import("../helpers.mjs");
  await import("../chinese.mjs");
  const base = defaultState();
  for (const check of [(body) => body(), inChinese]) {
    check(() => {
      for (const budgetRan of [false, true]) {
        const state = { ...base, view: "learn", learn: { ...base.learn, status: "done", steps: 10, forExercise: true, budgetRan } };
        const parts = verdictParts(state, null).map((p) => p.text);
        assert.equal(parts[0], t("learn.exerciseRun"));
        assert.match(parts[0], new RegExp(t("exercise.check")));
        assert.equal(parts.includes(t("learn.budgetRan")), budgetRan);
      }
    });
  }
});
