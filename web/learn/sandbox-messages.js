// What the Learn sandbox may say, checked before the page uses any of it. Once a program
// runs, its worker is the program's (it may reach Pyodide's `js` module and post anything),
// so every message is untrusted input: its type and fields, lengths that agree with the
// stated counts, frames whose parent is an earlier frame, squares on the board, strings
// capped, names that are the program's own words, steps within the run's budget, calls
// no deeper than the page's limit. A message that fails is never drawn: the session ends
// the run and says so. The program's side sends data only (the trace, the returned value
// as numbers, Python's own words for an error): it never chooses a sentence of the page.
// Every loop here runs at most over the message's own stated lengths. Pure module. The
// format itself (columns, events, statuses, message types) is learn/wire.js's.

import {
  ANSWER_SHAPES, BOARD_NOTES, CHUNK_DELTAS, CHUNK_STATUSES, CHUNK_STEPS, COLUMNS, ENDED_FIELDS, ENDINGS, KINDS, MAX_CODES,
  MAX_DEPTH, MAX_EVENT, MAX_FILE_NAME, MAX_MESSAGE, MAX_NAME, MAX_OUTPUT, MESSAGES, META_FIELDS, NO_PARENT, SLOTS,
} from "./wire.js";

// Names Python gives code that is not a def: the program's top level, comprehensions, lambdas.
const PYTHON_NAMES = new Set(["<module>", "<listcomp>", "<genexpr>", "<lambda>", "<dictcomp>", "<setcomp>"]);
const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const ERROR_NAME = new RegExp(`^[A-Za-z_][A-Za-z0-9_]{0,${MAX_NAME - 1}}$`);
const INT32 = 2 ** 31 - 1;

/** The words of a program's source (identifiers), against which the trace's function and
 * variable names are checked: a name the program does not contain is refused. */
export function sourceWords(source) {
  return new Set(String(source).match(/[\p{L}_][\p{L}\p{N}_]*/gu) ?? []);
}

class Refused extends Error {}

const refuse = (reason) => {
  throw new Refused(reason);
};

export const isPlain = (value) => value !== null && typeof value === "object" && !Array.isArray(value)
  && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

const isCount = (value, max) => Number.isInteger(value) && value >= 0 && value <= max;

function text(value, max, what) {
  if (typeof value !== "string") refuse(`${what} is not text`);
  if (value.length > max) refuse(`${what} is longer than ${max} characters`);
  return value;
}

/** The checked message, or throws an Error whose message says what was wrong. */
function checked(check) {
  try {
    return { ok: true, value: check() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.message };
    return { ok: false, reason: "a message that could not be read" };
  }
}

/** {ok, value: {type, ...}} or {ok: false, reason}: the message's type and its envelope. */
export function checkEnvelope(message, phase) {
  return checked(() => {
    if (!isPlain(message)) refuse("a message that is not an object");
    const { type } = message;
    const allowed = phase === "starting" ? MESSAGES.starting : MESSAGES.running;
    if (typeof type !== "string" || !Object.hasOwn(allowed, type)) refuse(`a message of type ${JSON.stringify(String(type).slice(0, 20))} while ${phase}`);
    for (const key of Object.keys(message)) {
      if (key !== "type" && !allowed[type].includes(key)) refuse(`a field of a ${type} message that the wire does not have`);
    }
    return message;
  });
}

/** A request for a start file: a name on the list, asked once. */
export function checkNeed(message, allowed, asked) {
  return checked(() => {
    const name = text(message.name, MAX_FILE_NAME, "the file's name");
    if (!allowed.has(name)) refuse(`a request for ${JSON.stringify(name.slice(0, 40))}, which Python's start does not use`);
    if (asked.has(name)) refuse("a second request for the same file");
    return name;
  });
}

function bytesOf(value, what) {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return refuse(`${what} is not bytes`);
}

// A function's or a variable's name: an identifier the program's source holds (or one of
// Python's own names for a top level, comprehension or lambda, for a function).
function programName(value, words, what, pythonNames) {
  const name = text(value, MAX_NAME, what);
  if (pythonNames && PYTHON_NAMES.has(name)) return name;
  if (!pythonNames && /^\.\d{1,3}$/.test(name)) return name; // a comprehension's hidden argument
  if (!IDENTIFIER.test(name) || !words.has(name)) refuse(`${what} that is not in the program`);
  return name;
}

function checkCodes(codes, known, slots, words) {
  if (!Array.isArray(codes) || codes.length > MAX_CODES - known) refuse("the chunk's table of functions");
  codes.forEach((code, i) => {
    if (!isPlain(code) || code.index !== known + i) refuse("a function out of order in the chunk");
    programName(code.name, words, "a function's name", true);
    if (!isCount(code.line, 65_535)) refuse("a function's line");
    if (!Array.isArray(code.vars) || code.vars.length > slots) refuse("a function's variables");
    for (const name of code.vars) programName(name, words, "a variable's name", false);
  });
  return codes.map(({ index, name, line, vars }) => ({ index, name, line, vars: [...vars] }));
}

function checkMeta(meta, trace) {
  if (!isPlain(meta)) refuse("a chunk without its counts");
  const { first_step: firstStep, steps, first_frame: firstFrame, frames_added: framesAdded, deltas, slots } = meta;
  if (trace.finished) refuse("a chunk after the last one");
  if (firstStep !== trace.steps) refuse("a chunk that does not follow the steps so far");
  if (firstFrame !== trace.frames) refuse("a chunk whose frames do not follow the frames so far");
  if (!isCount(steps, CHUNK_STEPS)) refuse("a chunk of too many steps");
  if (firstStep + steps > trace.budget) refuse("more steps than the run's budget");
  if (!isCount(slots, SLOTS) || (trace.steps > 0 && slots !== trace.slots)) refuse("a chunk's variable slots");
  if (!isCount(framesAdded, steps)) refuse("a chunk with more new frames than steps");
  if (!isCount(deltas, Math.min(steps * trace.size, CHUNK_DELTAS + trace.size))) refuse("a chunk with more board changes than it can hold");
  if (typeof meta.final !== "boolean" || !CHUNK_STATUSES.includes(meta.status)) refuse("a chunk's status");
  const boardNote = meta.board_note ?? "";
  if (!BOARD_NOTES.includes(boardNote)) refuse("a chunk's note on the board");
  const checked = { ...meta, board_note: boardNote, codes: checkCodes(meta.codes, trace.codes, slots, trace.words) };
  return Object.fromEntries(META_FIELDS.map((field) => [field, checked[field]])); // only the wire's fields
}

function checkColumns(buffers, meta) {
  if (!isPlain(buffers)) refuse("a chunk without its columns");
  const counts = { ...meta, vars: meta.steps * meta.slots };
  const out = {};
  for (const [name, [size, count]] of Object.entries(COLUMNS)) {
    const bytes = bytesOf(buffers[name], `the column ${name}`);
    if (bytes.byteLength !== size * counts[count]) refuse(`the column ${name} does not hold the chunk's count`);
    out[name] = bytes;
  }
  return out;
}

// The column `name` as its typed array (learn/wire.js KINDS).
const read = (columns, name) => {
  const copy = columns[name].slice(); // aligned, and the sender keeps nothing of it
  return new KINDS[name](copy.buffer, 0, copy.byteLength / KINDS[name].BYTES_PER_ELEMENT);
};

// The columns' values: events known, frames and functions that exist, parents earlier and
// no deeper than MAX_DEPTH, calls inside the chunk, board changes in step order and on
// the board.
function checkValues(columns, meta, trace) {
  const framesAfter = trace.frames + meta.frames_added;
  const codesAfter = trace.codes + meta.codes.length;
  const stepEnd = meta.first_step + meta.steps;
  const events = read(columns, "events");
  const frames = read(columns, "frames");
  for (let i = 0; i < meta.steps; i++) {
    if (events[i] > MAX_EVENT) refuse("an unknown kind of step");
    if (frames[i] >= framesAfter) refuse("a step in a frame that was never called");
  }
  const code = read(columns, "frame_code");
  const parent = read(columns, "frame_parent");
  const call = read(columns, "frame_call");
  const parentStep = read(columns, "frame_parent_step");
  const depths = new Uint16Array(meta.frames_added); // of the frames added here
  const depthOf = (frame) => (frame >= trace.frames ? depths[frame - trace.frames] : trace.depthOf(frame));
  for (let i = 0; i < meta.frames_added; i++) {
    if (code[i] >= codesAfter) refuse("a frame of an unknown function");
    if (parent[i] !== NO_PARENT && parent[i] >= trace.frames + i) refuse("a frame whose parent is not an earlier frame");
    depths[i] = parent[i] === NO_PARENT ? 1 : depthOf(parent[i]) + 1;
    if (depths[i] > MAX_DEPTH) refuse("calls nested deeper than the page follows");
    if (call[i] < meta.first_step || call[i] >= stepEnd) refuse("a frame called outside its chunk");
    if (parentStep[i] > call[i]) refuse("a frame whose parent's step comes after its call");
  }
  const dStep = read(columns, "delta_step");
  const dSquare = read(columns, "delta_square");
  for (let i = 0; i < meta.deltas; i++) {
    if (dStep[i] < meta.first_step || dStep[i] >= stepEnd || (i > 0 && dStep[i] < dStep[i - 1])) refuse("board changes out of step order");
    if (dSquare[i] >= trace.size) refuse("a board change off the board");
  }
}

/**
 * A chunk of steps for run `runId`, checked against the trace so far (`trace`: {steps,
 * frames, codes (how many functions), slots, size, finished, budget (steps the run may
 * take), depthOf(frame), words (sourceWords of the program)}): {ok, value: {meta,
 * ...columns}} as trace.append reads a chunk, or {ok: false, reason}.
 */
export function checkChunk(message, runId, trace) {
  return checked(() => {
    if (message.id !== runId) refuse("a chunk of another run");
    const meta = checkMeta(message.meta, trace);
    const buffers = checkColumns(message.buffers, meta);
    checkValues(buffers, meta, trace);
    return { meta, ...buffers }; // as trace.append reads a chunk
  });
}

function int32(value) {
  return Number.isInteger(value) && Math.abs(value) <= INT32;
}

// The returned value as numbers (knight_py.learn.answer.answer_numbers): a board of rows * cols
// numbers, a list of squares (row, col pairs, at most one more than the board), None, or
// something else. Only its shape and its numbers are read; the page judges it.
function checkAnswer(answer, size) {
  if (answer === null || answer === undefined) return null;
  if (!isPlain(answer)) refuse("the returned value");
  const { shape } = answer;
  if (shape === "none" || shape === "other") return { shape };
  const values = answer.values;
  if (!Array.isArray(values)) refuse("the returned value's numbers");
  if (shape === "board" && values.length !== size) refuse("a returned board of another size");
  if (shape === "path" && (values.length === 0 || values.length % 2 || values.length > 2 * (size + 1))) refuse("a returned list of squares");
  if (!ANSWER_SHAPES.includes(shape)) refuse("the returned value's shape");
  for (const v of values) if (!int32(v)) refuse("a returned value that is not a whole number");
  const length = shape === "path" ? answer.length : size;
  if (!int32(length) || length < values.length / (shape === "path" ? 2 : 1)) refuse("the returned value's length");
  return { shape, values: [...values], length };
}

function checkError(error) {
  if (error === null || error === undefined) return null;
  if (!isPlain(error)) refuse("the error");
  const name = text(error.name ?? "", MAX_NAME, "the error's name");
  if (name && !ERROR_NAME.test(name)) refuse("the error's name");
  return { name, text: text(error.text ?? "", MAX_MESSAGE, "Python's words for the error") };
}

/**
 * How run `runId` ended, checked: {ok, value: {status, line, error: {name, text} | null,
 * output, answer}} or {ok: false, reason}. `board`: {rows, cols, lines} (lines of the
 * source: an error's line is at most one past its end).
 */
export function checkEnded(message, runId, { rows, cols, lines }) {
  return checked(() => {
    if (message.id !== runId) refuse("the end of another run");
    const result = message.result;
    if (!isPlain(result) || !ENDINGS.includes(result.status)) refuse("how the run ended");
    const line = result.line ?? null;
    if (line !== null && !(Number.isInteger(line) && line >= 1 && line <= lines + 1)) refuse("the line of an error");
    const checked = {
      status: result.status,
      line,
      error: result.status === "error" ? checkError(result.error) : null,
      output: text(result.output ?? "", MAX_OUTPUT, "the printed output"),
      answer: result.status === "done" ? checkAnswer(result.answer, rows * cols) : null,
    };
    return Object.fromEntries(ENDED_FIELDS.map((field) => [field, checked[field]])); // only the wire's fields
  });
}
