import { test } from "node:test";
import assert from "node:assert/strict";
import { packSource, unpackSource } from "../../../web/learn/code-link.js";
import { LEARN_PROGRAMS, learnQueryParts, parseLearnParams } from "../../../web/learn/params.js";

test("a program packs into a link and comes back the same, Chinese comments included", async () => {
  const source = "def tour(rows, cols, start):\n    # 马踏棋盘\n    return None\n".repeat(20);
  const packed = await packSource(source);
  assert.match(packed, /^[A-Za-z0-9_-]+$/);
  assert.ok(packed.length < source.length / 3, `${packed.length} characters`);
  assert.equal(await unpackSource(packed), source);
});

test("damaged or oversized code is refused with a reason", async () => {
  await assert.rejects(unpackSource("AAAA"), /damaged/);
  const huge = await packSource("x = 1\n".repeat(10_000));
  await assert.rejects(unpackSource(huge), /long/);
});

test("link parameters: known programs, code only in Learn, its form checked", () => {
  const read = (query, view = "learn") => parseLearnParams(new URLSearchParams(query), view);
  assert.deepEqual(read("program=stack"), { program: "stack", code: null, errors: [] });
  const bad = read("program=%3Cscript%3E");
  assert.equal(bad.program, "backtrack");
  assert.equal(bad.errors[0].param, "program");
  assert.equal(read("code=abc", "tour").errors[0].param, "code");
  assert.equal(read("code=a%20b").errors[0].text.key, "learn.link.codeForm");
  assert.equal(read(`code=${"a".repeat(20_000)}`).code, null);
  assert.deepEqual(learnQueryParts({ program: "backtrack", packed: null }), []);
  assert.deepEqual(learnQueryParts({ program: "warnsdorff", packed: "xyz" }), ["program=warnsdorff", "code=xyz"]);
  assert.equal(LEARN_PROGRAMS.length, new Set(LEARN_PROGRAMS).size);
});
