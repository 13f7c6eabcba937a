import { test } from "node:test";
import assert from "node:assert/strict";

import { linkedBoard, linkedHoles } from "../../../web/core/linked-board.js";
import { registry } from "../../../web/views.js";

const VIEWS = registry.ids;
import { parseQuery } from "../../../web/shell/url.js";

/** A small seeded generator (mulberry32), so a failure names a query that repeats. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SIDES = ["8", "5", "6", " 12 ", "1", "1000", "0", "1001", "-3", "x", "", "8.5", "0007"];
const SQUARES = ["a1", "b3", "C2", "e5", "h8", "a1", "l12", "zz9", "", " d4", "a0", "%"];
const VIEW_VALUES = [...VIEWS, "Tour", "map", "", "learn "];

function randomQuery(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const parts = [];
  const add = (name, value) => parts.push(`${name}=${encodeURIComponent(value)}`);
  for (const name of ["rows", "cols", "rows"]) if (next() < 0.6) add(name, pick(SIDES));
  if (next() < 0.7) add("holes", Array.from({ length: Math.floor(next() * 5) }, () => pick(SQUARES)).join(","));
  if (next() < 0.5) add("view", pick(VIEW_VALUES));
  if (next() < 0.3) add("start", pick(SQUARES));
  return `?${parts.join("&")}`;
}

test("linkedBoard reads the board as parseQuery does, whatever the query", () => {
  const next = random(20261123);
  for (let i = 0; i < 3000; i += 1) {
    const query = randomQuery(next);
    const { settings, view } = parseQuery(query, registry);
    const board = linkedBoard(query, VIEWS);
    assert.deepEqual(board, { rows: settings.rows, cols: settings.cols, holes: settings.holes, view }, query);
  }
});

test("linkedBoard: a missing or bad parameter is its default", () => {
  assert.deepEqual(linkedBoard("", VIEWS), { rows: 8, cols: 8, holes: [], view: "tour" });
  assert.deepEqual(linkedBoard("?rows=6&cols=x&holes=a1&view=play", VIEWS), { rows: 6, cols: 8, holes: [[5, 0]], view: "play" });
  assert.deepEqual(linkedBoard("?rows=5&cols=5&view=maps", VIEWS), { rows: 5, cols: 5, holes: [], view: "tour" });
});

test("linkedHoles keeps every hole, or none when one is not a square of the board", () => {
  assert.deepEqual(linkedHoles("a1,b2,a1", 3, 3), [[2, 0], [1, 1]]);
  assert.deepEqual(linkedHoles("a1,d4", 3, 3), []);
  assert.deepEqual(linkedHoles(" ", 3, 3), []);
  assert.deepEqual(linkedHoles(null, 3, 3), []);
  // Every square a hole: kept (url.js says so), as the page keeps the person's board.
  assert.deepEqual(linkedHoles("a1,a2,b1,b2", 2, 2).length, 4);
});
