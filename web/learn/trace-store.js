// The Learn trace's storage: every step's columns in fixed segments of 65,536 steps, the
// board's changes and frames in segmented columns (learn/segmented.js: nothing held is
// ever copied as they grow), a full board every 1,024 changes; appending a chunk, and the column reads the queries (learn/trace.js) build on.
// Beside them, what the page reads off the trace as it arrives: each frame's depth, the
// knight moves made in each function's frames, the returns that brought no success, and
// how many squares hold a number after each change. Pure module: no DOM, no Pyodide. A
// chunk reaches append only after learn/sandbox-messages.js has checked it.

import {
  COLUMNS, EVENT_CALL, EVENT_EXCEPTION, EVENT_LINE, EVENT_RETURN, EVENT_RETURN_EMPTY, EVENT_RETURN_FALSE, EVENT_RETURN_NONE,
  EVENT_RETURN_RAISED, EVENT_RETURN_TRUE, FAILED_RETURNS, KINDS, NOT_SET, NO_PARENT, RETURNS, SLOTS,
} from "./wire.js";
import { SegmentedColumn } from "./segmented.js";

// The event bytes and slot values of the wire format (learn/wire.js), for the trace's readers.
export {
  EVENT_CALL, EVENT_EXCEPTION, EVENT_LINE, EVENT_RETURN, EVENT_RETURN_EMPTY, EVENT_RETURN_FALSE, EVENT_RETURN_NONE,
  EVENT_RETURN_RAISED, EVENT_RETURN_TRUE, NOT_SET, NO_PARENT,
};
export const SEG_BITS = 16;
export const SEG = 1 << SEG_BITS;
export const SEG_MASK = SEG - 1;
export const CHECK_BITS = 10;
export const CHECK_EVERY = 1 << CHECK_BITS;

/** Bytes a step takes in the step columns (those counted by "steps" or "vars"), with
 * `slots` watched variables. */
export function stepBytes(slots) {
  let bytes = 0;
  for (const [size, count] of Object.values(COLUMNS)) {
    if (count === "steps") bytes += size;
    else if (count === "vars") bytes += size * slots;
  }
  return bytes;
}
// A lookup per event byte, as the queries ask it for every step they scan.
const FAILED = new Uint8Array(256);
const RETURN = new Uint8Array(256);
for (const event of FAILED_RETURNS) FAILED[event] = 1;
for (const event of RETURNS) RETURN[event] = 1;
/** A return of no success: False, None, 0 or an empty list. */
export const isFailedReturn = (event) => FAILED[event] === 1;
export const isReturn = (event) => RETURN[event] === 1;

function bytesOf(value) {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return Uint8Array.from(value);
  throw new TypeError("a chunk buffer must be an ArrayBuffer or a typed array");
}

// The chunk's column `name`, as its typed array (learn/wire.js KINDS) over a copy of its
// bytes (the copy is aligned whatever the source).
function column(chunk, name) {
  const Type = KINDS[name];
  const value = chunk[name];
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

// The trace's state is one plain record (newState); the functions below read and extend it,
// and createTrace hands out an object whose methods are bound to it, so they can be passed
// around on their own as before.
export function newState(rows, cols, start) {
  const size = rows * cols;
  return {
    rows, cols, start, size,
    slots: SLOTS,
    steps: 0,
    segLines: [],
    segEvents: [],
    segFrames: [],
    segVars: [],
    deltaCount: 0,
    dStep: new SegmentedColumn(KINDS.delta_step),
    dSquare: new SegmentedColumn(KINDS.delta_square),
    dOld: new SegmentedColumn(KINDS.delta_old),
    dNew: new SegmentedColumn(KINDS.delta_new),
    frameCount: 0,
    fCode: new SegmentedColumn(KINDS.frame_code),
    fParent: new SegmentedColumn(KINDS.frame_parent),
    fCall: new SegmentedColumn(KINDS.frame_call),
    fParentStep: new SegmentedColumn(KINDS.frame_parent_step),
    fDepth: new SegmentedColumn(Uint16Array), // calls nested, 1 for a frame called from outside the program
    codes: [],
    codeMoves: new Uint32Array(0), // per function: knight moves made at steps of its frames
    callerMoves: new Uint32Array(0), // per function: knight moves made by the functions its frames called
    codeRecursive: new Uint8Array(0), // per function: 1 once one of its frames called another
    failed: new Map(), // function -> {steps: SegmentedColumn, count}: its returns of no success
    filled: new SegmentedColumn(Int32Array), // squares holding a move (a number above 0) after each board change
    checkpoints: [new Int16Array(size)],
    running: new Int16Array(size), // the board after every delta so far
    status: "running",
    boardNote: "",
    finished: false,
    trace: null, // the object createTrace returns, handed to nextMatching's predicates
  };
}

export function checkStep(t, k) {
  if (!Number.isInteger(k) || k < 0 || k >= t.steps) {
    throw new RangeError(`step ${k} is not in 0..${t.steps - 1}`);
  }
}

function checkChunk(t, meta) {
  if (meta.first_step !== t.steps) {
    throw new Error(`chunk starts at step ${meta.first_step}, the trace has ${t.steps} steps`);
  }
  if (meta.first_frame !== t.frameCount) {
    throw new Error(`chunk's frames start at ${meta.first_frame}, the trace has ${t.frameCount}`);
  }
  if (t.steps === 0) t.slots = meta.slots;
  else if (meta.slots !== t.slots) throw new Error("a chunk with another number of variable slots");
}

export function append(t, chunk) {
  const meta = readMeta(chunk.meta);
  checkChunk(t, meta);
  for (const code of meta.codes) t.codes[code.index] = code;
  t.codeMoves = grow(t.codeMoves, t.codes.length);
  t.callerMoves = grow(t.callerMoves, t.codes.length);
  t.codeRecursive = grow(t.codeRecursive, t.codes.length);
  const first = t.steps;
  appendFrames(t, chunk);
  appendSteps(t, chunk, meta.steps);
  noteReturns(t, first);
  appendDeltas(t, chunk);
  if (meta.final) t.finished = true;
  t.status = meta.status ?? t.status;
  t.boardNote = meta.board_note || t.boardNote; // why the program's board is no longer followed
}

// Copies the per-step columns into the segments, opening a new segment at each 65,536.
function appendSteps(t, chunk, n) {
  const { slots } = t;
  const lines = column(chunk, "lines");
  const events = column(chunk, "events");
  const frames = column(chunk, "frames");
  const vars = column(chunk, "vars");
  if (lines.length !== n || events.length !== n || frames.length !== n || vars.length !== n * slots) {
    throw new Error("chunk columns do not hold meta.steps steps");
  }
  for (let i = 0; i < n; ) {
    const k = t.steps + i;
    const seg = k >>> SEG_BITS;
    if (seg === t.segLines.length) {
      t.segLines.push(new KINDS.lines(SEG));
      t.segEvents.push(new KINDS.events(SEG));
      t.segFrames.push(new KINDS.frames(SEG));
      t.segVars.push(new KINDS.vars(SEG * slots));
    }
    const at = k & SEG_MASK;
    const take = Math.min(n - i, SEG - at);
    t.segLines[seg].set(lines.subarray(i, i + take), at);
    t.segEvents[seg].set(events.subarray(i, i + take), at);
    t.segFrames[seg].set(frames.subarray(i, i + take), at);
    t.segVars[seg].set(vars.subarray(i * slots, (i + take) * slots), at * slots);
    i += take;
  }
  t.steps += n;
}

// The returns of no success among steps from..steps-1, kept per function.
function noteReturns(t, from) {
  for (let k = from; k < t.steps; k++) {
    if (!isFailedReturn(eventAt(t, k))) continue;
    const code = t.fCode.get(frameAt(t, k));
    let list = t.failed.get(code);
    if (!list) t.failed.set(code, (list = { steps: new SegmentedColumn(Uint32Array), count: 0 }));
    list.steps.reserve(list.count + 1);
    list.steps.put(list.count++, k);
  }
}

// Appends the board changes, keeping a full board after every 1,024 of them (so a trace of
// exactly 1,024 changes has its second full board too).
function appendDeltas(t, chunk) {
  const ds = column(chunk, "delta_step");
  const dq = column(chunk, "delta_square");
  const dold = column(chunk, "delta_old");
  const dnew = column(chunk, "delta_new");
  const need = t.deltaCount + ds.length;
  const { dStep, dSquare, dOld, dNew, running, checkpoints, filled, codeMoves, callerMoves, fCode, fParent } = t;
  for (const c of [dStep, dSquare, dOld, dNew, filled]) c.reserve(need);
  dStep.putAll(t.deltaCount, ds);
  dSquare.putAll(t.deltaCount, dq);
  dOld.putAll(t.deltaCount, dold);
  dNew.putAll(t.deltaCount, dnew);
  let count = t.deltaCount ? filled.get(t.deltaCount - 1) : 0;
  for (let i = 0; i < ds.length; i++) {
    const j = t.deltaCount + i;
    const before = running[dq[i]];
    running[dq[i]] = dnew[i];
    // A move is a number above 0 (a hole's -1 is none).
    if (before <= 0 && dnew[i] > 0) count++;
    else if (before > 0 && dnew[i] <= 0) count--;
    filled.put(j, count);
    if (dold[i] === 0 && dnew[i] > 0) {
      // A move is counted for the function whose frame made it and for its caller's (a
      // search may place the knight through a helper of its own).
      const frame = frameAt(t, ds[i]);
      codeMoves[fCode.get(frame)]++;
      const parent = fParent.get(frame);
      if (parent !== NO_PARENT) callerMoves[fCode.get(parent)]++;
    }
    if (((j + 1) & (CHECK_EVERY - 1)) === 0) checkpoints.push(running.slice());
  }
  t.deltaCount = need;
}

function appendFrames(t, chunk) {
  const fc = column(chunk, "frame_code");
  const fp = column(chunk, "frame_parent");
  const fk = column(chunk, "frame_call");
  const fs = column(chunk, "frame_parent_step");
  const fneed = t.frameCount + fc.length;
  const { fCode, fParent, fCall, fParentStep, fDepth } = t;
  for (const c of [fCode, fParent, fCall, fParentStep, fDepth]) c.reserve(fneed);
  fCode.putAll(t.frameCount, fc);
  fParent.putAll(t.frameCount, fp);
  fCall.putAll(t.frameCount, fk);
  fParentStep.putAll(t.frameCount, fs);
  for (let f = t.frameCount; f < fneed; f++) {
    const parent = fParent.get(f);
    fDepth.put(f, parent === NO_PARENT ? 1 : fDepth.get(parent) + 1);
    if (parent !== NO_PARENT && fCode.get(parent) === fCode.get(f)) t.codeRecursive[fCode.get(f)] = 1;
  }
  t.frameCount = fneed;
}

export const lineAt = (t, k) => t.segLines[k >>> SEG_BITS][k & SEG_MASK];
export const eventAt = (t, k) => t.segEvents[k >>> SEG_BITS][k & SEG_MASK];
export const frameAt = (t, k) => t.segFrames[k >>> SEG_BITS][k & SEG_MASK];

export function varsAt(t, k, frame = frameAt(t, k)) {
  const code = t.codes[t.fCode.get(frame)];
  const base = (k & SEG_MASK) * t.slots;
  const seg = t.segVars[k >>> SEG_BITS];
  const out = {};
  code.vars.forEach((name, i) => {
    const v = seg[base + i];
    out[name] = v === NOT_SET ? null : v;
  });
  return out;
}

// Number of deltas whose step is <= k.
export function deltasUpTo(t, k) {
  const { dStep } = t;
  let lo = 0;
  let hi = t.deltaCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dStep.get(mid) <= k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Squares holding a number at step k (after its changes). */
export function filledAt(t, k) {
  const m = k < 0 ? 0 : deltasUpTo(t, k);
  return m ? t.filled.get(m - 1) : 0;
}

export function boardAt(t, k) {
  checkStep(t, k);
  const m = deltasUpTo(t, k);
  const c = m >>> CHECK_BITS;
  const board = t.checkpoints[c].slice();
  const { dSquare, dNew } = t;
  for (let j = c << CHECK_BITS; j < m; j++) board[dSquare.get(j)] = dNew.get(j);
  return board;
}
