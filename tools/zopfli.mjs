// Gzip files with Zopfli (@gfx/zopfli, pinned in package.json): a gzip stream that any
// gunzip reads, DecompressionStream included, 3-6% smaller than gzip -9 for the files of
// Python's start (see tools/compress.py, which runs this and caches what it writes).
//
//   node tools/zopfli.mjs IN OUT [IN OUT ...]
//
// Each OUT is written whole or not at all (OUT.part, then renamed). One iteration: more
// took 25% longer on the wasm for 0.1% fewer bytes.

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import zopfli from "@gfx/zopfli";

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error("usage: node tools/zopfli.mjs IN OUT [IN OUT ...]");
  process.exit(2);
}
const gzip = promisify(zopfli.gzip);
for (let i = 0; i < pairs.length; i += 2) {
  const [input, output] = pairs.slice(i, i + 2);
  const packed = await gzip(readFileSync(input), { numiterations: 1 });
  writeFileSync(`${output}.part`, packed);
  renameSync(`${output}.part`, output);
}
