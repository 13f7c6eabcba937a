// The export list and the SVG image's words in Chinese; the text formats stay the
// command line's in every language.
import test from "node:test";
import assert from "node:assert/strict";
import { exportPlan, formatBytes } from "../../../web/export/plan.js";
import { describeTour, tourSvg } from "../../../web/export/svg.js";
import { boardText } from "../../../web/export/text.mjs";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const record = { rows: 3, cols: 4, holes: [], closed: false, rule: "knight", indices: Int32Array.from([0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]) };


test("the export list and sizes in Chinese, English by default", () => {
  const en = Object.fromEntries(exportPlan(record).map((p) => [p.format, p]));
  assert.equal(en.board.label, "Numbered board (text)");
  assert.equal(en.json.note, "the tour as data, for your own programs");
  assert.equal(formatBytes(812), "812 B");
  inChinese(() => {
    const zh = Object.fromEntries(exportPlan(record).map((p) => [p.format, p]));
    assert.equal(zh.board.label, "编号棋盘（文本）");
    assert.equal(zh.json.note, "路线的数据，给你自己写的程序读取");
    assert.match(zh.png.note, /^\d+×\d+ 像素，每格 48 像素，带步数编号$/);
    assert.equal(formatBytes(812), "812 B");
    assert.equal(formatBytes(7_600_000), "7.6 MB");
  });
});

test("the SVG's title and description follow the language; the text formats do not", () => {
  assert.equal(describeTour(record), "An open knight's tour of the 3 x 4 board: 12 squares from a3 to a2.");
  assert.equal(describeTour({ ...record, closed: true, holes: [[1, 1]] }), "A closed knight's tour of the 3 x 4 board, 1 hole: 12 squares from a3 to a2.");
  const board = boardText(record).join("");
  inChinese(() => {
    assert.equal(describeTour(record), "3×4 棋盘上的一条开放周游路线：共 12 格，从 a3 走到 a2。");
    const svg = tourSvg(record).join("");
    assert.match(svg, /<title id="title">马踏棋盘，3×4<\/title>/);
    assert.match(svg, /<title>起点 a3<\/title>/);
    assert.equal(boardText(record).join(""), board);
  });
});
