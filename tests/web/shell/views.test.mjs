// The shell draws the open view's layers and nothing of the others; it leads with the
// open view's sentence. A stub view is plugged in beside the page's own views.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createViews, viewLayers } from "../../../web/shell/views.js";
import { tourView } from "../../../web/tour/view.js";
import { compareView, heatmapView } from "../../../web/explore/views.js";
import { playView } from "../../../web/play/view.js";
import { learnView } from "../../../web/learn/view.js";
import { defaultState } from "../../../web/views.js";

const NAMES = ["board", "heat", "pasted", "path", "play", "learn", "marks", "overlay", "stub"];

/** Layers that record what they drew and contexts that record their clears. */
function recordingLayers() {
  const drawn = [];
  const cleared = [];
  const named = NAMES.map((name) => ({
    name,
    layer: { canvases: [name], draw: (ctxs, g, state, fresh) => drawn.push({ name, fresh, view: state.view }) },
  }));
  const ctxOf = (name) => ({ clearRect: () => cleared.push(name) });
  return { drawn, cleared, named, ctxOf };
}

function drawAll(layers, ctxOf, state, fresh = false) {
  for (const layer of layers) layer.draw(layer.canvases.map(ctxOf), { width: 10, height: 10 }, state, fresh);
}

const stubView = {
  id: "stub",
  draws: () => ["board", "stub"],
  status: () => ({ text: "stub's sentence", detail: "" }),
  prompt: () => ["", "stub's prompt"],
};

test("a layer says whether the open view shows it (the renderer takes the others out of the page)", () => {
  const views = createViews([tourView, compareView, heatmapView, playView, learnView, stubView]);
  const { named } = recordingLayers();
  const layers = viewLayers(named, views.layersOf);
  const state = defaultState();
  for (const view of ["tour", "compare", "heatmap", "play", "learn", "stub"]) {
    const shown = layers.filter((layer) => layer.shown({ ...state, view })).map((layer) => layer.name);
    const wanted = views.layersOf({ ...state, view });
    assert.deepEqual(shown, NAMES.filter((name) => wanted.has(name)), view);
    assert.ok(shown.includes("overlay") && shown.includes("board"), view); // the input canvas, always
  }
  assert.deepEqual(layers.filter((layer) => layer.shown({ ...state, view: "learn" })).map((layer) => layer.name), ["board", "learn", "overlay"]);
});

test("a layer with nothing to draw (its holds) is not shown and not drawn, and draws afresh once it holds something", () => {
  const views = createViews([tourView, compareView, heatmapView, playView, learnView, stubView]);
  const drawn = [];
  const cleared = [];
  let holding = false;
  const named = NAMES.map((name) => ({
    name,
    layer: {
      canvases: [name],
      ...(name === "path" ? { holds: () => holding } : {}),
      draw: (ctxs, g, state, fresh) => drawn.push({ name, fresh }),
    },
  }));
  const layers = viewLayers(named, views.layersOf);
  const path = layers.find((layer) => layer.name === "path");
  const state = { ...defaultState(), view: "tour" };
  const drawPath = (fresh = false) => path.draw([{ clearRect: () => cleared.push("path") }], { width: 10, height: 10 }, state, fresh);
  assert.equal(path.shown(state), false);
  drawPath(true);
  assert.deepEqual(drawn, []);
  assert.deepEqual(cleared, ["path"]); // a fresh canvas left blank
  holding = true;
  assert.equal(path.shown(state), true);
  drawPath();
  assert.deepEqual(drawn, [{ name: "path", fresh: true }]); // its cache may be stale: afresh
  drawPath();
  assert.deepEqual(drawn.at(-1), { name: "path", fresh: false });
  holding = false;
  drawPath();
  assert.equal(drawn.length, 2);
  assert.equal(path.shown({ ...state, view: "learn" }), false);
});

test("a stub view plugged in draws its layers and nothing of the others", () => {
  const views = createViews([tourView, compareView, heatmapView, playView, learnView, stubView]);
  const { drawn, cleared, named, ctxOf } = recordingLayers();
  const layers = viewLayers(named, views.layersOf);
  const state = { ...defaultState(), view: "tour", tour: Int32Array.of(0, 10) };
  drawAll(layers, ctxOf, state, true);
  assert.deepEqual(drawn.map((d) => d.name), ["board", "pasted", "path", "marks", "overlay"]);
  drawn.length = 0;
  cleared.length = 0;
  drawAll(layers, ctxOf, { ...state, view: "stub" });
  // The overlay (the canvas that takes input) is drawn in every view, listed or not.
  assert.deepEqual(drawn.map((d) => d.name), ["board", "overlay", "stub"]);
  // What the tour view drew is wiped once, and only that.
  assert.deepEqual(cleared.sort(), ["marks", "pasted", "path"]);
  assert.equal(drawn.find((d) => d.name === "stub").fresh, true); // first drawn: from scratch
  cleared.length = 0;
  drawn.length = 0;
  drawAll(layers, ctxOf, { ...state, view: "stub" });
  assert.deepEqual(cleared, []); // nothing left to wipe
  assert.deepEqual(drawn.map((d) => [d.name, d.fresh]), [["board", false], ["overlay", false], ["stub", false]]);
  assert.equal(views.statusOf({ ...state, view: "stub" }).text, "stub's sentence");
  assert.deepEqual(views.promptOf({ ...state, view: "stub" }), ["", "stub's prompt"]);
  assert.equal(views.ownsTour({ ...state, view: "stub" }), false);
});

test("each of the page's views draws one knight's worth of layers: never path and learn or play together", () => {
  const views = createViews([tourView, compareView, heatmapView, playView, learnView]);
  const base = { ...defaultState(), tour: Int32Array.of(0, 10), tourFrom: "solver" };
  const layersIn = (view, extra = {}) => [...views.layersOf({ ...base, view, ...extra })];
  assert.deepEqual(layersIn("heatmap"), ["board", "heat", "overlay"]); // heat, no path
  assert.deepEqual(layersIn("learn"), ["board", "learn", "overlay"]); // the program's board only
  assert.deepEqual(layersIn("play"), ["board", "play", "overlay"]); // another view's tour is not the game's
  assert.ok(layersIn("play", { tourFrom: "play" }).includes("path")); // a finished game is
  for (const view of views.ids) {
    const names = layersIn(view);
    const knights = ["marks", "play", "learn"].filter((n) => names.includes(n));
    assert.ok(knights.length <= 1, `${view}: ${names}`);
  }
  assert.equal(views.ownsTour({ ...base, view: "play" }), false);
  assert.equal(views.ownsTour({ ...base, view: "tour" }), true);
});

test("the status line is the open view's: the tour's gave-up sentence never leads the heatmap", () => {
  const views = createViews([tourView, compareView, heatmapView, playView, learnView]);
  const state = {
    ...defaultState(), settings: { ...defaultState().settings, start: [0, 0] },
    status: "gave_up", result: { method: "backtrack", seconds: 1, nodes: 1000, backtracks: 10, reason: "No tour found yet: the node budget ran out." },
  };
  const tour = views.statusOf({ ...state, view: "tour" }).text;
  assert.match(tour, /budget/);
  for (const view of ["heatmap", "play", "learn"]) {
    const text = views.statusOf({ ...state, view }).text;
    assert.notEqual(text, tour);
    assert.doesNotMatch(text, /node budget/, view);
  }
  assert.equal(createViews([tourView, stubView]).of({ view: "nope" }).id, "tour"); // unknown: the first
});

test("new settings: the shell drops only its own keys, and each view only keys of its own slice", async () => {
  const { VIEWS, registry } = await import("../../../web/views.js");
  const { settingsApplied } = await import("../../../web/shell/transitions.js");
  const state = defaultState();
  const sliceKeys = new Set(VIEWS.flatMap((view) => Object.keys(view.state?.() ?? {})));
  const shellKeys = Object.keys(state).filter((key) => !sliceKeys.has(key));
  const bigger = { ...state.settings, rows: state.settings.rows + 1 };
  for (const key of Object.keys(settingsApplied(state, bigger, []))) assert.ok(shellKeys.includes(key), `the shell drops a view's key: ${key}`);
  for (const view of VIEWS) {
    const own = new Set(Object.keys(view.state?.() ?? {}));
    for (const key of Object.keys(view.settingsDropped?.(state, bigger) ?? {})) assert.ok(own.has(key), `${view.id} drops another's key: ${key}`);
  }
  // The registry's patch is all of them: a tour on the old board and Play's kept tour go.
  const shown = { ...state, tour: Int32Array.of(0), tourFrom: "solver", keptTour: { tour: Int32Array.of(1) }, speedChosen: true };
  const patch = registry.settingsApplied(shown, bigger, []);
  assert.equal(patch.tour, null);
  assert.equal(patch.keptTour, null);
  assert.equal(patch.speedChosen, false);
  assert.equal(patch.generation, state.generation + 1);
  assert.equal(registry.settingsApplied(shown, { ...state.settings, closed: true }, []).speedChosen, undefined, "same size keeps a chosen speed");
});
