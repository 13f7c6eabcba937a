// The answer where the eye is: the least scroll that shows a box, and only after a tap.

import { test } from "node:test";
import assert from "node:assert/strict";

import { MARGIN, scrollDelta } from "../../../web/shell/reveal-panel.js";
import { laterTask } from "../../../web/core/later-task.js";
import { random } from "../helpers.mjs";

test("the scroll shows the box, moves the least, and keeps a tall box's top (seeded)", () => {
  const rand = random(50);
  for (let i = 0; i < 2000; i += 1) {
    const height = 300 + Math.floor(rand() * 900);
    const top = Math.floor(rand() * 4000) - 2000;
    const bottom = top + 1 + Math.floor(rand() * 1500);
    const delta = scrollDelta({ top, bottom }, height);
    const [t, b] = [top - delta, bottom - delta];
    if (top >= 0 && bottom <= height) {
      assert.equal(delta, 0);
      continue;
    }
    assert.ok(t >= 0, `${top}..${bottom} on ${height}: top at ${t}`);
    if (bottom - top + 2 * MARGIN <= height) assert.ok(b <= height, `${top}..${bottom} on ${height}: bottom at ${b}`);
    // The least: a scroll one pixel shorter leaves the box (or a tall box's top) off screen.
    const less = delta - Math.sign(delta) * (MARGIN + 1);
    assert.ok(top - less < 0 || bottom - less > height, `${top}..${bottom} on ${height}: ${delta} is not the least`);
  }
  assert.equal(scrollDelta({ top: 984, bottom: 1079 }, 844), 243);
});

/** Resolves after the reveal's task: afterFrame runs it in a later task (the fake page's
 * frame comes at once), and later tasks run in the order they were asked for. The timer
 * only keeps node's event loop open meanwhile (later-task's channel does not). */
const afterRevealTask = () => new Promise((done) => {
  const open = setTimeout(() => {}, 60_000);
  laterTask(() => {
    clearTimeout(open);
    done();
  });
});

/** A page of one element at `top`..`bottom`, its listeners and its scrolls recorded. */
function fakePage(top, bottom, reduced = false) {
  const listeners = {};
  const scrolls = [];
  let now = 0;
  const el = { getBoundingClientRect: () => ({ top, bottom, width: 300, height: bottom - top }) };
  const win = {
    innerHeight: 844,
    performance: { now: () => now },
    matchMedia: () => ({ matches: reduced }),
    scrollBy: (options) => scrolls.push(options),
    addEventListener: (type, fn) => { listeners[type] = fn; },
    removeEventListener() {},
    requestAnimationFrame: (fn) => fn(),
  };
  const doc = {
    defaultView: win,
    getElementById: () => el,
    addEventListener: (type, fn) => { listeners[type] = fn; },
    removeEventListener() {},
  };
  return { doc, scrolls, fire: (type, event = {}) => listeners[type](event), later: (ms) => { now += ms; } };
}

test("an answer is brought on screen once per tap, and never without one", async () => {
  const { mountRevealPanel } = await import("../../../web/shell/reveal-panel.js");
  const page = fakePage(1149, 1229);
  let key = "a";
  const views = { answerOf: () => ["heatmap-square", key] };
  const panel = mountRevealPanel(page.doc, { views });
  const settle = afterRevealTask;
  panel.sync({ view: "heatmap" });
  key = "b";
  panel.sync({ view: "heatmap" }); // a change nobody tapped for: the page stays
  await settle();
  assert.deepEqual(page.scrolls, []);
  page.fire("pointerup");
  key = "c";
  panel.sync({ view: "heatmap" });
  await settle();
  assert.deepEqual(page.scrolls, [{ top: 1229 - 844 + 8, behavior: "smooth" }]);
  key = "d";
  panel.sync({ view: "heatmap" }); // the same tap's later changes stay where the reader is
  page.fire("click");
  page.later(16_000);
  key = "e";
  panel.sync({ view: "heatmap" }); // long after the tap: not its answer
  await settle();
  assert.equal(page.scrolls.length, 1);
});

test("less motion asked: the scroll jumps", async () => {
  const { mountRevealPanel } = await import("../../../web/shell/reveal-panel.js");
  const page = fakePage(-300, -100, true);
  let key = "a";
  const panel = mountRevealPanel(page.doc, { views: { answerOf: () => ["board", key] } });
  panel.sync({ view: "compare" });
  page.fire("keydown", { key: "Enter" });
  key = "b";
  panel.sync({ view: "compare" });
  await afterRevealTask();
  assert.deepEqual(page.scrolls, [{ top: -308, behavior: "auto" }]);
});
