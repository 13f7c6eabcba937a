// Why a move is refused: one reason per rule, each from the code that decides legality
// (moveRefusal), so the notice never contradicts the legal squares or the blocked legs.

import { test } from "node:test";
import assert from "node:assert/strict";

import { currentPlay, legalMoves, refusalOf } from "../../../web/play/state.js";
import { moveRefusal } from "../../../web/core/board-rules.js";
import { blockedLegs } from "../../../web/core/legs.js";
import { squarePlayed } from "../../../web/play/transitions.js";
import { said } from "../../../web/i18n/said.js";
import { boardNotice, playHint, verdictText } from "../../../web/play/text.js";
import { defaultSettings } from "../../../web/core/linked-board.js";
import { apply, inChinese, random } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const stateFor = (patch = {}) => ({ settings: { ...defaultSettings(), ...patch }, python: { ready: true }, play: null, cursor: null });
const sq = (index, cols) => [Math.floor(index / cols), index % cols];
const play = (state, ...indices) => indices.reduce((s, i) => apply(s, squarePlayed(s, sq(i, s.settings.cols))), state);
// 8 x 8, rank 1 at the bottom: a1 is row 7 col 0, b1 row 7 col 1, c2 row 6 col 2, d4 row 4 col 3
const XIANGQI = { rows: 8, cols: 8, rule: "xiangqi", holes: [[7, 1], [4, 3]] };
const A1 = 56;
const C2 = 50;

test("a hole: the notice says it is a hole", () => {
  const state = play(stateFor(XIANGQI), A1);
  assert.deepEqual(refusalOf(currentPlay(state), 57), { code: "hole" });
  assert.equal(squarePlayed(state, [7, 1]).play.notice, "b1 is a hole; the knight may not visit it.");
});

test("a visited square: the notice says it was visited", () => {
  const state = play(stateFor({ rows: 5, cols: 5 }), 20, 11, 22);
  assert.deepEqual(refusalOf(currentPlay(state), 11), { code: "visited" });
  assert.match(squarePlayed(state, sq(11, 5)).play.notice, /^b3 is already visited/);
});

test("not a knight's step: the notice says so", () => {
  const state = play(stateFor({ rows: 5, cols: 5 }), 20);
  assert.deepEqual(refusalOf(currentPlay(state), 21), { code: "notKnight" });
  assert.match(squarePlayed(state, sq(21, 5)).play.notice, /^b1 is not a knight move from a1/);
});

test("the xiangqi leg: c2 from a1 with a hole on b1 is refused for its leg, in both languages", () => {
  const state = play(stateFor(XIANGQI), A1);
  assert.deepEqual(refusalOf(currentPlay(state), C2), { code: "leg", leg: 57 });
  const patch = squarePlayed(state, sq(C2, 8));
  assert.equal(patch.play.notice, "c2 is a knight move from a1, but its leg b1 is a hole (xiangqi rule); the highlighted squares are the legal moves.");
  const zh = inChinese(() => said(patch.play.noticeMsg));
  assert.equal(zh, "从 a1 跳不到 c2：这一步的马腿 b1 是障碍格（蹩马腿）；高亮的格子才是能走的。");
  assert.doesNotMatch(zh, /不是马步/);
});

test("property: a square is legal exactly when nothing refuses it, and a leg refusal is a blocked leg", () => {
  const rand = random(35);
  for (let trial = 0; trial < 200; trial += 1) {
    const rows = 3 + Math.floor(rand() * 6);
    const cols = 3 + Math.floor(rand() * 6);
    const holes = [];
    for (let i = 0; i < rows * cols; i += 1) if (rand() < 0.15) holes.push([Math.floor(i / cols), i % cols]);
    const rule = rand() < 0.5 ? "xiangqi" : "knight";
    const settings = { rows, cols, holes, rule };
    const free = [...Array(rows * cols).keys()].filter((i) => !holes.some(([r, c]) => r * cols + c === i));
    if (!free.length) continue;
    const state = play(stateFor(settings), free[Math.floor(rand() * free.length)]);
    const p = currentPlay(state);
    const from = p.line[0];
    const legal = new Set(legalMoves(p));
    const legs = new Map(blockedLegs(p.board, from, new Set([from])).map(({ target, leg }) => [target, leg]));
    for (let to = 0; to < rows * cols; to += 1) {
      const refusal = refusalOf(p, to);
      assert.equal(refusal === null, legal.has(to), `${rows}x${cols} ${rule} ${from}->${to}`);
      if (refusal?.code === "leg") assert.equal(legs.get(to), refusal.leg);
      else assert.equal(legs.has(to), false);
      if (refusal?.code === "notKnight") assert.deepEqual(moveRefusal({ ...p.board, rule: "knight" }, from, to), { code: "notKnight" });
    }
  }
});

test("the notice under the board says a refusal, and nothing once a legal move is made", () => {
  let state = play(stateFor(XIANGQI), A1);
  assert.equal(boardNotice(currentPlay(state)), "");
  state = apply(state, squarePlayed(state, sq(C2, 8)));
  assert.equal(boardNotice(currentPlay(state)), said(currentPlay(state).noticeMsg));
  inChinese(() => assert.match(boardNotice(currentPlay(state)), /马腿 b1 是障碍格/));
  assert.deepEqual(playHint(state), ["quiet", "Tap or click a highlighted square to move the knight."], "the prompt above stays put");
  state = play(state, 41); // b3: a legal move clears the notice
  assert.equal(boardNotice(currentPlay(state)), "");
});

test("the notice under the board says a lost position, with its reason", () => {
  // 3 x 3: a1 -> b3 -> c1 -> a2 -> c3 -> b1 -> a3 -> c2, stuck with b2 and a1's neighbours used.
  const p = currentPlay(play(stateFor({ rows: 3, cols: 3 }), 6, 1, 8, 3, 2, 7, 0, 5));
  assert.equal(boardNotice(p), verdictText(p).text);
  assert.equal(boardNotice(null), "");
});
