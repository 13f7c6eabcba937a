// Adding a view is its folder and one line in the registry: a stub view, written to a
// temporary folder as a newcomer would write web/<view>/view.js, joins the page's views
// and the shell gives it a tab, reads and writes its link parameter, mounts its panel,
// draws its layer and publishes its snapshot, with no other module changed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { VIEWS } from "../../../web/views.js";
import { createViews, orderedLayers, viewLayers } from "../../../web/shell/views.js";
import { createStore, defaultState } from "../../../web/shell/state.js";
import { parseQuery, toQuery } from "../../../web/shell/url.js";
import { publishSnapshot } from "../../../web/shell/snapshot.js";
import { hideRule, mountViewTabs } from "../../../web/shell/tabs.js";
import { viewChosen } from "../../../web/shell/transitions.js";

const WEB = pathToFileURL(join(import.meta.dirname, "../../../web/")).href;

// The whole of a minimal view: its state, one link parameter, one panel, one layer, its
// sentence and prompt, its snapshot.
const STUB = `
import { byId, setText } from "${WEB}core/panel.js";

export const stubView = {
  id: "stub",
  title: () => "Stub",
  about: () => "A view that counts.",
  state: () => ({ stub: { count: 0 } }),
  params: [{
    names: ["count"],
    read: (params) => ({ value: Number(params.get("count") ?? 0), errors: [] }),
    loaded: (state, count) => ({ stub: { count } }),
    write: (state) => (state.view === "stub" && state.stub.count ? [\`count=\${state.stub.count}\`] : []),
  }],
  panels: [(doc) => {
    const el = byId(doc, { count: "stub-count" });
    return { sync: (state) => setText(el.count, String(state.stub.count)), unbind() {} };
  }],
  layers: [{ name: "stub", z: 3, create: () => ({ canvases: ["stub"], draw: (ctxs, g, state) => ctxs[0].drawn.push(state.stub.count) }) }],
  draws: () => ["board", "stub", "overlay"],
  status: (state) => ({ text: \`Counted \${state.stub.count}.\`, detail: "" }),
  prompt: () => ["quiet", "Count on."],
  snapshot: { stub: (state) => ({ count: state.stub.count }) },
};
`;

/** Elements enough for the shell's panels: ids, attributes, children, listeners. */
function fakeElement(doc, tag) {
  const attrs = new Map();
  const listeners = {};
  const el = {
    tagName: tag, dataset: {}, children: [], textContent: "", ownerDocument: doc,
    getAttribute: (name) => attrs.get(name) ?? null,
    setAttribute: (name, value) => attrs.set(name, String(value)),
    addEventListener: (type, fn) => (listeners[type] = fn),
    removeEventListener: () => {},
    appendChild: (child) => el.children.push(child),
    querySelectorAll: (selector) => (selector === "[role=tab]" ? el.children.filter((c) => c.getAttribute("role") === "tab") : []),
    click: () => listeners.click?.({}),
  };
  return el;
}

function fakeDocument() {
  // The page's stylesheet, where the tabs write each view's rule that hides the others'.
  const sheet = { href: "http://x/style.css", cssRules: [], insertRule: (rule, at) => sheet.cssRules.splice(at, 0, rule) };
  const doc = { body: null, byId: new Map(), styleSheets: [{ href: "http://x/print.css", cssRules: [] }, sheet] };
  doc.createElement = (tag) => fakeElement(doc, tag);
  doc.body = fakeElement(doc, "body");
  doc.getElementById = (id) => {
    if (!doc.byId.has(id)) doc.byId.set(id, fakeElement(doc, "div"));
    return doc.byId.get(id);
  };
  return doc;
}

async function stubRegistry() {
  const folder = mkdtempSync(join(tmpdir(), "stub-view-"));
  try {
    writeFileSync(join(folder, "view.js"), STUB);
    const { stubView } = await import(pathToFileURL(join(folder, "view.js")).href);
    return createViews([...VIEWS, stubView]); // the registry's one line
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("a stub view from a temporary folder gets its tab, link parameter, panel, layer and snapshot", async () => {
  globalThis.requestAnimationFrame ??= () => 1;
  const views = await stubRegistry();
  assert.deepEqual(views.ids, [...VIEWS.map((view) => view.id), "stub"]);

  // Its state slice is in the page's state.
  const state = defaultState(views);
  assert.deepEqual(state.stub, { count: 0 });

  // Its link: the view and its parameter are read, loaded and written back.
  const { view, linked, errors } = parseQuery("?rows=6&cols=6&view=stub&count=4", views);
  assert.deepEqual([view, errors], ["stub", []]);
  let opened = { ...state, settings: { ...state.settings, rows: 6, cols: 6 }, view };
  for (const [param, value] of linked) opened = { ...opened, ...param.loaded(opened, value) };
  assert.equal(opened.stub.count, 4);
  assert.equal(toQuery(opened.settings, null, opened, views), "?rows=6&cols=6&view=stub&count=4");
  assert.deepEqual(parseQuery("?count=4", views).errors, []); // a known name, even in another view

  // Its tab: made beside index.html's (none here), labelled, selected when open; a click chooses it.
  const doc = fakeDocument();
  const chosen = [];
  const tabs = mountViewTabs(doc, { session: { chooseView: (id) => chosen.push(id) }, views });
  const tabList = doc.getElementById("view-tabs").children;
  const stubTab = tabList.find((tab) => tab.dataset.view === "stub");
  assert.equal(stubTab.textContent, "Stub");
  tabs.sync(opened);
  assert.equal(stubTab.getAttribute("aria-selected"), "true");
  // While it is open, the other views' controls hide, and its own show, by a rule of its own.
  assert.ok(doc.styleSheets[1].cssRules.includes(hideRule("stub")));
  assert.equal(doc.styleSheets[1].cssRules.length, views.ids.length);
  assert.equal(hideRule("stub"), 'body[data-view="stub"] [data-views]:not([data-views~="stub"]) { display: none !important; }');
  assert.equal(doc.body.getAttribute("data-view"), "stub");
  assert.equal(doc.getElementById("view-about").textContent, "A view that counts.");
  stubTab.click();
  assert.deepEqual(chosen, ["stub"]);
  assert.deepEqual(viewChosen(state, "stub", views.opened(state, "stub")), { view: "stub" });

  // Its panel is mounted with the page's and syncs from the state.
  const panels = views.panels.slice(-1).map((mount) => mount(doc, { views }));
  panels[0].sync(opened);
  assert.equal(doc.getElementById("stub-count").textContent, "4");

  // Its layer sits above the page's tour and draws only while the view is open.
  const shellLayer = (name) => ({ canvases: [name], draw: (ctxs) => ctxs[0].drawn.push(name) });
  const shell = { board: shellLayer("board"), path: shellLayer("path"), marks: shellLayer("marks"), overlay: shellLayer("overlay") };
  const layers = viewLayers(orderedLayers(shell, views.layers, { learn: { trace: () => null } }), views.layersOf);
  assert.deepEqual(layers.map((layer) => layer.name), ["board", "pasted", "heat", "path", "play", "learn", "stub", "marks", "overlay"]);
  const canvas = { drawn: [], clearRect() {} };
  for (const layer of layers) layer.draw([canvas], { width: 1, height: 1 }, opened, true);
  assert.deepEqual(canvas.drawn, ["board", 4, "overlay"]);

  // Its sentence, its prompt and its snapshot.
  assert.equal(views.statusOf(opened).text, "Counted 4.");
  assert.deepEqual(views.promptOf(opened), ["quiet", "Count on."]);
  const store = createStore(opened);
  const target = {};
  publishSnapshot(store, target, views);
  assert.deepEqual(target.knightTour.stub, { count: 4 });
  assert.equal(target.knightTour.view, "stub");
});

test("without the stub, its link's view falls back to the first view and its parameter is unknown", () => {
  const views = createViews(VIEWS);
  const { view, errors } = parseQuery("?view=stub&count=4", views);
  assert.equal(view, "tour");
  assert.deepEqual(errors.map((e) => e.param), ["view", "count"]);
});
