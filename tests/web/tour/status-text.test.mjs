import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultState } from "../../../web/views.js";
import { describeStatus, hintFor } from "../../../web/tour/status-text.js";
import { downloadsText, loadingText, startText } from "../../../web/solver/start-text.js";
import { holesText, sideMessage } from "../../../web/tour/settings-text.js";
import { moveCountText, playLabel, searchNoteText, speedText, watchSearchText } from "../../../web/tour/playback-text.js";
import { STATUSES } from "../../../web/shell/state.js";
import { said } from "../../../web/i18n/said.js";
import { duration, number } from "../../../web/core/format.js";
import { searchAt } from "../../../web/core/timeline.js";
import { setLanguage } from "../../../web/i18n/messages.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const result = { method: "warnsdorff", seconds: 0.0123, nodes: 1234567, backtracks: 0, reason: "odd squares" };
const base = (patch = {}) => ({ ...defaultState(), ...patch, settings: { ...defaultState().settings, start: [7, 0], ...(patch.settings || {}) } });

test("numbers get en-US thousands separators", () => {
  assert.deepEqual([0, 7, 999, 1000, 1234567, -1234, 12.6].map(number), ["0", "7", "999", "1,000", "1,234,567", "-1,234", "13"]);
  assert.equal(number(2 ** 60), (2 ** 60).toLocaleString("en-US"));
});

test("durations: ms below a second, never 0 ms; seconds with two, then one decimal", () => {
  assert.deepEqual([0, 0.0004, 0.0123, 0.9994, 1, 2.345, 12.34].map(duration), ["1 ms", "1 ms", "12 ms", "999 ms", "1.00 s", "2.35 s", "12.3 s"]);
});

test("every status has a sentence; found and impossible name the square and the numbers", () => {
  for (const status of STATUSES) {
    const { text } = describeStatus(base({ status, result, message: "the solver broke", tour: Int32Array.from([56]), progress: null }));
    assert.ok(text.length > 5, status);
  }
  const found = describeStatus(base({ status: "found", result, tour: Int32Array.from([56, 41]) }));
  assert.equal(found.text, "Found an open tour from a1 in 12 ms.");
  assert.equal(found.detail, "Warnsdorff's rule: 1,234,567 nodes, 0 backtracks.");
  const link = describeStatus(base({ status: "found", tourFrom: "link", tour: new Int32Array(64) }));
  assert.equal(link.text, "Showing the open tour from the link, starting at a1.");
  const impossible = describeStatus(base({ status: "impossible", result, settings: { closed: true } }));
  assert.equal(impossible.text, "No closed tour from a1: odd squares");
  const solving = describeStatus(base({ status: "solving", progress: { nodes: 5000, backtracks: 12, depth: 30 } }));
  assert.equal(solving.detail, "5,000 nodes searched, 12 backtracks, depth 30 of 64.");
});

test("the hint follows what a person can do next", () => {
  assert.match(hintFor(base({ editHoles: true }))[1], /add or remove holes/);
  assert.deepEqual(hintFor({ ...defaultState(), python: { ...defaultState().python, ready: true } })[0], "ready");
  assert.match(hintFor(base({ status: "solving" }))[1], /Stop/);
  assert.match(hintFor(base({ tour: new Int32Array(3) }))[1], /Copy link/);
});

test("loading, holes, size errors, moves and speed read as sentences", () => {
  assert.match(loadingText({ stage: "starting Python", ms: 2500, failed: "" }), /starting Python .* 2 s$/);
  assert.equal(loadingText({ failed: "HTTP 404" }), "The solver could not start: HTTP 404");
  const holes = Array.from({ length: 14 }, (_, i) => [0, i]);
  assert.equal(holesText({ rows: 8, holes: holes.slice(0, 1) }), "1 hole: a8");
  assert.match(holesText({ rows: 8, holes }), /^14 holes: a8, b8, .*, l8, …$/);
  assert.equal(said(sideMessage("Rows", "0")), "Rows: “0” is not allowed; use a whole number from 1 to 1000.");
  const playing = base({ tour: new Int32Array(64), shown: 64 });
  assert.equal(moveCountText(playing), "Move 64 of 64");
  assert.equal(playLabel(playing), "Replay");
  assert.equal(playLabel({ ...playing, playing: true }), "Pause");
  assert.equal(moveCountText(base()), "No tour yet");
  const events = Int32Array.from([1, 2, -1, 3]);
  const replay = base({ events, search: searchAt(events, 3), speed: 1500 });
  assert.equal(moveCountText(replay), "Search event 3 of 4: depth 1, 1 backtracks");
  assert.equal(speedText(replay), "1,500 search events/s");
});

test("the loading line says which start is under way, and why not the snapshot", () => {
  const python = { ...defaultState().python, ms: 2400 };
  assert.equal(loadingText({ ...python, start: "snapshot" }), "Loading the solver: Python from its saved snapshot… 2 s");
  assert.equal(
    loadingText({ ...python, start: "plain", stage: "starting Python", fallback: "snapshot-1.bin.gz: HTTP 404" }),
    "Loading the solver: starting Python, plain start (no snapshot: snapshot-1.bin.gz: HTTP 404)… 2 s",
  );
});

test("downloads are summed in bytes and what is still on its way is named", () => {
  assert.deepEqual(downloadsText([]), { received: 0, total: 0, text: "" });
  const files = [
    { file: "snapshot-ab.bin.gz", bytes: 6_500_000, received: 3_200_000 },
    { file: "pyodide.asm.wasm", bytes: 9_600_000, received: 9_600_000 },
    { file: "python_stdlib.zip", bytes: 2_500_000, received: 0 },
  ];
  const { received, total, text } = downloadsText(files);
  assert.deepEqual([received, total], [12_800_000, 18_600_000]);
  assert.equal(text, "12.8 of 18.6 MB downloaded; on the way: the snapshot (3.2 of 6.5 MB), Python's standard library (2.5 MB).");
  assert.equal(downloadsText(files.map((f) => ({ ...f, received: f.bytes }))).text, "18.6 of 18.6 MB downloaded.");
});

test("the precompiled downloads are named as the source ones", () => {
  const files = [
    { file: "python_stdlib-pyc.zip.gz", bytes: 1_200_000, received: 0 },
    { file: "knight_py-0.1.0-pyc.zip.gz", bytes: 200_000, received: 0 },
  ];
  assert.equal(downloadsText(files).text, "0.0 of 1.4 MB downloaded; on the way: Python's standard library (1.2 MB), the solver package (0.2 MB).");
});

test("after the start: how Python started and whether the page works offline", () => {
  const python = { ...defaultState().python, ready: true, ms: 1234 };
  const none = { status: "", detail: "" };
  assert.equal(startText({ ...python, start: "snapshot" }, none), "Python started from the saved snapshot in 1.23 s.");
  assert.equal(startText({ ...python, start: "plain", fallback: "HTTP 404" }, none), "Python started without the snapshot in 1.23 s (HTTP 404).");
  assert.match(startText({ ...python, start: "snapshot" }, { status: "saved", detail: "" }), /Saved for offline use/);
  assert.match(startText(defaultState().python, { status: "failed", detail: "quota" }), /^Could not save for offline use: quota\.$/);
  assert.equal(startText(defaultState().python, { status: "unsupported", detail: "" }), "");
  // The precompiled modules refused: said after how Python started, with Python's reason.
  const source = { ...python, start: "plain", fallback: "HTTP 404", bytecodeFallback: "bad magic number in 'encodings'" };
  assert.equal(startText(source, none), "Python started without the snapshot in 1.23 s (HTTP 404). "
    + "Its precompiled modules could not be used (bad magic number in 'encodings'), so it compiled them from source.");
  assert.equal(startText({ ...source, bytecode: true, bytecodeFallback: "" }, none), "Python started without the snapshot in 1.23 s (HTTP 404).");
  setLanguage("zh");
  try {
    assert.match(startText(source, none), /预编译的模块没法使用（bad magic number in 'encodings'），所以改为从源代码编译。$/);
  } finally {
    setLanguage("en");
  }
});

test("a tour from a link reads as being checked until the validator passes it", () => {
  const checking = describeStatus(base({ status: "found", tourFrom: "link", tourCheck: "checking", tour: new Int32Array(64) }));
  assert.match(checking.text, /from the link, starting at a1: checking it…$/);
  const valid = describeStatus(base({ status: "found", tourFrom: "link", tourCheck: "valid", tour: new Int32Array(64) }));
  assert.equal(valid.detail, "64 squares, checked by the validator.");
});

test("the replay's search events are explained in nodes: all of them, or the first of more", () => {
  const all = { events: new Int32Array(27_993), result: { nodes: 14_009, backtracks: 13_984 }, search: null };
  assert.equal(searchNoteText(all), "Each search event is one knight move placed (a node) or taken back (a backtrack): this search's 14,009 nodes and 13,984 backtracks are its 27,993 search events, all in the replay.");
  const first = { events: new Int32Array(50_000), result: { nodes: 1_000_000, backtracks: 999_950 }, search: null };
  assert.match(searchNoteText(first), /visited 1,000,000 nodes and backtracked 999,950 times, 1,999,950 search events; the replay holds the first 50,000\./);
  inChinese(() => {
    assert.equal(searchNoteText(first), "每个搜索事件是放下一个马步（一个节点）或撤销一个马步（一次回溯）：这次搜索访问了 1,000,000 个节点、回溯 999,950 次，共 1,999,950 个搜索事件；回放记录了其中的前 50,000 个。");
    assert.equal(watchSearchText(first), "看搜索过程（50,000 个搜索事件）");
  });
  assert.equal(searchNoteText({ events: null, result: null }), "");
  assert.match(searchNoteText({ events: new Int32Array(4), result: null }), /^Each search event is one knight move placed/);
});
