// The shape of web/: a thin root, no import circles, no long functions. Import-linter's
// habit for Python projects, for the page's modules.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findCycles, functionLengths, importGraph, modulesUnder, staticImports } from "./source-scan.mjs";

const WEB = fileURLToPath(new URL("../../web/", import.meta.url));
const MAX_ROOT_MODULES = 15;
const MAX_FUNCTION_LINES = 70;

test("web/'s root holds the shell only: at most 15 modules", () => {
  const root = modulesUnder(WEB).filter((file) => !file.includes("/"));
  assert.ok(root.length <= MAX_ROOT_MODULES, `${root.length} modules at web/'s root: ${root.join(", ")}`);
});

test("every static import under web/ names a file that exists", () => {
  for (const [file, imports] of Object.entries(importGraph(WEB))) {
    for (const target of imports) assert.ok(existsSync(join(WEB, target)), `${file} imports missing ${target}`);
  }
});

test("no import circle under web/", () => {
  const cycles = findCycles(importGraph(WEB));
  assert.deepEqual(cycles.map((c) => c.join(" -> ")), []);
});

test("the circle check finds a circle added on purpose, and a longer one", () => {
  const graph = importGraph(WEB);
  // shell/session.js imports shell/url.js; make url.js import session.js back.
  const withCircle = { ...graph, "shell/url.js": [...graph["shell/url.js"], "shell/session.js"] };
  assert.ok(graph["shell/session.js"].includes("shell/url.js"));
  const cycles = findCycles(withCircle);
  assert.ok(cycles.some((c) => c.includes("shell/url.js") && c.includes("shell/session.js")), JSON.stringify(cycles));
  assert.deepEqual(findCycles({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }), [["a", "b", "c", "a"]]);
  assert.deepEqual(findCycles({ a: ["b"], b: [], c: ["a", "b"] }), []);
});

test("staticImports reads import and re-export forms, not dynamic imports or strings", () => {
  const text = [
    'import { a } from "./a.js";',
    "import {\n  b,\n  c,\n} from '../b.js';",
    'export { d } from "./d.js";',
    'import "./side-effect.js";',
    'const e = await import("./dynamic.js");',
    'const s = "import { x } from \'./nope.js\'";',
  ].join("\n");
  assert.deepEqual(staticImports(text), ["./a.js", "../b.js", "./d.js", "./side-effect.js"]);
});

test(`no function under web/ is longer than ${MAX_FUNCTION_LINES} lines`, () => {
  const long = [];
  for (const file of modulesUnder(WEB)) {
    for (const f of functionLengths(readFileSync(join(WEB, file), "utf8"))) {
      if (f.lines > MAX_FUNCTION_LINES) long.push(`${file}:${f.line} (${f.lines} lines)`);
    }
  }
  assert.deepEqual(long, []);
});

test("functionLengths measures functions, arrows and methods, not blocks or strings", () => {
  const text = [
    "function a(x) {", //  1
    "  if (x) {", //       2
    "    return '}';", //  3
    "  }", //             4
    "  return x;", //      5
    "}", //               6
    "const b = (y) => {", // 7
    "  // }", //           8
    "  return /}/.test(y);", // 9
    "};", //              10
    "const o = { m(z) {", // 11
    "  return z;", //      12
    "} };", //            13
  ].join("\n");
  assert.deepEqual(functionLengths(text).sort((p, q) => p.line - q.line), [
    { line: 1, lines: 6 },
    { line: 7, lines: 4 },
    { line: 11, lines: 3 },
  ]);
});
