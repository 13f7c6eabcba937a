import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { createTrace, EVENT_CALL, EVENT_LINE, EVENT_RETURN, NO_PARENT, NOT_SET, isReturn } from "../../../web/learn/trace.js";
import { firstLeftNumbered, searchFacts } from "../../../web/learn/going-back.js";
import { random } from "../helpers.mjs";
import { squareName } from "../../../web/core/squares.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

// --- synthetic chunks -------------------------------------------------------------------

const le = (Type, values) => new Uint8Array(Type.from(values).buffer);

function chunk({ first = 0, firstFrame = 0, steps, codes = [], frames = [], deltas = [], final = false }) {
  // steps: [line, event, frame, v0..v3]; deltas: [step, square, old, new];
  // frames: [code, parent, call, parentStep]
  return {
    meta: new TextEncoder().encode(JSON.stringify({
      first_step: first, steps: steps.length, first_frame: firstFrame, slots: 4, codes,
      final, status: final ? "done" : "running",
    })),
    lines: le(Uint16Array, steps.map((s) => s[0])),
    events: le(Uint8Array, steps.map((s) => s[1])),
    frames: le(Uint32Array, steps.map((s) => s[2])),
    vars: le(Int16Array, steps.flatMap((s) => s.slice(3, 7))),
    delta_step: le(Uint32Array, deltas.map((d) => d[0])),
    delta_square: le(Uint16Array, deltas.map((d) => d[1])),
    delta_old: le(Int16Array, deltas.map((d) => d[2])),
    delta_new: le(Int16Array, deltas.map((d) => d[3])),
    frame_code: le(Uint16Array, frames.map((f) => f[0])),
    frame_parent: le(Uint32Array, frames.map((f) => f[1])),
    frame_call: le(Uint32Array, frames.map((f) => f[2])),
    frame_parent_step: le(Uint32Array, frames.map((f) => f[3])),
  };
}

const S = NOT_SET;

function synthetic() {
  // A 3x4 board: tour() at line 1 calls visit (line 10) which sets a square and undoes it.
  const trace = createTrace({ rows: 3, cols: 4, start: [2, 0] });
  trace.append(chunk({
    steps: [
      [1, EVENT_CALL, 0, S, S, S, S],
      [2, EVENT_LINE, 0, 2, 0, S, S],
      [3, EVENT_LINE, 0, 2, 0, S, S], // board[2][0] = 1 seen here
      [10, EVENT_CALL, 1, 2, 2, 0, S],
    ],
    codes: [{ index: 0, name: "tour", line: 1, vars: ["r", "c"] },
      { index: 1, name: "visit", line: 10, vars: ["step", "r", "c"] }],
    frames: [[0, NO_PARENT, 0, 0], [1, 0, 3, 2]],
    deltas: [[2, 8, 0, 1]],
  }));
  trace.append(chunk({
    first: 4, firstFrame: 2,
    steps: [
      [11, EVENT_LINE, 1, 2, 2, 0, S],
      [12, EVENT_LINE, 1, 2, 2, 0, S], // board[0][1] = 2 seen here
      [13, EVENT_LINE, 1, 2, 2, 0, S], // and cleared again
      [14, EVENT_RETURN, 1, 2, 2, 0, S],
      [4, EVENT_LINE, 0, 2, 0, S, S],
    ],
    deltas: [[5, 1, 0, 2], [6, 1, 2, 0]],
    final: true,
  }));
  return trace;
}

test("synthetic chunks: columns, board, path, stack, kinds, describe", () => {
  const t = synthetic();
  assert.equal(t.steps, 9);
  assert.equal(t.frames, 2);
  assert.equal(t.status, "done");
  assert.equal(t.lineAt(3), 10);
  assert.equal(t.eventAt(3), EVENT_CALL);
  assert.deepEqual([...t.boardAt(1)], new Array(12).fill(0));
  assert.equal(t.boardAt(2)[8], 1);
  assert.deepEqual(t.pathAt(5), [[2, 0], [0, 1]]);
  assert.deepEqual(t.pathAt(6), [[2, 0]]);
  assert.equal(t.kindAt(5), "advance");
  assert.equal(t.kindAt(6), "undo");
  assert.equal(t.kindAt(4), null);
  const stack = t.stackAt(5);
  assert.deepEqual(stack.map((f) => [f.name, f.line]), [["tour", 3], ["visit", 12]]);
  assert.deepEqual(stack[0].vars, { r: 2, c: 0 });
  assert.deepEqual(stack[1].vars, { step: 2, r: 2, c: 0 });
  assert.equal(t.stackAt(8).length, 1);
  assert.deepEqual(t.describe(5), { key: "learn.step.advance", params: { square: "b3", move: 2 } });
  assert.deepEqual(t.describe(6), { key: "learn.step.undo", params: { square: "b3", move: 2, back: "a1" } });
  assert.equal(t.describe(3).key, "learn.step.call");
  assert.equal(t.describe(7).key, "learn.step.return");
  assert.deepEqual(t.describe(4), { key: "learn.step.line", params: { name: "visit", line: 11 } });
  assert.equal(t.nextUndo(0), 6);
  assert.equal(t.prevUndo(8), 6);
  assert.equal(t.nextAdvance(2), 5);
  assert.equal(t.nextLine(0, 12), 5);
  assert.equal(t.prevLine(8, 2), 1);
  assert.equal(t.nextLine(5, 12), -1);
  assert.equal(t.nextEvent(0, EVENT_RETURN), 7);
  assert.equal(t.nextOver(3), 4);
  assert.throws(() => t.boardAt(9), RangeError);
});

test("chunks out of order are refused", () => {
  const t = createTrace({ rows: 3, cols: 4 });
  assert.throws(() => t.append(chunk({ first: 4, steps: [[1, 0, 0, S, S, S, S]] })), /starts at step 4/);
});

test("candidatesAt weighs the current square's moves as Warnsdorff does", () => {
  const t = createTrace({ rows: 5, cols: 5 });
  t.append(chunk({
    steps: [[1, EVENT_CALL, 0, S, S, S, S], [2, EVENT_LINE, 0, S, S, S, S]],
    codes: [{ index: 0, name: "tour", line: 1, vars: [] }],
    frames: [[0, NO_PARENT, 0, 0]],
    deltas: [[1, 20, 0, 1]], // a1 holds move 1
  }));
  const cands = t.candidatesAt(1);
  assert.deepEqual(cands.map((c) => c.square), ["b3", "c2"]); // the programs' move order
  assert.deepEqual(cands.map((c) => c.onward), [5, 5]);
  assert.deepEqual(cands.map((c) => c.first), [true, false]);
  assert.ok(cands.every((c) => c.min && c.free));
});

// --- a real trace from the Python tracer ---------------------------------------------------

/** A program (a menu id, or a source defining tour) traced by the real tracer; `counted`:
 * also run it untraced in CPython and read its globals BACKS and UNDOS (its own counts). */
function pythonTrace(program, rows, cols, start, maxSteps, chunkSteps, counted = false) {
  const source = program.includes("def tour") ? JSON.stringify(program) : `PROGRAMS[${JSON.stringify(program)}].source`;
  const code = `
import base64, json, sys
from knight_py.learn import PROGRAMS, run
chunks = []
def keep(chunk):
    chunks.append({k: base64.b64encode(v).decode() for k, v in chunk.to_buffers().items()})
source = ${source}
r = run(source, ${rows}, ${cols}, (${start[0]}, ${start[1]}),
        max_steps=${maxSteps}, chunk_steps=${chunkSteps}, on_chunk=keep)
counts = None
if ${counted ? "True" : "False"}:
    space = {}
    exec(source, space)
    space["tour"](${rows}, ${cols}, (${start[0]}, ${start[1]}))
    counts = {"backs": space["BACKS"], "undos": space["UNDOS"]}
json.dump({"status": r.status, "steps": r.steps, "path": r.path, "chunks": chunks, "counts": counts}, sys.stdout)
`;
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(out.stderr);
  const data = JSON.parse(out.stdout);
  const trace = createTrace({ rows, cols, start });
  for (const c of data.chunks) {
    const buffers = {};
    for (const [k, v] of Object.entries(c)) buffers[k] = Buffer.from(v, "base64");
    trace.append(buffers);
  }
  return { trace, data };
}

function isTour(path, rows, cols) {
  const seen = new Set(path.map(([r, c]) => r * cols + c));
  if (path.length !== rows * cols || seen.size !== path.length) return false;
  return path.slice(1).every(([r, c], i) => {
    const [pr, pc] = path[i];
    const dr = Math.abs(r - pr);
    const dc = Math.abs(c - pc);
    return (dr === 1 && dc === 2) || (dr === 2 && dc === 1);
  });
}

test("a real 5x5 backtracking trace: boards, path, stack, undo, describe", () => {
  const { trace: t, data } = pythonTrace("backtrack", 5, 5, [4, 0], 2_000_000, 5000);
  assert.equal(data.status, "done");
  assert.equal(t.steps, data.steps);
  assert.ok(t.steps > 10_000);
  assert.equal(t.status, "done");
  const last = t.steps - 1;
  assert.ok(isTour(t.pathAt(last), 5, 5));
  assert.deepEqual(t.pathAt(last), data.path);
  // boardAt at many steps equals replaying every delta from step 0.
  const replay = new Int16Array(25);
  const byStep = new Map();
  let j = 0;
  const probes = new Set([0, 1, last]);
  for (let i = 0; i < 200; i++) probes.add(Math.floor(Math.random() * t.steps));
  const sorted = [...probes].sort((a, b) => a - b);
  // Replay the deltas in order through the changesAt columns.
  for (let k = 0; k <= last; k++) {
    for (const c of t.changesAt(k)) replay[c.square] = c.now;
    if (sorted[j] === k) { byStep.set(k, replay.slice()); j++; }
  }
  for (const k of sorted) assert.deepEqual([...t.boardAt(k)], [...byStep.get(k)], `step ${k}`);
  // Depth grows at a call and shrinks after a return.
  const call = t.nextEvent(100, EVENT_CALL);
  assert.equal(t.stackAt(call).length, t.stackAt(call - 1).length + 1);
  assert.equal(t.stackAt(call).at(-1).name, "visit");
  assert.equal(t.stackAt(0)[0].name, "<module>");
  const ret = t.nextMatching(call, (k) => isReturn(t.eventAt(k)));
  assert.equal(t.stackAt(ret + 1).length, t.stackAt(ret).length - 1);
  // Ancestors show the step of their call.
  const stack = t.stackAt(call);
  assert.equal(stack.at(-2).vars.step + 1, stack.at(-1).vars.step);
  // The next undo clears a square; describe names it and where the knight goes back.
  const undo = t.nextUndo(0);
  assert.ok(undo > 0);
  assert.equal(t.kindAt(undo), "undo");
  const d = t.describe(undo);
  assert.equal(d.key, "learn.step.undo");
  const before = t.boardAt(undo - 1);
  const after = t.boardAt(undo);
  const cleared = [...before.keys()].find((i) => before[i] !== after[i]);
  assert.equal(d.params.square, squareName([Math.floor(cleared / 5), cleared % 5], 5));
  assert.equal(d.params.move, before[cleared]);
  const adv = t.nextAdvance(0);
  assert.equal(t.describe(adv).key, "learn.step.advance");
  assert.equal(t.describe(adv).params.move, 1);
  assert.equal(t.describe(t.nextAdvance(adv)).params.move, 2);
  assert.equal(t.nextUndo(undo), t.nextMatching(undo, (s, tr) => tr.kindAt(s) === "undo"));
  // "run to line L"
  const line = t.lineAt(undo);
  assert.equal(t.nextLine(0, line), t.nextMatching(0, (s, tr) => tr.lineAt(s) === line));
});

test("a stopped-by-budget trace keeps what was recorded", () => {
  const { trace: t, data } = pythonTrace("backtrack", 6, 6, [5, 0], 70_000, 65536);
  assert.equal(data.status, "budget");
  assert.equal(t.steps, 70_000);
  assert.equal(t.status, "budget");
  assert.ok(t.pathAt(t.steps - 1).length > 1);
});

// --- full boards kept every 1,024 changes, at every multiple too ------------------------

test("boardAt is right for any number of board changes, multiples of 1,024 included", () => {
  const next = random(1024);
  const counts = [1, 1023, 1024, 1025, 2048, 3072, 4095, 4096];
  for (let i = 0; i < 12; i++) counts.push(1 + Math.floor(next() * 5000));
  for (const n of counts) {
    const size = 12;
    const trace = createTrace({ rows: 3, cols: 4, start: [2, 0] });
    // One frame, n steps, one change a step, sent in chunks of random sizes.
    const replay = new Int16Array(size);
    const boards = [];
    let first = 0;
    while (first < n) {
      const take = Math.min(n - first, 1 + Math.floor(next() * 3000));
      const steps = [];
      const deltas = [];
      for (let k = first; k < first + take; k++) {
        const sq = Math.floor(next() * size);
        const now = Math.floor(next() * 50);
        deltas.push([k, sq, replay[sq], now]);
        replay[sq] = now;
        boards.push(replay.slice());
        steps.push([1, EVENT_LINE, 0, S, S, S, S]);
      }
      const frames = first === 0 ? [[0, NO_PARENT, 0, 0]] : [];
      const codes = first === 0 ? [{ index: 0, name: "tour", line: 1, vars: [] }] : [];
      trace.append(chunk({ first, firstFrame: first === 0 ? 0 : 1, steps, codes, frames, deltas, final: first + take === n }));
      first += take;
    }
    assert.equal(trace.deltas, n);
    for (const k of [n - 1, 0, Math.floor(n / 2), ...Array.from({ length: 20 }, () => Math.floor(next() * n))]) {
      assert.deepEqual([...trace.boardAt(k)], [...boards[k]], `${n} changes, step ${k}`);
    }
  }
});

// --- going back and taking a move back, against the program's own counts ----------------

// Backtracking that counts, in globals, its own going back (visit returning False) and
// its moves taken back (a square cleared); `forget` drops the clearing.
const COUNTING = readFileSync(new URL("../../fixtures/counting_program.py", import.meta.url), "utf8");
// Its print is left out here: this test's Python writes the trace to stdout.
const counting = (forget) => COUNTING.replace("    print(BACKS, UNDOS)\n", "").replace("TAKE_BACK  # noqa: B018, F821", forget ? "pass" : "board[x][y] = 0\n            UNDOS += 1");

test("going back is counted apart from moves taken back, as the program itself counts them", () => {
  for (const [forget, rows, cols, start] of [[false, 5, 5, [4, 0]], [false, 4, 4, [3, 0]], [true, 5, 5, [4, 0]], [true, 3, 4, [2, 0]]]) {
    const { trace: t, data } = pythonTrace(counting(forget), rows, cols, start, 3_000_000, 8192, true);
    assert.equal(data.status, "done");
    const facts = searchFacts(t);
    assert.equal(facts.name, "visit"); // the search, not full (a helper that returns False too)
    assert.equal(facts.back, data.counts.backs, `going back, forget=${forget}`);
    assert.equal(facts.undone, data.counts.undos, `taken back, forget=${forget}`);
    if (forget) assert.ok(data.counts.backs > 0 && firstLeftNumbered(t) >= 0);
    else assert.equal(firstLeftNumbered(t), -1); // a correct search never leaves a square numbered
  }
});

test("the menu's bug programs: going back without taking back is shown, a loop with a stack has no search", () => {
  const repeats = pythonTrace("bug_repeats", 5, 5, [4, 0], 2_000_000, 8192).trace;
  const facts = searchFacts(repeats);
  assert.ok(facts.back > 0 && facts.undone === 0);
  assert.ok(firstLeftNumbered(repeats) >= 0);
  const stack = pythonTrace("stack", 5, 5, [4, 0], 2_000_000, 8192).trace;
  assert.equal(searchFacts(stack), null);
  assert.ok(stack.undosUpTo(stack.steps - 1) > 0);
  const tag60 = pythonTrace("bug_tag60", 5, 5, [4, 0], 200_000, 8192).trace;
  assert.equal(firstLeftNumbered(tag60), -1); // it clears its own square before going back
});

test("a helper's False is its answer; the search's is going back, told with what it left", async () => {
  const { narrate } = await import("../../../web/learn/narration.js");
  const t = pythonTrace("bug_repeats", 5, 5, [4, 0], 2_000_000, 8192).trace;
  const name = (k) => t.codes[t.codeAt(k)].name;
  const said = new Map();
  for (let k = 0; k < t.steps; k++) {
    if (!isReturn(t.eventAt(k))) continue;
    const { key } = narrate(t, k, "");
    said.set(`${name(k)}:${key}`, (said.get(`${name(k)}:${key}`) ?? 0) + 1);
  }
  assert.ok(said.get("full:learn.say.returnValue") > 0, [...said.keys()].join(" "));
  assert.equal([...said.keys()].filter((k) => k.startsWith("full:learn.say.back")).length, 0);
  assert.ok(said.get("visit:learn.say.backLeaving") > 0, [...said.keys()].join(" "));
  assert.equal(said.get("visit:learn.say.back"), undefined); // every going back left squares numbered
  const correct = pythonTrace("backtrack", 5, 5, [4, 0], 2_000_000, 8192).trace;
  let backs = 0;
  for (let k = 0; k < correct.steps; k++) {
    if (!isReturn(correct.eventAt(k))) continue;
    const { key } = narrate(correct, k, "");
    assert.notEqual(key, "learn.say.backLeaving", `step ${k}`);
    if (key === "learn.say.back") backs++;
  }
  assert.equal(backs, correct.goingBackUpTo(correct.steps - 1));
});

test("the search is found when it places the knight through a helper of its own", () => {
  const source = `
MOVES = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
BACKS = 0
UNDOS = 0

def place(board, x, y, n):
    board[x][y] = n

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    place(board, start[0], start[1], 1)
    return board if solve(board, rows, cols, start[0], start[1], 2) else None

def solve(board, rows, cols, r, c, step):
    global BACKS, UNDOS
    if step > rows * cols:
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            place(board, x, y, step)
            if solve(board, rows, cols, x, y, step + 1):
                return True
            place(board, x, y, 0)
            UNDOS += 1
    BACKS += 1
    return False
`;
  const { trace: t, data } = pythonTrace(source, 5, 5, [4, 0], 3_000_000, 8192, true);
  const facts = searchFacts(t);
  assert.equal(facts.name, "solve");
  assert.equal(facts.back, data.counts.backs);
  assert.equal(facts.undone, data.counts.undos);
  assert.equal(firstLeftNumbered(t), -1);
});
