import { test } from "node:test";
import assert from "node:assert/strict";

import { createSolverClient, startEarlyWorker, takeEarlyWorker } from "../../../web/solver/solver-client.js";

/** A stand-in for the worker index.html starts: it records what the page posts. */
function fakeWorker() {
  return { posted: [], postMessage(message) { this.posted.push(message); }, terminate() {} };
}

const message = (data) => ({ type: "message", data });

test("the early worker is taken once, with the events it sent before the page was ready", () => {
  const worker = fakeWorker();
  const scope = { knightEarlyWorker: { worker, events: [message({ type: "loading" })] } };
  const early = takeEarlyWorker(scope);
  assert.equal(early.worker, worker);
  assert.equal(takeEarlyWorker(scope), null, "given out once: a restart makes a new worker");
  assert.equal(takeEarlyWorker({}), null);
});

test("init reaches the worker before anything a replayed ready sends, and events replay in order", () => {
  // Stop flags on a SharedArrayBuffer, sent by "init", where shared memory works.
  const worker = fakeWorker();
  const events = [message({ type: "loading", stage: "a" }), message({ type: "loading", stage: "b" }), message({ type: "ready" })];
  const client = createSolverClient({ worker, events }, { sharedMemory: () => true });
  const seen = [];
  client.start({
    onLoading: (msg) => seen.push(msg.stage),
    onReady: () => {
      seen.push("ready");
      client.solve({ rows: 8, cols: 8 }); // as session.pythonReady does for a start= link
    },
    onFailed: () => seen.push("failed"),
  });
  assert.deepEqual(seen, ["a", "b", "ready"]);
  // "go" as the page's script took the worker over (its downloads may start), then init.
  assert.deepEqual(worker.posted.map((m) => m.cmd), ["go", "init", "solve"]);
  assert.ok(worker.posted[1].args.stopBuffer instanceof SharedArrayBuffer);
  assert.equal(client.cancelCheck(), false, "no check pending");
});

test("without shared memory (tried), Stop ends the worker, however isolated the page says it is", async (t) => {
  t.after(() => {
    delete globalThis.crossOriginIsolated;
  });
  globalThis.crossOriginIsolated = true; // WebKitGTK says so, and has no SharedArrayBuffer
  const worker = fakeWorker();
  let ended = 0;
  worker.terminate = () => (ended += 1);
  const client = createSolverClient({ worker, events: [message({ type: "ready" })] }, { sharedMemory: () => false });
  client.start({ onLoading() {}, onReady() {}, onFailed() {} });
  assert.deepEqual(worker.posted.map((m) => m.cmd), ["go"], "no init, no SharedArrayBuffer made");
  const globalWorker = globalThis.Worker;
  globalThis.Worker = class { constructor() { Object.assign(this, fakeWorker()); } };
  t.after(() => {
    globalThis.Worker = globalWorker;
  });
  const solving = client.solve({ rows: 8, cols: 8 });
  assert.deepEqual(await client.stop(), { restarted: true });
  assert.equal(ended, 1);
  assert.equal((await solving).status, "cancelled");
});

test("the early worker hears 'go' as soon as the page's script has it, before start()", () => {
  const worker = fakeWorker();
  const client = createSolverClient({ worker, events: [] }, { sharedMemory: () => false });
  assert.deepEqual(worker.posted, [{ cmd: "go" }], "its downloads wait for this message");
  client.start({ onLoading() {}, onReady() {}, onFailed() {} });
  assert.deepEqual(worker.posted, [{ cmd: "go" }], "said once");
});

test("an error the early worker raised before the take-over is reported", () => {
  const worker = fakeWorker();
  let prevented = false;
  const error = { type: "error", message: "worker.mjs could not load", preventDefault: () => { prevented = true; } };
  const client = createSolverClient({ worker, events: [error] });
  const failed = [];
  client.start({ onLoading() {}, onReady() {}, onFailed: (msg) => failed.push(msg.message) });
  assert.deepEqual(failed, ["worker.mjs could not load"]);
  assert.ok(prevented);
});

test("on a slow link app.js starts the worker itself, buffering its events as index.html does", () => {
  const made = [];
  class FakeWorker {
    constructor(url, options) {
      made.push([String(url), options]);
      Object.assign(this, fakeWorker());
    }
  }
  const early = startEarlyWorker({ Worker: FakeWorker });
  assert.equal(made.length, 1);
  assert.match(made[0][0], /worker\.mjs$/);
  assert.deepEqual(made[0][1], { type: "module" });
  let prevented = false;
  early.worker.onmessage(message({ type: "loading" }));
  early.worker.onerror({ type: "error", preventDefault: () => { prevented = true; } });
  assert.deepEqual(early.events.map((e) => e.type), ["message", "error"]);
  assert.ok(prevented, "an early error is the client's to report");
  assert.equal(startEarlyWorker({}), null, "no workers: the client reports it as it starts");
});

/** A started client without shared memory whose worker answers when told to. */
function answeringClient() {
  const worker = fakeWorker();
  const client = createSolverClient({ worker, events: [message({ type: "ready" })] }, { sharedMemory: () => false });
  client.start({ onLoading() {}, onReady() {}, onFailed() {} });
  const answer = (id) => worker.onmessage(message({ id, type: "result", result: { status: "found" } }));
  return { worker, client, answer };
}

test("settled: true as soon as the search under way is answered, before its time is up", async () => {
  const { worker, client, answer } = answeringClient();
  assert.equal(await client.settled(0), true, "nothing pending: settled at once");
  const solving = client.solve({ rows: 8, cols: 8 });
  const id = worker.posted.at(-1).id;
  const began = performance.now();
  const settled = client.settled(5000);
  setTimeout(() => answer(id), 20);
  assert.equal(await settled, true);
  assert.ok(performance.now() - began < 2000, "it did not wait out its time");
  assert.equal((await solving).status, "found", "the answer reached its own request");
});

test("settled: false once its time is up with a search still going, which a Stop then ends", async (t) => {
  const { worker, client } = answeringClient();
  let ended = 0;
  worker.terminate = () => (ended += 1);
  const globalWorker = globalThis.Worker;
  globalThis.Worker = class { constructor() { Object.assign(this, fakeWorker()); } };
  t.after(() => {
    globalThis.Worker = globalWorker;
  });
  const solving = client.solve({ rows: 8, cols: 8 });
  const checking = client.validate({ rows: 8, cols: 8 }); // not a search: never waited for
  checking.catch(() => {}); // the restart below ends it: asserted there
  assert.equal(await client.settled(30), false);
  assert.equal(ended, 0, "waiting ends nothing");
  assert.deepEqual(await client.stop(), { restarted: true });
  assert.equal((await solving).status, "cancelled");
  await assert.rejects(checking, /cancelled/);
});
