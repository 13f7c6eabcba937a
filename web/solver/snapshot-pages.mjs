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
 * The fixed part of the header (FIXED bytes) of a file meant to fill `size` bytes:
 * {pageBytes, runs}, or a problem naming `file`.
 */
export function headerLayout(header, size, file) {
  const view = new DataView(header.buffer, header.byteOffset, FIXED);
  if (view.getUint32(0, true) !== MAGIC) throw problem(`${file} is not a snapshot file of this build's layout`);
  const raw = view.getUint32(4, true);
  if (raw !== size) throw problem(`${file} holds ${raw} bytes, not the ${size} build.json says`);
  const pageBytes = view.getUint32(8, true);
  const runs = view.getUint32(12, true);
  const pages = Math.ceil(raw / pageBytes);
  // Runs are apart, so at most every other page starts one.
  const powerOfTwo = (pageBytes & (pageBytes - 1)) === 0;
  if (!powerOfTwo || pageBytes < MIN_PAGE || pageBytes > MAX_PAGE || runs > Math.ceil(pages / 2)) {
    throw problem(`${file} is corrupt (page size ${pageBytes}, ${runs} runs)`);
  }
  return { pageBytes, runs };
}

/**
 * The runs after the fixed part, as the byte ranges of a `size`-byte heap they fill:
 * [[start, end], ...] in order, or a problem naming `file`.
 */
export function pageRanges(header, { pageBytes, runs }, size, file) {
  const view = new DataView(header.buffer, header.byteOffset, FIXED + 8 * runs);
  const pages = Math.ceil(size / pageBytes);
  const ranges = [];
  let next = 0; // the first page a run may start at: apart from the run before
  for (let n = 0; n < runs; n += 1) {
    const first = view.getUint32(FIXED + 8 * n, true);
    const count = view.getUint32(FIXED + 8 * n + 4, true);
    if (first < next || count === 0 || first + count > pages) {
      throw problem(`${file} is corrupt (run ${n}: pages ${first} to ${first + count - 1} of ${pages})`);
    }
    ranges.push([first * pageBytes, Math.min((first + count) * pageBytes, size)]);
    next = first + count + 1;
  }
  return ranges;
}

/** Header bytes from chunk[offset..], read once complete; returns the offset after them. */
function takeHeader(reader, chunk, offset) {
  const n = Math.min(reader.header.length - reader.headerLength, chunk.length - offset);
  reader.header.set(chunk.subarray(offset, offset + n), reader.headerLength);
  reader.headerLength += n;
  if (!reader.layout && reader.headerLength === FIXED) {
    reader.layout = headerLayout(reader.header, reader.out.length, reader.file);
    const whole = new Uint8Array(FIXED + 8 * reader.layout.runs); // and the runs
    whole.set(reader.header);
    reader.header = whole;
  }
  if (reader.layout && reader.headerLength === reader.header.length) {
    reader.ranges = pageRanges(reader.header, reader.layout, reader.out.length, reader.file);
  }
  return offset + n;
}

/** Page bytes from chunk[offset..] into their places in `out`, run by run. */
function placePages(reader, chunk, offset) {
  const { out, file, ranges } = reader;
  while (offset < chunk.length) {
    if (reader.range >= ranges.length) throw problem(`${file} is larger than its header says`);
    const [start, end] = ranges[reader.range];
    if (reader.at < start) reader.at = start;
    const n = Math.min(end - reader.at, chunk.length - offset);
    out.set(chunk.subarray(offset, offset + n), reader.at);
    reader.at += n;
    offset += n;
    reader.placed += n;
    if (reader.at === end) reader.range += 1;
  }
}

/**
 * Places the gunzipped stream of a snapshot file into `out` (zeroed, the heap's size).
 * write(chunk) throws a problem naming `file` on anything out of layout: another magic, a
 * size other than out's, a page size that is not a power of two in [64, 1 MiB], more runs
 * than the pages allow, runs out of order or touching or past the heap, or bytes beyond
 * the last run. complete() says whether every kept page has arrived.
 */
export function pageReader(out, file) {
  // layout: {pageBytes, runs} once the fixed part is read; ranges: [[start, end], ...],
  // the byte ranges of `out` the pages fill, in order; range, at: where the next byte goes.
  const reader = { out, file, header: new Uint8Array(FIXED), headerLength: 0, layout: null, ranges: null, range: 0, at: 0, placed: 0 };
  return {
    write(chunk) {
      let offset = 0;
      while (!reader.ranges && offset < chunk.length) offset = takeHeader(reader, chunk, offset);
      placePages(reader, chunk, offset);
    },
    complete: () => reader.ranges !== null && reader.range === reader.ranges.length,
    placed: () => reader.placed,
  };
}
