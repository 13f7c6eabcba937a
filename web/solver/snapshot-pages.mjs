// The snapshot file's layout, read back: the heap without its pages of zeros, as
// tools/snapshot_pages.py writes it (integers are unsigned 32-bit little-endian):
//
//   "KPG1"  raw size  page size  run count
//   run count x (first page, page count)     the kept runs, in order, apart
//   the kept pages' bytes, in order          (the last page of the heap may be short)
//
// The reader places each kept page into a zeroed buffer as the gunzipped stream arrives.

const MAGIC = 0x3147504b; // "KPG1", little-endian
const FIXED = 16; // magic, raw size, page size, run count; then 8 bytes per run
const MIN_PAGE = 64; // the build writes 4096; tests use smaller pages
const MAX_PAGE = 1 << 20;

/** An error that says what is wrong with the file (snapshot-fetch.mjs passes it on as it is). */
export function problem(message) {
  return Object.assign(new Error(message), { snapshotProblem: true });
}

/**
 * Places the gunzipped stream of a snapshot file into `out` (zeroed, the heap's size).
 * write(chunk) throws a problem naming `file` on anything out of layout: another magic, a
 * size other than out's, a page size that is not a power of two in [64, 1 MiB], more runs
 * than the pages allow, runs out of order or touching or past the heap, or bytes beyond
 * the last run. complete() says whether every kept page has arrived.
 */
export function pageReader(out, file) {
  let header = new Uint8Array(FIXED);
  let headerLength = 0;
  let fixedRead = false;
  let pageBytes = 0;
  let runs = 0;
  let ranges = null; // [[start, end], ...]: the byte ranges of `out` the pages fill, in order
  let range = 0;
  let at = 0;
  let placed = 0;

  function readFixedPart() {
    const view = new DataView(header.buffer);
    if (view.getUint32(0, true) !== MAGIC) throw problem(`${file} is not a snapshot file of this build's layout`);
    const size = view.getUint32(4, true);
    if (size !== out.length) throw problem(`${file} holds ${size} bytes, not the ${out.length} build.json says`);
    pageBytes = view.getUint32(8, true);
    runs = view.getUint32(12, true);
    const pages = Math.ceil(size / pageBytes);
    // Runs are apart, so at most every other page starts one.
    const powerOfTwo = (pageBytes & (pageBytes - 1)) === 0;
    if (!powerOfTwo || pageBytes < MIN_PAGE || pageBytes > MAX_PAGE || runs > Math.ceil(pages / 2)) {
      throw problem(`${file} is corrupt (page size ${pageBytes}, ${runs} runs)`);
    }
    const whole = new Uint8Array(FIXED + 8 * runs); // and the runs
    whole.set(header);
    header = whole;
    fixedRead = true;
  }

  function readRanges() {
    const view = new DataView(header.buffer);
    const pages = Math.ceil(out.length / pageBytes);
    ranges = [];
    let next = 0; // the first page a run may start at: apart from the run before
    for (let n = 0; n < runs; n += 1) {
      const first = view.getUint32(FIXED + 8 * n, true);
      const count = view.getUint32(FIXED + 8 * n + 4, true);
      if (first < next || count === 0 || first + count > pages) {
        throw problem(`${file} is corrupt (run ${n}: pages ${first} to ${first + count - 1} of ${pages})`);
      }
      ranges.push([first * pageBytes, Math.min((first + count) * pageBytes, out.length)]);
      next = first + count + 1;
    }
  }

  function takeHeader(chunk, offset) {
    const n = Math.min(header.length - headerLength, chunk.length - offset);
    header.set(chunk.subarray(offset, offset + n), headerLength);
    headerLength += n;
    if (!fixedRead && headerLength === FIXED) readFixedPart();
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
