// The Learn wire has one declaration (knight_py/learn/trace_format.py), which the page reads
// through learn/wire.js only: no module of web/learn writes its own copy of a field list, a
// column's typed array or a limit. The scan below finds such copies; it is first shown to
// catch the copies the page once had, then run over every module of web/learn.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as wire from "../../../web/learn/wire.js";
import { checkChunk, checkEnded, sourceWords } from "../../../web/learn/sandbox-messages.js";
import { pythonChunks } from "./python-chunks.mjs";

const ROOT = new URL("../../../", import.meta.url).pathname;
const LEARN = join(ROOT, "web", "learn");

// Every list of names the declaration holds.
const LISTS = [
  wire.META_FIELDS, wire.ENDED_FIELDS, wire.BUFFERS, wire.CHUNK_STATUSES, wire.BOARD_NOTES, wire.ANSWER_SHAPES,
  ...Object.values(wire.MESSAGES).flatMap((phase) => Object.values(phase)),
].filter((list) => list.length >= 3).map((list) => new Set(list));
const LIMITS = ["SLOTS", "CHUNK_STEPS", "CHUNK_DELTAS", "MAX_CODES", "MAX_NAME", "MAX_FILE_NAME", "MAX_MESSAGE", "MAX_OUTPUT", "MAX_DEPTH", "NESTING_ALLOWED"];
const LIMIT_VALUES = new Set(LIMITS.flatMap((name) => [wire[name], wire[name] - 1]));
const LIMIT_WORDS = /SLOT|WATCH|CHUNK|CODES|NAME|MESSAGE|CHARS|OUTPUT|DEPTH|NEST/;
const KIND = "(?:Uint8|Uint16|Uint32|Int8|Int16|Int32)Array";
const COLUMN = `\\b(?:${wire.BUFFERS.join("|")})\\b`;
const number = (text) => Number(text.replaceAll("_", ""));

/** The hand-written copies of the wire in `source`: [what, the text], one a copy. */
export function copiesIn(text) {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1"); // code, not comments
  const found = [];
  // A list of three names or more, each of one declared list.
  for (const [whole, inside] of source.matchAll(/\[([^[\]]*)\]/g)) {
    const names = [...inside.matchAll(/"([^"\\]*)"|'([^'\\]*)'/g)].map((m) => m[1] ?? m[2]);
    if (names.length >= 3 && LISTS.some((list) => names.every((name) => list.has(name)))) found.push(["a list of the wire's names", whole]);
  }
  // A column read or made as a typed array named by hand.
  for (const [whole] of source.matchAll(new RegExp(`${KIND}\\b[^;\\n]*${COLUMN}`, "g"))) found.push(["a column's typed array", whole]);
  for (const [whole] of source.matchAll(new RegExp(`${COLUMN}[^;\\n]*\\bnew ${KIND}`, "g"))) found.push(["a column's typed array", whole]);
  // A step's bytes counted by hand: a slot's width times the slots.
  for (const [whole] of source.matchAll(/\b\d\s*\*\s*(?:\w+\.)?slots\b/g)) found.push(["a slot's width", whole]);
  // A limit declared again, or a cut or a count of its value.
  for (const [whole, name, value] of source.matchAll(/\b(?:const|let)\s+([A-Z][A-Z0-9_]*)\s*=\s*([\d_]+)\s*;/g)) {
    if (LIMITS.includes(name) || (LIMIT_WORDS.test(name) && LIMIT_VALUES.has(number(value)))) found.push(["a limit declared again", whole]);
  }
  for (const [whole, value] of source.matchAll(/\.slice\(0,\s*([\d_]+)\)|\{0,\s*([\d_]+)\}/g)) {
    if (LIMIT_VALUES.has(number(value ?? whole.match(/\{0,\s*([\d_]+)/)[1]))) found.push(["a limit's value", whole]);
  }
  for (const [whole] of source.matchAll(/\bslots:\s*\d/g)) found.push(["a count of slots", whole]);
  return found;
}

function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.m?js$/.test(entry.name) ? [path] : [];
  });
}

test("the scan finds the copies of the wire the page once wrote by hand", () => {
  const once = [
    'const WATCHED = 6; // int variables recorded per step',
    'const MESSAGE_CHARS = 300;',
    'export const MAX_MESSAGE = 400;',
    'error: { name: String(result.error_name).slice(0, 100) }',
    'const ERROR_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;',
    'const frames = read(Uint32Array, columns.frames);',
    'const dq = view(Uint16Array, chunk.delta_square);',
    'const ds = new Uint32Array(chunk.delta_step.buffer);',
    'let total = t.segLines.length * SEG * (2 + 1 + 4 + 2 * t.slots);',
    '    slots: 4,',
    'for (const name of ["first_step", "steps", "first_frame", "frames_added"]) check(name);',
    'const fields = ["status", "line", "error", "output", "answer"];',
  ];
  for (const line of once) assert.ok(copiesIn(line).length > 0, line);
  assert.deepEqual(copiesIn('const PACK_DELAY_MS = 400;\nconst moves = ["a1", "b3", "c5"];\nnew Uint8Array(256);'), []);
});

test("no module of web/learn but wire.js writes a field list, a column's kind or a limit of the wire", () => {
  const files = modules(LEARN).filter((path) => !path.endsWith(join("learn", "wire.js")));
  assert.ok(files.length > 30, "the modules of web/learn are found");
  const copies = files.flatMap((path) => copiesIn(readFileSync(path, "utf8")).map(([what, text]) => `${relative(ROOT, path)}: ${what}: ${text}`));
  assert.deepEqual(copies, []);
});

test("learn/wire.js is what tools/wire.py makes of the declaration", () => {
  const run = spawnSync("python3", ["-m", "tools.wire", "--check"], { cwd: ROOT, encoding: "utf8" });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test("the page's checks pass on exactly the declared fields of a chunk's meta and of an end", () => {
  const { source, chunks: [chunk] } = pythonChunks("backtrack", 5, 5, [0, 0], 200, 8192);
  const trace = { steps: 0, frames: 0, codes: 0, slots: wire.SLOTS, size: 25, finished: false, budget: 200, depthOf: () => 1,
    words: sourceWords(source) };
  const checked = checkChunk(chunk, 1, trace);
  assert.ok(checked.ok, checked.reason);
  assert.deepEqual(Object.keys(checked.value.meta), [...wire.META_FIELDS]);
  assert.deepEqual(Object.keys(checked.value).filter((k) => k !== "meta"), [...wire.BUFFERS]);
  const ended = checkEnded({ type: "ended", id: 1, result: { status: "error", line: 2, error: { name: "E", text: "e" }, output: "", answer: null } }, 1, { rows: 5, cols: 5, lines: 4 });
  assert.ok(ended.ok, ended.reason);
  assert.deepEqual(Object.keys(ended.value), [...wire.ENDED_FIELDS]);
});
