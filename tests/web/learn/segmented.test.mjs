import { test } from "node:test";
import assert from "node:assert/strict";
import { COLUMN_SEG, SegmentedColumn } from "../../../web/learn/segmented.js";
import { random } from "../helpers.mjs";

test("a segmented column reads back what was written, across segments, as a plain array does", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const rand = random(seed);
    const column = new SegmentedColumn(Int16Array);
    const plain = [];
    let length = 0;
    for (let round = 0; round < 6; round++) {
      // A run of values copied in at the end (may cross one or more segment boundaries) ...
      const n = Math.floor(rand() * 2.5 * COLUMN_SEG);
      const values = Int16Array.from({ length: n }, () => Math.floor(rand() * 65536) - 32768);
      column.reserve(length + n);
      column.putAll(length, values);
      plain.push(...values);
      length += n;
      // ... and single values put anywhere already reserved.
      for (let k = 0; k < 50 && length; k++) {
        const j = Math.floor(rand() * length);
        const v = Math.floor(rand() * 200) - 100;
        column.put(j, v);
        plain[j] = v;
      }
    }
    for (let j = 0; j < length; j++) if (column.get(j) !== plain[j]) assert.fail(`seed ${seed}: index ${j}`);
    assert.ok(column.capacity >= length && column.capacity - length < COLUMN_SEG, "at most one segment beyond what is held");
  }
});

test("growing keeps every segment it had: nothing held is copied", () => {
  const column = new SegmentedColumn(Uint32Array);
  column.reserve(1);
  const first = column.segments[0];
  column.reserve(10 * COLUMN_SEG);
  assert.equal(column.segments[0], first);
  assert.equal(column.segments.length, 10);
  assert.equal(column.byteLength, 10 * COLUMN_SEG * 4);
});
