import { test } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { checkHeader, fetchSnapshot } from "../../../web/solver/snapshot-fetch.mjs";
import { packPages, random } from "../helpers.mjs";

// A plain Uint8Array: a Node Buffer's slice() is a view, not a copy.
const gzipped = (bytes) => new Uint8Array(gzipSync(bytes));

const gzip = (raw) => gzipped(packPages(raw));

const HEADER = 48;

/** A fake snapshot: Pyodide's header (magic, heap offset) and a heap of `heap` bytes. */
function fakeSnapshot(heap, seed = 1, magic = 0x706e7300) {
  const bytes = new Uint8Array(HEADER + heap);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, magic, true);
  view.setUint32(4, HEADER, true);
  const rand = random(seed);
  // Stretches of zeros, some pages long, as in a real heap.
  let zero = false;
  for (let i = HEADER; i < bytes.length; i += 1) {
    if (rand() < 0.001) zero = !zero;
    bytes[i] = zero || rand() < 0.7 ? 0 : Math.floor(rand() * 256);
  }
  return bytes;
}

function served(body, status = 200) {
  const chunks = [];
  for (let i = 0; i < body.length; i += 4096) chunks.push(body.slice(i, i + 4096)); // copies: a stream may take over its chunks;
  return async () => new Response(new ReadableStream({
    pull(controller) {
      if (chunks.length) controller.enqueue(chunks.shift());
      else controller.close();
    },
  }), { status });
}

const entryFor = (raw, gz, patch = {}) => ({ file: "snapshot-x.bin.gz", bytes: gz.length, rawBytes: raw.length, heapLimit: raw.length - HEADER, ...patch });
const baseUrl = "http://127.0.0.1/";

test("a good snapshot arrives whole, and every compressed byte is counted", async () => {
  const raw = fakeSnapshot(200_000);
  const gz = gzip(raw);
  const seen = [];
  const out = await fetchSnapshot(entryFor(raw, gz), { baseUrl, fetchImpl: served(gz), onBytes: (n, total) => seen.push([n, total]) });
  assert.deepEqual(out, raw);
  assert.deepEqual(seen.at(-1), [gz.length, gz.length]);
  assert.ok(seen.every(([n], i) => i === 0 || n > seen[i - 1][0]));
});

test("missing, corrupt, truncated, overlong, foreign and too-large snapshots are refused with a reason", async () => {
  const raw = fakeSnapshot(100_000, 7);
  const gz = gzip(raw);
  const refuse = async (entry, fetchImpl, pattern) => {
    await assert.rejects(fetchSnapshot(entry, { baseUrl, fetchImpl }), pattern);
  };
  await refuse(null, served(gz), /no snapshot/);
  await refuse(entryFor(raw, gz), served(new Uint8Array(0), 404), /HTTP 404/);
  const flipped = gz.slice();
  flipped[Math.floor(gz.length / 2)] ^= 0xff;
  await refuse(entryFor(raw, gz), served(flipped), /corrupt/);
  await refuse(entryFor(raw, gz), served(gz.subarray(0, gz.length - 100)), /corrupt|truncated/);
  await refuse(entryFor(raw, gz, { rawBytes: raw.length + 16 }), served(gz), /holds 100048 bytes, not the 100064/);
  await refuse(entryFor(raw, gz, { rawBytes: raw.length - 16 }), served(gz), /holds 100048 bytes, not the 100032/);
  await refuse(entryFor(raw, gz), served(gzipped(raw)), /not a snapshot file of this build's layout/);
  const packed = packPages(raw);
  await refuse(entryFor(raw, gz), served(gzipped(packed.subarray(0, packed.length - 10))), /truncated/);
  await refuse(entryFor(raw, gz), served(gzipped(Uint8Array.of(...packed, 1, 2, 3))), /larger than its header says/);
  const foreign = fakeSnapshot(100_000, 7, 0x12345678);
  await refuse(entryFor(foreign, gzip(foreign)), served(gzip(foreign)), /not a Pyodide memory snapshot/);
  const corrupt = packPages(raw);
  new DataView(corrupt.buffer).setUint32(12, 1e9, true); // a billion runs
  await refuse(entryFor(raw, gz), served(gzipped(corrupt)), /corrupt \(page size 256, 1000000000 runs\)/);
  await refuse(entryFor(raw, gz, { heapLimit: 50_000 }), served(gz), /larger than Pyodide's 50000/);
});

test("the header check reads Pyodide's layout: magic at 0, heap offset at 4", () => {
  const raw = fakeSnapshot(1000);
  assert.doesNotThrow(() => checkHeader(raw, { file: "s", heapLimit: 1000 }));
  assert.throws(() => checkHeader(raw, { file: "s", heapLimit: 999 }), /heap \(1000 bytes\)/);
  assert.throws(() => checkHeader(raw.subarray(0, 20), { file: "s" }), /not a Pyodide/);
});
