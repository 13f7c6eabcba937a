// The sandbox frame: its script allowed by its hash in both of the page's policies, its own
// policy narrower than the page's, and the frame opened without allow-same-origin and
// removed (its worker with it) when closed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { FRAME_CSP, FRAME_SCRIPT, FRAME_SCRIPT_HASH, frameDocument } from "../../../web/learn/sandbox-frame.js";
import { openSandbox } from "../../../web/learn/sandbox.js";

const read = (path) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

test("the frame's script is allowed by its hash, in index.html and in the server's header", () => {
  const hash = `sha256-${createHash("sha256").update(FRAME_SCRIPT, "utf8").digest("base64")}`;
  assert.equal(FRAME_SCRIPT_HASH, hash);
  assert.ok(read("web/index.html").includes(`'${hash}'`));
  assert.ok(read("tools/serve.py").includes(`'${hash}'`));
  assert.ok(frameDocument().includes(`<script>${FRAME_SCRIPT}</script>`));
});

test("the frame's own policy lets nothing reach this site", () => {
  const directives = Object.fromEntries(FRAME_CSP.split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(directives["default-src"], ["'none'"]);
  assert.deepEqual(directives["connect-src"], ["data:", "blob:"]);
  assert.deepEqual(directives["worker-src"], ["blob:"]);
  for (const values of Object.values(directives)) assert.ok(!values.includes("'self'") && !values.includes("*"));
  assert.ok(frameDocument().includes(`content="${FRAME_CSP}"`));
});

/** The least of a document openSandbox needs, recording what it is asked. */
function fakeDocument() {
  const frames = [];
  const doc = {
    frames,
    createElement(tag) {
      assert.equal(tag, "iframe");
      const attributes = {};
      const listeners = {};
      const frame = {
        attributes, listeners, posted: [], removed: false, hidden: false,
        setAttribute: (name, value) => void (attributes[name] = value),
        addEventListener: (type, fn) => void (listeners[type] = fn),
        remove() { this.removed = true; },
        contentWindow: { postMessage: (message, origin, transfer) => frame.posted.push({ message, origin, transfer }) },
      };
      frames.push(frame);
      return frame;
    },
    body: { append() {} },
  };
  return doc;
}

test("the frame is sandboxed without allow-same-origin, booted once loaded, removed when closed", () => {
  const doc = fakeDocument();
  const deaths = [];
  const box = openSandbox(doc, { code: "code", base: "http://h/", onMessage() {}, onDeath: (why) => deaths.push(why), setTimer: () => 1, clearTimer() {} });
  const [frame] = doc.frames;
  assert.equal(frame.attributes.sandbox, "allow-scripts");
  assert.ok(!String(frame.attributes.sandbox).includes("same-origin"));
  assert.equal(frame.srcdoc, frameDocument());
  frame.listeners.load();
  assert.equal(frame.posted.length, 1);
  assert.deepEqual(frame.posted[0].message, { type: "boot", code: "code", base: "http://h/" });
  assert.equal(frame.posted[0].transfer.length, 2);
  box.stop();
  assert.deepEqual(frame.posted[1].message, { type: "stop" });
  box.close();
  assert.ok(frame.removed && !box.open);
  box.stop(); // nothing after the end
  assert.equal(frame.posted.length, 2);
  assert.deepEqual(deaths, []);
});

test("a frame that never loads counts as dead, once", () => {
  const doc = fakeDocument();
  const deaths = [];
  let fire = null;
  openSandbox(doc, { code: "", base: "", onMessage() {}, onDeath: (why) => deaths.push(why), setTimer: (fn) => { fire = fn; return 1; }, clearTimer() {} });
  fire();
  fire();
  assert.deepEqual(deaths, ["frame"]);
  assert.ok(doc.frames[0].removed);
});
