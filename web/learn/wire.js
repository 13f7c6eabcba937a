// Generated from knight_py/learn/trace_format.py by tools/wire.py: do not edit. Change the
// Python and run `python3 build.py wire` (tests/tools/test_wire.py says when this file is stale).
// The Learn trace's wire format: the event bytes, the columns of a chunk and its small
// fields, the messages between the page and the Learn worker, the returned value's
// shapes and the verdict codes the page's Python gives it, the programs' ids and the
// order they try the knight's moves in.

// Event bytes, one a step; a return's byte says what came back.
export const EVENT_LINE = 0;
export const EVENT_CALL = 1;
export const EVENT_RETURN = 2;
export const EVENT_EXCEPTION = 3;
export const EVENT_RETURN_FALSE = 4;
export const EVENT_RETURN_TRUE = 5;
export const EVENT_RETURN_NONE = 6;
export const EVENT_RETURN_EMPTY = 7;
export const EVENT_RETURN_RAISED = 8;

/** The event bytes of a return. */
export const RETURNS = Object.freeze([2, 4, 5, 6, 7, 8]);

/** The returns of no success: False, None, 0 or an empty list. */
export const FAILED_RETURNS = Object.freeze([4, 6, 7]);

/** The highest event byte. */
export const MAX_EVENT = 8;

/** A watched variable's slot that holds no int. */
export const NOT_SET = -32768;

/** The parent of a frame called from outside the program. */
export const NO_PARENT = 4294967295;

/** Program calls nested at most: a call deeper ends the run as "limit", the page's own limit. */
export const MAX_DEPTH = 400;

/** Program calls nested at most in a search with a stack of its own (the stack exercise's "no
 * nesting"). */
export const NESTING_ALLOWED = 3;

/** Watched variables per step: the page asks for this many, and refuses more. */
export const SLOTS = 6;

/** Steps a chunk holds at most (the page asks for this many). */
export const CHUNK_STEPS = 8192;

/** Board changes after which the worker hands a chunk over early. */
export const CHUNK_DELTAS = 65536;

/** Distinct functions of a program over a whole run. */
export const MAX_CODES = 4096;

/** Characters of a function's, a variable's or an error's name. */
export const MAX_NAME = 100;

/** Characters of the name of a start file the worker asks for. */
export const MAX_FILE_NAME = 200;

/** Characters of Python's words for an error: cut to this by the worker, refused past it. */
export const MAX_MESSAGE = 300;

/** Characters of printed output the page accepts: the sandbox's cap and its note. */
export const MAX_OUTPUT = 65636;

/** Each column's typed array (its entries little-endian on the wire), in order, and what
 * an entry means. */
export const KINDS = Object.freeze({
  "lines": Uint16Array, // the line number
  "events": Uint8Array, // the event: 0 line, 1 call, 3 exception; a return by what came back: 4 False, 5 True, 6 None, 7 0 or an empty list, 8 left by an exception, 2 another value (return_kind)
  "frames": Uint32Array, // the frame's id
  "vars": Int16Array, // the frame's watched variables, slots a step (NOT_SET: not an int that fits)
  "delta_step": Uint32Array, // a board change's step
  "delta_square": Uint16Array, // its square, row * cols + col
  "delta_old": Int16Array, // the square's value before the change
  "delta_new": Int16Array, // the square's value after the change
  "frame_code": Uint16Array, // a frame first called in the chunk (ids first_frame ..): its code table index
  "frame_parent": Uint32Array, // the calling program frame, NO_PARENT for none
  "frame_call": Uint32Array, // the frame's call step
  "frame_parent_step": Uint32Array, // the parent's last step before the call: the parent's variables in the stack
});

/** A chunk's columns, in order: bytes per entry (little-endian) and the meta field that counts
 * the entries (vars: steps * slots). */
export const COLUMNS = Object.freeze({
  "lines": [2, "steps"],
  "events": [1, "steps"],
  "frames": [4, "steps"],
  "vars": [2, "vars"],
  "delta_step": [4, "deltas"],
  "delta_square": [2, "deltas"],
  "delta_old": [2, "deltas"],
  "delta_new": [2, "deltas"],
  "frame_code": [2, "frames_added"],
  "frame_parent": [4, "frames_added"],
  "frame_call": [4, "frames_added"],
  "frame_parent_step": [4, "frames_added"],
});

/** The columns' names, in order. */
export const BUFFERS = Object.freeze(["lines", "events", "frames", "vars", "delta_step", "delta_square", "delta_old", "delta_new", "frame_code", "frame_parent", "frame_call", "frame_parent_step"]);

/** A chunk's small fields (its meta, JSON). */
export const META_FIELDS = Object.freeze(["first_step", "steps", "first_frame", "frames_added", "deltas", "slots", "codes", "final", "status", "board_note"]);

/** The small fields that are counts. */
export const META_COUNTS = Object.freeze(["first_step", "steps", "first_frame", "frames_added", "deltas", "slots"]);

/** A chunk's status: running until the last chunk, which says how the run ended. */
export const CHUNK_STATUSES = Object.freeze(["running", "done", "error", "budget", "stopped", "limit", "tracer_failed"]);

/** How a run ends. */
export const ENDINGS = Object.freeze(["done", "error", "budget", "stopped", "limit", "tracer_failed"]);

/** The endings the page's tracer decides, from outside the program: never a finished run, never
 * an answer. */
export const PAGE_LIMITS = Object.freeze(["budget", "stopped", "limit", "tracer_failed"]);

/** Why the tracer stopped following the program's board ("": it did not). */
export const BOARD_NOTES = Object.freeze(["", "subclass", "not_int", "unseen"]);

/** The messages through the Learn worker's port, by direction and phase: type -> fields. */
export const MESSAGES = Object.freeze({
  "to_worker": {"file": ["name", "bytes"], "run": ["id", "source", "rows", "cols", "start", "max_steps", "chunk_steps", "chunk_deltas", "max_depth", "slots"]},
  "starting": {"need": ["name"], "ready": [], "failed": ["message"]},
  "running": {"chunk": ["id", "meta", "buffers"], "ended": ["id", "result"]},
});

/** The fields of an ended run's result. */
export const ENDED_FIELDS = Object.freeze(["status", "line", "error", "output", "answer"]);

/** The shapes of a returned value sent as numbers. */
export const ANSWER_SHAPES = Object.freeze(["board", "path", "none", "other"]);

/** The codes of the page's verdict on a returned value (learn.verdict.<code>). */
export const VERDICT_CODES = Object.freeze(["tour", "none", "unreadable", "invalid", "repeat", "out_of_range", "partial", "missing"]);

/** The Learn programs (knight_py.learn.programs), in the menu's order. */
export const PROGRAM_IDS = Object.freeze(["backtrack", "warnsdorff", "warnsdorff_backtrack", "stack", "bug_tag60", "bug_repeats"]);

/** The order the programs (and knight_py) try the moves in: indexes into core/squares.js's
 * KNIGHT_STEPS. */
export const MOVE_ORDER = Object.freeze([2, 3, 4, 5, 6, 7, 0, 1]);
