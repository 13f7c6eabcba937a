// A traced run, kept whole in the page: every step's line, event, frame and watched
// variables, and every change of the program's board, in typed arrays that grow as the
// worker's chunks arrive (the chunk layout: knight_py/learn/tracer.py, TraceChunk). Any
// step can be shown without reading its neighbours one by one: the board at a step is
// the nearest checkpoint (a full board every CHECKPOINT changes) plus the changes since.
// Pure data, no DOM.

import { KNIGHT_STEPS, squareName } from "../core/squares.js";

const NOT_SET = -32768;
const NO_PARENT = 0xffffffff;
const CHECKPOINT = 1024; // board changes between two full boards
export const EVENT = { line: 0, call: 1, return: 2, exception: 3 };

/** A typed array of `Type` that grows by doubling. */
function column(Type, width = 1) {
  return { Type, width, data: new Type(1024 * width), length: 0 };
}

function push(col, values) {
  const need = (col.length + values.length / col.width) * col.width;
  if (need > col.data.length) {
    let size = col.data.length * 2;
    while (size < need) size *= 2;
    const grown = new col.Type(size);
    grown.set(col.data.subarray(0, col.length * col.width));
    col.data = grown;
  }
  col.data.set(values, col.length * col.width);
  col.length += values.length / col.width;
}

function view(Type, bytes) {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const copy = u8.byteOffset % Type.BYTES_PER_ELEMENT ? u8.slice() : u8;
  return new Type(copy.buffer, copy.byteOffset, copy.byteLength / Type.BYTES_PER_ELEMENT);
}

/** The first index in sorted `data[0..length)` whose value is greater than `value`. */
function upperBound(data, length, value) {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (data[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A new, empty trace of a run on a rows x cols board. */
export function createTrace({ rows, cols, start = null }) {
  return new Trace(rows, cols, start);
}

class Trace {
  constructor(rows, cols, start) {
    this.rows = rows;
    this.cols = cols;
    this.start = start;
    this.size = rows * cols;
    this.slots = 4;
    this.codes = [];
    this.lines = column(Uint16Array);
    this.events = column(Uint8Array);
    this.frames = column(Uint32Array);
    this.vars = null; // made at the first chunk, when its slot count is known
    this.deltaStep = column(Uint32Array);
    this.deltaSquare = column(Uint16Array);
    this.deltaOld = column(Int16Array);
    this.deltaNew = column(Int16Array);
    this.frameCode = column(Uint16Array);
    this.frameParent = column(Uint32Array);
    this.frameCall = column(Uint32Array);
    this.frameParentStep = column(Uint32Array);
    this.checkpoints = [new Int16Array(this.size)]; // the board before change 0, CHECKPOINT, ...
    this.live = new Int16Array(this.size); // the board after every change so far
  }

  get steps() {
    return this.lines.length;
  }

  /** Bytes the trace holds (its typed arrays' lengths in use, checkpoints included). */
  get bytes() {
    const cols = [this.lines, this.events, this.frames, this.vars, this.deltaStep, this.deltaSquare, this.deltaOld, this.deltaNew];
    let total = 0;
    for (const c of cols) if (c) total += c.length * c.width * c.Type.BYTES_PER_ELEMENT;
    return total + this.checkpoints.length * this.size * 2;
  }

  /** Add one chunk: {meta, lines, events, frames, vars, delta_*, frame_*} (bytes, little-endian). */
  append(chunk) {
    const { meta } = chunk;
    if (!this.vars) {
      this.slots = meta.slots;
      this.vars = column(Int16Array, meta.slots);
    }
    for (const code of meta.codes ?? []) this.codes[code.index] = code;
    push(this.lines, view(Uint16Array, chunk.lines));
    push(this.events, view(Uint8Array, chunk.events));
    push(this.frames, view(Uint32Array, chunk.frames));
    push(this.vars, view(Int16Array, chunk.vars));
    push(this.frameCode, view(Uint16Array, chunk.frame_code));
    push(this.frameParent, view(Uint32Array, chunk.frame_parent));
    push(this.frameCall, view(Uint32Array, chunk.frame_call));
    push(this.frameParentStep, view(Uint32Array, chunk.frame_parent_step));
    this.addDeltas(view(Uint32Array, chunk.delta_step), view(Uint16Array, chunk.delta_square), view(Int16Array, chunk.delta_old), view(Int16Array, chunk.delta_new));
  }

  addDeltas(steps, squares, olds, news) {
    const base = this.deltaStep.length;
    for (let i = 0; i < steps.length; i += 1) {
      if ((base + i) % CHECKPOINT === 0 && base + i > 0) this.checkpoints.push(this.live.slice());
      this.live[squares[i]] = news[i];
    }
    push(this.deltaStep, steps);
    push(this.deltaSquare, squares);
    push(this.deltaOld, olds);
    push(this.deltaNew, news);
  }

  lineAt(k) {
    return this.lines.data[k];
  }

  eventAt(k) {
    return this.events.data[k];
  }

  /** The number of board changes made up to and including step k. */
  changesUpTo(k) {
    return upperBound(this.deltaStep.data, this.deltaStep.length, k);
  }

  /** The program's board after step k: an Int16Array of rows * cols move numbers. */
  boardAt(k) {
    const upto = this.changesUpTo(k);
    const c = Math.min(Math.floor(upto / CHECKPOINT), this.checkpoints.length - 1);
    const board = this.checkpoints[c].slice();
    const squares = this.deltaSquare.data;
    const news = this.deltaNew.data;
    for (let i = c * CHECKPOINT; i < upto; i += 1) board[squares[i]] = news[i];
    return board;
  }

  /** The squares numbered on the board after step k, in the order of their numbers, as [row, col]. */
  pathAt(k) {
    const board = this.boardAt(k);
    const numbered = [];
    for (let i = 0; i < board.length; i += 1) if (board[i] > 0) numbered.push(i);
    numbered.sort((a, b) => board[a] - board[b] || a - b);
    return numbered.map((i) => [Math.floor(i / this.cols), i % this.cols]);
  }

  varsAt(frame, k) {
    const names = this.codes[this.frameCode.data[frame]]?.vars ?? [];
    const out = {};
    names.forEach((name, slot) => {
      const value = this.vars.data[k * this.slots + slot];
      if (value !== NOT_SET) out[name] = value;
    });
    return out;
  }

  /** The program's frames at step k, outermost first: [{name, line, vars: {name: value}}]. */
  stackAt(k) {
    const stack = [];
    let frame = this.frames.data[k];
    let at = k;
    for (let depth = 0; frame !== NO_PARENT && frame !== undefined && depth < 100_000; depth += 1) {
      const code = this.codes[this.frameCode.data[frame]];
      stack.push({ name: code?.name ?? "?", line: this.lines.data[at], vars: this.varsAt(frame, at) });
      at = this.frameParentStep.data[frame];
      frame = this.frameParent.data[frame];
    }
    return stack.reverse();
  }

  /** The board changes made at step k exactly: [{square, old, now}]. */
  changesAt(k) {
    const out = [];
    for (let i = upperBound(this.deltaStep.data, this.deltaStep.length, k - 1); i < this.deltaStep.length && this.deltaStep.data[i] === k; i += 1) {
      out.push({ square: this.deltaSquare.data[i], old: this.deltaOld.data[i], now: this.deltaNew.data[i] });
    }
    return out;
  }

  /** "advance" (a square numbered), "undo" (a numbered square cleared: a backtrack) or "". */
  kindAt(k) {
    const changes = this.changesAt(k);
    if (changes.some((c) => c.now === 0 && c.old !== 0)) return "undo";
    if (changes.some((c) => c.now !== 0)) return "advance";
    return "";
  }

  /** The first step after k (up to `last`) for which pred(step) holds, or null. */
  nextMatching(k, pred, last = this.steps - 1) {
    for (let j = k + 1; j <= last; j += 1) if (pred(j)) return j;
    return null;
  }

  /** The first step after k that clears a numbered square (a backtrack), or null: a scan of the changes only. */
  nextUndo(k) {
    for (let i = this.changesUpTo(k); i < this.deltaStep.length; i += 1) {
      if (this.deltaNew.data[i] === 0 && this.deltaOld.data[i] !== 0) return this.deltaStep.data[i];
    }
    return null;
  }

  name(index) {
    return squareName([Math.floor(index / this.cols), index % this.cols], this.rows);
  }

  /** What step k does, as a message for the page's catalog: {key, params}. */
  describe(k) {
    const changes = this.changesAt(k);
    const undo = changes.find((c) => c.now === 0 && c.old !== 0);
    if (undo) {
      const board = this.boardAt(k);
      let back = -1;
      for (let i = 0; i < board.length; i += 1) if (board[i] > 0 && (back < 0 || board[i] > board[back])) back = i;
      const params = { square: this.name(undo.square), move: undo.old };
      if (back < 0) return { key: "learn.step.undoFirst", params };
      return { key: "learn.step.undo", params: { ...params, back: this.name(back) } };
    }
    const advance = changes.find((c) => c.now !== 0);
    if (advance) return { key: "learn.step.advance", params: { square: this.name(advance.square), move: advance.now } };
    const code = this.codes[this.frameCode.data[this.frames.data[k]]];
    const params = { name: code?.name ?? "?", line: this.lines.data[k] };
    const event = this.events.data[k];
    if (event === EVENT.call) return { key: "learn.step.call", params };
    if (event === EVENT.return) return { key: "learn.step.return", params };
    if (event === EVENT.exception) return { key: "learn.step.exception", params };
    return { key: "learn.step.line", params };
  }

  /** Where the program could jump next at step k: each knight move from the square it
   * stands on (the highest number) with whether it is free and its free onward moves;
   * `best` marks the first free one with the fewest (Warnsdorff's choice). */
  candidatesAt(k) {
    const board = this.boardAt(k);
    let at = -1;
    for (let i = 0; i < board.length; i += 1) if (board[i] > 0 && (at < 0 || board[i] > board[at])) at = i;
    if (at < 0) return [];
    const { rows, cols } = this;
    const inside = (r, c) => r >= 0 && r < rows && c >= 0 && c < cols;
    const r0 = Math.floor(at / cols);
    const c0 = at % cols;
    const out = [];
    for (const [dr, dc] of KNIGHT_STEPS) {
      const r = r0 + dr;
      const c = c0 + dc;
      if (!inside(r, c)) continue;
      const free = board[r * cols + c] === 0;
      let onward = 0;
      for (const [er, ec] of KNIGHT_STEPS) if (inside(r + er, c + ec) && board[(r + er) * cols + c + ec] === 0 && (r + er) * cols + c + ec !== r * cols + c) onward += 1;
      out.push({ square: [r, c], free, onward, best: false });
    }
    let best = null;
    for (const cand of out) if (cand.free && (!best || cand.onward < best.onward)) best = cand;
    if (best) best.best = true;
    return out;
  }
}
