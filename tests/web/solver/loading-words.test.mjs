// The loading line says what is known: the bytes arrived and how long none have. A guess
// at the time left counted up (3 s, 4 s, 5 s...) while the bytes stood still; now a
// still download says so, and nothing in the line runs backwards.

import { test } from "node:test";
import assert from "node:assert/strict";

import { QUIET_MS, quietFor, waitText } from "../../../web/solver/start-text.js";
import { defaultState } from "../../../web/views.js";
import { loadingTicked, pythonLoading } from "../../../web/shell/transitions.js";
import { inChinese, random } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const TOTAL = 8e6;
const files = (received) => [{ file: "pyodide.asm.wasm.zst", bytes: TOTAL, received }];
const numbers = (text) => (text.match(/\d+(\.\d+)?/g) ?? []).map(Number);

/** The page's loading state through a seeded run of byte reports and clock ticks. */
function run(seed) {
  const rand = random(seed);
  let state = defaultState();
  let now = 1000;
  let received = 0;
  let lastByte = now;
  state = { ...state, ...pythonLoading(state, { stage: "starting Python", ms: 0, files: files(0) }, now) };
  const seen = [];
  for (let i = 0; i < 120 && received < TOTAL; i += 1) {
    now += Math.floor(rand() * 900) + 100;
    if (rand() < 0.4) {
      received += Math.floor(rand() * 5e5) + 1;
      if (received >= TOTAL) break; // downloaded: said by another line
      lastByte = now;
      state = { ...state, ...pythonLoading(state, { stage: "starting Python", ms: now - state.python.since, files: files(received) }, now) };
    } else {
      state = { ...state, ...(loadingTicked(state, now) ?? {}) };
    }
    seen.push({ state, received, quiet: now - lastByte });
  }
  return seen;
}

for (const lang of ["en", "zh"]) {
  test(`${lang}: the line shows the bytes arrived and, when still, how long (seeded runs)`, () => {
    const say = (python) => (lang === "zh" ? inChinese(() => waitText(python)) : waitText(python));
    for (let seed = 1; seed <= 20; seed += 1) {
      let before = null;
      for (const { state, received, quiet } of run(seed)) {
        const { python } = state;
        if (python.stalled) continue; // said by the stalled line, with Try again
        const text = say(python);
        assert.equal(quietFor(python), quiet);
        if (received === 0) continue;
        const [got, total, ...rest] = numbers(text);
        assert.equal(got, Number((received / 1e6).toFixed(1)), text);
        assert.equal(total, TOTAL / 1e6, text);
        assert.doesNotMatch(text, /left|remaining|还要|剩/, text);
        if (quiet >= QUIET_MS) assert.deepEqual(rest, [Math.floor(quiet / 1000)], text);
        else assert.deepEqual(rest, [], text);
        // While no byte arrives, the bytes stand still and the quiet seconds only grow.
        if (before && before.received === received && rest.length && before.rest.length) assert.ok(rest[0] >= before.rest[0], text);
        before = { received, rest };
      }
    }
  });
}

test("a still download says how long nothing has arrived, in both languages", () => {
  const python = { since: 0, ms: 9000, movedAt: 2000, files: files(3e6) };
  assert.equal(waitText(python), "Getting the solver ready: downloading Python, 3.0 of 8.0 MB so far; nothing has arrived for 7 s…");
  assert.match(inChinese(() => waitText(python)), /已收到 3\.0 MB，共 8\.0 MB；已经 7 秒没有收到新数据/);
  assert.equal(quietFor({ ms: 9000, files: [] }), 0); // not known: not said
});

test("the loading line: the bytes arrived, no engineering", () => {
  const files = [{ file: "pyodide.asm.wasm.zst", bytes: 3e6, received: 1e6 }, { file: "python_stdlib.zip.zst", bytes: 1e6, received: 0 }];
  assert.equal(waitText({ ms: 2000, files }), "Getting the solver ready: downloading Python, 1.0 of 4.0 MB so far…");
  assert.match(inChinese(() => waitText({ ms: 2000, files })), /已收到 1\.0 MB，共 4\.0 MB/);
  assert.match(waitText({ ms: 100, files: [] }), /few seconds/);
  assert.match(waitText({ ms: 4000, files: files.map((f) => ({ ...f, received: f.bytes })) }), /downloaded and starting/);
  for (const text of [waitText({ ms: 2000, files }), inChinese(() => waitText({ ms: 2000, files }))]) {
    assert.doesNotMatch(text, /snapshot|快照|Pyodide|worker|线程/);
  }
  assert.match(waitText({ failed: "HTTP 404", files: [] }), /could not start: HTTP 404/);
});
