import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { checkPrograms } from "../../../web/learn/programs.js";
import { createLearnSession } from "../../../web/learn/session.js";
import { programsLoaded } from "../../../web/learn/transitions.js";
import { createStore, defaultState } from "../../../web/shell/state.js";
import { LEARN_PROGRAMS } from "../../../web/learn/params.js";

globalThis.requestAnimationFrame ??= () => 0;

// The page's own file, as the build writes it from knight_py.learn.programs.
const root = new URL("../../../", import.meta.url).pathname;
const PROGRAMS = checkPrograms(JSON.parse(execFileSync("python3", ["-c", "import json; from tools.learn_programs import programs_json; print(json.dumps(programs_json()))"], { cwd: root, encoding: "utf8" })));

/** A Learn session over the real menu, on the page's board `settings`, recording the boards it puts on the page. */
function session(settings = {}, learnChanges = {}) {
  const base = defaultState();
  const store = createStore({ ...base, view: "learn", settings: { ...base.settings, ...settings }, learn: { ...base.learn, ...learnChanges } });
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
});
