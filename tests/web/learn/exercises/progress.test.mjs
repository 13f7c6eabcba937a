// The exercises' stores in the page's storage, several tabs over one storage: the ids
// passed (added by reading again just before each write, followed through the `storage`
// event) and the reader's last program per exercise; and the pure changes of progress
// (followed, cleared, undone, the check's press and settling).

import { test } from "node:test";
import assert from "node:assert/strict";
import { PROGRESS_KEY, openProgress } from "../../../../web/learn/exercises/progress.js";
import { CODE_KEY_PREFIX, MAX_KEPT_CODE, openKeptCode } from "../../../../web/learn/exercises/kept-code.js";
import * as X from "../../../../web/learn/exercises/transitions.js";
import { EXERCISE_IDS } from "../../../../web/learn/exercises/words.js";
import { defaultState } from "../../../../web/views.js";
import { random } from "../../helpers.mjs";
import { sharedStorage } from "./shared-storage.mjs";

const stored = (shared) => JSON.parse(shared.data.get(PROGRESS_KEY) ?? "[]");

test("two tabs pass two exercises before either hears of the other: both stay passed, and each tab follows", () => {
  const shared = sharedStorage();
  const [a, b] = [shared.tab(), shared.tab()];
  const seen = { a: [], b: [] };
  const pa = openProgress(a.storage);
  const pb = openProgress(b.storage);
  pa.follow(a.events, (ids) => (seen.a = ids));
  pb.follow(b.events, (ids) => (seen.b = ids));
  seen.a = pa.add(["undo"]);
  seen.b = pb.add(["stack"]); // b has not heard of a's pass yet: it reads storage again
  assert.deepEqual(stored(shared), ["undo", "stack"]);
  shared.deliver();
  assert.deepEqual(seen.a, ["undo", "stack"]);
  assert.deepEqual(seen.b, ["undo", "stack"]);
  // A clear in one tab reaches the other; so does a clear of all storage (key null).
  pa.clear();
  shared.deliver();
  assert.deepEqual(seen.b, []);
  pb.add(["count"]);
  shared.deliver();
  assert.deepEqual(seen.a, ["count"]);
  b.storage.clear();
  shared.deliver();
  assert.deepEqual(seen.a, []);
  // Another key's write is not progress; a stopped follower hears nothing.
  const stop = pb.follow(b.events, () => assert.fail("stopped"));
  stop();
  a.storage.setItem("something.else", "1");
  pa.add(["print"]);
  shared.deliver();
});

test("any interleaving of passes and clears over three tabs: storage holds exactly what passed since the last clear, and every tab shows it", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const rand = random(seed);
    const shared = sharedStorage();
    const tabs = [0, 1, 2].map(() => {
      const t = shared.tab();
      const progress = openProgress(t.storage);
      const tab = { progress, shown: [] };
      progress.follow(t.events, (ids) => (tab.shown = ids));
      return tab;
    });
    let since = new Set(); // passed since the last clear, in the order things happened
    for (let op = 0; op < 12; op++) {
      const tab = tabs[Math.floor(rand() * tabs.length)];
      if (rand() < 0.15) {
        tab.progress.clear();
        tab.shown = [];
        since = new Set();
      } else {
        const id = EXERCISE_IDS[Math.floor(rand() * EXERCISE_IDS.length)];
        tab.shown = tab.progress.add([id]);
        since.add(id);
      }
      if (rand() < 0.4) shared.deliver(); // events arrive late, or not before the next write
    }
    shared.deliver();
    const expected = EXERCISE_IDS.filter((id) => since.has(id));
    assert.deepEqual(stored(shared), expected, `seed ${seed}`);
    for (const tab of tabs) assert.deepEqual(tab.shown, expected, `seed ${seed}`);
  }
});

test("storage that refuses: passes stand for the page only, nothing is followed, nothing throws", () => {
  const shared = sharedStorage({ refuse: true });
  const t = shared.tab();
  const progress = openProgress(t.storage);
  assert.equal(progress.kept, false);
  assert.deepEqual(progress.add(["undo"]), ["undo"]);
  assert.deepEqual(progress.read(), []);
  assert.equal(t.listeners.storage.size, 0);
  progress.follow(null, () => {}); // no window: nothing to follow
  const code = openKeptCode(t.storage);
  assert.equal(code.kept, false);
  assert.equal(code.write("undo", "x"), false);
  assert.equal(code.read("undo"), null);
  assert.deepEqual(code.readAll(), {});
});

test("kept programs: one key per exercise, known ids only, capped; restore never overwrites a newer one", () => {
  const shared = sharedStorage();
  const code = openKeptCode(shared.tab().storage);
  assert.ok(code.write("undo", "# mine\n"));
  assert.ok(code.write("stack", ""));
  assert.equal(code.write("../../etc", "x"), false);
  assert.equal(code.write("__proto__", "x"), false);
  assert.deepEqual([...shared.data.keys()].sort(), [`${CODE_KEY_PREFIX}stack`, `${CODE_KEY_PREFIX}undo`]);
  assert.equal(code.read("undo"), "# mine\n");
  assert.equal(code.read("stack"), ""); // an emptied editor is the reader's program too
  assert.equal(code.read("count"), null);
  // A program over the cap is not kept, and the older one goes: what reopens is the last or the starter.
  assert.equal(code.write("undo", "x".repeat(MAX_KEPT_CODE + 1)), false);
  assert.equal(code.read("undo"), null);
  assert.ok(code.write("undo", "x".repeat(MAX_KEPT_CODE)));
  shared.data.set(`${CODE_KEY_PREFIX}count`, "y".repeat(MAX_KEPT_CODE + 5)); // written by something else
  assert.equal(code.read("count"), null);
  const all = code.readAll();
  assert.deepEqual(Object.keys(all).sort(), ["stack", "undo"]);
  code.clear();
  assert.deepEqual(code.readAll(), {});
  code.write("stack", "# newer\n");
  code.restore(all);
  assert.equal(code.read("stack"), "# newer\n");
  assert.equal(code.read("undo"), "x".repeat(MAX_KEPT_CODE));
});

const apply = (state, patch) => (patch ? { ...state, ...patch } : state);

test("progress followed, cleared with an Undo for some seconds, undone; a check pressed twice is asked once", () => {
  let s = defaultState();
  s = apply(s, X.passedFollowed(s, ["undo"]));
  assert.deepEqual(s.exercise.passed, ["undo"]);
  assert.equal(X.passedFollowed(s, ["undo"]), null); // the same list: nothing to draw
  s = apply(s, X.progressCleared(s, 15));
  assert.deepEqual([s.exercise.passed, s.exercise.undo, s.exercise.notice.params.seconds], [[], true, 15]);
  const expired = apply(s, X.undoExpired(s));
  assert.equal(expired.exercise.undo, false);
  assert.equal(expired.exercise.notice.key, "exercise.progress.clearedDone");
  assert.equal(X.undoExpired(expired), null);
  s = apply(s, X.progressRestored(s, ["undo", "stack"]));
  assert.deepEqual([s.exercise.passed, s.exercise.undo, s.exercise.notice.key], [["undo", "stack"], false, "exercise.progress.restored"]);
  s = apply(s, X.checkAsked(s));
  assert.equal(s.exercise.checking, true);
  assert.equal(X.checkAsked(s), null);
  s = apply(s, X.checkSettled(s));
  assert.equal(s.exercise.checking, false);
  assert.equal(X.checkSettled(s), null);
});
