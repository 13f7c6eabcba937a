// Fetches and checks the build's Pyodide memory snapshot for the worker: gunzips it
// while it downloads, puts back the zero pages the file leaves out (its layout:
// tools/snapshot_pages.py), counts the bytes for the progress line, and rejects anything
// that Pyodide could not restore (missing, corrupt, truncated, foreign, too large), so
// that the worker can fall back to the plain start before trusting it.

const SNAPSHOT_MAGIC = 0x706e7300; // Pyodide's "\0snp", little-endian, at byte 0
const HEADER_BYTES = 48; // magic, heap offset, JSON length, padding, 32-byte build id
const PAGES_MAGIC = 0x3147504b; // "KPG1", little-endian: the file's own layout
const PAGES_HEADER = 16; // magic, raw size, page size, run count; then 8 bytes per run

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

/**
 * Places the gunzipped stream of a snapshot file into `out`: its header first, then each
 * kept page where it belongs. write(chunk) throws a problem on anything out of layout.
 */
export function pageReader(out, file) {
  let header = new Uint8Array(PAGES_HEADER);
  let headerLength = 0;
  let ranges = null; // [[start, end], ...]: the byte ranges of `out` the pages fill, in order
  let range = 0;
  let at = 0;
  let placed = 0;

  function readFixedPart() {
    const view = new DataView(header.buffer);
    if (view.getUint32(0, true) !== PAGES_MAGIC) throw problem(`${file} is not a snapshot file of this build's layout`);
    const size = view.getUint32(4, true);
    if (size !== out.length) throw problem(`${file} holds ${size} bytes, not the ${out.length} build.json says`);
    const pageBytes = view.getUint32(8, true);
    const runs = view.getUint32(12, true);
    if (pageBytes === 0 || runs > Math.ceil(size / pageBytes)) throw problem(`${file} is corrupt (page size ${pageBytes}, ${runs} runs)`);
    const whole = new Uint8Array(PAGES_HEADER + 8 * runs); // and the runs
    whole.set(header);
    header = whole;
  }

  function readRanges() {
    const view = new DataView(header.buffer);
    const runs = view.getUint32(12, true);
    const pageBytes = view.getUint32(8, true);
    ranges = [];
    let end = 0;
    for (let n = 0; n < runs; n += 1) {
      const start = view.getUint32(PAGES_HEADER + 8 * n, true) * pageBytes;
      const stop = Math.min(start + view.getUint32(PAGES_HEADER + 8 * n + 4, true) * pageBytes, out.length);
      if (start < end || stop <= start) throw problem(`${file} is corrupt (its page runs overlap or lie outside the heap)`);
      ranges.push([start, stop]);
      end = stop;
    }
  }

  let fixedRead = false;

  function takeHeader(chunk, offset) {
    const n = Math.min(header.length - headerLength, chunk.length - offset);
    header.set(chunk.subarray(offset, offset + n), headerLength);
    headerLength += n;
    if (!fixedRead && headerLength === PAGES_HEADER) {
      readFixedPart();
      fixedRead = true;
    }
    if (fixedRead && headerLength === header.length) readRanges();
    return offset + n;
  }

  return {
    write(chunk) {
      let offset = 0;
      while (!ranges && offset < chunk.length) offset = takeHeader(chunk, offset);
      while (offset < chunk.length) {
        if (range >= ranges.length) throw problem(`${file} is larger than its header says`);
        const [start, end] = ranges[range];
        if (at < start) at = start;
        const n = Math.min(end - at, chunk.length - offset);
        out.set(chunk.subarray(offset, offset + n), at);
        at += n;
        offset += n;
        placed += n;
        if (at === end) range += 1;
      }
    },
    complete: () => ranges !== null && range === ranges.length,
    placed: () => placed,
  };
}

function problem(message) {
  return Object.assign(new Error(message), { snapshotProblem: true });
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
