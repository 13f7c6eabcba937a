import test from "node:test";
import assert from "node:assert/strict";
import { publishedCounts } from "../../../web/count/published-counts.js";

const board = (rows, cols, closed = false, extra = {}) => ({ rows, cols, closed, holes: [], rule: "knight", ...extra });

test("the published figures: 5x5 corner 304, 6x6 closed 19,724 anywhere, 3x4 open 16 in all", () => {
  for (const corner of [[0, 0], [0, 4], [4, 0], [4, 4]]) assert.equal(publishedCounts(board(5, 5), corner).fromStart.value, 304);
  assert.equal(publishedCounts(board(5, 5), [2, 2]).fromStart.value, 64);
  assert.equal(publishedCounts(board(5, 5), [0, 2]).fromStart.value, 56);
  assert.equal(publishedCounts(board(5, 5), [0, 1]).fromStart.value, 0);
  assert.equal(publishedCounts(board(5, 5), [0, 0]).allStarts.value, 1728);
  assert.equal(publishedCounts(board(6, 6, true), [3, 2]).fromStart.value, 19_724);
  const three = publishedCounts(board(3, 4), [0, 0]);
  assert.equal(three.fromStart, null);
  assert.equal(three.allStarts.value, 16);
  assert.equal(publishedCounts(board(4, 3), [1, 1]).allStarts.value, 16); // turned board
});

test("nothing is claimed for holes, the xiangqi rule, or the other kind of tour", () => {
  assert.deepEqual(publishedCounts(board(5, 5, false, { holes: [[1, 1]] }), [0, 0]), { fromStart: null, allStarts: null });
  assert.deepEqual(publishedCounts(board(5, 5, false, { rule: "xiangqi" }), [0, 0]), { fromStart: null, allStarts: null });
  assert.equal(publishedCounts(board(6, 6, false), [0, 0]).fromStart, null);
  assert.equal(publishedCounts(board(8, 8), [0, 0]).fromStart, null);
});
