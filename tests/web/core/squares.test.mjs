import { test } from "node:test";
import assert from "node:assert/strict";
import { fileName, hasSquare, squareName, parseSquare, sameSquare, KNIGHT_STEPS, MAX_SIDE } from "../../../web/core/squares.js";

test("file names run a..z, aa..az, ba.. like spreadsheet columns", () => {
  assert.deepEqual([0, 1, 25, 26, 27, 51, 52, 701, 702].map(fileName), ["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"]);
});

test("a1 is the bottom-left square; names and parsing are inverse on every square of several boards", () => {
  for (const [rows, cols] of [[1, 1], [8, 8], [3, 30], [30, 3], [MAX_SIDE, 60]]) {
    assert.equal(squareName([rows - 1, 0], rows), "a1");
    for (let r = 0; r < rows; r += Math.max(1, Math.floor(rows / 17))) {
      for (let c = 0; c < cols; c += 1) {
        assert.deepEqual(parseSquare(squareName([r, c], rows), rows, cols), [r, c]);
      }
    }
  }
});

test("parseSquare accepts case and spaces, and refuses what is not a square of the board", () => {
  assert.deepEqual(parseSquare(" C3 ", 8, 8), [5, 2]);
  for (const bad of ["", "a0", "i1", "a9", "3c", "a-1", "aaaa1", "a12345", "<img>", null, undefined]) {
    assert.equal(parseSquare(bad, 8, 8), null, String(bad));
  }
});

test("sameSquare compares by value and handles null", () => {
  assert.ok(sameSquare([1, 2], [1, 2]));
  assert.ok(!sameSquare([1, 2], [2, 1]));
  assert.ok(sameSquare(null, null));
  assert.ok(!sameSquare(null, [0, 0]));
  assert.ok(!sameSquare([0, 0], undefined));
});


test("the eight knight steps are distinct and all (1,2)-leaps", () => {
  assert.equal(new Set(KNIGHT_STEPS.map(String)).size, 8);
  for (const [r, c] of KNIGHT_STEPS) assert.deepEqual([Math.abs(r), Math.abs(c)].sort(), [1, 2]);
});

test("hasSquare finds squares by value", () => {
  assert.ok(hasSquare([[0, 1], [2, 3]], [2, 3]));
  assert.ok(!hasSquare([[0, 1], [2, 3]], [3, 2]));
  assert.ok(!hasSquare([], [0, 0]));
});
