// What the chosen method does and what the piece does, in words: the method's one-line
// help under its menu (the posts' words: 深度优先搜索, 剪枝); a leaper's name and jump in
// the status box; and, while the xiangqi rule is on, a line saying so there, naming the moves a blocked leg
// forbids (蹩马腿) from the start square (Play's own line: play/rule-panel.js).

import { byId, setProp, setText } from "../core/panel.js";
import { t } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";
import { blockedLegs } from "../core/legs.js";
import { isLeaper, leaperOf } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";
import { said } from "../i18n/said.js";

const METHODS = ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"];

/** The method's help line, or "" for a method without one. */
export function methodHelp(method) {
  return METHODS.includes(method) ? t(`tour.method-help.${method}`) : "";
}

/** The status box's rule line: "" under the knight's rule; a leaper's name and jump; the
 * xiangqi rule and the start's blocked legs. */
export function ruleStatus(settings) {
  if (isLeaper(settings.rule)) {
    const [a, b] = leaperOf(settings.rule);
    return t("tour.rule.leaper", { piece: said(pieceName(settings.rule)), a: String(a), b: String(b), count: a });
  }
  if (settings.rule !== "xiangqi") return "";
  const { rows, cols, start } = settings;
  const legs = start ? blockedLegs(settings, start[0] * cols + start[1]) : [];
  if (!legs.length) return t("tour.rule.xiangqi");
  const name = (i) => squareName([Math.floor(i / cols), i % cols], rows);
  const list = legs.map(({ target, leg }) => t("play.leg", { target: name(target), leg: name(leg) })).join(t("play.list.separator"));
  return t("play.sentences", { first: t("tour.rule.xiangqi"), second: t("tour.legs", { square: squareName(start, rows), list }) });
}

export function mountRulePanel(doc) {
  const el = byId(doc, { method: "method-help", status: "rule-status" });

  function sync(state) {
    setText(el.method, methodHelp(state.settings.method));
    const status = ruleStatus(state.settings);
    setText(el.status, status);
    setProp(el.status, "hidden", !status);
  }

  return { sync, unbind() {} };
}
