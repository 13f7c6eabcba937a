import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const WEB = new URL("../../web/", import.meta.url);
const read = (name) => readFileSync(new URL(name, WEB), "utf8");

test("index.html preloads every module of the page, and only those", () => {
  const preloaded = [...read("index.html").matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  const modules = readdirSync(WEB).filter((name) => name.endsWith(".js"));
  assert.deepEqual([...preloaded].sort(), modules.sort());
  assert.equal(preloaded[0], "main.js");
});

test("every relative import of a page module names a module that exists", () => {
  const modules = new Set(readdirSync(WEB));
  for (const name of [...modules].filter((n) => n.endsWith(".js"))) {
    for (const [, target] of read(name).matchAll(/from "\.\/([^"]+)"/g)) assert.ok(modules.has(target), `${name} imports ${target}`);
  }
});
