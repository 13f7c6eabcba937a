// start-choice.mjs: the snapshot only where it pays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { linkProbe, snapshotVerdict, PROBE_BYTES, PROBE_MS } from "../../../web/solver/start-choice.mjs";

function clock() {
  let t = 0;
  const timers = [];
  return {
    now: () => t,
    setTimer: (fn, ms) => timers.push([ms, fn]),
    advance(ms) {
      t += ms;
      for (const [at, fn] of timers) if (at <= t) fn();
    },
  };
}

test("the probe calls a link fast when its bytes arrive in time", async () => {
  const c = clock();
  const probe = linkProbe(c);
  c.advance(10);
  probe.count(PROBE_BYTES);
  assert.equal(await probe.fast, true);
});

test("and slow when the time runs out first", async () => {
  const c = clock();
  const probe = linkProbe(c);
  probe.count(PROBE_BYTES / 10);
  c.advance(PROBE_MS);
  assert.equal(await probe.fast, false);
});

test("the snapshot: always when cached, never to save data, else by the link", () => {
  assert.equal(snapshotVerdict({ cached: true, fast: false, connection: { saveData: true } }), "");
  assert.match(snapshotVerdict({ cached: false, fast: true, connection: { saveData: true } }), /save data/);
  assert.match(snapshotVerdict({ cached: false, fast: false }), /plain start/);
  assert.equal(snapshotVerdict({ cached: false, fast: true, connection: { downlink: 1.6 } }), "");
});
