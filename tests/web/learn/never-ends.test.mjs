// A run the budget cut is said to never end only where its trace shows the same frame on
// the same line with the same variables and board twice, with only plain arithmetic on
// those variables between; the two steps are offered to jump to. The words are checked
// against the program run in CPython: at the two steps it names, CPython's own frame is on
// that line with equal locals, the values it gives. Anything less says only what is known.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { verdictParts } from "../../../web/learn/verdict.js";
import { plainLine, repeatedState } from "../../../web/learn/repeat.js";
import { t } from "../../../web/i18n/messages.js";
import { number } from "../../../web/core/format.js";
import { inChinese } from "../helpers.mjs";
import { fakeLearnSession } from "./fake-session.mjs";
import { tracedRun } from "./python-chunks.mjs";
import "../chinese.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const BUDGET = 3000;
const programs = { backtrack: { source: "", sourceZh: "", description: "", key: "learn.program.backtrack" } };
const copy = (message) => ({ ...message, buffers: Object.fromEntries(Object.entries(message.buffers).map(([k, v]) => [k, v.slice()])) });

const head = "def tour(rows, cols, start):\n";
const NEVER = {
  stuck: `${head}    r, c = start\n    while True:\n        if r > 10 or c < 0:\n            break\n    return None\n`,
  bare: `${head}    while True:\n        pass\n`,
  flipping: `${head}    k = 0\n    while True:\n        k = 1 - k  # two states, each seen again\n`,
};
const UNKNOWN = {
  counting: `${head}    n = 0\n    while True:\n        n += 1\n`,
  calling: `${head}    x = []\n    while True:\n        x.append(1)\n        x.pop()\n`,
  listed: `${head}    x = [0]\n    while True:\n        x[0] = 1 - x[0]\n`,
};

/** Per step (the tracer's events, the module's frame too), CPython's line and locals (ints). */
function inCPython(source, steps) {
  const code = `
import json, sys
from knight_py.learn.trace_format import FILENAME
seen = []
class Enough(BaseException):
    pass
def note(frame):
    if len(seen) >= ${steps}:
        raise Enough()
    seen.append([frame.f_lineno, {k: v for k, v in frame.f_locals.items() if type(v) is int}])
def local(frame, event, arg):
    note(frame)
    return local
def glob(frame, event, arg):
    if frame.f_code.co_filename != FILENAME:
        return None
    note(frame)
    return local
ns = {}
sys.settrace(glob)
try:
    exec(compile(sys.stdin.read(), FILENAME, "exec"), ns)
    ns["tour"](5, 5, (4, 0))
except Enough:
    pass
sys.settrace(None)
json.dump(seen, sys.stdout)
`;
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", input: source, maxBuffer: 1 << 28 });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}

async function ran(source, lang) {
  const recorded = tracedRun(source, 5, 5, [4, 0], BUDGET, 1024);
  const { store, learn, box } = fakeLearnSession(programs, lang);
  store.update({ learn: { ...store.get().learn, source, budget: BUDGET } });
  const done = learn.run();
  const id = store.get().learn.run;
  recorded.chunks.forEach((chunk) => box(0).say({ ...copy(chunk), id }));
  box(0).say({ ...recorded.ended, id });
  await done;
  return { state: store.get(), trace: learn.trace(), learn };
}

for (const lang of ["en", "zh"]) {
  for (const [name, source] of Object.entries(NEVER)) {
    test(`a loop whose state comes back is said to never end, with its two steps (${name}, ${lang})`, async () => {
      const { state, trace, learn } = await ran(source, lang);
      assert.ok(state.learn.budgetRan);
      const seen = repeatedState(trace, source);
      assert.ok(seen, "the trace shows the state again");
      const cpython = inCPython(source, trace.steps);
      const [lineA, localsA] = cpython[seen.first];
      const [lineB, localsB] = cpython[seen.second];
      assert.equal(lineA, seen.line);
      assert.equal(lineB, seen.line);
      assert.deepEqual(localsA, localsB, "CPython's locals are the same at both steps");
      for (const [n, v] of seen.values) assert.equal(localsA[n], v, `${n} as CPython holds it`);
      const say = lang === "zh" ? inChinese : (body) => body();
      say(() => {
        const parts = verdictParts(state, trace);
        const steps = { first: number(seen.first + 1), second: number(seen.second + 1), line: seen.line };
        const values = seen.values.map(([n, v]) => t("learn.never.value", { name: n, value: number(v) })).join(t("learn.list.separator"));
        const text = seen.values.length ? t("learn.never.repeats", { ...steps, values }) : t("learn.never.repeatsBare", steps);
        assert.deepEqual(parts[0], { text });
        assert.deepEqual(parts.slice(1, 3).map((p) => p.jump), [seen.first, seen.second]);
        assert.ok(!parts.some((p) => p.text === t("learn.budget.soFar")));
      });
      learn.show(seen.first);
      assert.equal(learn.trace().lineAt(seen.first), seen.line);
    });
  }
  for (const [name, source] of Object.entries(UNKNOWN)) {
    test(`a loop whose state the trace cannot show coming back is not said to never end (${name}, ${lang})`, async () => {
      const { state, trace } = await ran(source, lang);
      assert.ok(state.learn.budgetRan);
      assert.equal(repeatedState(trace, source), null);
      const say = lang === "zh" ? inChinese : (body) => body();
      say(() => {
        const parts = verdictParts(state, trace);
        assert.ok(parts.some((p) => p.text === t("learn.budget.soFar")), JSON.stringify(parts));
        assert.ok(!parts.some((p) => p.jump !== undefined));
      });
    });
  }
}

test("a plain line uses only watched variables and arithmetic", () => {
  const names = new Set(["r", "c"]);
  assert.ok(plainLine("    if r > 10 or c < 0:  # f(x) in a comment", names));
  assert.ok(!plainLine("    r = f(r)", names));
  assert.ok(!plainLine("    r = board[r]", names));
  assert.ok(!plainLine("    r = self.r", names));
  assert.ok(!plainLine("    r = n", names));
  assert.ok(!plainLine("    print('r')", names));
});
