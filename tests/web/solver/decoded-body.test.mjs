// decoded-body.mjs: a compressed copy's body decoded as it arrives, Zstandard or gzip by
// its first bytes, anything else passed as it is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { decodedBody, formatOf } from "../../../web/solver/decoded-body.mjs";
import { random } from "../helpers.mjs";

// Made by the build's compressor (zstandard, level 19) from the text below; compressed
// blocks, not raw ones, so zstddec's decoding itself is exercised.
const ZSTD = new Uint8Array(readFileSync(new URL("../fixtures/knight-lines.txt.zst", import.meta.url)));
const TEXT = Array.from({ length: 3000 }, (_, n) => `knight ${n} to square ${(n * 37) % 64}\n`).join("");
const PLAIN = new TextEncoder().encode(TEXT);

/** A ReadableStream of `bytes` cut into chunks of the sizes `sizes()` gives in turn. */
function chunked(bytes, sizes) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const size = Math.max(1, sizes());
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
      return undefined;
    },
  });
}

async function read(stream) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A seeded generator of chunk sizes: a quarter of 1-3 bytes, a quarter up to 64, the
 * rest up to a few kilobytes. */
function sizesFrom(seed) {
  const rand = random(seed);
  const upTo = (n) => 1 + Math.floor(rand() * n);
  return () => [upTo(3), upTo(64), upTo(5000), upTo(5000)][Math.floor(rand() * 4)];
}

test("the format is read from the first bytes", () => {
  assert.equal(formatOf(ZSTD), "zstd");
  assert.equal(formatOf(gzipSync(PLAIN)), "gzip");
  assert.equal(formatOf(PLAIN), "plain");
  assert.equal(formatOf(new Uint8Array([0x28, 0xb5, 0x2f])), "plain"); // too short for zstd's magic
  assert.equal(formatOf(new Uint8Array(0)), "plain");
});

test("Zstandard, gzip and plain bodies come out as the file, however the bytes are cut", async () => {
  assert.ok(ZSTD.length * 5 < PLAIN.length, "the fixture is compressed");
  for (let seed = 1; seed <= 40; seed += 1) {
    for (const packed of [ZSTD, gzipSync(PLAIN), PLAIN]) {
      assert.deepEqual(await read(decodedBody(chunked(packed, sizesFrom(seed)))), PLAIN, `seed ${seed}`);
    }
  }
});

test("the compressed bytes are counted as they come, and once more when whole", async () => {
  const counted = [];
  await read(decodedBody(chunked(ZSTD, () => 1000), (n, done = false) => counted.push([n, done])));
  assert.deepEqual(counted.at(-1), [ZSTD.length, true]);
  const before = counted.slice(0, -1);
  assert.ok(before.length >= Math.floor(ZSTD.length / 1000));
  assert.ok(before.every(([n, done], i) => !done && (i === 0 || n > before[i - 1][0])));
});

test("a cut-off or corrupt Zstandard body errors the stream instead of ending short", async () => {
  await assert.rejects(read(decodedBody(chunked(ZSTD.slice(0, ZSTD.length - 20), () => 500))));
  // zstddec reports no error itself: corrupt input stops its progress, which is caught.
  const corrupt = ZSTD.slice();
  for (let i = 40; i < 80; i += 1) corrupt[i] ^= 0x5a;
  await assert.rejects(read(decodedBody(chunked(corrupt, () => 500))), /corrupt Zstandard data/);
  const header = ZSTD.slice();
  header[4] ^= 0xff; // the frame header's descriptor
  await assert.rejects(read(decodedBody(chunked(header, () => 500))), /corrupt Zstandard data/);
  const noise = Uint8Array.from({ length: 5000 }, (_, i) => (i < 4 ? ZSTD[i] : (i * 7919) % 251));
  await assert.rejects(read(decodedBody(chunked(noise, () => 700))), /corrupt Zstandard data/);
});

test("a body shorter than a magic number passes as it is; an empty one stays empty", async () => {
  assert.deepEqual(await read(decodedBody(chunked(new Uint8Array([0x28, 0xb5]), () => 1))), new Uint8Array([0x28, 0xb5]));
  assert.deepEqual(await read(decodedBody(chunked(new Uint8Array(0), () => 1))), new Uint8Array(0));
});
