import test from "node:test";
import assert from "node:assert/strict";
import { clockStep } from "../../../web/learn/clock.js";
import { random } from "../helpers.mjs";

// A trace's line column, as learn/trace.js answers nextLine: the first step after `from`
// on `line`, or -1.
function traceOf(lines) {
  return { nextLine: (from, line) => lines.findIndex((l, k) => k > from && l === line) };
}

// Random traces, positions, speeds and frame times (seeded: a failure names its seed).
function* cases(count, seed, maxLine) {
  const rand = random(seed);
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  for (let n = 0; n < count; n++) {
    const lines = Array.from({ length: int(2, 200) }, () => int(1, maxLine));
    yield { n, lines, step: int(0, lines.length - 1), speed: int(1, 5000), dt: int(0, 300), int };
  }
}

test("clockStep moves on by speed x time, at least a step, never past the last step read", () => {
  for (const { n, lines, step, speed, dt, int } of cases(500, 11, 9)) {
    const status = int(0, 1) ? "running" : "done";
    const learn = { steps: lines.length, step, speed, breakpoints: [], status };
    const next = clockStep(traceOf(lines), learn, dt);
    const expected = Math.min(lines.length - 1, step + Math.max(1, Math.round((speed * dt) / 1000)));
    assert.equal(next.step, expected, `case ${n}`);
    // It pauses at the last step only once the run has ended: a running one sends more.
    assert.equal(next.pause, expected >= lines.length - 1 && status !== "running", `case ${n}`);
  }
});

test("clockStep stops at the nearest breakpoint's line ahead, and pauses there", () => {
  let stopped = 0;
  for (const { n, lines, step, dt, int } of cases(500, 12, 6)) {
    const breakpoints = [...new Set(Array.from({ length: int(1, 3) }, () => int(1, 6)))];
    const learn = { steps: lines.length, step, speed: 1000, breakpoints, status: "done" };
    const next = clockStep(traceOf(lines), learn, dt);
    const target = Math.min(lines.length - 1, step + Math.max(1, dt));
    const hit = lines.findIndex((l, k) => k > step && k <= target && breakpoints.includes(l));
    if (hit >= 0) {
      stopped += 1;
      assert.deepEqual(next, { step: hit, pause: true }, `case ${n}`);
    } else {
      assert.equal(next.step, target, `case ${n}`);
    }
  }
  assert.ok(stopped > 100, "the cases reach breakpoints"); // the test exercises what it claims
});
