import test from "node:test";
import assert from "node:assert/strict";
import { defaultState } from "../../../web/views.js";
import * as C from "../../../web/count/transitions.js";

const apply = (state, patch) => (patch ? { ...state, ...patch } : state);
const withSettings = (patch) => {
  const s = defaultState();
  return { ...s, settings: { ...s.settings, ...patch } };
};

test("a count keeps its progress and its answer", () => {
  let s = withSettings({ rows: 5, cols: 5, start: [4, 0] });
  s = apply(s, C.countStarted(s));
  s = apply(s, C.countProgressed(s, { nodes: 100, found: 3, seconds: 0.1 }));
  assert.deepEqual([s.count.found, s.count.nodes], [3, 100]);
  const done = apply(s, C.countFinished(s, { status: "done", value: 304, nodes: 6729, seconds: 0.4, reason: "" }));
  assert.deepEqual([done.count.status, done.count.value, done.count.found], ["done", 304, 304]);
  assert.equal(C.countProgressed(done, { nodes: 1, found: 1, seconds: 0 }), null);
  const stopped = apply(s, C.countStopped(s));
  assert.equal(stopped.count.status, "cancelled");
  assert.equal(stopped.count.found, 3);
  assert.ok(apply(stopped, C.countStarted(stopped)).count.id > stopped.count.id);
});

test("a count from every square adds up its squares, progress included", () => {
  let s = withSettings({ rows: 3, cols: 4 });
  s = apply(s, C.countStarted(s, "all", 12));
  assert.deepEqual([s.count.scope, s.count.squaresTotal, s.count.squaresDone], ["all", 12, 0]);
  s = apply(s, C.countSquareDone(s, { value: 2, nodes: 10, seconds: 0.01 }));
  s = apply(s, C.countProgressed(s, { nodes: 4, found: 1, seconds: 0 }));
  assert.deepEqual([s.count.found, s.count.nodes, s.count.squaresDone], [3, 14, 1]);
  s = apply(s, C.countSquareDone(s, { value: 1, nodes: 6, seconds: 0.01 }));
  assert.deepEqual([s.count.found, s.count.nodes], [3, 16]);
  const done = apply(s, C.countFinished(s, { status: "done", value: s.count.found, nodes: s.count.nodes, seconds: s.count.seconds, reason: "" }));
  assert.deepEqual([done.count.status, done.count.value], ["done", 3]);
});
