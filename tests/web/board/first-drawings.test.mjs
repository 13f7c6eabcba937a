// The board's first drawings: each kind of drawing a first tour needs, drawn once on a
// throwaway canvas at the board's own sizes, one kind per task, each read back by a pixel.
import test from "node:test";
import assert from "node:assert/strict";
import { random } from "../helpers.mjs";
import { FIRST_DRAWINGS, drawFirstDrawings, samplePath } from "../../../web/board/first-drawings.js";

/** A 2D context recording the calls made on it, in order. */
function recordingContext() {
  const calls = [];
  const ctx = new Proxy({ calls }, {
    get(target, name) {
      if (name in target) return target[name];
      return (...args) => calls.push([name, ...args]);
    },
    set(target, name, value) {
      calls.push([`set ${String(name)}`, value]);
      return true;
    },
  });
  return { ctx, calls };
}

function fakeCanvas(sizes) {
  return (width, height) => {
    const { ctx, calls } = recordingContext();
    const canvas = { width, height, calls, getContext: () => ctx };
    sizes.push([width, height]);
    return canvas;
  };
}

const g = { width: 320, height: 320, dpr: 2, rows: 8, cols: 8, cell: 40, ox: 0, oy: 0 };

test("each kind is drawn in a task of its own, read back by one pixel, then done", () => {
  const tasks = [];
  const sizes = [];
  const drawn = [];
  const drawings = [0, 1, 2].map((i) => (ctx) => {
    drawn.push(i);
    ctx.fillRect(i, 0, 1, 1);
  });
  let done = 0;
  drawFirstDrawings(g, { makeCanvas: fakeCanvas(sizes), later: (fn) => tasks.push(fn), drawings, done: () => (done += 1) });
  assert.deepEqual(sizes, [[640, 640]], "the canvas has the board's device pixels");
  assert.deepEqual(drawn, [], "nothing is drawn in the caller's task");
  for (let i = 0; i < 3; i++) {
    tasks.shift()();
    assert.deepEqual(drawn, [0, 1, 2].slice(0, i + 1), "one kind per task");
  }
  assert.equal(done, 0);
  tasks.shift()();
  assert.equal(done, 1);
  assert.equal(tasks.length, 0);
});

test("a pixel is read after each kind, so the drawing is done then and not at the first click", () => {
  const tasks = [];
  let canvas = null;
  drawFirstDrawings(g, {
    makeCanvas: (width, height) => (canvas = fakeCanvas([])(width, height)),
    later: (fn) => tasks.push(fn),
  });
  while (tasks.length) tasks.shift()();
  const names = canvas.calls.map(([name]) => name);
  const reads = names.filter((name) => name === "getImageData").length;
  assert.equal(reads, FIRST_DRAWINGS.length);
  // Every read follows a drawing call of its own kind.
  names.forEach((name, i) => {
    if (name === "getImageData") assert.ok(["fill", "stroke", "fillText", "strokeText"].some((draw) => names.slice(0, i).includes(draw)));
  });
  assert.equal(canvas.width, 0, "its pixels are let go at the end");
});

test("the kinds are the layers' own: the knight's glyph in a ring, round-ended lines, numbers with a halo", () => {
  const tasks = [];
  let canvas = null;
  drawFirstDrawings(g, { makeCanvas: (w, h) => (canvas = fakeCanvas([])(w, h)), later: (fn) => tasks.push(fn) });
  while (tasks.length) tasks.shift()();
  const calls = canvas.calls;
  assert.ok(calls.some(([name, text]) => name === "fillText" && text === "♞"), "the knight");
  assert.ok(calls.some(([name]) => name === "arc"), "its ring");
  assert.ok(calls.some(([name, value]) => name === "set lineCap" && value === "round"), "round-ended lines");
  assert.ok(calls.some(([name, text]) => name === "strokeText" && text === "1"), "a number's halo");
  assert.ok(calls.some(([name, value]) => name === "set font" && /^600 /.test(value)), "the numbers' weight");
});

test("stopped, it draws nothing more and never says done", () => {
  const tasks = [];
  let done = false;
  const drawn = [];
  const stop = drawFirstDrawings(g, {
    makeCanvas: fakeCanvas([]),
    later: (fn) => tasks.push(fn),
    drawings: [() => drawn.push(0), () => drawn.push(1)],
    done: () => (done = true),
  });
  tasks.shift()();
  stop();
  while (tasks.length) tasks.shift()();
  assert.deepEqual(drawn, [0]);
  assert.equal(done, false);
});

test("the sample path's squares are on the board, whatever its size", () => {
  const rand = random(7);
  for (let trial = 0; trial < 500; trial++) {
    const rows = 1 + Math.floor(rand() * 40);
    const cols = 1 + Math.floor(rand() * 40);
    const path = samplePath(rows, cols);
    assert.ok(path.length >= 2);
    for (const sq of path) assert.ok(sq >= 0 && sq < rows * cols, `${rows}x${cols}: ${sq}`);
  }
});
