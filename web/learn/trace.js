// The Learn view's trace model: every step a Python program took, as packed columns,
// with the board, the path and the call stack at any step. Pure module: no DOM, no Pyodide.
//
// Feed it the chunks knight_py.learn.tracer.run hands to on_chunk (chunk.to_buffers():
// name -> little-endian bytes, "meta" as UTF-8 JSON). Per-step columns live in fixed
// segments of 65,536 steps (no copy when growing, so no doubling peak with millions of
// steps); the smaller delta and frame tables grow by doubling. A full board is kept every
// 1,024 board changes, so boardAt(k) replays at most 1,023 changes.

import { squareName as baseSquareName } from "../core/squares.js";

/** The programs' move order (row step, col step): knight_py.board.KNIGHT_STEPS, which is
 * not web/squares.js's order. candidatesAt lists moves in it, as the programs try them. */
export const KNIGHT_STEPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
export const EVENT_LINE = 0;
export const EVENT_CALL = 1;
export const EVENT_RETURN = 2;
export const EVENT_EXCEPTION = 3;
export const EVENT_NAMES = ["line", "call", "return", "exception"];
export const NOT_SET = -32768;
export const NO_PARENT = 0xffffffff;
const SEG_BITS = 16;
const SEG = 1 << SEG_BITS;
const SEG_MASK = SEG - 1;
const CHECK_BITS = 10;
const CHECK_EVERY = 1 << CHECK_BITS;

/** Algebraic name of (row, col): row 0 is the top rank (web/squares.js, knight_py.squares). */
export function squareName(row, col, rows) {
  return baseSquareName([row, col], rows);
}

function bytesOf(value) {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return Uint8Array.from(value);
  throw new TypeError("a chunk buffer must be an ArrayBuffer or a typed array");
}

// A typed array of `Type` over a copy of the bytes (the copy is aligned whatever the source).
function view(Type, value) {
  if (value === undefined || value === null) return new Type(0);
  const bytes = bytesOf(value);
  const copy = bytes.slice();
  return new Type(copy.buffer, 0, copy.byteLength / Type.BYTES_PER_ELEMENT);
}

function readMeta(meta) {
  if (typeof meta === "string") return JSON.parse(meta);
  if (meta instanceof ArrayBuffer || ArrayBuffer.isView(meta)) {
    return JSON.parse(new TextDecoder().decode(bytesOf(meta)));
  }
  if (meta && typeof meta === "object") return meta;
  throw new TypeError("a chunk needs its meta (object, JSON text or UTF-8 bytes)");
}

function grow(array, need) {
  if (need <= array.length) return array;
  let size = Math.max(array.length, 1024);
  while (size < need) size *= 2;
  const out = new array.constructor(size);
  out.set(array);
  return out;
}

/**
 * A trace of one run on a rows x cols board. start is [row, col] (zero-based, row 0 on top).
 */
export function createTrace({ rows, cols, start = null }) {
  const size = rows * cols;
  let slots = 4;
  let steps = 0;
  const segLines = [];
  const segEvents = [];
  const segFrames = [];
  const segVars = [];
  let deltaCount = 0;
  let dStep = new Uint32Array(0);
  let dSquare = new Uint16Array(0);
  let dOld = new Int16Array(0);
  let dNew = new Int16Array(0);
  let frameCount = 0;
  let fCode = new Uint16Array(0);
  let fParent = new Uint32Array(0);
  let fCall = new Uint32Array(0);
  let fParentStep = new Uint32Array(0);
  const codes = [];
  const checkpoints = [new Int16Array(size)];
  const running = new Int16Array(size); // the board after every delta so far
  let status = "running";
  let finished = false;

  function checkStep(k) {
    if (!Number.isInteger(k) || k < 0 || k >= steps) {
      throw new RangeError(`step ${k} is not in 0..${steps - 1}`);
    }
  }

  function append(chunk) {
    const meta = readMeta(chunk.meta);
    if (meta.first_step !== steps) {
      throw new Error(`chunk starts at step ${meta.first_step}, the trace has ${steps} steps`);
    }
    if (meta.first_frame !== frameCount) {
      throw new Error(`chunk's frames start at ${meta.first_frame}, the trace has ${frameCount}`);
    }
    if (steps === 0) slots = meta.slots;
    else if (meta.slots !== slots) throw new Error("a chunk with another number of variable slots");
    for (const code of meta.codes) codes[code.index] = code;
    const lines = view(Uint16Array, chunk.lines);
    const events = view(Uint8Array, chunk.events);
    const frames = view(Uint32Array, chunk.frames);
    const vars = view(Int16Array, chunk.vars);
    const n = meta.steps;
    if (lines.length !== n || events.length !== n || frames.length !== n || vars.length !== n * slots) {
      throw new Error("chunk columns do not hold meta.steps steps");
    }
    for (let i = 0; i < n; ) {
      const k = steps + i;
      const seg = k >>> SEG_BITS;
      if (seg === segLines.length) {
        segLines.push(new Uint16Array(SEG));
        segEvents.push(new Uint8Array(SEG));
        segFrames.push(new Uint32Array(SEG));
        segVars.push(new Int16Array(SEG * slots));
      }
      const at = k & SEG_MASK;
      const take = Math.min(n - i, SEG - at);
      segLines[seg].set(lines.subarray(i, i + take), at);
      segEvents[seg].set(events.subarray(i, i + take), at);
      segFrames[seg].set(frames.subarray(i, i + take), at);
      segVars[seg].set(vars.subarray(i * slots, (i + take) * slots), at * slots);
      i += take;
    }
    steps += n;

    const ds = view(Uint32Array, chunk.delta_step);
    const dq = view(Uint16Array, chunk.delta_square);
    const dold = view(Int16Array, chunk.delta_old);
    const dnew = view(Int16Array, chunk.delta_new);
    const need = deltaCount + ds.length;
    dStep = grow(dStep, need);
    dSquare = grow(dSquare, need);
    dOld = grow(dOld, need);
    dNew = grow(dNew, need);
    for (let i = 0; i < ds.length; i++) {
      const j = deltaCount + i;
      if (j > 0 && (j & (CHECK_EVERY - 1)) === 0) checkpoints.push(running.slice());
      dStep[j] = ds[i];
      dSquare[j] = dq[i];
      dOld[j] = dold[i];
      dNew[j] = dnew[i];
      running[dq[i]] = dnew[i];
    }
    deltaCount = need;

    const fc = view(Uint16Array, chunk.frame_code);
    const fp = view(Uint32Array, chunk.frame_parent);
    const fk = view(Uint32Array, chunk.frame_call);
    const fs = view(Uint32Array, chunk.frame_parent_step);
    const fneed = frameCount + fc.length;
    fCode = grow(fCode, fneed);
    fParent = grow(fParent, fneed);
    fCall = grow(fCall, fneed);
    fParentStep = grow(fParentStep, fneed);
    fCode.set(fc, frameCount);
    fParent.set(fp, frameCount);
    fCall.set(fk, frameCount);
    fParentStep.set(fs, frameCount);
    frameCount = fneed;
    if (meta.final) finished = true;
    status = meta.status ?? status;
  }

  const lineAt = (k) => segLines[k >>> SEG_BITS][k & SEG_MASK];
  const eventAt = (k) => segEvents[k >>> SEG_BITS][k & SEG_MASK];
  const frameAt = (k) => segFrames[k >>> SEG_BITS][k & SEG_MASK];

  function varsAt(k, frame = frameAt(k)) {
    const code = codes[fCode[frame]];
    const base = (k & SEG_MASK) * slots;
    const seg = segVars[k >>> SEG_BITS];
    const out = {};
    code.vars.forEach((name, i) => {
      const v = seg[base + i];
      out[name] = v === NOT_SET ? null : v;
    });
    return out;
  }

  // Number of deltas whose step is <= k.
  function deltasUpTo(k) {
    let lo = 0;
    let hi = deltaCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (dStep[mid] <= k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function boardAt(k) {
    checkStep(k);
    const m = deltasUpTo(k);
    const c = m >>> CHECK_BITS;
    const board = checkpoints[c].slice();
    for (let j = c << CHECK_BITS; j < m; j++) board[dSquare[j]] = dNew[j];
    return board;
  }

  function pathOf(board) {
    const numbered = [];
    for (let i = 0; i < size; i++) if (board[i] > 0) numbered.push(i);
    numbered.sort((a, b) => board[a] - board[b]);
    return numbered.map((i) => [Math.floor(i / cols), i % cols]);
  }

  const pathAt = (k) => pathOf(boardAt(k));

  function stackAt(k) {
    checkStep(k);
    const out = [];
    let frame = frameAt(k);
    let step = k;
    while (true) {
      const code = codes[fCode[frame]];
      out.push({ frame, name: code.name, line: lineAt(step), step, vars: varsAt(step, frame) });
      const parent = fParent[frame];
      if (parent === NO_PARENT) break;
      step = fParentStep[frame];
      frame = parent;
    }
    return out.reverse();
  }

  function depthAt(k) {
    let depth = 1;
    for (let f = frameAt(k); fParent[f] !== NO_PARENT; f = fParent[f]) depth++;
    return depth;
  }

  function classify(old, now) {
    if (old === 0 && now > 0) return "advance";
    if (old > 0 && now === 0) return "undo";
    return "change";
  }

  // The first delta at step k, or -1.
  function deltaAt(k) {
    const j = deltasUpTo(k - 1);
    return j < deltaCount && dStep[j] === k ? j : -1;
  }

  /** "advance" (a square gets a number), "undo" (a square is cleared), "change" or null. */
  function kindAt(k) {
    checkStep(k);
    const j = deltaAt(k);
    return j < 0 ? null : classify(dOld[j], dNew[j]);
  }

  /** The board changes seen at step k: [{square, row, col, old, now, kind}]. */
  function changesAt(k) {
    const out = [];
    for (let j = deltaAt(k); j >= 0 && j < deltaCount && dStep[j] === k; j++) {
      const sq = dSquare[j];
      out.push({ square: sq, row: Math.floor(sq / cols), col: sq % cols, old: dOld[j], now: dNew[j],
        kind: classify(dOld[j], dNew[j]) });
    }
    return out;
  }

  // The first step after k whose board change is of `kind`, or -1 (a scan of the deltas).
  function nextChange(k, kind) {
    for (let j = deltasUpTo(k); j < deltaCount; j++) {
      if (classify(dOld[j], dNew[j]) === kind) return dStep[j];
    }
    return -1;
  }

  function prevChange(k, kind) {
    for (let j = deltasUpTo(k - 1) - 1; j >= 0; j--) {
      if (classify(dOld[j], dNew[j]) === kind) return dStep[j];
    }
    return -1;
  }

  // The first step after k (before k when back) whose column value is `value`, or -1.
  function scan(segments, k, value, back) {
    if (!back) {
      for (let s = k + 1; s < steps; ) {
        const seg = s >>> SEG_BITS;
        const end = Math.min(steps - (seg << SEG_BITS), SEG);
        const i = segments[seg].subarray(0, end).indexOf(value, s & SEG_MASK);
        if (i >= 0) return (seg << SEG_BITS) + i;
        s = (seg + 1) << SEG_BITS;
      }
      return -1;
    }
    for (let s = Math.min(k, steps) - 1; s >= 0; ) {
      const seg = s >>> SEG_BITS;
      const i = segments[seg].lastIndexOf(value, s & SEG_MASK);
      if (i >= 0) return (seg << SEG_BITS) + i;
      s = (seg << SEG_BITS) - 1;
    }
    return -1;
  }

  /** The first step after k matching predicate(step, trace), or -1. */
  function nextMatching(k, predicate) {
    for (let s = k + 1; s < steps; s++) if (predicate(s, trace)) return s;
    return -1;
  }

  function prevMatching(k, predicate) {
    for (let s = Math.min(k, steps) - 1; s >= 0; s--) if (predicate(s, trace)) return s;
    return -1;
  }

  const nextUndo = (k) => nextChange(k, "undo");
  const prevUndo = (k) => prevChange(k, "undo");
  const nextAdvance = (k) => nextChange(k, "advance");
  const prevAdvance = (k) => prevChange(k, "advance");
  const nextLine = (k, line) => scan(segLines, k, line, false);
  const prevLine = (k, line) => scan(segLines, k, line, true);
  const nextEvent = (k, event) => scan(segEvents, k, event, false);
  const prevEvent = (k, event) => scan(segEvents, k, event, true);

  /** The next step after k in the same frame or an outer one ("step over"), or -1. */
  function nextOver(k) {
    const depth = depthAt(k);
    return nextMatching(k, (s) => depthAt(s) <= depth);
  }

  function name(sq) {
    return squareName(Math.floor(sq / cols), sq % cols, rows);
  }

  // The square holding the highest number, or -1.
  function current(board) {
    let best = -1;
    for (let i = 0; i < size; i++) if (board[i] > 0 && (best < 0 || board[i] > board[best])) best = i;
    return best;
  }

  /**
   * A message descriptor for step k, rendered by the page's catalog:
   * learn.step.advance {square, move}; learn.step.undo {square, move, back} ("square has no
   * way on: undo move `move` and go back to `back`"); learn.step.change {square, from, to};
   * learn.step.call {name, depth, vars}; learn.step.return {name, depth};
   * learn.step.exception {name, line}; learn.step.line {name, line}.
   */
  function describe(k) {
    checkStep(k);
    const changes = changesAt(k);
    if (changes.length) {
      const c = changes.find((x) => x.kind !== "change") ?? changes[0];
      const square = name(c.square);
      if (c.kind === "advance") return { key: "learn.step.advance", params: { square, move: c.now } };
      if (c.kind === "undo") {
        const here = current(boardAt(k));
        return { key: "learn.step.undo", params: { square, move: c.old, back: here < 0 ? null : name(here) } };
      }
      return { key: "learn.step.change", params: { square, from: c.old, to: c.now } };
    }
    const frame = frameAt(k);
    const fname = codes[fCode[frame]].name;
    const event = eventAt(k);
    if (event === EVENT_CALL) {
      return { key: "learn.step.call", params: { name: fname, depth: depthAt(k), vars: varsAt(k, frame) } };
    }
    if (event === EVENT_RETURN) return { key: "learn.step.return", params: { name: fname, depth: depthAt(k) } };
    if (event === EVENT_EXCEPTION) return { key: "learn.step.exception", params: { name: fname, line: lineAt(k) } };
    return { key: "learn.step.line", params: { name: fname, line: lineAt(k) } };
  }

  /**
   * From the current square (the highest number at step k), each knight move on the board
   * in KNIGHT_STEPS order: {row, col, square, free, onward (free onward moves, null when not
   * free), min (a free square with the fewest onward moves), first (the first such: the one
   * Warnsdorff's rule picks)}.
   */
  function candidatesAt(k) {
    const board = boardAt(k);
    const here = current(board);
    if (here < 0) return [];
    const r0 = Math.floor(here / cols);
    const c0 = here % cols;
    const out = [];
    for (const [dr, dc] of KNIGHT_STEPS) {
      const r = r0 + dr;
      const c = c0 + dc;
      if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
      const free = board[r * cols + c] === 0;
      let onward = null;
      if (free) {
        onward = 0;
        for (const [er, ec] of KNIGHT_STEPS) {
          const x = r + er;
          const y = c + ec;
          if (x >= 0 && x < rows && y >= 0 && y < cols && board[x * cols + y] === 0) onward++;
        }
      }
      out.push({ row: r, col: c, square: squareName(r, c, rows), free, onward, min: false, first: false });
    }
    const free = out.filter((x) => x.free);
    if (free.length) {
      const least = Math.min(...free.map((x) => x.onward));
      for (const x of free) x.min = x.onward === least;
      free.find((x) => x.min).first = true;
    }
    return out;
  }

  /** Bytes held by the trace's arrays (allocated, not only used). */
  function bytes() {
    let total = segLines.length * SEG * (2 + 1 + 4 + 2 * slots);
    total += dStep.byteLength + dSquare.byteLength + dOld.byteLength + dNew.byteLength;
    total += fCode.byteLength + fParent.byteLength + fCall.byteLength + fParentStep.byteLength;
    total += checkpoints.length * size * 2 + running.byteLength;
    return total;
  }

  const trace = {
    rows, cols, start, append,
    get steps() { return steps; },
    get frames() { return frameCount; },
    get deltas() { return deltaCount; },
    get slots() { return slots; },
    get codes() { return codes; },
    get status() { return status; },
    get finished() { return finished; },
    lineAt, eventAt, frameAt, varsAt, boardAt, pathAt, stackAt, depthAt, kindAt, changesAt,
    nextMatching, prevMatching, nextUndo, prevUndo, nextAdvance, prevAdvance,
    nextLine, prevLine, nextEvent, prevEvent, nextOver, describe, candidatesAt, bytes,
    squareName: name,
  };
  return trace;
}
