// learn/wire.js (generated from knight_py.learn.trace_format; tests/tools/test_wire.py checks it
// is current) as the page reads it: the page has a sentence for every verdict code, and
// the Learn programs' move order is a reordering of core/squares.js's one list of steps.

import { test } from "node:test";
import assert from "node:assert/strict";
import { LANGUAGES } from "../../../web/i18n/catalogs.js";
import { CATALOGS } from "../chinese.mjs"; // every catalog, loaded
import { KNIGHT_STEPS } from "../../../web/core/squares.js";
import { PROGRAM_STEPS } from "../../../web/learn/trace.js";
import { BUFFERS, COLUMNS, ENDINGS, CHUNK_STATUSES, MESSAGES, MOVE_ORDER, PROGRAM_IDS, VERDICT_CODES } from "../../../web/learn/wire.js";

test("every verdict code of the page's Python has the page's sentence in every language", () => {
  for (const lang of LANGUAGES) {
    for (const code of VERDICT_CODES) assert.ok(`learn.verdict.${code}` in CATALOGS[lang], `${lang}: learn.verdict.${code}`);
  }
});

test("every program has the page's menu entry and description in every language", () => {
  for (const lang of LANGUAGES) {
    for (const id of PROGRAM_IDS) {
      for (const key of [`learn.menu.${id}`, `learn.program.${id}`]) assert.ok(key in CATALOGS[lang], `${lang}: ${key}`);
    }
  }
});

test("the programs try the knight's eight steps, each once, starting with (1, 2)", () => {
  assert.deepEqual([...MOVE_ORDER].sort(), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(PROGRAM_STEPS, [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]]);
  assert.equal(new Set(PROGRAM_STEPS.map(String)).size, KNIGHT_STEPS.length);
});

test("the format's tables agree with each other and cannot be changed by a reader", () => {
  assert.deepEqual(BUFFERS, Object.keys(COLUMNS));
  assert.deepEqual(ENDINGS, CHUNK_STATUSES.slice(1));
  assert.ok(Object.isFrozen(COLUMNS) && Object.isFrozen(MESSAGES) && Object.isFrozen(MOVE_ORDER));
});
