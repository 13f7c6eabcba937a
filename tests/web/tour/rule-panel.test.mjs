// The xiangqi rule says itself: the status names the start's blocked legs, and each method's
// help is in the reader's language.

import { test } from "node:test";
import assert from "node:assert/strict";

import { ruleStatus, methodHelp } from "../../../web/tour/rule-panel.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

test("the xiangqi rule says so, and names the start's blocked legs", () => {
  const settings = { rows: 8, cols: 8, start: [7, 0], holes: [[7, 1], [7, 2]], rule: "xiangqi", closed: false, method: "auto" };
  assert.equal(ruleStatus({ ...settings, rule: "knight" }), "");
  assert.match(ruleStatus(settings), /c2 \(its leg b1 is a hole\)/);
  assert.match(inChinese(() => ruleStatus(settings)), /蹩马腿.*去 c2 的马腿 b1 是障碍格/);
  assert.match(inChinese(() => methodHelp("backtrack")), /深度优先搜索/);
  assert.match(inChinese(() => methodHelp("exhaustive")), /剪枝/);
});

test("a leaper's line names it and its jump, in both languages", () => {
  const camel = { rows: 6, cols: 6, holes: [], start: null, rule: "leaper:1,3" };
  assert.match(ruleStatus(camel), /^Piece: the camel \(1, 3\)\. Each jump goes 1 square one way and 3 the other/);
  assert.match(ruleStatus({ ...camel, rule: "leaper:2,3" }), /Each jump goes 2 squares one way and 3 the other/);
  assert.match(inChinese(() => ruleStatus(camel)), /^棋子：骆驼（1, 3）。/);
  assert.match(inChinese(() => ruleStatus({ ...camel, rule: "leaper:2,5" })), /^棋子：每步跳（2, 5）的棋子。/);
});

test("the start hint and the holes note name a leaper, in both languages", async () => {
  const { hintFor } = await import("../../../web/tour/status-text.js");
  const { holesText } = await import("../../../web/tour/settings-text.js");
  const { defaultState } = await import("../../../web/views.js");
  const state = defaultState();
  const zebra = { ...state, settings: { ...state.settings, rule: "leaper:2,3" } };
  assert.match(hintFor(zebra)[1], /start a tour of the zebra \(2, 3\) there/);
  assert.match(inChinese(() => hintFor(zebra)[1]), /斑马（2, 3）就从那里开始周游/);
  assert.equal(holesText(zebra.settings), "No holes. Holes are squares the zebra (2, 3) may not visit.");
  assert.equal(holesText(state.settings), "No holes. Holes are squares the knight may not visit.");
});
