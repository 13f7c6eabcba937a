import { test } from "node:test";
import assert from "node:assert/strict";

import { MAX_TEXT_CHARS, parseTourText } from "../../../web/pasted-tour/text.js";
import { KNIGHT_STEPS, squareName } from "../../../web/core/squares.js";
import { random, warnsdorffTour } from "../helpers.mjs";

const isKnightMove = (a, b, cols) => {
  const dr = Math.floor(b / cols) - Math.floor(a / cols);
  const dc = (b % cols) - (a % cols);
  return KNIGHT_STEPS.some(([r, c]) => r === dr && c === dc);
};

/** The numbered board of a path, as the posts print it ("%-5d": numbers left-aligned in 5). */
function numberedBoard(path, rows, cols, format = (n) => String(n).padEnd(5)) {
  const numbers = new Array(rows * cols).fill(0);
  path.forEach((sq, i) => {
    numbers[sq] = i + 1;
  });
  const lines = [];
  for (let r = 0; r < rows; r += 1) lines.push(numbers.slice(r * cols, (r + 1) * cols).map(format).join(""));
  return lines.join("\n");
}

/**
 * The Python post's program, rewritten with a loop: plain backtracking in its fixed move
 * order from (2, 0) that stops when it has numbered 60 squares of the 8 x 8 board.
 */
function seedBoardStoppingAt60() {
  const order = [[2, -1], [2, 1], [1, -2], [1, 2], [-2, -1], [-2, 1], [-1, -2], [-1, 2]];
  const chess = Array.from({ length: 8 }, () => new Array(8).fill(0));
  chess[2][0] = 1;
  const stack = [[2, 0, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [x, y] = top;
    if (chess[x][y] === 60) break;
    let moved = false;
    while (top[2] < 8) {
      const [dx, dy] = order[top[2]];
      top[2] += 1;
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && nx < 8 && ny >= 0 && ny < 8 && chess[nx][ny] === 0) {
        chess[nx][ny] = chess[x][y] + 1;
        stack.push([nx, ny, 0]);
        moved = true;
        break;
      }
    }
    if (!moved) {
      chess[x][y] = 0;
      stack.pop();
    }
  }
  return chess.map((row) => row.map((v) => String(v).padEnd(5)).join("")).join("\n");
}

test("a numbered board reads back as the path it was printed from", () => {
  for (const [rows, cols] of [[5, 5], [6, 6], [8, 8], [5, 7], [12, 12]]) {
    const tour = warnsdorffTour(rows, cols, 0) || warnsdorffTour(rows, cols, rows * cols - 1);
    if (!tour) continue;
    for (const format of [(n) => String(n).padEnd(5), (n) => String(n).padStart(4), (n) => `${n},`]) {
      const text = numberedBoard(tour, rows, cols, format);
      const read = parseTourText(`Output:\n${text}\nDone.\n`);
      assert.equal(read.ok, true, read.message);
      assert.equal(read.format, "board");
      assert.deepEqual([read.rows, read.cols], [rows, cols]);
      assert.deepEqual(read.path, tour);
      assert.equal(read.note, "");
    }
  }
});

test("the Go post's bracketed board, with the lines around it, reads as 8 x 8", () => {
  const tour = warnsdorffTour(8, 8, 0);
  const text = numberedBoard(tour, 8, 8, (n) => String(n).padStart(3)).split("\n").map((l) => `[${l}]`).join("\n");
  const read = parseTourText(`$ go run main.go\n2 4\n${text}\n0\n`);
  assert.equal(read.ok, true, read.message);
  assert.deepEqual(read.path, tour);
});

test("one line of n x n numbers is a square board written row after row", () => {
  const tour = warnsdorffTour(6, 6, 0);
  const numbers = new Array(36).fill(0);
  tour.forEach((sq, i) => {
    numbers[sq] = i + 1;
  });
  const read = parseTourText(numbers.join(" "));
  assert.equal(read.ok, true, read.message);
  assert.deepEqual([read.rows, read.cols], [6, 6]);
  assert.deepEqual(read.path, tour);
});

test("one wrong number names the move where the path breaks", () => {
  const rand = random(5);
  const tour = warnsdorffTour(8, 8, 0);
  for (let trial = 0; trial < 40; trial += 1) {
    const wrongAt = 1 + Math.floor(rand() * 63); // which move number is overwritten
    let other = 1 + Math.floor(rand() * 64);
    if (other === wrongAt + 1) other = wrongAt + 2 > 64 ? 1 : wrongAt + 2;
    const numbers = new Array(64).fill(0);
    tour.forEach((sq, i) => {
      numbers[sq] = i + 1;
    });
    const square = tour[wrongAt];
    numbers[square] = other; // move wrongAt + 1 is now written as `other`
    const text = numbers.map(String).reduce((rows, n, i) => (i % 8 ? rows.slice(0, -1).concat(`${rows.at(-1)} ${n}`) : rows.concat(n)), []).join("\n");
    const read = parseTourText(text);
    const missing = wrongAt + 1;
    assert.equal(read.ok, false);
    const first = Math.min(missing, other);
    assert.equal(read.step, first, read.message);
    assert.match(read.message, new RegExp(`^Move ${first} is (missing|written twice)`));
    assert.match(read.message, new RegExp(`\\b${other}\\b`));
    assert.ok(read.highlight.length >= 1);
  }
});

test("the Python post's 8 x 8 output stopping at 60 is read with a note naming what is missing", () => {
  const text = seedBoardStoppingAt60();
  const read = parseTourText(text);
  assert.equal(read.ok, true, read.message);
  assert.equal(read.path.length, 60);
  assert.match(read.note, /^The numbers stop at 60 on a board with 64 squares to visit: 61 to 64 are missing, and .* hold no number\.$/);
  for (let i = 1; i < 60; i += 1) assert.ok(isKnightMove(read.path[i - 1], read.path[i], 8));
  const unnumbered = [...text.matchAll(/\b0\b/g)].length;
  assert.equal(unnumbered, 4);
});

test("a number larger than the board is named with its square", () => {
  const tour = warnsdorffTour(5, 5, 0);
  const numbers = new Array(25).fill(0);
  tour.forEach((sq, i) => {
    numbers[sq] = i + 1;
  });
  numbers[24] = 26;
  const text = [0, 1, 2, 3, 4].map((r) => numbers.slice(r * 5, r * 5 + 5).join(" ")).join("\n");
  const read = parseTourText(text);
  assert.equal(read.ok, false);
  assert.match(read.message, /e1 holds 26; the numbers must run from 1 to 25/);
});

test("holes written as # are read as the board's holes", () => {
  const read = parseTourText("1 # 3\n# 2 #\n4 # .");
  assert.equal(read.ok, true);
  assert.deepEqual(read.holes, [1, 3, 5, 7]);
  assert.deepEqual(read.path, [0, 4, 2, 6]);
  assert.match(read.note, /stop at 4 on a board with 5 squares/);
});

test("algebraic moves: on the page's board when they fit, else on the smallest board around them", () => {
  const tour = warnsdorffTour(5, 5, 20);
  const names = tour.map((sq) => squareName([Math.floor(sq / 5), sq % 5], 5));
  let read = parseTourText(names.join(" "), { rows: 8, cols: 8 });
  assert.equal(read.ok, true, read.message);
  assert.deepEqual([read.rows, read.cols], [5, 5]);
  assert.deepEqual(read.path, tour);
  read = parseTourText(names.map((n, i) => `${i + 1}. ${n.toUpperCase()}`).join("\n"), { rows: 5, cols: 5 });
  assert.deepEqual(read.path, tour);
  read = parseTourText(names.join(" -> "), { rows: 5, cols: 5 });
  assert.deepEqual(read.path, tour);
  read = parseTourText("a1 c2 e1", { rows: 8, cols: 8 });
  assert.deepEqual([read.rows, read.cols], [8, 8]);
  read = parseTourText("a1 c2 bogus e1");
  assert.equal(read.ok, false);
  assert.match(read.message, /“bogus” \(word 3\) is not a square name/);
});

test("the command line's JSON: path pairs, moves, holes, closed; a JSON without a tour says why", () => {
  const tour = warnsdorffTour(5, 5, 0);
  const path = tour.map((sq) => [Math.floor(sq / 5), sq % 5]);
  let read = parseTourText(JSON.stringify({ rows: 5, cols: 5, closed: false, rule: "knight", blocked: [], status: "found", path, moves: [] }));
  assert.equal(read.ok, true, read.message);
  assert.deepEqual(read.path, tour);
  assert.equal(read.format, "json");
  read = parseTourText(JSON.stringify({ rows: 4, cols: 4, status: "impossible", reason: "No open tour exists on a 4 x 4 board", path: [], moves: [] }));
  assert.equal(read.ok, false);
  assert.match(read.message, /holds no tour \(its status is “impossible”: No open tour exists on a…\)/);
  read = parseTourText('{"rows": 5, "cols": 5, "path": [[9, 9]]}');
  assert.match(read.message, /step 0: \[9, 9\] is off the 5 x 5 board/);
  read = parseTourText('{"rows": 5, "cols": 5, "path": [[0, 0]');
  assert.match(read.message, /not valid JSON/);
});

test("text over the limit is refused unread, at once", () => {
  const huge = "1 ".repeat(5_000_000);
  const began = Date.now();
  const read = parseTourText(huge);
  assert.equal(read.ok, false);
  assert.match(read.message, /10,000,000 characters long; at most 1,000,000 are read/);
  assert.ok(huge.length > MAX_TEXT_CHARS);
  assert.ok(Date.now() - began < 1000); // refused without reading: no scan of the text
});

test("any text gives an answer, never an exception, and messages quote it cut short", () => {
  const rand = random(9);
  const alphabet = "0123456789 .#-,[]{}\n\tabcxyz{}\":<>&é😀\u0000";
  for (let i = 0; i < 500; i += 1) {
    const length = Math.floor(rand() * 200);
    let text = "";
    for (let k = 0; k < length; k += 1) text += alphabet[Math.floor(rand() * alphabet.length)];
    const read = parseTourText(text, { rows: 8, cols: 8 });
    assert.equal(typeof read.ok, "boolean");
    if (!read.ok) {
      assert.equal(typeof read.message, "string");
      assert.ok(read.message.length < 600, read.message);
    } else {
      assert.ok(read.path.every((sq) => Number.isInteger(sq) && sq >= 0 && sq < read.rows * read.cols));
    }
  }
  const long = parseTourText(`a1 ${"<script>".repeat(100)}`);
  assert.ok(long.message.includes("…") && long.message.length < 200);
});
