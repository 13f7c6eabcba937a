import { test } from "node:test";
import assert from "node:assert/strict";
import { readSize } from "../../web/settings-panel.js";
import { parseSide } from "../../web/url.js";

test("the form reads sizes by the URL's rule and names the bad field", () => {
  assert.deepEqual(readSize("8", " 12"), { rows: 8, cols: 12 });
  const rows = readSize("0", "8").error;
  assert.deepEqual([rows.rows, rows.cols], [true, false]);
  assert.equal(rows.message, "Rows: “0” is not allowed; use a whole number from 1 to 1000.");
  const cols = readSize("8", "1e2").error;
  assert.deepEqual([cols.rows, cols.cols], [false, true]);
  assert.match(cols.message, /^Columns: “1e2”/);
  for (const text of ["", "7", "1000", "1001", "8.5", "-1", "abc"]) {
    assert.equal(readSize(text, "8").error === undefined, parseSide(text) !== null, text);
  }
});
