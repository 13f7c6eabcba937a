// The loading notes never contradict themselves: once Python has started, files still
// arriving are said to arrive in the background, never "still downloading".

import { test } from "node:test";
import assert from "node:assert/strict";

import { downloadsText } from "../../../web/solver/start-text.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const files = [{ file: "pyodide.asm.wasm", bytes: 8e6, received: 8e6 }, { file: "python_stdlib.zip", bytes: 2e6, received: 5e5 }];

test("before the start a pending file is still downloading; after it, it is not waited for", () => {
  assert.match(inChinese(() => downloadsText(files).text), /还在下载/);
  const started = inChinese(() => downloadsText(files, true).text);
  assert.doesNotMatch(started, /还在下载/);
  assert.match(started, /已经启动/);
  assert.doesNotMatch(downloadsText(files, true).text, /on the way/);
  const done = files.map((f) => ({ ...f, received: f.bytes }));
  assert.equal(downloadsText(done, true).text, downloadsText(done).text);
});
