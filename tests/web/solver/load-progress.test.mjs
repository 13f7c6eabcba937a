import { test } from "node:test";
import assert from "node:assert/strict";
import { progressReporter } from "../../../web/solver/load-progress.mjs";

const MANIFEST = { files: { "pyodide.asm.wasm": 9_000, "python_stdlib.zip": 2_000, "other.js": 5 } };

test("each message names the stage, the start and every expected file with its bytes", () => {
  const sent = [];
  const progress = progressReporter((m) => sent.push(m), () => 42);
  progress.stage("starting Python");
  assert.deepEqual(sent.at(-1), { type: "loading", stage: "starting Python", ms: 42, start: "", files: [] });
  const report = progress.counted("snapshot.gz", 600);
  progress.expect(MANIFEST, ["pyodide.asm.wasm", "python_stdlib.zip", "not-in-the-build.zip"]);
  progress.stage("starting Python from the snapshot", "snapshot");
  assert.equal(sent.at(-1).start, "snapshot");
  assert.deepEqual(sent.at(-1).files, [
    { file: "snapshot.gz", bytes: 600, received: 0 },
    { file: "pyodide.asm.wasm", bytes: 9_000, received: 0 },
    { file: "python_stdlib.zip", bytes: 2_000, received: 0 },
  ]);
  report(300);
  progress.stage("still starting");
  assert.equal(sent.at(-1).files[0].received, 300);
  progress.done();
  const count = sent.length;
  progress.stage("after the start");
  report(600);
  assert.equal(sent.length, count, "nothing after done(): the page would take it as a restart");
});

test("counted bytes are posted at most every 100 ms, stages at once", (t) => {
  let now = 1000; // the page's clock, moved by hand
  t.mock.method(performance, "now", () => now);
  const sent = [];
  const progress = progressReporter((m) => sent.push(m), () => 0);
  const report = progress.counted("snapshot.gz", 1000);
  progress.stage("loading");
  for (let n = 1; n <= 50; n += 1) report(n * 20);
  assert.equal(sent.length, 1, "bytes within 100 ms of the last message wait");
  now += 99;
  report(990);
  assert.equal(sent.length, 1, "99 ms after: still waiting");
  now += 1;
  report(1000);
  assert.equal(sent.length, 2);
  assert.equal(sent.at(-1).files[0].received, 1000);
  progress.stage("next");
  assert.equal(sent.length, 3);
  progress.done();
});

test("a reset replaces the expected files (the plain start after a failed snapshot)", () => {
  const sent = [];
  const progress = progressReporter((m) => sent.push(m), () => 0);
  progress.counted("snapshot.gz", 600);
  progress.expect(MANIFEST, ["pyodide.asm.wasm", "other.js"], { reset: true });
  progress.stage("starting Python", "plain");
  assert.deepEqual(sent.at(-1).files.map((f) => f.file), ["pyodide.asm.wasm", "other.js"]);
  progress.done();
});
