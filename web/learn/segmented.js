// A column of numbers that grows by whole segments and never copies what it holds: a
// trace's board changes and frames can reach hundreds of megabytes, and an array that
// doubles copies all of it in one main-thread task (100-250 ms near the page's limit). A
// segment is 16,384 numbers, so a short program's trace stays small. Pure module.

export const COLUMN_SEG_BITS = 14;
export const COLUMN_SEG = 1 << COLUMN_SEG_BITS;
const MASK = COLUMN_SEG - 1;

/** A growable column of one typed-array kind, read and written by index.
 *
 *     const c = new SegmentedColumn(Uint16Array);
 *     c.reserve(20000); c.put(19999, 7); c.get(19999) === 7; // true
 *     c.byteLength === 2 * 2 * 16384;                         // true: two segments
 */
export class SegmentedColumn {
  constructor(Type) {
    this.Type = Type;
    this.segments = [];
  }

  /** Numbers it can hold without a new segment. */
  get capacity() {
    return this.segments.length * COLUMN_SEG;
  }

  /** Bytes held (allocated, not only used). */
  get byteLength() {
    return this.capacity * this.Type.BYTES_PER_ELEMENT;
  }

  /** Makes room for indices 0..n-1 (new segments only; nothing held moves). */
  reserve(n) {
    while (this.capacity < n) this.segments.push(new this.Type(COLUMN_SEG));
  }

  get(j) {
    return this.segments[j >>> COLUMN_SEG_BITS][j & MASK];
  }

  put(j, value) {
    this.segments[j >>> COLUMN_SEG_BITS][j & MASK] = value;
  }

  /** Copies `values` (a typed array) in from index `at`; room must be reserved. */
  putAll(at, values) {
    for (let i = 0; i < values.length; ) {
      const k = at + i;
      const into = k & MASK;
      const take = Math.min(values.length - i, COLUMN_SEG - into);
      this.segments[k >>> COLUMN_SEG_BITS].set(values.subarray(i, i + take), into);
      i += take;
    }
  }
}
