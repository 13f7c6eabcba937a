// The chunks the real tracer posts (knight_py.learn.run, run by python3 from the project's
// root), as the page receives them from the Learn worker.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** `program`'s source and its chunks ({type, id: 1, meta (object), buffers: name ->
 * Uint8Array}) on rows x cols from `start` ([row, col]), the wire's variable slots. */
export function pythonChunks(program, rows, cols, start, maxSteps, chunkSteps) {
  const code = `
import base64, json, sys
from knight_py.learn import PROGRAMS, run
chunks = []
def keep(chunk):
    chunks.append({k: base64.b64encode(v).decode() for k, v in chunk.to_buffers().items()})
run(PROGRAMS[${JSON.stringify(program)}].source, ${rows}, ${cols}, (${start[0]}, ${start[1]}),
    max_steps=${maxSteps}, chunk_steps=${chunkSteps}, on_chunk=keep)
json.dump({"chunks": chunks, "source": PROGRAMS[${JSON.stringify(program)}].source}, sys.stdout)
`;
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(out.stderr);
  const { chunks, source } = JSON.parse(out.stdout);
  return {
    source,
    chunks: chunks.map((c) => {
      const buffers = {};
      for (const [k, v] of Object.entries(c)) buffers[k] = new Uint8Array(Buffer.from(v, "base64"));
      const meta = JSON.parse(new TextDecoder().decode(buffers.meta));
      delete buffers.meta;
      return { type: "chunk", id: 1, meta, buffers };
    }),
  };
}

/** `source` run by the real tracer on rows x cols from `start`: its chunks (as
 * pythonChunks) and its "ended" message (id 1) as the Learn worker makes it: the status,
 * the line, Python's name and words for an error, the output, the answer as numbers. */
export function tracedRun(source, rows, cols, start, maxSteps, chunkSteps) {
  const code = `
import base64, json, sys
from knight_py.learn import run
from knight_py.learn.trace_format import ended_result
chunks = []
def keep(chunk):
    chunks.append({k: base64.b64encode(v).decode() for k, v in chunk.to_buffers().items()})
source = sys.stdin.read()
r = run(source, ${rows}, ${cols}, (${start[0]}, ${start[1]}), max_steps=${maxSteps},
        chunk_steps=${chunkSteps}, on_chunk=keep)
json.dump({"chunks": chunks, "ended": ended_result(r)}, sys.stdout)
`;
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", input: source, maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(out.stderr);
  const { chunks, ended } = JSON.parse(out.stdout);
  return {
    source,
    ended: { type: "ended", id: 1, result: ended },
    chunks: chunks.map((c) => {
      const buffers = {};
      for (const [k, v] of Object.entries(c)) buffers[k] = new Uint8Array(Buffer.from(v, "base64"));
      const meta = JSON.parse(new TextDecoder().decode(buffers.meta));
      delete buffers.meta;
      return { type: "chunk", id: 1, meta, buffers };
    }),
  };
}
