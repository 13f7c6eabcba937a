// The shape of web/: a thin root, no import circles, no long functions, a shell that
// knows no view. Import-linter's habit for Python projects, for the page's modules.

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

// --- the shell and the views ------------------------------------------------------------
// The shell composes views it is handed (web/views.js lists them, and the entry, app.js,
// hands them over); a view knows the shell through shell/api.js and the sessions handed to
// it, and another view through that view's api.js.

const SHELL = "shell/";
const ENTRY = "app.js"; // the page's entry starts the shell (shell/app.js)
const folderOf = (file) => (file.includes("/") ? `${file.split("/")[0]}/` : "");

/** The folders of the views web/views.js lists (each declaration's folder). */
export function viewFolders(graph) {
  return [...new Set(graph["views.js"].map(folderOf).filter((folder) => folder && folder !== SHELL))].sort();
}

/** Every module `file` imports, directly or not. */
function reached(graph, file) {
  const seen = new Set();
  const left = [file];
  while (left.length) for (const next of graph[left.pop()] ?? []) if (!seen.has(next) && seen.add(next)) left.push(next);
  return seen;
}

/** The imports that break the boundaries, as "a -> b (why)". */
export function boundaryBreaks(graph, views) {
  const breaks = [];
  for (const [file, imports] of Object.entries(graph)) {
    const own = folderOf(file);
    if (own === SHELL) {
      for (const target of reached(graph, file)) if (views.includes(folderOf(target))) breaks.push(`${file} -> ${target} (the shell reaches a view)`);
      continue;
    }
    for (const target of imports) {
      const to = folderOf(target);
      if (to === SHELL && target !== "shell/api.js" && !(file === ENTRY && target === "shell/app.js")) {
        breaks.push(`${file} -> ${target} (the shell's insides)`);
      } else if (views.includes(to) && to !== own && own !== "" && target !== `${to}api.js`) {
        breaks.push(`${file} -> ${target} (a view's insides, from outside it)`);
      }
    }
  }
  return breaks;
}

test("the shell reaches no view; outside it, modules import only shell/api.js; a view imports another's api.js only", () => {
  const graph = importGraph(WEB);
  const views = viewFolders(graph);
  assert.ok(views.includes("tour/") && views.includes("learn/"), views.join(", ")); // read from views.js, not listed here
  assert.deepEqual(boundaryBreaks(graph, views), []);
});

test("the boundary check finds a shell that imports a view, a view that imports the shell's or another view's insides", () => {
  const graph = {
    "views.js": ["shell/api.js", "tour/view.js", "play/view.js"],
    "app.js": ["shell/app.js", "views.js"],
    "shell/api.js": ["shell/state.js"],
    "shell/app.js": ["shell/state.js", "core/x.js"],
    "shell/state.js": [],
    "core/x.js": [],
    "tour/view.js": ["shell/api.js", "tour/api.js"],
    "tour/api.js": [],
    "play/view.js": ["shell/api.js", "tour/api.js"],
  };
  const views = viewFolders(graph);
  assert.deepEqual(views, ["play/", "tour/"]);
  assert.deepEqual(boundaryBreaks(graph, views), []);
  const broken = {
    ...graph,
    "core/x.js": ["play/view.js"], // reached from the shell through a shared module
    "play/view.js": ["shell/state.js", "tour/search.js"],
    "tour/search.js": [],
  };
  assert.deepEqual(boundaryBreaks(broken, views).sort(), [
    "core/x.js -> play/view.js (a view's insides, from outside it)",
    "play/view.js -> shell/state.js (the shell's insides)",
    "play/view.js -> tour/search.js (a view's insides, from outside it)",
    "shell/app.js -> play/view.js (the shell reaches a view)",
    "shell/app.js -> tour/search.js (the shell reaches a view)",
  ]);
});
