import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createTrace } from "../../../../web/learn/trace.js";
import { factsOf } from "../../../../web/learn/exercises/facts.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

/** Runs program `name` of exercise `exercise` (tests/exercise_attempts.py or the starter
 * or solution) on its case `index` through the real tracer: the chunks as the page gets
 * them, and knight_py.learn.exercise_facts's facts of the same run. */
function pythonRun(exercise, name, index, chunkSteps = 512) {
  const code = `
import base64, json, sys
from tests.exercise_runs import programs
from knight_py.learn.exercises import EXERCISE_BY_ID, case_source
from knight_py.learn.exercise_facts import facts_of
from knight_py.learn.tracer import run
source = next(s for e, n, s, _ in programs() if e == ${JSON.stringify(exercise)} and n == ${JSON.stringify(name)})
case = EXERCISE_BY_ID[${JSON.stringify(exercise)}].cases[${index}]
kept, chunks = [], []
def keep(chunk):
    kept.append(chunk)
    chunks.append({k: base64.b64encode(v).decode() for k, v in chunk.to_buffers().items()})
r = run(case_source(source, case), case.rows, case.cols, case.start, max_steps=case.budget,
        chunk_steps=${chunkSteps}, on_chunk=keep)
r.chunks = kept
json.dump({"chunks": chunks, "facts": facts_of(r), "case": case.to_json()}, sys.stdout)
`;
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(out.stderr);
  const data = JSON.parse(out.stdout);
  const { rows, cols, start } = data.case;
  const trace = createTrace({ rows, cols, start });
  for (const c of data.chunks) {
    const buffers = {};
    for (const [k, v] of Object.entries(c)) buffers[k] = Buffer.from(v, "base64");
    trace.append(buffers);
  }
  return { trace, facts: data.facts };
}

const SAMPLES = [
  ["undo", "starter", 0], // the forgotten undo: squares left numbered
  ["count", "solution", 1], // a printed count, moves taken back
  ["count", "starter", 2], // 4 x 4: no tour, None
  ["stack", "solution", 1], // no recursion at all
  ["stack", "recursive-helper", 1], // recursion through a helper
  ["closed", "starter", 0], // a tour that does not close
  ["xiangqi", "starter", 0], // holes, the leg not looked at
  ["print", "solution", 0], // the board printed
];

for (const [exercise, name, index] of SAMPLES) {
  test(`the page's facts equal the Python tracer's: ${exercise} ${name} case ${index}`, () => {
    const { trace, facts } = pythonRun(exercise, name, index);
    const page = factsOf(trace, { output: facts.output, errorLine: facts.errorLine });
    assert.deepEqual(page, facts);
  });
}
