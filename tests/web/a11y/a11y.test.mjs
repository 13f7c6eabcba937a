// The accessible view's data: announcements for each kind of change, the table window
// that follows the cursor, cell labels, the move list, and the jump keys.
import test from "node:test";
import assert from "node:assert/strict";
import { announcementFor, positionText } from "../../../web/a11y/announcements.js";
import { tableWindow, cellInfo, moveNumbers, tableCaption, tableHeaders, TABLE_ALL, WINDOW } from "../../../web/a11y/board-table.js";
import { moveListWindow, LIST_ALL } from "../../../web/a11y/move-list.js";
import { cursorAfterKey, positionAfterKey } from "../../../web/a11y/keys.js";

const settings = { rows: 3, cols: 4, start: [0, 0], closed: false, method: "auto", holes: [], rule: "knight" };
const tour = Int32Array.from([0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]); // a3 c2 a1 b3 d2 b1 c3 d1 b2 d3 c1 a2
const base = { settings, tour, shown: 1, playing: false, speed: 8, search: null, events: null, editHoles: false, zoom: { zoom: 1 } };

test("playback steps are announced with the square; play, pause and the end too", () => {
  assert.equal(announcementFor(base, { ...base, shown: 2 }), "Move 2 of 12: c2.");
  assert.equal(announcementFor(base, { ...base, shown: 12 }), "Move 12 of 12: a2, the last square.");
  assert.equal(announcementFor(base, { ...base, playing: true }), "Playing.");
  assert.equal(announcementFor({ ...base, playing: true, shown: 5 }, { ...base, playing: false, shown: 5 }), "Paused. Move 5 of 12: d2.");
  // Fast playback speaks only the end; slow playback every step.
  const playing = { ...base, playing: true };
  assert.equal(announcementFor(playing, { ...playing, shown: 3 }), "");
  assert.match(announcementFor({ ...playing, shown: 11 }, { ...playing, shown: 12 }), /^End of the tour\. Move 12 of 12/);
  const slow = { ...playing, speed: 1 };
  assert.equal(announcementFor(slow, { ...slow, shown: 2 }), "Move 2 of 12: c2.");
  assert.equal(announcementFor(base, base), "");
});

test("every setting change is announced", () => {
  const change = (patch) => announcementFor(base, { ...base, settings: { ...settings, ...patch } });
  assert.equal(change({ rows: 8, cols: 8 }), "Board 8 by 8.");
  assert.match(change({ closed: true }), /^Closed tour/);
  assert.equal(change({ method: "warnsdorff" }), "Method: Warnsdorff's rule.");
  assert.match(change({ rule: "xiangqi" }), /^Xiangqi horse/);
  assert.equal(change({ rule: "leaper:2,5" }), "Piece: the piece that jumps (2, 5).");
  assert.equal(change({ start: [1, 1] }), "Start b2.");
  assert.equal(change({ holes: [[2, 3]] }), "Hole added at d1; 1 hole.");
  const holed = { ...base, settings: { ...settings, holes: [[2, 3], [0, 1]] } };
  assert.equal(announcementFor(holed, { ...holed, settings: { ...settings, holes: [[0, 1]] } }), "Hole removed at d1; 1 hole.");
  assert.equal(announcementFor(holed, { ...holed, settings: { ...settings, holes: [] } }), "Holes cleared; no holes.");
  assert.match(announcementFor(base, { ...base, editHoles: true }), /^Editing holes/);
  assert.equal(announcementFor({ ...base, editHoles: true }, base), "Done editing holes.");
  assert.equal(announcementFor(base, { ...base, zoom: { zoom: 4 } }), "Zoom 4 times.");
  assert.equal(announcementFor({ ...base, zoom: { zoom: 4 } }, base), "Whole board shown.");
});

test("the search replay is announced by step and depth", () => {
  const events = Int32Array.from([0, 6, -1, 5]);
  const replay = { ...base, events, search: { pos: 2, stack: Int32Array.from([0, 6]), backtracks: 0 } };
  assert.equal(positionText(replay), "Search event 2 of 4: depth 2, on c2, 0 backtracks.");
  assert.equal(announcementFor(base, replay), "Replaying the search.");
});

test("the table shows small boards whole and a window that follows the cursor on big ones", () => {
  assert.deepEqual(tableWindow(8, 8, [3, 3]), { rows: 8, cols: 8, r0: 0, r1: 8, c0: 0, c1: 8 });
  assert.deepEqual(tableWindow(TABLE_ALL, TABLE_ALL, null).r1, TABLE_ALL);
  let win = tableWindow(1000, 1000, [999, 0]);
  assert.deepEqual([win.r0, win.r1, win.c0, win.c1], [1000 - WINDOW, 1000, 0, WINDOW]);
  // The cursor stays inside, however it moves; the window shifts only when it must.
  let cursor = [999, 0];
  const moves = ["ArrowUp", "ArrowRight", "PageUp", "End", "Home", "ArrowDown", "PageDown", "ArrowLeft"];
  for (let k = 0; k < 300; k += 1) {
    const next = cursorAfterKey(cursor, moves[(k * 7) % moves.length], k % 11 === 0, 1000, 1000);
    const after = tableWindow(1000, 1000, next, win);
    assert.ok(next[0] >= after.r0 && next[0] < after.r1 && next[1] >= after.c0 && next[1] < after.c1);
    assert.equal(after.r1 - after.r0, WINDOW);
    const moved = Math.abs(next[0] - cursor[0]) <= 1 && Math.abs(next[1] - cursor[1]) <= 1;
    if (moved && next[0] >= win.r0 && next[0] < win.r1 && next[1] >= win.c0 && next[1] < win.c1) assert.deepEqual(after, win);
    cursor = next;
    win = after;
  }
  assert.match(tableCaption(tableWindow(1000, 1000, [999, 0])), /^Squares a1 to h8 of the 1000 by 1000 board/);
  assert.deepEqual(tableHeaders(tableWindow(3, 4, null)), { files: ["a", "b", "c", "d"], ranks: ["3", "2", "1"] });
});

test("cells say their square and move; holes and unreached squares say so in words", () => {
  const numbers = moveNumbers(tour, 3, 4);
  const info = (shown, row, col, holes = new Set()) => cellInfo({ rows: 3, cols: 4, start: [0, 0], numbers, shown, holes, knight: tour[shown - 1], total: 12 }, row, col);
  assert.deepEqual(info(12, 0, 0), { name: "a3", text: "1", label: "a3, move 1, start", kind: "visited" });
  assert.equal(info(12, 1, 0).label, "a2, move 12, the knight ends here");
  assert.equal(info(5, 1, 3).label, "d2, move 5, the knight is here");
  assert.equal(info(5, 1, 0).label, "a2, not reached yet");
  assert.equal(info(5, 1, 1, new Set([5])).label, "b2, hole");
  // Read every cell: the labels give the whole tour back.
  const read = [];
  for (let r = 0; r < 3; r += 1) for (let c = 0; c < 4; c += 1) {
    const m = /^(\w+), move (\d+)/.exec(info(12, r, c).label);
    read[Number(m[2]) - 1] = r * 4 + c;
  }
  assert.deepEqual(read, [...tour]);
});

test("the move list: whole for short tours, a window around the position for long ones", () => {
  const short = moveListWindow(tour, 3, 4, 3);
  assert.equal(short.items.length, 12);
  assert.deepEqual(short.items.slice(0, 3).map((i) => i.name), ["a3", "c2", "a1"]);
  assert.equal(short.items.filter((i) => i.current).map((i) => i.n)[0], 3);
  const long = Int32Array.from({ length: 10_000 }, (_, k) => k);
  const win = moveListWindow(long, 100, 100, 5000);
  assert.ok(win.first <= 5000 && win.last >= 5000 && win.items.length < LIST_ALL);
  assert.equal(moveListWindow(long, 100, 100, 1).first, 1);
  assert.equal(moveListWindow(long, 100, 100, 10_000).last, 10_000);
});

test("playback keys: ten moves, and the ends", () => {
  assert.equal(positionAfterKey(5, "PageUp", 1, 64), 15);
  assert.equal(positionAfterKey(5, "PageDown", 1, 64), 1);
  assert.equal(positionAfterKey(60, "PageUp", 1, 64), 64);
  assert.equal(positionAfterKey(30, "Home", 1, 64), 1);
  assert.equal(positionAfterKey(30, "End", 1, 64), 64);
  assert.equal(positionAfterKey(30, "x", 1, 64), null);
  assert.deepEqual(cursorAfterKey([5, 5], "PageUp", false, 8, 8), [0, 5]);
  assert.deepEqual(cursorAfterKey([5, 5], "End", true, 8, 8), [7, 7]);
  assert.deepEqual(cursorAfterKey(null, "Home", true, 8, 8), [0, 0]);
});

test("a leaper's square says its name; choosing one is announced by name", () => {
  const numbers = moveNumbers(tour, 3, 4);
  const info = (shown, rule) => cellInfo({ rows: 3, cols: 4, start: [0, 0], numbers, shown, holes: new Set(), knight: tour[shown - 1], total: 12, rule }, 1, 3);
  assert.equal(info(5, "leaper:1,3").label, "d2, move 5, the camel (1, 3) is here");
  assert.equal(info(5, "xiangqi").label, "d2, move 5, the knight is here");
});
