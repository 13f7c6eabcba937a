// start-choice.mjs: the snapshot only where it pays.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  answeredWithin, linkProbe, snapshotVerdict, FIRST_BYTE_MS, NEAR_MS, PROBE_BYTES, PROBE_MS,
} from "../../../web/solver/start-choice.mjs";

function clock() {
  let t = 0;
  const timers = new Map();
  let next = 1;
  return {
    now: () => t,
    setTimer(fn, ms) {
      timers.set(next, [t + ms, fn]);
      return next++;
    },
    clearTimer: (id) => timers.delete(id),
    advance(ms) {
      t += ms;
      for (const [id, [at, fn]] of timers) {
        if (at <= t) {
          timers.delete(id);
          fn();
        }
      }
    },
  };
}

test("the probe calls a link fast when its bytes arrive in time from the first", async () => {
  const c = clock();
  const probe = linkProbe(c);
  c.advance(300); // a long round trip before the first byte: latency, not the link's speed
  probe.count(PROBE_BYTES / 2);
  c.advance(PROBE_MS - 10);
  probe.count(PROBE_BYTES / 2);
  assert.equal(await probe.fast, true);
});

test("and slow when the time runs out first", async () => {
  const c = clock();
  const probe = linkProbe(c);
  c.advance(300);
  probe.count(PROBE_BYTES / 10);
  c.advance(PROBE_MS);
  assert.equal(await probe.fast, false);
});

test("a file smaller than the probe is judged by the same rate when it ends", async () => {
  for (const [ms, fast] of [[PROBE_MS * 0.9 - 1, true], [PROBE_MS * 0.9 + 1, false]]) {
    const c = clock();
    const probe = linkProbe(c);
    c.advance(300);
    probe.count(PROBE_BYTES * 0.45);
    c.advance(ms);
    probe.count(PROBE_BYTES * 0.45);
    probe.end();
    assert.equal(await probe.fast, fast, `0.9 of the probe's bytes in ${ms} ms`);
  }
});

test("and slow when no byte comes at all", async () => {
  const c = clock();
  const probe = linkProbe(c);
  c.advance(FIRST_BYTE_MS);
  assert.equal(await probe.fast, false);
});

test("the snapshot: always when cached, never to save data, else by the link", () => {
  assert.equal(snapshotVerdict({ cached: true, fast: false, connection: { saveData: true } }), "");
  assert.match(snapshotVerdict({ cached: false, fast: true, connection: { saveData: true } }), /save data/);
  assert.match(snapshotVerdict({ cached: false, fast: false }), /plain start/);
  assert.equal(snapshotVerdict({ cached: false, fast: true, connection: { downlink: 1.6 } }), "");
});

/** Whether `promise` has resolved once pending callbacks have run. */
async function settled(promise) {
  let done = false;
  promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

/** answeredWithin(NEAR_MS) of a request answered `ms` after it was asked. */
function answeredAfter(ms) {
  const c = clock();
  let answer;
  const asked = new Promise((resolve) => {
    answer = resolve;
  });
  const verdict = answeredWithin(asked, NEAR_MS, c.now);
  c.advance(ms);
  answer({});
  return { verdict, c };
}

test("a host that answers within NEAR_MS lets the worker's downloads start at once", async () => {
  assert.equal(await settled(answeredAfter(NEAR_MS - 5).verdict), true);
});

test("a later answer, or a failed request, leaves the worker waiting for the page", async () => {
  const { verdict: far, c } = answeredAfter(NEAR_MS + 1);
  assert.equal(await settled(far), false);
  const failed = answeredWithin(Promise.reject(new Error("HTTP 404")), NEAR_MS, c.now);
  assert.equal(await settled(failed), false);
});
