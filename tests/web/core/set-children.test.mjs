import { test } from "node:test";
import assert from "node:assert/strict";
import { setChildren } from "../../../web/core/panel.js";

// A node that counts its rewrites: setChildren only ever calls replaceChildren.
function countingNode() {
  return { writes: 0, children: [], replaceChildren(...kids) { this.writes += 1; this.children = kids; } };
}

test("setChildren writes a node's children only when what they show differs", () => {
  const node = countingNode();
  let builds = 0;
  const build = (texts) => () => { builds += 1; return texts.map((t) => ({ t })); };
  setChildren(node, ["a", ["b", 1]], build(["a", "b"]));
  setChildren(node, ["a", ["b", 1]], build(["a", "b"])); // the same: no write, no build
  assert.deepEqual([node.writes, builds], [1, 1]);
  setChildren(node, ["a", ["b", 2]], build(["a", "b2"]));
  assert.deepEqual([node.writes, builds, node.children.map((c) => c.t)], [2, 2, ["a", "b2"]]);
  setChildren(node, [], build([]));
  assert.deepEqual([node.writes, node.children], [3, []]);
  // Each node remembers its own content.
  const other = countingNode();
  setChildren(other, [], build([]));
  assert.equal(other.writes, 1);
});
