// The constructions build the knight's tours only: for a leaper, Compare's construct row says
// so in the page's own words, in the reader's language (never Python's English error).

import { test } from "node:test";
import assert from "node:assert/strict";

import { compareRows, constructionRefusal, notForPiece } from "../../../web/explore/compare-data.js";
import { reasonText } from "../../../web/i18n/said.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const construct = (results) => compareRows(results).find((row) => row.method === "construct");

test("a leaper's construct row: not for this piece, named in English and Chinese", () => {
  const results = { construct: { ...notForPiece("leaper:1,4"), ms: null } };
  const row = construct(results);
  assert.equal(row.status, "not_applicable");
  assert.equal(row.verdict, "Not for this piece");
  assert.equal(reasonText(row), "The constructions build the knight's tours only, not tours of the giraffe (1, 4).");
  const zh = inChinese(() => construct(results));
  assert.equal(zh.verdict, "不适用于这个棋子");
  assert.equal(inChinese(() => reasonText(zh)), "构造法只能构造马的周游路线，不能构造长颈鹿（1, 4）的。");
  const other = inChinese(() => reasonText(construct({ construct: notForPiece("leaper:2,5") })));
  assert.equal(other, "构造法只能构造马的周游路线，不能构造每步跳（2, 5）的棋子的。");
  for (const text of [row.verdict, reasonText(row), zh.verdict]) assert.doesNotMatch(text, /Error|error|Traceback|ValueError/);
});

test("a board with holes: the construct row says so in the page's words, in English and Chinese", () => {
  const settings = { rule: "knight", holes: [[0, 0]] };
  const results = { construct: { ...constructionRefusal(settings), ms: null } };
  const row = construct(results);
  assert.equal(row.verdict, "Not for this board");
  assert.equal(reasonText(row), "The constructions build tours of whole boards only, not of a board with holes.");
  const zh = inChinese(() => construct(results));
  assert.equal(zh.verdict, "不适用于这个棋盘");
  assert.equal(inChinese(() => reasonText(zh)), "构造法只能构造完整棋盘的周游路线，不能用于有障碍格的棋盘。");
  // A leaper on a board with holes: the piece is the first reason.
  assert.equal(constructionRefusal({ rule: "leaper:1,3", holes: [[0, 0]] }).piece, "leaper:1,3");
  // A whole board of the knight's (or the xiangqi horse's): the solver is asked.
  assert.equal(constructionRefusal({ rule: "knight", holes: [] }), null);
  assert.equal(constructionRefusal({ rule: "xiangqi", holes: [] }), null);
});

test("other rows keep the solver's verdict and reason", () => {
  const results = { construct: { status: "gave_up", reason: "the budget ran out", reasons: null } };
  assert.equal(construct(results).reason, "the budget ran out");
});
