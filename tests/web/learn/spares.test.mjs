// Runs that come one after another (an exercise's check, a run per board): the Pythons
// for all but the first start ahead (prepareRuns), each run still gets a Python of its own
// that ran nothing before, and a spare that dies before its turn is dropped unseen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_SPARES } from "../../../web/learn/python-boxes.js";
import { fakeLearnSession } from "./fake-session.mjs";
import { tracedRun } from "./python-chunks.mjs";

const programs = { backtrack: { source: "", sourceZh: "", description: "", key: "learn.program.backtrack" } };
const RECORDED = { ...tracedRun("def tour(rows, cols, start):\n    return None\n", 5, 5, [4, 0], 100, 8192), budget: 100 };

/** One run of RECORDED on box `i`, said to its end; the run's end. */
async function runOn(session, i) {
  const { store, learn, box } = session;
  const done = learn.run();
  const id = store.get().learn.run;
  assert.equal(session.boxes[i].posted.at(-1)?.id, id, `the run went to box ${i}`);
  RECORDED.chunks.forEach((chunk) => box(i).say({ ...chunk, id }));
  box(i).say({ ...RECORDED.ended, id });
  return done;
}

function session() {
  const s = fakeLearnSession(programs, "en");
  s.store.update({ learn: { ...s.store.get().learn, source: RECORDED.source, budget: RECORDED.budget } });
  return s;
}

test("three runs ahead: two Pythons start at once, and each run has a fresh one, ready or not", async () => {
  const s = session();
  s.learn.prepareRuns(3);
  assert.equal(s.boxes.length, 3, "the box in use and two spares");
  s.box(2).ready(); // a spare ready before its turn waits, unused
  assert.equal(s.boxes[2].posted.length, 0);
  assert.equal((await runOn(s, 0)).status, "done");
  assert.equal(s.boxes[0].phase, "closed");
  assert.equal(s.boxes.length, 3, "the next run takes a spare, no new Python");
  const second = s.learn.run();
  assert.equal(s.boxes[1].posted.length, 0, "a spare still starting gets the run once it is ready");
  s.box(1).ready();
  const id = s.store.get().learn.run;
  assert.equal(s.boxes[1].posted.at(-1).id, id);
  RECORDED.chunks.forEach((chunk) => s.box(1).say({ ...chunk, id }));
  s.box(1).say({ ...RECORDED.ended, id });
  assert.equal((await second).status, "done");
  assert.equal(s.boxes[1].phase, "closed");
  // The third run goes to the spare that was ready all along, at once.
  assert.equal((await runOn(s, 2)).status, "done");
  assert.equal(s.boxes.every((b) => b.posted.length <= 1), true, "no Python runs twice");
  assert.equal(s.boxes.length, 4, "then a fresh one starts for whatever comes next");
});

test("a spare that dies before its turn is dropped without a word; the runs go on", async () => {
  const s = session();
  s.learn.prepareRuns(2);
  assert.equal(s.boxes.length, 2);
  s.boxes[1].phase = "closed";
  s.boxes[1].handlers.death("start");
  assert.equal(s.store.get().learn.notice ?? "", "");
  assert.equal((await runOn(s, 0)).status, "done");
  assert.equal(s.boxes.length, 3, "a new Python, not the dead spare");
  s.box(2).ready();
  assert.equal((await runOn(s, 2)).status, "done");
});

test("never more spares than the page allows, and none for a single run", () => {
  const one = session();
  one.learn.prepareRuns(1);
  assert.equal(one.boxes.length, 1);
  const many = session();
  many.learn.prepareRuns(50);
  assert.equal(many.boxes.length, 1 + MAX_SPARES);
  many.learn.prepareRuns(50);
  assert.equal(many.boxes.length, 1 + MAX_SPARES, "asking again opens none beyond the spares there are");
});
