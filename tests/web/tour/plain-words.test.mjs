// Issue 29's words: the loading line says what the reader waits for and about how long;
// the xiangqi rule says itself; compact numbers in the reader's language; the heatmap
// opens on a map with something to see; Learn's follow scroll.

import { test } from "node:test";
import assert from "node:assert/strict";

import { waitText } from "../../../web/solver/start-text.js";
import { ruleStatus, methodHelp } from "../../../web/tour/rule-panel.js";
import { compactNumber, setLanguage } from "../../../web/i18n/messages.js";
import { TELLING_MAP } from "../../../web/explore/transitions.js";
import { viewChosen } from "../../../web/shell/transitions.js";
import { registry, defaultState } from "../../../web/views.js";

const chooseView = (state, view) => viewChosen(state, view, registry.opened(state, view));
import { scrollNeeded } from "../../../web/learn/follow-panel.js";
import { costText } from "../../../web/learn/cost-panel.js";
import { inChinese, random } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

test("the loading line: the bytes arrived, no engineering", () => {
  const files = [{ file: "pyodide.asm.wasm.zst", bytes: 3e6, received: 1e6 }, { file: "python_stdlib.zip.zst", bytes: 1e6, received: 0 }];
  assert.equal(waitText({ ms: 2000, files }), "Getting the solver ready: downloading Python, 1.0 of 4.0 MB so far…");
  assert.match(inChinese(() => waitText({ ms: 2000, files })), /已收到 1\.0 MB，共 4\.0 MB/);
  assert.match(waitText({ ms: 100, files: [] }), /few seconds/);
  assert.match(waitText({ ms: 4000, files: files.map((f) => ({ ...f, received: f.bytes })) }), /downloaded and starting/);
  for (const text of [waitText({ ms: 2000, files }), inChinese(() => waitText({ ms: 2000, files }))]) {
    assert.doesNotMatch(text, /snapshot|快照|Pyodide|worker|线程/);
  }
  assert.match(waitText({ failed: "HTTP 404", files: [] }), /could not start: HTTP 404/);
});

test("the xiangqi rule says so, and names the start's blocked legs", () => {
  const settings = { rows: 8, cols: 8, start: [7, 0], holes: [[7, 1], [7, 2]], rule: "xiangqi", closed: false, method: "auto" };
  assert.equal(ruleStatus({ ...settings, rule: "knight" }), "");
  assert.match(ruleStatus(settings), /c2 \(its leg b1 is a hole\)/);
  assert.match(inChinese(() => ruleStatus(settings)), /蹩马腿.*去 c2 的马腿 b1 是障碍格/);
  assert.match(inChinese(() => methodHelp("backtrack")), /深度优先搜索/);
  assert.match(inChinese(() => methodHelp("exhaustive")), /剪枝/);
});

test("compact numbers: 万 in Chinese, K and M in English, whole below 10,000 (seeded)", () => {
  const rand = random(7);
  for (let i = 0; i < 200; i += 1) {
    const n = Math.floor(10 ** (1 + rand() * 8));
    const zh = compactNumber(n, "zh");
    if (n >= 10_000 && n < 1e8) assert.match(zh, /^\d+(\.\d)?万$/, `${n} -> ${zh}`);
    if (n < 10_000) assert.equal(zh, n.toLocaleString("en-US"));
    const value = Number(zh.replace("万", "")) * (zh.endsWith("万") ? 1e4 : 1);
    if (n < 1e8 && n >= 10_000) assert.ok(Math.abs(value - n) / n < 0.06, `${n} -> ${zh}`);
  }
  assert.equal(compactNumber(14_020, "en"), "14K");
  setLanguage("en");
});

test("the heatmap opens on the telling map from the untouched board, never over a chosen one", () => {
  const fresh = defaultState();
  const opened = chooseView(fresh, "heatmap");
  assert.equal(opened.view, "heatmap");
  assert.deepEqual([opened.settings.rows, opened.settings.cols, opened.settings.method], [TELLING_MAP.rows, TELLING_MAP.cols, TELLING_MAP.method]);
  const chosen = { ...fresh, settings: { ...fresh.settings, rows: 6, cols: 6 } };
  assert.deepEqual(chooseView(chosen, "heatmap"), { view: "heatmap" });
  assert.deepEqual(chooseView(fresh, "compare"), { view: "compare" });
});

test("Learn's follow scroll: none when the line is in the band, else the line a third down", () => {
  assert.equal(scrollNeeded({ top: 400, bottom: 420, height: 20 }, 300, 700), 0);
  const by = scrollNeeded({ top: 1000, bottom: 1020, height: 20 }, 300, 700);
  const after = 1000 - by;
  assert.ok(after >= 300 && after + 20 <= 700, after);
  const up = scrollNeeded({ top: 100, bottom: 120, height: 20 }, 300, 700);
  assert.ok(100 - up >= 300 && 120 - up <= 700);
});

test("Learn's cost note gives the run's own figures, and each program's once two ended on the board", () => {
  const text = costText("backtrack", { steps: 447_980, undos: 14_020, squares: 25, size: 25, cut: false }, { backtrack: 447_980 });
  assert.match(text, /450K program steps and took 14K moves back/);
  const both = inChinese(() => costText("warnsdorff", { steps: 900, undos: 0, squares: 25, size: 25, cut: false }, { backtrack: 447_980, warnsdorff: 900 }));
  assert.match(both, /普通回溯 45万 个执行步骤、贪心规则 900 个/);
});
