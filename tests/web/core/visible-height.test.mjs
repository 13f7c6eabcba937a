import test from "node:test";
import assert from "node:assert/strict";
import { visibleHeight, visualViewportOf, watchVisibleHeight } from "../../../web/core/visible-height.js";
import { random } from "../helpers.mjs";

// A window with or without a visual viewport; `keyboard` covers px of its foot.
function fakeWindow({ viewport = true, innerHeight = 844 } = {}) {
  const win = new EventTarget();
  win.innerHeight = innerHeight;
  if (viewport) {
    const vv = new EventTarget();
    vv.height = innerHeight;
    vv.scale = 1;
    win.visualViewport = vv;
  }
  return win;
}

test("a missing, broken or half-made visual viewport is not used: the window's height is", () => {
  assert.equal(visualViewportOf({}), null);
  assert.equal(visualViewportOf({ visualViewport: null }), null);
  assert.equal(visualViewportOf({ visualViewport: { height: 400 } }), null); // no events
  assert.equal(visualViewportOf({ visualViewport: Object.assign(new EventTarget(), { height: Number.NaN }) }), null);
  assert.equal(visualViewportOf({ visualViewport: Object.assign(new EventTarget(), { height: 0 }) }), null);
  const throwing = { get visualViewport() { throw new Error("no"); }, innerHeight: 700 };
  assert.equal(visualViewportOf(throwing), null);
  assert.equal(visibleHeight(throwing), 700);
  assert.equal(visibleHeight(fakeWindow({ viewport: false, innerHeight: 612 })), 612);
});

test("the visible height is the visual viewport's at the page's scale, never over the window's", () => {
  const rand = random(50);
  for (let n = 0; n < 300; n++) {
    const win = fakeWindow({ innerHeight: 300 + Math.floor(rand() * 900) });
    const scale = 1 + rand() * 3;
    const keyboard = Math.floor(rand() * win.innerHeight * 0.6);
    win.visualViewport.scale = scale;
    win.visualViewport.height = (win.innerHeight - keyboard) / scale; // a pinch shows less of the page
    assert.equal(visibleHeight(win), Math.round(win.innerHeight - keyboard), `case ${n}`);
    win.visualViewport.height = win.innerHeight * 2;
    assert.equal(visibleHeight(win), win.innerHeight, `case ${n}: capped`);
  }
});

test("watching follows the visual viewport's resize, and the window's where there is none", () => {
  for (const viewport of [true, false]) {
    const win = fakeWindow({ viewport });
    const seen = [];
    const stop = watchVisibleHeight(win, (h) => seen.push(h));
    if (viewport) {
      win.visualViewport.height = 430; // the keyboard opens: the window keeps its size
      win.visualViewport.dispatchEvent(new Event("resize"));
      win.visualViewport.dispatchEvent(new Event("scroll")); // no change: not told again
    } else {
      win.innerHeight = 430;
      win.dispatchEvent(new Event("resize"));
    }
    win.innerHeight = 430;
    win.dispatchEvent(new Event("resize"));
    stop();
    if (viewport) win.visualViewport.height = 844;
    win.innerHeight = 844;
    (viewport ? win.visualViewport : win).dispatchEvent(new Event("resize"));
    assert.deepEqual(seen, [844, 430], `viewport: ${viewport}`);
  }
});
