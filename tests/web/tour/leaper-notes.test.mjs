// With a leaper chosen, the replay's note and the tagline name it (en and zh, one catalog
// entry each); the knight's words stay for the knight and the xiangqi horse.
import "../chinese.mjs"; // the Chinese catalog, loaded
import { test } from "node:test";
import assert from "node:assert/strict";
import { searchNoteText } from "../../../web/tour/playback-text.js";
import { taglineText } from "../../../web/shell/prompt-panel.js";
import { inChinese } from "../helpers.mjs";

const search = (rule, nodes = 30, backtracks = 12) => ({ events: new Int32Array(nodes + backtracks), result: { nodes, backtracks }, settings: { rule } });

test("the replay's note says the leaper's jumps, not the knight's moves", () => {
  const camel = search("leaper:1,3");
  assert.equal(searchNoteText(camel), "Each search event is one jump of the camel (1, 3) placed (a node) or taken back (a backtrack): this search's 30 nodes and 12 backtracks are its 42 search events, all in the replay.");
  assert.match(inChinese(() => searchNoteText(camel)), /^每个搜索事件是放下骆驼（1, 3）的一跳/);
  const other = { ...search("leaper:2,5", 100_000, 99_000), events: new Int32Array(50) };
  assert.match(searchNoteText(other), /one jump of the piece that jumps \(2, 5\).*the replay holds the first 50\.$/);
  assert.match(inChinese(() => searchNoteText({ events: new Int32Array(2), result: null, settings: { rule: "leaper:2,3" } })), /斑马（2, 3）的一跳/);
  for (const rule of ["knight", "xiangqi", undefined]) {
    assert.match(searchNoteText(search(rule)), /^Each search event is one knight move placed/);
  }
});

test("the tagline names the leaper chosen", () => {
  assert.match(taglineText("knight"), /^The knight must visit every square/);
  assert.match(taglineText("xiangqi"), /^The knight must visit every square/);
  assert.match(taglineText("leaper:1,4"), /^A tour of the giraffe \(1, 4\): it must visit every square/);
  assert.equal(inChinese(() => taglineText("leaper:3,4")), "羚羊（3, 4）要走遍棋盘上的每一格，每格只走一次。选好棋盘大小，点一个格子，看它一步步走完。");
  for (const rule of ["leaper:1,3", "leaper:0,7"]) {
    assert.doesNotMatch(taglineText(rule), /knight/i);
    assert.doesNotMatch(inChinese(() => taglineText(rule)), /马/);
  }
});
