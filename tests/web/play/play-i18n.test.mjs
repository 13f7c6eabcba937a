// Play mode and "Check a tour" in both languages: messages kept in the state are data
// (i18n/said.js) and show in the language of the moment; the solver's English reasons sit
// inside a catalog sentence; pasted text's errors keep naming what was wrong in Chinese.

import { test } from "node:test";
import assert from "node:assert/strict";

import { currentPlay, verdictOf } from "../../../web/play/state.js";
import { checkAnswered, gameLoaded, squarePlayed } from "../../../web/play/transitions.js";
import { hintText, movesText, verdictText } from "../../../web/play/text.js";
import { parseTourText } from "../../../web/pasted-tour/text.js";
import { checkFailed, checkPassed, checkStarted } from "../../../web/pasted-tour/transitions.js";
import { tooLong } from "../../../web/pasted-tour/session.js";
import { inEnglish, msg, said } from "../../../web/i18n/said.js";
import { listed } from "../../../web/i18n/listed.js";
import { defaultSettings } from "../../../web/core/linked-board.js";
import { apply } from "../helpers.mjs";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

function stateFor(patch = {}) {
  return { settings: { ...defaultSettings(), ...patch }, python: { ready: true }, play: null, cursor: null };
}

const sq = (index, cols) => [Math.floor(index / cols), index % cols];
const play = (state, ...indices) => indices.reduce((s, i) => apply(s, squarePlayed(s, sq(i, s.settings.cols))), state);


test("said renders a message now, nested messages first; inEnglish keeps the English words", () => {
  const joined = msg("play.sentences", { first: msg("play.read.missing", { n: 1234 }), second: msg("play.read.writtenOn", { n: 7, squares: "a1, b3" }) });
  assert.equal(said(joined), "Move 1,234 is missing: no square holds 1,234. 7 is written on a1, b3.");
  const zh = inChinese(() => said(joined));
  assert.equal(zh, "缺少第 1,234 步：没有哪个格子写着 1,234。7 写在了 a1, b3 上。");
  assert.equal(inChinese(() => inEnglish(joined)), said(joined));
  assert.equal(said(null), "");
  assert.equal(listed(["a1", "b3", "c5"], 2), "a1, b3, …");
  assert.equal(inChinese(() => listed(["a1", "b3", "c5"], 2)), "a1、b3 等");
});

test("a notice made in English shows in Chinese once the reader switches", () => {
  const state = play(stateFor({ rows: 5, cols: 5 }), 20, 11);
  const patch = squarePlayed(state, [2, 2]);
  assert.equal(patch.play.notice, "c3 is not a knight move from b3; the highlighted squares are the legal moves.");
  assert.equal(inChinese(() => said(patch.play.noticeMsg)), "从 b3 跳不到 c3（不是马步）；高亮的格子才是能走的。");
  const game = gameLoaded(stateFor({ rows: 5, cols: 5 }), [20, 11, 12]);
  assert.equal(game.play.notice, "The linked game stops before move 3: c3 is not a legal move there.");
  assert.match(inChinese(() => said(game.play.noticeMsg)), /^链接里的棋局在第 3 步之前停下了/);
});

test("the verdict, the moves and the hint in Chinese; the solver's reason stays inside the sentence", () => {
  let state = play(stateFor({ rows: 5, cols: 5 }), 20, 11, 2);
  state = apply(state, checkAnswered(state, { length: 3, path: [20, 11, 2], budget: 20000 }, { status: "impossible", reason: "No open tour can pass a5.", indices: [] }));
  const p = currentPlay(state);
  assert.equal(verdictText(p).text, "No tour can finish from here: no open tour can pass a5.");
  assert.equal(inChinese(() => verdictText(p).text), "从这里已经不可能走完：no open tour can pass a5。");
  assert.match(inChinese(() => movesText(p)), /^已走 3 格（共 25 格）：马在 c5，/);
  const asked = { ...p, hintFor: p.length };
  assert.equal(hintText(asked), "No hint: no tour can finish from here.");
  assert.equal(inChinese(() => hintText(asked)), "没有提示：从这里已经不可能走完。");
});

test("play's own reasons are English data and Chinese words", () => {
  // 3 x 3 from the centre: no knight move at all.
  const p = currentPlay(play(stateFor({ rows: 3, cols: 3 }), 4));
  const v = verdictOf(p);
  assert.equal(v.verdict, "lost");
  assert.equal(v.reason, "the knight has no move left to an unvisited square");
  assert.equal(v.reason, inEnglish(v.reasonMsg));
  assert.equal(inChinese(() => verdictText(p).text), "从这里已经不可能走完：马已经没有可以跳去的未走格子了。");
  assert.equal(inChinese(() => movesText(p)), "已走 1 格（共 9 格）：马在 b2，已经无路可走。");
  const plural = play(stateFor({ rows: 8, cols: 8 }), 0);
  assert.match(movesText(currentPlay(plural)), /^Square 1 of 64: the knight is on a8\. 2 legal moves: c7, b6\.$/);
});

test("pasted text's errors name what was wrong in Chinese too", () => {
  const read = inChinese(() => parseTourText("a1 c2 bogus e1"));
  assert.equal(read.message, "“bogus”（第 3 个词）不是格子名；走法请写成 a1 c2 e1 这样，或者粘贴编号棋盘。");
  assert.match(said(read.why), /“bogus” \(word 3\) is not a square name/);
  const json = inChinese(() => parseTourText('{"rows": 5, "cols": 5, "path": [[9, 9]]}'));
  assert.equal(json.message, "JSON 中的第 0 步：[9, 9] 在 5×5 棋盘之外。");
  const none = inChinese(() => parseTourText(JSON.stringify({ rows: 4, cols: 4, status: "impossible", reason: "No open tour exists", path: [] })));
  assert.match(none.message, /状态是“impossible”：No open tour exists）；需要一个由 \[行, 列\] 组成的“path”/);
  const refused = tooLong(10.3 * 1_048_576, "file", "big.txt");
  assert.match(refused.message, /^The file “big\.txt” is 10\.3 MB; at most 1 million characters are read/);
  assert.match(inChinese(() => said(refused.why)), /^文件“big\.txt”有 10\.3 MB/);
});

test("the validator's verdict on a pasted board, in both languages", () => {
  const state = stateFor({ rows: 5, cols: 5 });
  const path = [0, 7, 14];
  const started = apply(state, checkStarted(state, { format: "board", path, note: "", noteMsg: null }));
  const failed = checkFailed(started, "step 2: c3 to e5 is not a knight move");
  assert.equal(failed.check.message, "Not a tour: step 2: c3 to e5 is not a knight move. On the board these are the numbers 2 and 3.");
  assert.equal(inChinese(() => said(failed.check.why)), "这不是一条周游路线：step 2: c3 to e5 is not a knight move。在棋盘上就是编号 2 和 3。");
  const passed = checkPassed(started);
  assert.equal(passed.check.message, "A valid tour of the 5 x 5 board (3 squares), checked by the validator.");
  assert.equal(inChinese(() => said(passed.check.why)), "校验通过：这是 5×5 棋盘上一条合法的周游路线（3 格）。");
});
