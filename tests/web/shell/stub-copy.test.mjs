// Adding a view is its folder, its line in web/views.js and its catalog entries, and
// nothing else: in a temporary copy of web/ and of the node tests, a one-panel "about"
// view is written that way (about-view.mjs), and the shell's, i18n's and the
// architecture's tests pass on it (the hide rule, the tab, the tests' lists of views all
// follow the registry). tests/e2e/shell/test_e2e_stub_view.py opens the same copy in a
// browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { copyWithAboutView } from "./about-view.mjs";

test("a view added as its folder, a registry line and its words passes the shell's, i18n's and the architecture's tests", { skip: process.env.KNIGHT_VIEW_COPY ? "inside the copy" : false }, async () => {
  const folder = mkdtempSync(join(tmpdir(), "view-copy-"));
  try {
    const web = copyWithAboutView(folder, ["tests/web", "knight_py/learn"]);
    const { registry } = await import(pathToFileURL(join(web, "views.js")).href);
    assert.deepEqual(registry.ids.slice(-1), ["about"]);
    const tests = ["tests/web/shell", "tests/web/i18n", "tests/web/architecture.test.mjs"].map((part) => join(folder, part));
    // A run of its own (not a part of this one's report: NODE_TEST_CONTEXT is this run's).
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    const run = spawnSync(process.execPath, ["--test", "--test-reporter=tap", ...tests], {
      cwd: folder, encoding: "utf8", env: { ...env, KNIGHT_VIEW_COPY: "1" }, timeout: 600_000,
    });
    const failed = run.stdout.split("\n").filter((line) => line.startsWith("not ok"));
    assert.deepEqual(failed, [], run.stdout.slice(-4000) + run.stderr.slice(-2000));
    assert.equal(run.status, 0, run.stderr.slice(-2000));
    assert.match(run.stdout, /# pass [1-9]\d*/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
