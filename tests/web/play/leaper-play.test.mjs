// Playing a leaper: its legal moves are its jumps (as the package's: tests/web/core/
// test_leaper_moves.py), and Play names it and its jump in both languages.

import { test } from "node:test";
import assert from "node:assert/strict";

import { currentPlay, legalMoves, verdictOf } from "../../../web/play/state.js";
import { squarePlayed } from "../../../web/play/transitions.js";
import { movesText, playHint, verdictText } from "../../../web/play/text.js";
import { playRule } from "../../../web/play/rule-panel.js";
import { defaultSettings } from "../../../web/core/linked-board.js";
import { ruleSteps } from "../../../web/core/leapers.js";
import { said } from "../../../web/i18n/said.js";
import { apply, inChinese, random } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

function stateFor(patch = {}) {
  return { view: "play", settings: { ...defaultSettings(), ...patch }, python: { ready: true }, play: null, cursor: null };
}

const sq = (index, cols) => [Math.floor(index / cols), index % cols];
const play = (state, ...indices) => indices.reduce((s, i) => apply(s, squarePlayed(s, sq(i, s.settings.cols))), state);

test("a zebra's legal moves are its unvisited jumps on the board, and only they are played", () => {
  const rand = random(23);
  for (let trial = 0; trial < 200; trial += 1) {
    const rows = 3 + Math.floor(rand() * 6);
    const cols = 3 + Math.floor(rand() * 6);
    let state = play(stateFor({ rows, cols, rule: "leaper:2,3" }), Math.floor(rand() * rows * cols));
    for (let step = 0; step < 6; step += 1) {
      const p = currentPlay(state);
      const from = p.line[p.length - 1];
      const seen = new Set(p.line.slice(0, p.length));
      const want = [];
      for (const [dr, dc] of ruleSteps("leaper:2,3")) {
        const r = Math.floor(from / cols) + dr;
        const c = (from % cols) + dc;
        if (r >= 0 && r < rows && c >= 0 && c < cols && !seen.has(r * cols + c)) want.push(r * cols + c);
      }
      assert.deepEqual(legalMoves(p), want.sort((a, b) => a - b));
      const to = Math.floor(rand() * rows * cols);
      const next = apply(state, squarePlayed(state, sq(to, cols)));
      const moved = currentPlay(next).length === p.length + 1;
      if (!seen.has(to)) assert.equal(moved, want.includes(to), `${from} -> ${to}`);
      state = next;
    }
  }
});

test("Play names the zebra, where it can jump and why a square is refused, in English and Chinese", () => {
  const state = play(stateFor({ rows: 5, cols: 5, rule: "leaper:2,3" }), 20); // a1
  const p = currentPlay(state);
  assert.equal(movesText(p), "Square 1 of 25: the zebra (2, 3) is on a1. 2 squares it can reach from here: c4, d3.");
  assert.equal(inChinese(() => movesText(p)), "已走 1 格（共 25 格）：斑马（2, 3）在 a1，从这里能跳到 2 个格子：c4、d3。");
  const refused = squarePlayed(state, [3, 1]); // b2
  assert.equal(refused.play.notice, "b2 is not a jump of the zebra (2, 3) from a1; the highlighted squares are the legal moves.");
  assert.equal(inChinese(() => said(refused.play.noticeMsg)), "从 a1 跳不到 b2（不是斑马（2, 3）的一跳）；高亮的格子才是能走的。");
  assert.match(playRule(state), /^Playing the zebra \(2, 3\): each jump goes 2 squares one way and 3 the other\./);
  assert.match(inChinese(() => playRule(state)), /^正在走斑马（2, 3）：/);
  const camel = play(stateFor({ rows: 5, cols: 5, rule: "leaper:1,3" }), 20);
  assert.match(playRule(camel), /^Playing the camel \(1, 3\): each jump goes 1 square one way and 3 the other\./);
  assert.deepEqual(playHint(state), ["quiet", "Tap or click a highlighted square to move the zebra (2, 3)."]);
  const holed = play(stateFor({ rows: 5, cols: 5, rule: "leaper:2,3", holes: [[0, 0]] }), 20);
  const hole = squarePlayed(holed, [0, 0]);
  assert.equal(hole.play.notice, "a5 is a hole; the zebra (2, 3) may not visit it.");
  assert.equal(inChinese(() => said(hole.play.noticeMsg)), "a5 是障碍格，斑马（2, 3）不能走到那里。");
});

test("a stuck leaper is lost in its own words; an unnamed one is the piece that jumps (a, b)", () => {
  const p = currentPlay(play(stateFor({ rows: 3, cols: 3, rule: "leaper:2,5" }), 4));
  const v = verdictOf(p);
  assert.equal(v.verdict, "lost");
  assert.equal(v.reason, "the piece that jumps (2, 5) has no jump left to an unvisited square");
  assert.equal(inChinese(() => verdictText(p).text), "从这里已经不可能走完：每步跳（2, 5）的棋子已经没有可以跳去的未走格子了。");
});

test("the line under the tabs names the piece played: the zebra's in en and zh, the knight's from the shell's catalog", async () => {
  const { playView } = await import("../../../web/play/view.js");
  const zebra = stateFor({ rule: "leaper:2,3" });
  assert.match(playView.about(zebra), /^Move the zebra \(2, 3\) yourself/);
  assert.match(inChinese(() => playView.about(zebra)), /^自己走斑马/);
  assert.equal(playView.about({ ...zebra, settings: { ...zebra.settings, rule: "knight" } }), null);
});

test("before a square is chosen, Play's verdict line names the board's piece, in its panel as in its status", async () => {
  const { playView } = await import("../../../web/play/view.js");
  const zebra = stateFor({ rule: "leaper:2,3" });
  assert.match(verdictText(null, zebra.settings.rule).text, /zebra \(2, 3\)/);
  assert.match(playView.status(zebra).text, /zebra \(2, 3\)/);
  assert.match(inChinese(() => verdictText(null, zebra.settings.rule).text), /斑马/);
  assert.match(verdictText(null, "knight").text, /knight/);
});
