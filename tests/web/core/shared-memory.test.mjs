// core/shared-memory.js: shared memory found by trying it, never from crossOriginIsolated.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedMemoryWorks } from "../../../web/core/shared-memory.js";

test("a scope with no SharedArrayBuffer has no shared memory, whatever it says of isolation", () => {
  // WebKitGTK: crossOriginIsolated true, and no SharedArrayBuffer at all.
  assert.equal(sharedMemoryWorks({ crossOriginIsolated: true, Atomics, MessageChannel }), false);
  assert.equal(sharedMemoryWorks({}), false);
});

test("a SharedArrayBuffer that cannot be posted is no use to a worker", () => {
  class RefusingChannel {
    constructor() {
      this.port1 = { postMessage() { throw new DOMException("cannot be cloned", "DataCloneError"); }, close() {} };
      this.port2 = { close() {} };
    }
  }
  assert.equal(sharedMemoryWorks({ SharedArrayBuffer, Atomics, MessageChannel: RefusingChannel }), false);
  assert.equal(sharedMemoryWorks({ SharedArrayBuffer, Atomics: {}, MessageChannel }), false, "no Atomics.store");
});

test("where all of it works (Node has shared memory), it says so", () => {
  assert.equal(sharedMemoryWorks({ SharedArrayBuffer, Atomics, MessageChannel }), true);
  assert.equal(sharedMemoryWorks(), true);
});
