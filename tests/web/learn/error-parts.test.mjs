import { test } from "node:test";
import assert from "node:assert/strict";
import { errorParts } from "../../../web/learn/verdict.js";
import { t } from "../../../web/i18n/messages.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const texts = (parts) => parts.map((part) => part.text).filter(Boolean);

test("a program with no tour() to call: Python's words as Python's, then what to write, in the reader's language", () => {
  const error = { line: null, name: "NameError", text: "name 'tour' is not defined" };
  for (const check of [(body) => body(), inChinese]) {
    check(() => {
      const parts = errorParts(error);
      assert.equal(parts.find((part) => part.python)?.python, "NameError: name 'tour' is not defined");
      assert.ok(texts(parts).includes(t("learn.edit.help")), JSON.stringify(parts));
    });
  }
  assert.notEqual(inChinese(() => t("learn.edit.help")), t("learn.edit.help"));
});

test("any other undefined name gets no such hint: the program does define tour()", () => {
  const parts = errorParts({ line: 4, name: "NameError", text: "name 'board' is not defined" });
  assert.ok(!texts(parts).includes(t("learn.edit.help")));
  assert.ok(parts.some((part) => part.python === "NameError: name 'board' is not defined"));
});
