import { test } from "node:test";
import assert from "node:assert/strict";
import { mountSettingsPanel, pieceChoice, readPiece, readSize } from "../../../web/tour/settings-panel.js";
import { parseRule } from "../../../web/core/leapers.js";
import { inChinese, random } from "../helpers.mjs";
import { defaultState } from "../../../web/views.js";
import { parseSide } from "../../../web/core/linked-board.js";
import { msg, said } from "../../../web/i18n/said.js";

test("the form reads sizes by the URL's rule and names the bad field", () => {
  assert.deepEqual(readSize("8", " 12"), { rows: 8, cols: 12 });
  const rows = readSize("0", "8").error;
  assert.deepEqual([rows.rows, rows.cols], [true, false]);
  assert.equal(said(rows.message), "Rows: “0” is not allowed; use a whole number from 1 to 1000.");
  const cols = readSize("8", "1e2").error;
  assert.deepEqual([cols.rows, cols.cols], [false, true]);
  assert.match(said(cols.message), /^Columns: “1e2”/);
  for (const text of ["", "7", "1000", "1001", "8.5", "-1", "abc"]) {
    assert.equal(readSize(text, "8").error === undefined, parseSide(text) !== null, text);
  }
});

/** A form element that records every write to its shown value, state or attributes. */
function fakeElement(id, writes) {
  const props = { value: "", checked: false, disabled: false, hidden: false, textContent: "" };
  const attrs = new Map();
  const el = {
    id,
    options: [],
    addEventListener() {},
    removeEventListener() {},
    append(option) {
      this.options.push(option);
    },
    getAttribute: (name) => (attrs.has(name) ? attrs.get(name) : null),
    setAttribute(name, value) {
      writes.push(`${id}@${name}`);
      attrs.set(name, String(value));
    },
  };
  for (const key of Object.keys(props)) {
    Object.defineProperty(el, key, {
      get: () => props[key],
      set: (value) => {
        writes.push(`${id}.${key}`);
        props[key] = value;
      },
    });
  }
  return el;
}

function fakeForm() {
  const writes = [];
  const elements = new Map();
  const doc = {
    activeElement: null,
    getElementById(id) {
      if (!elements.has(id)) elements.set(id, fakeElement(id, writes));
      return elements.get(id);
    },
    querySelectorAll: () => [],
    createElement: () => ({ value: "", textContent: "" }),
  };
  const panel = mountSettingsPanel(doc, { store: null, session: null });
  return { doc, panel, writes, el: (id) => doc.getElementById(id) };
}

const withSettings = (state, patch) => ({ ...state, settings: { ...state.settings, ...patch } });

test("the settings form writes an element only when what it shows changes", () => {
  const { panel, writes, el } = fakeForm();
  const state = defaultState();
  panel.sync(state);
  assert.equal(el("rows").value, "8");
  assert.equal(el("open-tour").checked, true);
  assert.equal(el("method").value, "auto");
  writes.length = 0;
  panel.sync(state);
  panel.sync({ ...state, shown: 12, playing: true }); // a frame of playback: nothing of the form changed
  assert.deepEqual(writes, []);
  panel.sync(withSettings(state, { closed: true }));
  assert.deepEqual(writes.sort(), ["closed-tour.checked", "open-tour.checked"]);
  writes.length = 0;
  panel.sync(withSettings(state, { closed: true, holes: [[0, 1]] }));
  assert.deepEqual(writes.sort(), ["clear-holes.disabled", "holes-note.textContent"]);
});

test("the form leaves a field alone while it has focus, then shows the state", () => {
  const { doc, panel, writes, el } = fakeForm();
  const state = defaultState();
  panel.sync(state);
  el("rows").value = "1"; // being typed
  doc.activeElement = el("rows");
  writes.length = 0;
  panel.sync(withSettings(state, { rows: 10 }));
  assert.equal(el("rows").value, "1");
  assert.ok(!writes.includes("rows.value"));
  doc.activeElement = null;
  panel.sync(withSettings(state, { rows: 10 }));
  assert.equal(el("rows").value, "10");
});

test("a control the state did not follow goes back to what the state says", () => {
  const { panel, el } = fakeForm();
  const state = defaultState();
  panel.sync(state);
  el("closed-tour").checked = true;
  el("open-tour").checked = false;
  el("method").value = "backtrack";
  panel.sync(state);
  assert.deepEqual([el("open-tour").checked, el("closed-tour").checked, el("method").value], [true, false, "auto"]);
});

test("the piece menu asks for a named leaper, the xiangqi horse or the (a, b) typed", () => {
  assert.deepEqual(readPiece("camel", "", "", "knight"), { rule: "leaper:1,3" });
  assert.deepEqual(readPiece("xiangqi", "9", "9", "knight"), { rule: "xiangqi" });
  assert.deepEqual(readPiece("other", " 5", "2 ", "knight"), { rule: "leaper:2,5" });
  assert.deepEqual(readPiece("other", "2", "1", "leaper:1,3"), { rule: "knight" });
  const bad = readPiece("other", "0", "0", "leaper:1,3").error;
  assert.match(said(bad), /whole numbers from 0 to 1,?000, not both 0; the piece is still the camel \(1, 3\)/);
  assert.match(inChinese(() => said(bad)), /棋子仍是骆驼（1, 3）/);
  const rand = random(44);
  const chars = "0123456789-.e";
  for (let i = 0; i < 1000; i += 1) {
    const pad = () => (rand() < 0.2 ? " " : "");
    const typed = () => pad() + Array.from({ length: Math.floor(rand() * 5) }, () => chars[Math.floor(rand() * chars.length)]).join("") + pad();
    const [a, b] = [typed(), typed()];
    const read = readPiece("other", a, b, "knight");
    assert.equal(read.rule ?? null, parseRule(`leaper:${a.trim()},${b.trim()}`), `${a}|${b}`);
    assert.ok(read.rule || read.error, `${a}|${b}`);
  }
  assert.equal(pieceChoice("leaper:2,3"), "zebra");
  assert.equal(pieceChoice("leaper:2,5"), "other");
  assert.equal(pieceChoice("xiangqi"), "xiangqi");
});

test("a leaper without a name shows the menu on other with its two numbers", () => {
  const { panel, el } = fakeForm();
  const state = defaultState();
  panel.sync(state);
  assert.equal(el("piece").value, "knight");
  assert.equal(el("leaper-numbers").hidden, true);
  panel.sync(withSettings(state, { rule: "leaper:2,5" }));
  assert.equal(el("piece").value, "other");
  assert.equal(el("leaper-numbers").hidden, false);
  assert.deepEqual([el("leaper-a").value, el("leaper-b").value], ["2", "5"]);
  panel.sync({ ...withSettings(state, { rule: "leaper:2,5" }), pieceForm: { other: true, error: msg("page.piece.bad", { max: "1000", piece: "x" }) } });
  assert.equal(el("leaper-error").hidden, false);
  assert.equal(el("leaper-a").getAttribute("aria-invalid"), "true");
});
