import { test } from "node:test";
import assert from "node:assert/strict";
import { parseQuery, toQuery, tourProblem, METHODS } from "../../../web/shell/url.js";
import { defaultSettings, parseSide } from "../../../web/core/linked-board.js";
import { encodeTour } from "../../../web/core/tour-codec.js";
import { random, warnsdorffTour } from "../helpers.mjs";

test("settings round-trip through the query", () => {
  const rand = random(11);
  for (let i = 0; i < 200; i += 1) {
    const rows = 1 + Math.floor(rand() * 40);
    const cols = 1 + Math.floor(rand() * 40);
    const holes = [];
    for (let k = 0; k < 5; k += 1) {
      const sq = [Math.floor(rand() * rows), Math.floor(rand() * cols)];
      if (!holes.some(([r, c]) => r === sq[0] && c === sq[1])) holes.push(sq);
    }
    if (holes.length >= rows * cols) continue; // no free square: a message at load (url-input.test.mjs)
    const free = [Math.floor(rand() * rows), Math.floor(rand() * cols)];
    const start = holes.some(([r, c]) => r === free[0] && c === free[1]) ? null : free;
    const settings = {
      rows, cols, start, closed: rand() < 0.5, method: METHODS[Math.floor(rand() * METHODS.length)], holes,
      rule: rand() < 0.5 ? "knight" : "xiangqi",
    };
    const { settings: back, errors, tour } = parseQuery(toQuery(settings));
    assert.deepEqual(errors, []);
    assert.equal(tour, null);
    assert.deepEqual(back, settings);
  }
});

test("the defaults give the shortest query", () => {
  assert.equal(toQuery(defaultSettings()), "?rows=8&cols=8");
  assert.deepEqual(parseQuery("").settings, defaultSettings());
});

test("each bad parameter gets one message naming it; only it falls back", () => {
  const { settings, errors } = parseQuery("?rows=0&cols=6&start=zz9&closed=maybe&method=magic&holes=b2,zz99&rule=bishop&tour=!!&colour=red&size=2");
  assert.deepEqual(errors.map((e) => e.param), ["rows", "closed", "method", "rule", "holes", "start", "tour", "colour"]);
  for (const { param, message } of errors) assert.ok(message.startsWith(param) || message.startsWith("colour, size"), message);
  assert.deepEqual(settings, { ...defaultSettings(), cols: 6 });
  assert.match(errors[0].message, /1 to 1000/);
});

test("a start on a hole is refused", () => {
  const { settings, errors } = parseQuery("?holes=a1&start=a1");
  assert.equal(settings.start, null);
  assert.equal(errors[0].param, "start");
  assert.match(errors[0].message, /one of the holes/);
});

test("parseSide keeps the one rule for sides: a whole number from 1 to 1000, written as digits", () => {
  for (const [text, n] of [["1", 1], ["8", 8], [" 12 ", 12], ["1000", 1000], ["0008", 8]]) assert.equal(parseSide(text), n, text);
  for (const bad of ["0", "1001", "-3", "8.0", "1e2", "", "eight", "99999", null]) assert.equal(parseSide(bad), null, String(bad));
});

test("a linked tour is read with its start, and checked against the settings", () => {
  const tour = warnsdorffTour(6, 6, 0);
  const code = encodeTour(tour, 6);
  const ok = parseQuery(`?rows=6&cols=6&tour=${code}`);
  assert.deepEqual(ok.errors, []);
  assert.deepEqual(Array.from(ok.tour), tour);
  assert.deepEqual(ok.settings.start, [0, 0]);
  const wrongStart = parseQuery(`?rows=6&cols=6&start=a1&tour=${code}`);
  assert.equal(wrongStart.tour, null);
  assert.match(wrongStart.errors[0].message, /does not begin at the start square/);
  const short = parseQuery(`?rows=6&cols=6&tour=${encodeTour(tour.slice(0, 20), 6)}`);
  assert.equal(short.tour, null);
  assert.match(short.errors[0].message, /does not fit the board: it visits 20 squares, not the 36/);
});

test("tourProblem finds repeats, holes, wrong lengths and open ends of closed tours", () => {
  const tour = warnsdorffTour(5, 5, 0);
  const settings = { rows: 5, cols: 5, holes: [], closed: false };
  assert.equal(tourProblem(Int32Array.from(tour), settings), "");
  assert.match(tourProblem(Int32Array.from(tour), { ...settings, holes: [[4, 4]] }), /visits 25 squares, not the 24/);
  const repeated = [...tour.slice(0, 24), tour[0]];
  assert.match(tourProblem(Int32Array.from(repeated), settings), /move 25 lands on a hole or repeats a square/);
  // No closed tour exists on 5 x 5 (an odd number of squares): the last square never returns.
  assert.match(tourProblem(Int32Array.from(tour), { ...settings, closed: true }), /not one jump from its start/);
});
