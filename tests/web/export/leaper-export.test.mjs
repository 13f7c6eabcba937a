// A leaper's tour exported as an SVG image: its title and description (also the image's
// alt text) name the piece in English and Chinese, never the knight.
import test from "node:test";
import assert from "node:assert/strict";
import { describeTour, tourSvg } from "../../../web/export/svg.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

// A (0, 1)-leaper's tour of 2 x 3: a1 b1 c1 c2 b2 a2 (row 1 is the bottom row).
const record = { rows: 2, cols: 3, holes: [], closed: false, rule: "leaper:0,1", indices: Int32Array.from([3, 4, 5, 2, 1, 0]) };

test("a leaper's SVG names the piece in its title and description", () => {
  assert.equal(describeTour(record), "An open tour of the piece that jumps (0, 1) on the 2 x 3 board: 6 squares from a1 to a2.");
  const giraffe = { ...record, rule: "leaper:1,4", closed: true, holes: [[0, 0], [0, 1]] };
  assert.equal(describeTour(giraffe), "A closed tour of the giraffe (1, 4) on the 2 x 3 board, 2 holes: 6 squares from a1 to a2.");
  const svg = tourSvg(record).join("");
  assert.match(svg, /<title id="title">Tour of the piece that jumps \(0, 1\), 2 x 3<\/title>/);
  assert.doesNotMatch(svg, /knight/i);
  inChinese(() => {
    assert.equal(describeTour(giraffe), "长颈鹿（1, 4）在 2×3 棋盘（2 个障碍格）上的一条闭合周游路线（回到起点）：共 6 格，从 a1 走到 a2。");
    assert.match(tourSvg({ ...record, rule: "leaper:2,3" }).join(""), /<title id="title">斑马（2, 3）周游，2×3<\/title>/);
  });
  assert.match(describeTour({ ...record, rule: "xiangqi" }), /^An open knight's tour/);
});
