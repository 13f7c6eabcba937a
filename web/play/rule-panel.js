// Play's rule line: a leaper's name and its jump; while the xiangqi rule is on, the rule
// and the moves a blocked leg forbids (蹩马腿) from the knight's square.

import { byId, setProp, setText } from "../core/panel.js";
import { t } from "../i18n/messages.js";
import { currentPlay } from "./state.js";
import { legsText } from "./text.js";
import { isLeaper, leaperOf } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";
import { said } from "../i18n/said.js";

/** Play's rule line: a leaper's name and jump; the xiangqi rule, and the moves a blocked
 * leg forbids from the knight's square; "" for the knight. */
export function playRule(state) {
  const { rule } = state.settings;
  if (isLeaper(rule)) {
    const [a, b] = leaperOf(rule);
    return t("play.rule.leaper", { piece: said(pieceName(rule)), a: String(a), b: String(b), count: a });
  }
  if (rule !== "xiangqi") return "";
  const legs = legsText(currentPlay(state));
  return legs ? t("play.sentences", { first: t("play.rule.xiangqi"), second: legs }) : t("play.rule.xiangqi");
}

export function mountPlayRulePanel(doc) {
  const el = byId(doc, { play: "play-rule" });

  function sync(state) {
    const play = state.view === "play" ? playRule(state) : "";
    setText(el.play, play);
    setProp(el.play, "hidden", !play);
  }

  return { sync, unbind() {} };
}
