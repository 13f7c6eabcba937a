// The export formats against the command line: the same tour printed by
// `python -m knight_py --format board|moves|json` and by the page's generators must be
// the same text. Plus the board text pasted back, the SVG's structure and the size plan.
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { boardText, movesText, tourJson } from "../../../web/export/text.mjs";
import { parseTourText } from "../../../web/pasted-tour/text.js";
import { tourSvg, svgOptions } from "../../../web/export/svg.js";
import { exportPlan, formatBytes } from "../../../web/export/plan.js";
import { parseSquare } from "../../../web/core/squares.js";
import { KNIGHT_STEPS } from "../../../web/core/squares.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url)); // the repository, where python3 -m knight_py finds the package

function cli(size, args, format) {
  return execFileSync("python3", ["-m", "knight_py", size, ...args, "--format", format], { cwd: ROOT, encoding: "utf8" });
}

// A few boards: plain, holes, closed, a non-square one, the xiangqi horse.
const CASES = [
  ["8x8", ["--start", "a1"]],
  ["5x6", ["--start", "b3", "--block", "a1,f5,b2"]],
  ["6x6", ["--start", "b2", "--closed"]],
  ["3x4", ["--start", "a3"]],
  ["12x30", ["--start", "ad5", "--block", "b2,ab11"]],
  ["7x7", ["--start", "d4", "--rule", "xiangqi"]],
];

function recordFromJson(data) {
  return {
    rows: data.rows, cols: data.cols, closed: data.closed, rule: data.rule,
    holes: data.blocked.map((name) => parseSquare(name, data.rows, data.cols)),
    indices: Int32Array.from(data.path, ([r, c]) => r * data.cols + c),
    result: data,
  };
}

for (const [size, args] of CASES) {
  test(`${size} ${args.join(" ")}: board, moves and JSON as the command line prints them`, () => {
    const data = JSON.parse(cli(size, args, "json"));
    assert.equal(data.status, "found");
    const record = recordFromJson(data);
    assert.equal(boardText(record).join(""), cli(size, args, "board"));
    assert.equal(movesText(record).join(""), cli(size, args, "moves"));
    assert.deepEqual(JSON.parse(tourJson(record).join("")), data);
    // The board text, pasted back into the page, reads to the same path and holes.
    const back = parseTourText(boardText(record).join(""));
    assert.ok(back.ok, back.message);
    assert.deepEqual([back.rows, back.cols], [data.rows, data.cols]);
    assert.deepEqual([...back.path], [...record.indices]);
    assert.deepEqual([...back.holes].sort((a, b) => a - b), record.holes.map(([r, c]) => r * data.cols + c).sort((a, b) => a - b));
  });
}

test("the size plan is exact for the text formats", () => {
  for (const [size, args] of CASES) {
    const record = recordFromJson(JSON.parse(cli(size, args, "json")));
    const plan = Object.fromEntries(exportPlan(record).map((p) => [p.format, p]));
    const bytes = (parts) => parts.reduce((n, p) => n + Buffer.byteLength(p), 0);
    assert.equal(plan.board.bytes, bytes(boardText(record)), size);
    assert.equal(plan.moves.bytes, bytes(movesText(record)), size);
    const json = bytes(tourJson(record));
    assert.ok(Math.abs(plan.json.bytes - json) < 0.1 * json + 200, `${size}: json ${plan.json.bytes} vs ${json}`);
    const svg = bytes(tourSvg(record));
    assert.ok(Math.abs(plan.svg.bytes - svg) < 0.35 * svg, `${size}: svg ${plan.svg.bytes} vs ${svg}`);
  }
});

// A long walk of knight moves on a big board, without the solver: a boustrophedon of
// 2-column strips is not a tour, but the generators only need steps that are knight moves.
function bigWalk(rows, cols, length) {
  const indices = new Int32Array(length);
  let r = 0;
  let c = 0;
  for (let k = 0; k < length; k += 1) {
    indices[k] = r * cols + c;
    const [dr, dc] = r + 2 < rows ? [2, c + 1 < cols ? 1 : -1] : [-(r - (r % 2 ? 1 : 0)), 1];
    r += dr; c += dc;
    if (c >= cols || c < 0 || r < 0 || r >= rows) { r = 0; c = 0; }
  }
  return { rows, cols, holes: [], closed: false, rule: "knight", indices };
}

test("a 1000 x 1000 SVG stays a few MB: no numbers, relative moves, one pattern for the board", () => {
  const record = bigWalk(1000, 1000, 1_000_000);
  assert.deepEqual(svgOptions(1000, 1000), { numbers: false, labels: false });
  const parts = tourSvg(record);
  const bytes = parts.reduce((n, p) => n + p.length, 0);
  assert.ok(bytes < 12e6, `${bytes} bytes`);
  const text = parts.join("");
  assert.equal((text.match(/<path stroke=/g) || []).length, 48);
  assert.equal((text.match(/<text/g) || []).length, 0);
  const plan = exportPlan(record).find((p) => p.format === "svg");
  assert.match(plan.note, /without numbers/);
  assert.ok(Math.abs(plan.bytes - bytes) < 0.35 * bytes, `plan ${plan.bytes} vs ${bytes}`);
});

test("the SVG path retraces the tour: decode its relative moves back to squares", () => {
  const data = JSON.parse(cli("8x8", ["--start", "b1"], "json"));
  const record = recordFromJson(data);
  const svg = tourSvg(record).join("");
  assert.match(svg, /<title id="title">Knight's tour, 8 x 8<\/title>/);
  assert.match(svg, /from b1 to /);
  const numbers = svg.slice(svg.indexOf('font-weight="600"'));
  const shown = [...numbers.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
  assert.deepEqual(shown, Array.from({ length: 64 }, (_, k) => k + 1));
  const squares = [];
  for (const [, x, y, rest] of svg.matchAll(/<path stroke="[^"]+" d="M([\d.]+) ([\d.]+)l([^"]*)"/g)) {
    let col = Math.floor(Number(x) - 0.6);
    let row = Math.floor(Number(y) - 0.1);
    if (!squares.length) squares.push(row * 8 + col);
    const nums = rest.trim().split(/\s+/).map(Number);
    for (let k = 0; k < nums.length; k += 2) {
      assert.ok(KNIGHT_STEPS.some(([dr, dc]) => dr === nums[k + 1] && dc === nums[k]));
      col += nums[k]; row += nums[k + 1];
      squares.push(row * 8 + col);
    }
  }
  assert.deepEqual(squares, [...record.indices]);
});

test("formatBytes writes megabytes with one decimal", () => {
  assert.equal(formatBytes(7_600_000), "7.6 MB");
});
