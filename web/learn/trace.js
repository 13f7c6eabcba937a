// The Learn view's trace model: every step a Python program took, as packed columns,
// with the board, the path and the call stack at any step. Pure module: no DOM, no Pyodide.
//
// Feed it the chunks knight_py.learn.tracer.run hands to on_chunk (chunk.to_buffers():
// name -> little-endian bytes, "meta" as UTF-8 JSON). Per-step columns live in fixed
// segments of 65,536 steps (no copy when growing, so no doubling peak with millions of
// steps); the smaller delta and frame tables grow by doubling. A full board is kept every
// 1,024 board changes, so boardAt(k) replays at most 1,023 changes.

import { KNIGHT_STEPS, knightTargets, squareName } from "../core/squares.js";
import {
  EVENT_CALL, EVENT_EXCEPTION, EVENT_LINE, EVENT_RETURN, NOT_SET, NO_PARENT, SEG, SEG_BITS, SEG_MASK, append, boardAt, checkStep,
  deltasUpTo, eventAt, filledAt, frameAt, isFailedReturn, isReturn, lineAt, newState, stepBytes, varsAt,
} from "./trace-store.js";
import { MOVE_ORDER } from "./wire.js";
import { COLUMN_SEG, SegmentedColumn } from "./segmented.js";
import { programSteps } from "./piece-moves.js";

export { EVENT_CALL, EVENT_EXCEPTION, EVENT_LINE, EVENT_RETURN, NOT_SET, NO_PARENT, isFailedReturn, isReturn };

/** The knight's steps (row step, col step) in the order the programs try them
 * (knight_py.board.KNIGHT_STEPS, by wire.js's MOVE_ORDER): candidatesAt lists moves in it,
 * or in a leaper's order (piece-moves.js programSteps) for a trace made under its rule. */
export const PROGRAM_STEPS = MOVE_ORDER.map((i) => KNIGHT_STEPS[i]);

function pathOf(t, board) {
  const { size, cols } = t;
  const numbered = [];
  for (let i = 0; i < size; i++) if (board[i] > 0) numbered.push(i);
  numbered.sort((a, b) => board[a] - board[b]);
  return numbered.map((i) => [Math.floor(i / cols), i % cols]);
}

/** The call stack at step k, outermost first: at most the innermost `limit` frames (the
 * depth, depthAt, says how many there are in all). */
function stackAt(t, k, limit = Infinity) {
  checkStep(t, k);
  const out = [];
  let frame = frameAt(t, k);
  let step = k;
  while (out.length < limit) {
    const code = t.codes[t.fCode.get(frame)];
    out.push({ frame, name: code.name, line: lineAt(t, step), step, vars: varsAt(t, step, frame) });
    const parent = t.fParent.get(frame);
    if (parent === NO_PARENT) break;
    step = t.fParentStep.get(frame);
    frame = parent;
  }
  return out.reverse();
}

function depthAt(t, k) {
  return t.fDepth.get(frameAt(t, k));
}

function classify(old, now) {
  if (old === 0 && now > 0) return "advance";
  if (old > 0 && now === 0) return "undo";
  return "change";
}

// The first delta at step k, or -1.
function deltaAt(t, k) {
  const j = deltasUpTo(t, k - 1);
  return j < t.deltaCount && t.dStep.get(j) === k ? j : -1;
}

/** "advance" (a square gets a number), "undo" (a square is cleared), "change" or null. */
function kindAt(t, k) {
  checkStep(t, k);
  const j = deltaAt(t, k);
  return j < 0 ? null : classify(t.dOld.get(j), t.dNew.get(j));
}

/** The board changes seen at step k: [{square, row, col, old, now, kind}]. */
function changesAt(t, k) {
  const { cols, dStep, dSquare, dOld, dNew } = t;
  const out = [];
  for (let j = deltaAt(t, k); j >= 0 && j < t.deltaCount && dStep.get(j) === k; j++) {
    const sq = dSquare.get(j);
    const old = dOld.get(j);
    const now = dNew.get(j);
    out.push({ square: sq, row: Math.floor(sq / cols), col: sq % cols, old, now, kind: classify(old, now) });
  }
  return out;
}

// How many board changes of `kind` among deltas 0..j-1, for every j (prefix[j]): made
// once, extended as the trace grows, so that finding the next or previous change of a
// kind is a binary search, not a scan of millions of changes at every frame.
function kindPrefix(t, kind) {
  t.prefixes ??= {};
  let prefix = t.prefixes[kind];
  if (!prefix) {
    prefix = { counts: new SegmentedColumn(Uint32Array), upTo: 0 };
    prefix.counts.reserve(1);
    t.prefixes[kind] = prefix;
  }
  const { counts } = prefix;
  if (prefix.upTo < t.deltaCount) {
    counts.reserve(t.deltaCount + 1);
    let sum = counts.get(prefix.upTo);
    for (let j = prefix.upTo; j < t.deltaCount; j++) {
      if (classify(t.dOld.get(j), t.dNew.get(j)) === kind) sum++;
      counts.put(j + 1, sum);
    }
    prefix.upTo = t.deltaCount;
  }
  return counts;
}

// The first delta j >= from whose prefix passes `target` (the change that makes it so).
function firstReaching(counts, from, to, target) {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (counts.get(mid + 1) >= target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// The first step after k whose board change is of `kind`, or -1.
function nextChange(t, k, kind) {
  const counts = kindPrefix(t, kind);
  const m = deltasUpTo(t, k);
  if (counts.get(t.deltaCount) === counts.get(m)) return -1;
  return t.dStep.get(firstReaching(counts, m, t.deltaCount, counts.get(m) + 1));
}

function prevChange(t, k, kind) {
  const counts = kindPrefix(t, kind);
  const m = deltasUpTo(t, k - 1);
  if (counts.get(m) === 0) return -1;
  return t.dStep.get(firstReaching(counts, 0, m, counts.get(m)));
}

// The first step after k (before k when back) whose column value is `value`, or -1.
function scan(t, segments, k, value, back) {
  return back ? scanBack(t, segments, k, value) : scanOn(t, segments, k, value);
}

function scanOn(t, segments, k, value) {
  const { steps } = t;
  for (let s = k + 1; s < steps; ) {
    const seg = s >>> SEG_BITS;
    const end = Math.min(steps - (seg << SEG_BITS), SEG);
    const i = segments[seg].subarray(0, end).indexOf(value, s & SEG_MASK);
    if (i >= 0) return (seg << SEG_BITS) + i;
    s = (seg + 1) << SEG_BITS;
  }
  return -1;
}

function scanBack(t, segments, k, value) {
  for (let s = Math.min(k, t.steps) - 1; s >= 0; ) {
    const seg = s >>> SEG_BITS;
    const i = segments[seg].lastIndexOf(value, s & SEG_MASK);
    if (i >= 0) return (seg << SEG_BITS) + i;
    s = (seg << SEG_BITS) - 1;
  }
  return -1;
}

/** The first step after k matching predicate(step, trace), or -1. */
function nextMatching(t, k, predicate) {
  const { trace } = t;
  for (let s = k + 1; s < t.steps; s++) if (predicate(s, trace)) return s;
  return -1;
}

function prevMatching(t, k, predicate) {
  const { trace } = t;
  for (let s = Math.min(k, t.steps) - 1; s >= 0; s--) if (predicate(s, trace)) return s;
  return -1;
}

/** The next step after k in the same frame or an outer one ("step over"), or -1. */
function nextOver(t, k) {
  const depth = depthAt(t, k);
  return nextMatching(t, k, (s) => depthAt(t, s) <= depth);
}

/** The algebraic name of the flat square index sq on the trace's board. */
function nameOf(t, sq) {
  return squareName([Math.floor(sq / t.cols), sq % t.cols], t.rows);
}

// The square holding the highest number, or -1.
function current(t, board) {
  let best = -1;
  for (let i = 0; i < t.size; i++) if (board[i] > 0 && (best < 0 || board[i] > board[best])) best = i;
  return best;
}

/**
 * A message descriptor for step k, rendered by the page's catalog:
 * learn.step.advance {square, move}; learn.step.undo {square, move, back} ("square has no
 * way on: undo move `move` and go back to `back`"); learn.step.change {square, from, to};
 * learn.step.call {name, depth, vars}; learn.step.return {name, depth};
 * learn.step.exception {name, line}; learn.step.line {name, line}.
 */
function describe(t, k) {
  checkStep(t, k);
  const changes = changesAt(t, k);
  return changes.length ? describeChange(t, k, changes) : describeEvent(t, k);
}

// A step that changed the board: told by its advance or undo if any, else by its first change.
function describeChange(t, k, changes) {
  const c = changes.find((x) => x.kind !== "change") ?? changes[0];
  const square = nameOf(t, c.square);
  if (c.kind === "advance") return { key: "learn.step.advance", params: { square, move: c.now } };
  if (c.kind === "undo") {
    const here = current(t, boardAt(t, k));
    return { key: "learn.step.undo", params: { square, move: c.old, back: here < 0 ? null : nameOf(t, here) } };
  }
  return { key: "learn.step.change", params: { square, from: c.old, to: c.now } };
}

function describeEvent(t, k) {
  const frame = frameAt(t, k);
  const fname = t.codes[t.fCode.get(frame)].name;
  const event = eventAt(t, k);
  if (event === EVENT_CALL) {
    return { key: "learn.step.call", params: { name: fname, depth: depthAt(t, k), vars: varsAt(t, k, frame) } };
  }
  if (isReturn(event)) return { key: "learn.step.return", params: { name: fname, depth: depthAt(t, k) } };
  if (event === EVENT_EXCEPTION) return { key: "learn.step.exception", params: { name: fname, line: lineAt(t, k) } };
  return { key: "learn.step.line", params: { name: fname, line: lineAt(t, k) } };
}

/**
 * From the current square (the highest number at step k), each knight move on the board
 * in PROGRAM_STEPS order: {row, col, square, free, onward (free onward moves, null when not
 * free), min (a free square with the fewest onward moves), first (the first such: the one
 * Warnsdorff's rule picks)}.
 */
function candidatesAt(t, k) {
  const { rows, cols } = t;
  const board = boardAt(t, k);
  const here = current(t, board);
  if (here < 0) return [];
  const out = [];
  for (const to of knightTargets(here, rows, cols, t.moves)) {
    const r = Math.floor(to / cols);
    const c = to % cols;
    const free = board[r * cols + c] === 0;
    const onward = free ? onwardMoves(t, board, r, c) : null;
    out.push({ row: r, col: c, square: squareName([r, c], rows), free, onward, min: false, first: false });
  }
  markFewest(out);
  return out;
}

// Free squares the piece on (r, c) could move on to.
function onwardMoves(t, board, r, c) {
  const { rows, cols } = t;
  return knightTargets(r * cols + c, rows, cols, t.moves).filter((to) => board[to] === 0).length;
}

// Marks the free candidates with the fewest onward moves (min), and the first of them (first).
function markFewest(candidates) {
  const free = candidates.filter((x) => x.free);
  if (free.length) {
    const least = Math.min(...free.map((x) => x.onward));
    for (const x of free) x.min = x.onward === least;
    free.find((x) => x.min).first = true;
  }
}

/** Bytes held by the trace's arrays (allocated, not only used). */
function bytes(t) {
  let total = t.segLines.length * SEG * stepBytes(t.slots);
  total += t.dStep.byteLength + t.dSquare.byteLength + t.dOld.byteLength + t.dNew.byteLength + t.filled.byteLength;
  total += t.fCode.byteLength + t.fParent.byteLength + t.fCall.byteLength + t.fParentStep.byteLength + t.fDepth.byteLength;
  for (const prefix of Object.values(t.prefixes ?? {})) total += prefix.counts.byteLength;
  total += t.checkpoints.length * t.size * 2 + t.running.byteLength;
  return total;
}

// The trace's queries, bound to its state (same names and parameters as the functions above,
// less the state).
function queries(t) {
  return {
    lineAt: (k) => lineAt(t, k),
    eventAt: (k) => eventAt(t, k),
    frameAt: (k) => frameAt(t, k),
    varsAt: (k, frame = frameAt(t, k)) => varsAt(t, k, frame),
    boardAt: (k) => boardAt(t, k),
    pathAt: (k) => pathOf(t, boardAt(t, k)),
    stackAt: (k, limit) => stackAt(t, k, limit),
    searchCode: () => searchCode(t),
    codeAt: (k) => t.fCode.get(frameAt(t, k)),
    frameDepth: (frame) => t.fDepth.get(frame),
    failedReturns: (code) => t.failed.get(code) ?? null, // {steps: SegmentedColumn, count}
    goingBackUpTo: (k) => goingBackUpTo(t, k),
    leftNumbered: (k) => leftNumbered(t, k),
    filledAt: (k) => filledAt(t, k),
    depthAt: (k) => depthAt(t, k),
    kindAt: (k) => kindAt(t, k),
    changesAt: (k) => changesAt(t, k),
    nextMatching: (k, predicate) => nextMatching(t, k, predicate),
    prevMatching: (k, predicate) => prevMatching(t, k, predicate),
    nextUndo: (k) => nextChange(t, k, "undo"),
    prevUndo: (k) => prevChange(t, k, "undo"),
    nextAdvance: (k) => nextChange(t, k, "advance"),
    prevAdvance: (k) => prevChange(t, k, "advance"),
    nextLine: (k, line) => scan(t, t.segLines, k, line, false),
    prevLine: (k, line) => scan(t, t.segLines, k, line, true),
    nextEvent: (k, event) => scan(t, t.segEvents, k, event, false),
    prevEvent: (k, event) => scan(t, t.segEvents, k, event, true),
    nextOver: (k) => nextOver(t, k),
    describe: (k) => describe(t, k),
    candidatesAt: (k) => candidatesAt(t, k),
    bytes: () => bytes(t),
    undosUpTo: (k) => undosUpTo(t, k),
    bytesBound: (steps, deltas, frames) => bytesBound(t, steps, deltas, frames),
  };
}

/**
 * A trace of one run on a rows x cols board. start is [row, col] (zero-based, row 0 on top).
 */
export function createTrace({ rows, cols, start = null, rule = "knight" }) {
  const t = newState(rows, cols, start);
  // The piece's jumps in the programs' order: the knight's own list for the knight.
  t.moves = rule === "knight" || rule === "xiangqi" ? PROGRAM_STEPS : programSteps(rule);
  t.trace = {
    rows, cols, start, rule,
    append: (chunk) => append(t, chunk),
    get steps() { return t.steps; },
    get frames() { return t.frameCount; },
    get deltas() { return t.deltaCount; },
    get slots() { return t.slots; },
    get codes() { return t.codes; },
    get status() { return t.status; },
    get boardNote() { return t.boardNote; },
    get finished() { return t.finished; },
    ...queries(t),
  };
  return t.trace;
}

// --- counts of the board's changes (learn/counters.js) --------------------------------

/** How many squares were cleared (moves taken back) at steps 0..k. */
function undosUpTo(t, k) {
  checkStep(t, k);
  return kindPrefix(t, "undo").get(deltasUpTo(t, k));
}

/** An upper bound of the bytes the trace's arrays would hold with `steps`, `deltas` and
 * `frames` more (each column at most one segment more than it holds, its prefixes
 * included): the page checks it before a chunk is added, so that what it keeps never
 * passes its limit. */
function bytesBound(t, steps, deltas, frames) {
  const allSteps = t.steps + steps;
  const allDeltas = t.deltaCount + deltas;
  const allFrames = t.frameCount + frames;
  const perStep = stepBytes(t.slots) + 4; // the columns, and a return of no success at most
  const perDelta = 4 + 2 + 2 + 2 + 4 + 4 * 3; // the columns, the filled count, three prefixes
  const perFrame = 2 + 4 + 4 + 4 + 2; // the columns and the depth
  const segments = (n) => (Math.ceil(n / COLUMN_SEG) + 1) * COLUMN_SEG;
  return (Math.ceil(allSteps / SEG) + 1) * SEG * perStep + segments(allDeltas) * perDelta + segments(allFrames) * perFrame
    + (allDeltas / 1024 + 2) * t.size * 2 + t.codes.length * 8 + 65_536;
}
// --- going back: a call of the search that returns without success ------------------

/** The search function: of the functions that call themselves, the one whose frames (or
 * the helpers they call) make the most knight moves (a square given a number); -1 when
 * none makes any. A loop that searches with its own stack goes back by taking moves back
 * only. */
function searchCode(t) {
  let best = -1;
  let most = 0;
  for (let c = 0; c < t.codes.length; c++) {
    const moves = t.codeRecursive[c] ? t.codeMoves[c] + t.callerMoves[c] : 0;
    if (moves > most) [best, most] = [c, moves];
  }
  return best;
}

/** How many times the search went back (a call of it returned without success) at steps 0..k. */
function goingBackUpTo(t, k) {
  const code = searchCode(t);
  const list = code < 0 ? null : t.failed.get(code);
  if (!list) return 0;
  let lo = 0;
  let hi = list.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list.steps.get(mid) <= k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** For a return of no success at step k: whether more squares hold a number once the
 * program has gone back (just before its next call or knight move) than before the call
 * that returned: the squares it numbered were not cleared. */
function leftNumbered(t, k) {
  const frame = frameAt(t, k);
  const call = t.fCall.get(frame);
  const before = filledAt(t, call - 1);
  const nextCall = scanOn(t, t.segEvents, k, EVENT_CALL);
  const nextMove = nextChange(t, k, "advance");
  const ends = [nextCall, nextMove].filter((s) => s >= 0);
  const settled = ends.length ? Math.min(...ends) - 1 : t.steps - 1;
  return filledAt(t, settled) > before;
}
