// Reading web/'s sources as data for the architecture test: each module's static imports,
// the circles among them, and how long each function is. Text-level scanning (no parser
// dependency): strings, template literals, comments and regular expressions are blanked
// first so their braces and quotes do not count.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Every .js and .mjs file under `root`, as paths relative to it. */
export function modulesUnder(root) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.m?js$/.test(name)) found.push(relative(root, path).replaceAll("\\", "/"));
    }
  };
  walk(root);
  return found;
}

/** The relative specifiers a module imports statically (import ... from, export ... from). */
export function staticImports(text) {
  const specs = [];
  const pattern = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']|^\s*import\s*["'](\.{1,2}\/[^"']+)["']/gms;
  for (const m of text.matchAll(pattern)) specs.push(m[1] ?? m[2]);
  return specs;
}

/** {module: [imported module, ...]} for every module under `root`, paths relative to it. */
export function importGraph(root) {
  const graph = {};
  for (const file of modulesUnder(root)) {
    const text = readFileSync(join(root, file), "utf8");
    graph[file] = staticImports(text).map((spec) =>
      relative(root, resolve(dirname(join(root, file)), spec)).replaceAll("\\", "/"));
  }
  return graph;
}

/** The circles in a graph {node: [node, ...]}: each as the list of nodes around it,
 * starting and ending at the same node. Empty when the graph has none. */
export function findCycles(graph) {
  const cycles = [];
  const state = new Map(); // node -> "open" while on the path, "done" after
  const path = [];
  const visit = (node) => {
    state.set(node, "open");
    path.push(node);
    for (const next of graph[node] ?? []) {
      if (state.get(next) === "open") cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, "done");
  };
  for (const node of Object.keys(graph).sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The text with comments, strings, template literals and regex literals replaced by
 * spaces (newlines kept, so line numbers stay). */
export function blanked(text) {
  let out = "";
  let i = 0;
  const keep = (s) => s.replace(/[^\n]/g, " ");
  while (i < text.length) {
    const c = text[i];
    const two = text.slice(i, i + 2);
    let end = -1;
    if (two === "//") end = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i);
    else if (two === "/*") end = text.indexOf("*/", i + 2) + 2;
    else if (c === '"' || c === "'" || c === "`") {
      end = i + 1;
      while (end < text.length && text[end] !== c) end += text[end] === "\\" ? 2 : 1;
      end += 1;
    } else if (c === "/" && /[=(,:;!&|?{}\[]\s*$|return\s*$|^\s*$/.test(out.slice(-40))) {
      end = i + 1;
      let inClass = false;
      while (end < text.length && (inClass || text[end] !== "/") && text[end] !== "\n") {
        if (text[end] === "\\") end += 1;
        else if (text[end] === "[") inClass = true;
        else if (text[end] === "]") inClass = false;
        end += 1;
      }
      end += 1;
    }
    if (end > i) {
      out += keep(text.slice(i, end));
      i = end;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Each function body in a module: {line, lines} where line is where it starts (1-based)
 * and lines how many lines it spans. A body is a `{` after `)` or `=>` that is not a
 * control statement's (if, for, while, switch, catch). */
export function functionLengths(text) {
  const src = blanked(text);
  const found = [];
  const open = [];
  let line = 1;
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (c === "\n") line += 1;
    else if (c === "{") {
      const before = src.slice(Math.max(0, i - 200), i).replace(/\s+$/, "");
      let isFunction = before.endsWith("=>");
      if (!isFunction && before.endsWith(")")) {
        // Find the matching "(" and look at the word before it.
        let depth = 0;
        let j = before.length - 1;
        for (; j >= 0; j -= 1) {
          if (before[j] === ")") depth += 1;
          else if (before[j] === "(" && --depth === 0) break;
        }
        isFunction = !/\b(?:if|for|while|switch|catch|with)\s*$/.test(before.slice(0, Math.max(0, j)));
      }
      open.push({ line, isFunction });
    } else if (c === "}") {
      const start = open.pop();
      if (start?.isFunction) found.push({ line: start.line, lines: line - start.line + 1 });
    }
  }
  return found;
}
