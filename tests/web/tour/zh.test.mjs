// The tour's words in Chinese: the same state read in zh, and messages kept in the state
// (msg()) said again in the new language after a switch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultState } from "../../../web/views.js";
import { describeStatus } from "../../../web/tour/status-text.js";
import { holesText } from "../../../web/tour/settings-text.js";
import { loadingText } from "../../../web/solver/start-text.js";
import { moveCountText } from "../../../web/tour/playback-text.js";
import { shareLabel } from "../../../web/shell/share-panel.js";
import { said } from "../../../web/i18n/said.js";
import { parseQuery } from "../../../web/shell/url.js";
import { announcementFor } from "../../../web/a11y/announcements.js";
import { tableCaption } from "../../../web/a11y/board-table.js";
import * as T from "../../../web/shell/transitions.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const base = (patch = {}) => ({ ...defaultState(), ...patch, settings: { ...defaultState().settings, start: [7, 0], ...(patch.settings || {}) } });


test("the status line, holes, playback and sharing read in Chinese", () => {
  const result = { method: "warnsdorff", seconds: 0.0123, nodes: 1234567, backtracks: 0, reason: "" };
  const found = inChinese(() => describeStatus(base({ status: "found", result, tour: Int32Array.from([56, 41]) })));
  assert.equal(found.text, "找到了从 a1 出发的开放周游，用时 12 毫秒。");
  assert.equal(found.detail, "贪心（Warnsdorff 规则）：搜索了 1,234,567 个节点，回溯 0 次。");
  assert.equal(inChinese(() => holesText({ rows: 8, holes: [[0, 0], [0, 1]] })), "2 个障碍格：a8、b8");
  assert.equal(inChinese(() => moveCountText(base({ tour: new Int32Array(64), shown: 3 }))), "第 3/64 步");
  assert.equal(inChinese(() => shareLabel("heatmap")), "复制这张热力图的链接");
  assert.match(inChinese(() => loadingText({ ...defaultState().python, stage: "starting Python", ms: 2500 })), /^正在加载求解器：正在启动 Python/);
});

test("a link's problems and a status error are kept as messages and said in the language of the moment", () => {
  const { errors } = parseQuery("?rows=0&closed=maybe");
  assert.equal(errors[0].message, "rows: “0” is not allowed; use a whole number from 1 to 1000. Using 8.");
  assert.equal(inChinese(() => said(errors[0].text)), "rows：不能是 “0”；请用 1 到 1000 之间的整数。现按 8 处理。");
  assert.match(inChinese(() => said(errors[1].text)), /^closed：不能是 “maybe”/);
  const state = defaultState();
  const refused = { ...state, ...T.holeRefused(state, [7, 0]) };
  assert.match(describeStatus(refused).text, /^a1 is a hole/);
  assert.match(inChinese(() => describeStatus(refused).text), /^a1 是障碍格/);
  const { errors: tourErrors } = parseQuery("?rows=5&cols=5&tour=!!");
  assert.match(inChinese(() => said(tourErrors[0].text)), /^tour：“!!” 用不了：它含有英文字母、数字、- 和 _ 以外的字符。/);
});

test("announcements and the squares table read in Chinese, sentences run together", () => {
  const settings = { rows: 3, cols: 4, start: [0, 0], closed: false, method: "auto", holes: [], rule: "knight" };
  const before = { settings, tour: null, shown: 0, playing: false, speed: 8, search: null, events: null, editHoles: false, zoom: { zoom: 1 } };
  const after = { ...before, settings: { ...settings, closed: true, holes: [[2, 3]] } };
  assert.equal(inChinese(() => announcementFor(before, after)), "回到起点：最后一步要能跳回起点（哈密顿回路）。在 d1 加了障碍格；共 1 个障碍格。");
  assert.equal(inChinese(() => tableCaption({ rows: 8, cols: 8, r0: 0, r1: 8, c0: 0, c1: 8 })), "8×8 的棋盘，逐格列出。");
});
