// start-choice.mjs: the snapshot only where it pays.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  linkProbe, networkTime, snapshotVerdict, PROBE_BYTES, PROBE_MS,
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

test("and slow when its bytes take longer, however long the wait: no timer judges", async () => {
  const c = clock();
  const probe = linkProbe(c);
  c.advance(300);
  probe.count(PROBE_BYTES / 10);
  c.advance(10 * PROBE_MS); // a busy worker reading late, or a slow link: not judged yet
  assert.equal(await settled(probe.fast), false);
  probe.count(PROBE_BYTES);
  assert.equal(await probe.fast, false);
});

test("nothing is judged before a byte has come, however long it takes", async () => {
  const c = clock();
  const probe = linkProbe(c);
  c.advance(60_000);
  assert.equal(await settled(probe.fast), false);
  probe.count(PROBE_BYTES);
  assert.equal(await probe.fast, true); // all at once
});

test("the network's own time, where the browser says it, outweighs when the bytes were read", async () => {
  for (const [networkMs, fast] of [[PROBE_MS * 0.9 - 1, true], [PROBE_MS * 0.9 + 1, false]]) {
    const c = clock();
    const probe = linkProbe(c);
    probe.count(PROBE_BYTES * 0.9);
    c.advance(5000); // the worker read the bytes late: busy compiling
    probe.end(networkMs);
    assert.equal(await probe.fast, fast, `0.9 of the probe's bytes in ${networkMs} ms on the network`);
  }
});

test("networkTime reads Resource Timing, and says nothing where it has nothing", () => {
  const perf = (entries) => ({ getEntriesByName: (url) => entries.filter((e) => e.name === url) });
  const url = "https://example.test/pyodide.asm.mjs.zst";
  assert.equal(networkTime(url, perf([{ name: url, responseStart: 100, responseEnd: 160 }])), 60);
  assert.equal(networkTime(url, perf([])), undefined);
  assert.equal(networkTime(url, perf([{ name: url, responseStart: 0, responseEnd: 0 }])), undefined); // withheld
  assert.equal(networkTime(url, { getEntriesByName: () => { throw new Error("none"); } }), undefined);
  assert.equal(networkTime(url, undefined), undefined);
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

test("a file that ends without a byte is judged slow (the plain start)", async () => {
  const probe = linkProbe(clock());
  probe.end();
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

