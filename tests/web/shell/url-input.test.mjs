// parseQuery on careless and hostile links: repeated parameters, boards with no free
// square, starts on holes, huge values, direction-changing characters.
import test from "node:test";
import assert from "node:assert/strict";
import { parseQuery, toQuery } from "../../../web/shell/url.js";
import { parseHoles } from "../../../web/core/linked-board.js";
import { excerpt, EXCERPT_MAX } from "../../../web/core/excerpt.js";
import { squareName } from "../../../web/core/squares.js";

const byParam = (errors) => Object.fromEntries(errors.map((e) => [e.param, e.message]));
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/gu;

test("a good query round-trips with no messages", () => {
  const query = "?rows=12&cols=30&start=ad5&closed=1&method=warnsdorff&holes=b2,ab12&rule=xiangqi";
  const { settings, errors } = parseQuery(query);
  assert.deepEqual(errors, []);
  assert.equal(toQuery(settings), query);
});

test("every repeated parameter gets a message naming it; the first value is used", () => {
  const { settings, errors } = parseQuery("?rows=5&rows=6&cols=7&method=warnsdorff&method=backtrack&method=auto&start=a1");
  const messages = byParam(errors);
  assert.deepEqual(Object.keys(messages).sort(), ["method", "rows"]);
  assert.match(messages.rows, /^rows: given 2 times/);
  assert.match(messages.method, /given 3 times/);
  assert.equal(settings.rows, 5);
  assert.equal(settings.method, "warnsdorff");
});

test("a board where every square is a hole gets a message at load; the holes are kept", () => {
  const all = [];
  for (let r = 0; r < 3; r += 1) for (let c = 0; c < 4; c += 1) all.push(squareName([r, c], 3));
  const { settings, errors } = parseQuery(`?rows=3&cols=4&holes=${all.join(",")}`);
  assert.match(byParam(errors).holes, /every square of the 3 x 4 board is a hole/);
  assert.equal(settings.holes.length, 12);
  // One square left free is a board (of one square), so no message.
  const fine = parseQuery(`?rows=3&cols=4&holes=${all.slice(1).join(",")}`);
  assert.deepEqual(fine.errors, []);
  assert.equal(fine.settings.holes.length, 11);
});

test("a start on a hole gets a message at load, and the holes are kept", () => {
  const { settings, errors } = parseQuery("?holes=c3,d4&start=C3");
  assert.match(byParam(errors).start, /c3.*is one of the holes/);
  assert.equal(settings.start, null);
  assert.equal(settings.holes.length, 2);
});

test("holes: duplicates dropped in one pass, order kept, bad names counted not all echoed", () => {
  const { parsed, bad, badCount } = parseHoles("a1,b2,a1,zz9,b2,q0,c3,,x", 8, 8);
  assert.deepEqual(parsed, [[7, 0], [6, 1], [5, 2]]);
  assert.deepEqual(bad, ["zz9", "q0", "", "x"]);
  assert.equal(badCount, 4);
  const many = Array.from({ length: 50_000 }, (_, i) => `zz${i}`).join(",");
  const { errors } = parseQuery(`?holes=${many}`);
  const message = byParam(errors).holes;
  assert.ok(message.length < 400, `message is ${message.length} characters`);
  assert.match(message, /and 49,?995 more are not squares/);
});

test("100,000 holes (10,000 distinct, each ten times) on a 1000 x 1000 board", () => {
  const names = [];
  for (let k = 0; k < 100_000; k += 1) names.push(squareName([k % 100, (k / 100 | 0) % 100], 1000));
  const { settings, errors } = parseQuery(`?rows=1000&cols=1000&holes=${names.join(",")}`);
  assert.deepEqual(errors, []);
  assert.equal(settings.holes.length, 10_000);
  const keys = new Set(settings.holes.map(([r, c]) => r * 1000 + c));
  assert.equal(keys.size, 10_000);
});

test("echoed values are short excerpts, isolated, with hidden characters made visible", () => {
  const huge = "9".repeat(60_000);
  const evil = "\u202Eevil\u2066x\u2069";
  const { errors } = parseQuery(`?rows=${huge}&method=${encodeURIComponent(evil)}&start=${huge}&tour=${huge}&${huge}=1&closed=${encodeURIComponent(evil)}`);
  const messages = byParam(errors);
  for (const { message } of errors) {
    assert.ok(message.length < 400, `${message.slice(0, 60)}: ${message.length} characters`);
    // Isolates come in pairs FSI ... PDI and nothing else from the bidi family survives.
    const marks = message.match(BIDI) || [];
    assert.ok(marks.every((m) => m === "\u2068" || m === "\u2069"), JSON.stringify(marks));
    let depth = 0;
    for (const m of marks) {
      depth += m === "\u2068" ? 1 : -1;
      assert.ok(depth === 0 || depth === 1);
    }
    assert.equal(depth, 0);
  }
  assert.match(messages.rows, /60,000 characters/);
  assert.match(messages.method, /\[U\+202E\]evil\[U\+2066\]x\[U\+2069\]/);
});

test("excerpt: at most EXCERPT_MAX code points, surrogate pairs kept whole", () => {
  const horses = "🐴".repeat(100);
  const shown = excerpt(horses);
  const inner = shown.slice(1, shown.indexOf("…"));
  assert.equal([...inner].length, EXCERPT_MAX);
  assert.ok([...inner].every((ch) => ch === "🐴"));
  assert.equal(excerpt("a1"), "a1");
  assert.equal(excerpt("a\u0000b"), "a[U+0000]b"); // made visible, so plain again
  assert.equal(excerpt("שלום"), "\u2068שלום\u2069");
});

test("unknown parameters: named (a few), counted, ignored", () => {
  const query = "?" + Array.from({ length: 40 }, (_, i) => `p${i}=1`).join("&") + "&rows=6";
  const { settings, errors } = parseQuery(query);
  assert.equal(settings.rows, 6);
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /p0.*p4.* and 35 more: unknown parameters/);
});
