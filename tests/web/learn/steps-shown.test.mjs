// While a program runs, the count of steps read is shown at once for the first chunk, then
// at most once every STEPS_SHOWN_MS (each showing is a layout and a paint the program's
// worker pays for in WebKit), never falls behind for longer than that, and is exact at the end.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { STEPS_SHOWN_MS } from "../../../web/learn/run-reading.js";
import { fakeLearnSession } from "./fake-session.mjs";
import { random } from "../helpers.mjs";
import { pythonChunks } from "./python-chunks.mjs";

const RUN = pythonChunks("backtrack", 5, 5, [4, 0], 40_000, 1024); // the real tracer's, 5 x 5 from a1

for (const seed of [1, 2, 3, 4, 5, 6]) {
  test(`steps shown while running: at once, then at most every ${STEPS_SHOWN_MS} ms, never late by more (seed ${seed})`, () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let clock = 1000;
      const rand = random(seed);
      const programs = { backtrack: { source: RUN.source, sourceZh: RUN.source, description: "", key: "learn.program.backtrack" } };
      const { store, learn, box } = fakeLearnSession(programs, "en", { now: () => clock });
      store.update({ learn: { ...store.get().learn, budget: 1_000_000 } });
      const shown = []; // [time, steps] each time the count changes while running
      store.subscribe((state) => {
        const last = shown.at(-1);
        if (state.learn.status === "running" && state.learn.steps !== (last?.[1] ?? 0)) shown.push([clock, state.learn.steps]);
      });
      learn.run();
      const id = store.get().learn.run;
      let read = 0;
      const advance = (ms) => {
        clock += ms;
        mock.timers.tick(ms);
      };
      for (const [i, { meta, buffers }] of RUN.chunks.entries()) {
        if (meta.final) break; // the run is left going: the count is what is checked
        box(0).say({ type: "chunk", id, meta, buffers: Object.fromEntries(Object.entries(buffers).map(([k, v]) => [k, v.slice()])) });
        read += meta.steps;
        if (i === 0) assert.deepEqual(shown, [[clock, read]], "the first chunk's steps are shown as it is read");
        advance(Math.floor(rand() * 120)); // chunks come in bursts and pauses
      }
      assert.ok(shown.length >= 2);
      for (let k = 1; k < shown.length; k++) {
        assert.ok(shown[k][0] - shown[k - 1][0] >= STEPS_SHOWN_MS, `shown at ${shown[k - 1][0]} and again at ${shown[k][0]}`);
      }
      advance(STEPS_SHOWN_MS); // nothing more arrives: what was read is shown within STEPS_SHOWN_MS
      assert.equal(store.get().learn.steps, read);
      assert.equal(store.get().learn.status, "running");
      learn.stop();
      assert.equal(store.get().learn.steps, read, "a stop keeps every step read");
    } finally {
      mock.timers.reset();
    }
  });
}
