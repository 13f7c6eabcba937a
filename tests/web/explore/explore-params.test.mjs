import test from "node:test";
import assert from "node:assert/strict";
import { BUDGETS, HEATMAP_MAX_SIDE, budgetParam, checkBudget, heatmapBoardProblem, quoted } from "../../../web/explore/params.js";
import { parseQuery, toQuery } from "../../../web/shell/url.js";
import { registry } from "../../../web/views.js";
import { defaultSettings } from "../../../web/core/linked-board.js";

const VIEWS = registry.ids;

/** The view and the budget a query gives, and their messages (the page reads them so). */
function parse(query) {
  const { view, linked, errors } = parseQuery(`?${query}`, registry);
  return { view, budget: linked.find(([param]) => param === budgetParam)[1], errors };
}

test("every view is read back, tour by default", () => {
  assert.deepEqual(parse("").view, "tour");
  for (const view of VIEWS) assert.equal(parse(`view=${view}`).view, view);
  assert.deepEqual(parse("view=heatmap").errors, []);
});

test("an unknown view is named with the views allowed and falls back to the tour", () => {
  const { view, errors } = parse("view=movie");
  assert.equal(view, "tour");
  assert.equal(errors.length, 1);
  assert.equal(errors[0].param, "view");
  assert.ok(errors[0].message.startsWith(`view: "movie" is not a view; use one of ${registry.ids.join(", ")}.`), errors[0].message);
});

test("hostile values are cut short and lose control characters", () => {
  const long = `${"x".repeat(5000)}\u0000\u001b`;
  const { errors } = parse(`view=${encodeURIComponent(long)}&budget=${encodeURIComponent(long)}`);
  assert.equal(errors.length, 2);
  for (const e of errors) {
    assert.ok(e.message.length < 300, e.message);
    assert.doesNotMatch(e.message, /[\u0000-\u001f]/);
  }
  assert.equal(quoted("a\u0007b"), "ab");
});

test("a budget is a positive whole number within the view's limit", () => {
  assert.equal(parse("view=heatmap&budget=5000").budget, 5000);
  assert.equal(parse("view=compare&budget=2_000_000").budget, 2_000_000);
  assert.equal(parse("view=compare").budget, null);
  for (const [raw, why] of [["0", "is not positive"], ["-5", "is not a whole number"], ["1.5", "is not a whole number"],
    ["lots", "is not a whole number"], [String(BUDGETS.heatmap.max + 1), "is over the limit"], ["1e6", "is not a whole number"]]) {
    const { budget, errors } = parse(`view=heatmap&budget=${raw}`);
    assert.equal(budget, null, raw);
    assert.equal(errors[0].param, "budget");
    assert.match(errors[0].message, new RegExp(`budget: "${raw.replace(/[.+]/g, "\\$&")}" ${why}; use a whole number of nodes from 1 to 10,000,000\\. Using 100,000\\.`));
  }
  assert.equal(checkBudget("10000001", 10_000_000).error, "is over the limit");
  assert.equal(checkBudget(" 42 ", 100).value, 42);
});

test("a heatmap board over the limit is refused with the limit named", () => {
  assert.equal(heatmapBoardProblem(HEATMAP_MAX_SIDE, HEATMAP_MAX_SIDE), "");
  const problem = heatmapBoardProblem(200, 8);
  assert.match(problem, /view=heatmap: a 200 x 8 board is too large for a heatmap; use boards up to 100 x 100/);
});

test("query parts leave defaults out", () => {
  const query = (view, budget) => toQuery(defaultSettings(), null, { view, budget, learn: {} }, registry).replace("?rows=8&cols=8", "");
  assert.equal(query("tour", null), "");
  assert.equal(query("heatmap", 100_000), "&view=heatmap");
  assert.equal(query("compare", 5000), "&view=compare&budget=5000");
  const back = parse(query("compare", 5000).slice(1));
  assert.deepEqual([back.view, back.budget], ["compare", 5000]);
});
