import test from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../../../web/i18n/messages.js";
import {
  GAVE_UP_FILL, IMPOSSIBLE_FILL, cellLook, dataScale, effortScale, inkFor, legendTicks, rampColour, scalePosition, shortCount,
} from "../../../web/explore/heat-scale.js";
import { legendCaption } from "../../../web/explore/heatmap-panel.js";
import { random } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const lightness = (rgb) => {
  const [r, g, b] = rgb.match(/[0-9]+/g).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

test("more nodes is never lighter: the ramp is ordered in lightness", () => {
  let last = Infinity;
  for (let t = 0; t <= 1.0001; t += 0.01) {
    const l = lightness(rampColour(t));
    assert.ok(l <= last + 1e-9, `t=${t}`);
    last = l;
  }
});

test("the scale runs from one node per free square to the budget, on a log scale", () => {
  const scale = effortScale(36, 100_000);
  assert.equal(scalePosition(36, scale), 0);
  assert.equal(scalePosition(100_000, scale), 1);
  assert.equal(scalePosition(10 ** 9, scale), 1);
  const mid = scalePosition(Math.sqrt(36 * 100_000), scale);
  assert.ok(Math.abs(mid - 0.5) < 1e-9);
  assert.ok(scalePosition(1000, scale) < scalePosition(1001, scale));
  const tiny = effortScale(64, 64); // budget at the floor: still a usable span
  assert.ok(tiny.span > 0);
});

test("gave-up and impossible squares are marked, not only coloured", () => {
  const scale = effortScale(25, 1000);
  const gaveUp = cellLook({ status: "gave_up", nodes: 1000 }, scale);
  const impossible = cellLook({ status: "impossible", nodes: 0 }, scale);
  const found = cellLook({ status: "found", nodes: 300 }, scale);
  assert.deepEqual([gaveUp.mark, gaveUp.fill], ["gave_up", GAVE_UP_FILL]);
  assert.deepEqual([impossible.mark, impossible.fill], ["impossible", IMPOSSIBLE_FILL]);
  assert.equal(found.mark, "");
  assert.equal(found.label, "300");
  assert.equal(cellLook(null, scale).mark, "pending");
});

test("legend ticks climb from the floor to the budget at powers of ten", () => {
  const ticks = legendTicks(effortScale(36, 100_000));
  assert.deepEqual(ticks.map((t) => t.nodes), [36, 100, 1000, 10_000, 100_000]);
  // One style for every label, ends included, in the reader's language.
  assert.deepEqual(ticks.map((t) => t.label), ["36", "100", "1K", "10K", "100K"]);
  setLanguage("zh");
  try {
    assert.deepEqual(legendTicks(effortScale(36, 100_000)).map((t) => t.label), ["36", "100", "1000", "1万", "10万"]);
  } finally {
    setLanguage("en");
  }
  const crowded = legendTicks(effortScale(64, 100_000)); // 64 and 100 would overlap
  assert.deepEqual(crowded.map((t) => t.nodes), [64, 1000, 10_000, 100_000]);
  for (let i = 1; i < ticks.length; i += 1) assert.ok(ticks[i].t > ticks[i - 1].t);
});

test("ink contrasts with its fill; short counts stay short", () => {
  assert.equal(inkFor(rampColour(0)), "#111111");
  assert.equal(inkFor(rampColour(1)), "#ffffff");
  assert.equal(inkFor(GAVE_UP_FILL), "#ffffff");
  for (const n of [0, 7, 999, 1000, 9949, 9999, 12_345, 999_499, 999_999, 1_234_567, 9_999_999, 50_000_000]) {
    assert.ok(shortCount(n, "en").length <= 4, `${n} -> ${shortCount(n, "en")}`);
    // Chinese counts in 万 from 10,000 on: at most four digits and 万.
    assert.ok(shortCount(n, "zh").length <= 5, `${n} -> ${shortCount(n, "zh")}`);
  }
  assert.equal(shortCount(12_345, "en"), "12K");
  assert.equal(shortCount(14_020, "zh"), "1.4万");
  assert.equal(shortCount(5_400, "zh"), "5400");
  assert.equal(shortCount(2_300_000, "zh"), "230万");
});

test("legend labels keep apart at the ends too", () => {
  const ticks = legendTicks(effortScale(36, 300_000)); // 100k would crowd 300,000
  assert.deepEqual(ticks.map((t) => t.nodes), [36, 100, 1000, 10_000, 300_000]);
});

test("a narrow range gets a scale from its own minimum to its maximum (8 x 8 closed greedy)", () => {
  // Edges at 73 nodes, corners 65, the middle 64: on the fixed 64..100,000 log scale all
  // of them would sit within 2 % of the palest colour.
  const nodes = [64, 64, 65, 71, 73, 64];
  const scale = dataScale(64, 100_000, nodes);
  assert.equal(scale.fromData, true);
  assert.deepEqual([scale.lo, scale.hi], [64, 73]);
  assert.equal(scalePosition(64, scale), 0);
  assert.equal(scalePosition(73, scale), 1);
  assert.ok(scalePosition(71, scale) > 0.7 && scalePosition(65, scale) < 0.2);
  assert.ok(scalePosition(73, effortScale(64, 100_000)) < 0.02, "the fixed scale would hide it");
  const ticks = legendTicks(scale);
  assert.deepEqual([ticks[0].label, ticks[ticks.length - 1].label], ["64", "73"]);
  for (let i = 1; i < ticks.length; i += 1) assert.ok(ticks[i].t > ticks[i - 1].t && ticks[i].nodes > ticks[i - 1].nodes);
});

test("property: the data's scale keeps order, spans the data end to end, and is chosen only when narrow", () => {
  const rand = random(35);
  for (let trial = 0; trial < 500; trial += 1) {
    const free = 1 + Math.floor(rand() * 400);
    const budget = free * (10 + Math.floor(rand() * 10_000));
    const base = free + Math.floor(rand() * budget / 4);
    const width = Math.floor(rand() ** 3 * (budget - base));
    const nodes = Array.from({ length: 1 + Math.floor(rand() * 60) }, () => base + Math.floor(rand() * (width + 1)));
    const scale = dataScale(free, budget, nodes);
    const fixed = effortScale(free, budget);
    const lo = Math.min(...nodes);
    const hi = Math.max(...nodes);
    if (scale.fromData) {
      // Narrow: the data fills the whole ramp, its ends at the ramp's ends.
      assert.ok(hi > lo && Math.log(hi / lo) < fixed.span / 2, `${lo}..${hi} of ${free}..${budget}`);
      assert.equal(scalePosition(lo, scale), 0);
      assert.equal(scalePosition(hi, scale), 1);
    } else {
      assert.deepEqual(scale, fixed);
      assert.ok(hi === lo || Math.log(hi / lo) >= fixed.span / 2);
    }
    // More nodes is never a paler colour, on either scale.
    const sorted = [...nodes].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i += 1) {
      assert.ok(scalePosition(sorted[i], scale) >= scalePosition(sorted[i - 1], scale));
    }
    const ticks = legendTicks(scale);
    assert.equal(ticks[0].nodes, scale.lo);
    assert.equal(ticks[ticks.length - 1].nodes, scale.hi);
    for (let i = 1; i < ticks.length; i += 1) assert.ok(ticks[i].t > ticks[i - 1].t);
  }
});

test("a flat map keeps the fixed scale: no difference to show", () => {
  assert.deepEqual(dataScale(64, 100_000, [64, 64, 64]), effortScale(64, 100_000));
  assert.deepEqual(dataScale(64, 100_000, []), effortScale(64, 100_000));
});

test("the legend says where a data scale starts, in both languages", () => {
  const scale = dataScale(64, 100_000, [64, 73]);
  assert.match(legendCaption(scale), /starts at the minimum/);
  assert.match(legendCaption(scale), /\(64\).*\(73\)/);
  assert.match(legendCaption(effortScale(64, 100_000)), /log scale/);
  setLanguage("zh");
  try {
    assert.match(legendCaption(scale), /刻度从最小值开始/);
    assert.match(legendCaption(scale), /最少的 64 个到最多的 73 个/);
  } finally {
    setLanguage("en");
  }
});
