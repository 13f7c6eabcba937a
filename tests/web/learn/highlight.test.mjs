import { test } from "node:test";
import assert from "node:assert/strict";
import { tokens } from "../../../web/learn/highlight.js";

test("tokens colour keywords, builtins, strings, numbers, comments and the defined name", () => {
  const line = 'def visit(board, r, c, step):  # one square "x"';
  const kinds = Object.fromEntries(tokens(line).filter(([k]) => k !== "plain").map(([k, t]) => [t, k]));
  assert.equal(kinds.def, "keyword");
  assert.equal(kinds.visit, "def");
  assert.equal(kinds.board, "name");
  assert.equal(kinds['# one square "x"'], "comment");
  assert.deepEqual(tokens("for k in range(8):").filter(([k]) => k !== "plain"), [
    ["keyword", "for"], ["name", "k"], ["keyword", "in"], ["builtin", "range"], ["number", "8"],
  ]);
  assert.deepEqual(tokens("s = 'a#b'").map(([k]) => k), ["name", "plain", "string"]);
});

test("tokens join back to the line, whatever the line", () => {
  const lines = ["", "   ", "x = [[0] * cols for _ in range(rows)]", "'unterminated", "a\tb # c", "if tag == 60: return True", "≠ ünïcode 中文"];
  for (const line of lines) assert.equal(tokens(line).map(([, t]) => t).join(""), line);
});
