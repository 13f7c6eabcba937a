import { test } from "node:test";
import assert from "node:assert/strict";
import { programDescription } from "../../../web/learn/text.js";
import { defaultLearnState } from "../../../web/learn/state.js";
import { linkProgramLoaded, programChosen, sourceEdited } from "../../../web/learn/transitions.js";
import { LEARN_PROGRAMS } from "../../../web/learn/params.js";
import { t } from "../../../web/i18n/messages.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const apply = (state, change) => ({ ...state, ...change });

test("the menu's program is described as itself until it is edited, in both languages", () => {
  for (const check of [(body) => body(), inChinese]) {
    check(() => {
      let state = defaultLearnState();
      for (const id of LEARN_PROGRAMS) {
        state = apply(state, programChosen(state, id));
        assert.equal(programDescription(state.learn), t(`learn.program.${id}`));
      }
      const edited = apply(state, sourceEdited(state, "def tour(rows, cols, start):\n    return []\n", "packed"));
      assert.equal(programDescription(edited.learn), t("learn.program.edited"));
      assert.notEqual(t("learn.program.edited"), t(`learn.program.${state.learn.program}`));
      // Chosen from the menu again: the edit is dropped, and so is the word "edited".
      const again = apply(edited, programChosen(edited, "backtrack"));
      assert.equal(programDescription(again.learn), t("learn.program.backtrack"));
    });
  }
});

test("a link's edited program is never described as the menu's program it was made from", () => {
  const state = defaultLearnState();
  const linked = apply(state, linkProgramLoaded(state, "backtrack", "def tour(rows, cols, start):\n    while True:\n        pass\n", "x"));
  assert.equal(programDescription(linked.learn), t("learn.program.edited"));
  const plain = apply(state, linkProgramLoaded(state, "warnsdorff", null, null));
  assert.equal(programDescription(plain.learn), t("learn.program.warnsdorff"));
});
