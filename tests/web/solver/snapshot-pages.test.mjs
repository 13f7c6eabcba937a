import { test } from "node:test";
import assert from "node:assert/strict";
import { headerLayout, pageRanges, pageReader } from "../../../web/solver/snapshot-pages.mjs";
import { packPages, random } from "../helpers.mjs";

/** A heap with stretches of zeros, some pages long, as in a real one. */
function heap(bytes, seed) {
  const out = new Uint8Array(bytes);
  const rand = random(seed);
  let zero = false;
  for (let i = 0; i < bytes; i += 1) {
    if (rand() < 0.002) zero = !zero;
    out[i] = zero || rand() < 0.5 ? 0 : 1 + Math.floor(rand() * 255);
  }
  return out;
}

function read(raw, packed, chunk = packed.length) {
  const out = new Uint8Array(raw.length);
  const pages = pageReader(out, "s");
  for (let i = 0; i < packed.length; i += chunk) pages.write(packed.subarray(i, i + chunk));
  return { out, complete: pages.complete() };
}

test("every kept page is put back, however the stream is cut, a short last page too", () => {
  const raw = heap(50_010, 3); // 781 pages of 64 and a last one of 26 bytes
  raw[raw.length - 1] = 7; // the short last page is kept
  const packed = packPages(raw, 64);
  assert.ok(packed.length < raw.length, "zero pages are left out");
  for (const size of [1, 7, 16, 17, 64, 1000, packed.length]) {
    const { out, complete } = read(raw, packed, size);
    assert.ok(complete, `chunks of ${size}`);
    assert.deepEqual(out, raw, `chunks of ${size}`);
  }
  const empty = new Uint8Array(1000); // all zeros: no runs at all
  assert.ok(read(empty, packPages(empty, 64)).complete);
});

/** `packed` with its run `n` replaced by (first, count). */
function withRun(packed, n, first, count) {
  const copy = packed.slice();
  const view = new DataView(copy.buffer);
  view.setUint32(16 + 8 * n, first, true);
  view.setUint32(20 + 8 * n, count, true);
  return copy;
}

test("a page table out of layout is refused with what is wrong", () => {
  const raw = new Uint8Array(64 * 10);
  for (const page of [1, 2, 5, 8]) raw[page * 64] = 1; // runs (1, 2), (5, 1), (8, 1)
  const packed = packPages(raw, 64);
  assert.deepEqual(read(raw, packed).out, raw);
  const refused = (bytes, pattern) => assert.throws(() => read(raw, bytes), pattern);
  refused(withRun(packed, 1, 2, 1), /run 1: pages 2 to 2 of 10/); // overlaps run 0
  refused(withRun(packed, 1, 3, 1), /run 1: pages 3 to 3 of 10/); // touches run 0: would be one run
  refused(withRun(packed, 1, 5, 0), /run 1/); // no pages
  refused(withRun(packed, 2, 9, 2), /run 2: pages 9 to 10 of 10/); // past the heap
  refused(withRun(packed, 2, 4, 1), /run 2/); // out of order
  const header = (offset, value) => {
    const copy = packed.slice();
    new DataView(copy.buffer).setUint32(offset, value, true);
    return copy;
  };
  refused(header(8, 48), /page size 48/); // not a power of two
  refused(header(8, 32), /page size 32/); // too small: a table of runs as large as the heap
  refused(header(12, 6), /6 runs/); // more runs than 10 pages allow
  refused(header(0, 0x706e7300), /not a snapshot file of this build's layout/);
  refused(Uint8Array.of(...packed, 9), /larger than its header says/);
  assert.equal(read(raw, packed.subarray(0, packed.length - 1)).complete, false);
});

test("headerLayout and pageRanges read the header alone: page size, runs, and their byte ranges", () => {
  const raw = new Uint8Array(64 * 10 - 20); // a short last page
  for (const page of [1, 2, 5, 9]) raw[page * 64] = 1; // runs (1, 2), (5, 1), (9, 1)
  const packed = packPages(raw, 64);
  const layout = headerLayout(packed, raw.length, "s");
  assert.deepEqual(layout, { pageBytes: 64, runs: 3 });
  assert.deepEqual(pageRanges(packed, layout, raw.length, "s"), [[64, 192], [320, 384], [576, 620]]);
  assert.throws(() => headerLayout(packed, raw.length + 1, "s"), /s holds 620 bytes, not the 621/);
  assert.throws(() => pageRanges(withRun(packed, 2, 5, 1), layout, raw.length, "s"), /run 2: pages 5 to 5 of 10/);
});
