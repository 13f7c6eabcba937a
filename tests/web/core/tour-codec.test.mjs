import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeTour, decodeTour } from "../../../web/core/tour-codec.js";
import { knightWalk, random } from "../helpers.mjs";

test("random knight walks round-trip at about three bits per move", () => {
  const rand = random(7);
  for (let i = 0; i < 200; i += 1) {
    const rows = 1 + Math.floor(rand() * 60);
    const cols = 3 + Math.floor(rand() * 60);
    // The codec refuses more moves than squares (no tour has them), so walks stay that short.
    const walk = knightWalk(rows, cols, Math.min(rows * cols, 1 + Math.floor(rand() * 500)), rand);
    const text = encodeTour(walk, cols);
    assert.match(text, /^[A-Za-z0-9_-]*$/);
    assert.deepEqual(Array.from(decodeTour(text, rows, cols)), walk);
    // Three bits a move, plus at most 6 bytes of header and the last byte's padding.
    assert.ok(text.length * 6 <= 3 * (walk.length - 1) + 8 * 7 + 6, `${text.length} chars for ${walk.length - 1} moves`);
  }
});

test("a single square round-trips", () => {
  assert.deepEqual(Array.from(decodeTour(encodeTour([42], 8), 8, 8)), [42]);
});

test("a step that is not a knight move cannot be encoded", () => {
  assert.throws(() => encodeTour([0, 1], 8), /step 1 is not one of the rule's jumps/);
});

test("garbage gives a message saying what is wrong, never a crash or a wrong tour", () => {
  const good = encodeTour(knightWalk(8, 8, 40, random(3)), 8);
  const cases = {
    "": /empty/,
    "!!": /characters other than/,
    [good.slice(0, -3)]: /length does not match/,
    [`${good}AAAA`]: /length does not match/,
    [`${good}A`.slice(0, 4 * Math.floor(good.length / 4) + 1)]: /does not fit base64url/,
    [encodeTour([100], 11)]: /start square is off the 8 x 8 board/,
    [encodeTour(knightWalk(9, 9, 70, random(5)), 9)]: /more moves than the board has squares|leaves the 8 x 8 board/,
    "____": /ends in the middle of a number/,
  };
  for (const [text, message] of Object.entries(cases)) assert.throws(() => decodeTour(text, 8, 8), message, text);
});

test("a tour that leaves a smaller board is refused", () => {
  const walk = [0, 12, 24, 36]; // one row down and two columns right, three times: off a 3 x 10 board
  assert.throws(() => decodeTour(encodeTour(walk, 10), 3, 10), /move 3 leaves the 3 x 10 board/);
});
