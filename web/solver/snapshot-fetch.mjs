// Fetches and checks the build's Pyodide memory snapshot for the worker: gunzips it
// while it downloads, has snapshot-pages.mjs put back the zero pages the file leaves
// out, counts the bytes for the progress line, and rejects anything that Pyodide could
// not restore (missing, corrupt, truncated, foreign, too large), so that the worker can
// fall back to the plain start before trusting it.

import { pageReader, problem } from "./snapshot-pages.mjs";

const SNAPSHOT_MAGIC = 0x706e7300; // Pyodide's "\0snp", little-endian, at byte 0
const HEADER_BYTES = 48; // magic, heap offset, JSON length, padding, 32-byte build id

/**
 * The snapshot described by `entry` (build.json's {file, bytes, rawBytes, heapLimit}),
 * as a Uint8Array ready for loadPyodide's _loadSnapshot.
 * onBytes(received, total) is called as compressed bytes arrive.
 * Rejects with an Error whose message says what was wrong.
 */
export async function fetchSnapshot(entry, { baseUrl, onBytes = () => {}, fetchImpl = fetch } = {}) {
  if (!entry || typeof entry.file !== "string" || !(entry.rawBytes > HEADER_BYTES)) {
    throw new Error("this build has no snapshot");
  }
  const response = await fetchImpl(new URL(entry.file, baseUrl));
  if (!response.ok) throw new Error(`${entry.file}: HTTP ${response.status}`);
  if (!response.body) throw new Error(`${entry.file}: empty response`);

  let received = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      onBytes(received, entry.bytes);
      controller.enqueue(chunk);
    },
  });
  // One buffer of the announced size, zeroed: no copies of a 30 MB heap, the pages the
  // file leaves out are already there, and an overlong stream is refused at once.
  const out = new Uint8Array(entry.rawBytes);
  const pages = pageReader(out, entry.file);
  const reader = response.body.pipeThrough(counter).pipeThrough(new DecompressionStream("gzip")).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pages.write(value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    if (err.snapshotProblem) throw err;
    throw problem(`${entry.file} could not be read or is corrupt (${err.message || err})`);
  }
  if (!pages.complete()) throw new Error(`${entry.file} is truncated: ${pages.placed()} of its bytes arrived`);
  checkHeader(out, entry);
  return out;
}

/** Refuse bytes that are not a Pyodide snapshot, or whose heap exceeds the default. */
export function checkHeader(bytes, entry) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER_BYTES || view.getUint32(0, true) !== SNAPSHOT_MAGIC) {
    throw new Error(`${entry.file} is not a Pyodide memory snapshot`);
  }
  const heapBytes = bytes.byteLength - view.getUint32(4, true);
  // Restoring copies into Pyodide's default heap, which does not grow first.
  if (entry.heapLimit && heapBytes > entry.heapLimit) {
    throw new Error(`the snapshot's heap (${heapBytes} bytes) is larger than Pyodide's ${entry.heapLimit}`);
  }
}
