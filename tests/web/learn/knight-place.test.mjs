// The knight is drawn where the search stands: for a program that never takes a move back
// (bug_repeats, which numbers its own square on entry), the square of the innermost call
// of its search, as CPython's own frames say at each step (an independent trace function,
// counting the same events), not the largest number left on a dead end; for one that
// takes its moves back, on the largest number, as before.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createTrace } from "../../../web/learn/trace.js";
import { checkChunk, sourceWords } from "../../../web/learn/sandbox-messages.js";
import { knightSquare } from "../../../web/learn/counters.js";
import { knightPlace } from "../../../web/learn/knight-place.js";
import { pythonChunks } from "./python-chunks.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Per step of `program` run on rows x cols from start: the square of the innermost frame
 * of `visit` running then, as CPython's frames hold it, and the board there ([-1, 0]: no
 * such frame, or the search has found its answer and its calls are returning it). */
function framesInCPython(program, rows, cols, start) {
  const code = `
import json, sys
from knight_py.learn import PROGRAMS
from knight_py.learn.trace_format import FILENAME
where = []
board_of = {}
found = []
def local(frame, event, arg):
    note(frame)
    if event == "return" and arg is True and frame.f_code.co_name == "visit":
        found.append(True)  # from here the calls return success: the tour's end is shown
    return local
def glob(frame, event, arg):
    if frame.f_code.co_filename != FILENAME:
        return None
    note(frame)
    return local
def note(frame):
    f = frame
    while f is not None and f.f_code.co_name != "visit":
        f = f.f_back
    if f is None or found:
        where.append([-1, 0]); return
    r, c, board = f.f_locals["r"], f.f_locals["c"], f.f_locals["board"]
    where.append([r * ${cols} + c, board[r][c]])
ns = {}
sys.settrace(glob)
exec(compile(PROGRAMS[${JSON.stringify(program)}].source, FILENAME, "exec"), ns)
ns["tour"](${rows}, ${cols}, (${start[0]}, ${start[1]}))
sys.settrace(None)
json.dump(where, sys.stdout)
`;
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}

function traceOf(program, rows, cols, start) {
  const { chunks, source } = pythonChunks(program, rows, cols, start, 2_000_000, 4096);
  const trace = createTrace({ rows, cols, start });
  const words = sourceWords(source);
  for (const chunk of chunks) {
    const checked = checkChunk(chunk, 1, { steps: trace.steps, frames: trace.frames, codes: trace.codes.length, slots: trace.slots,
      size: rows * cols, finished: trace.finished, budget: 1e9, words, depthOf: (f) => trace.frameDepth(f) });
    assert.ok(checked.ok, checked.reason);
    trace.append(checked.value);
  }
  return trace;
}

test("a search that never takes a move back: the knight is on its innermost call's square, as CPython's frames say", () => {
  const [rows, cols, start] = [5, 5, [4, 0]];
  const trace = traceOf("bug_repeats", rows, cols, start);
  const frames = framesInCPython("bug_repeats", rows, cols, start);
  assert.equal(trace.steps, frames.length, "the same steps counted");
  let differs = 0;
  let checked = 0;
  for (let k = 0; k < trace.steps; k++) {
    const [square, held] = frames[k];
    if (square < 0 || held <= 0) continue; // not yet on a numbered square of its own
    const board = trace.boardAt(k);
    assert.equal(board[square], held, `step ${k}: the trace's board holds what CPython's does`);
    assert.equal(knightPlace(trace, k, board), square, `step ${k}`);
    checked++;
    if (knightSquare(trace, k, board) !== square) differs++;
  }
  assert.ok(checked > trace.steps / 2, `${checked} of ${trace.steps} steps checked`);
  assert.ok(differs > 0, "some steps stand below a dead end's larger number");
});

test("a search that takes its moves back: the knight is on the largest number, as before", () => {
  const trace = traceOf("backtrack", 5, 5, [4, 0]);
  for (let k = 0; k < trace.steps; k += 37) {
    const board = trace.boardAt(k);
    assert.equal(knightPlace(trace, k, board), knightSquare(trace, k, board), `step ${k}`);
  }
});
