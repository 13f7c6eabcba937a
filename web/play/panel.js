// Play mode's controls: the verdict on the position (a live region), where the knight is,
// one button per legal move (so the keyboard and screen readers can play without the
// board), undo / redo / restart / hint, and Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) anywhere on
// the page outside text fields.

import { squareName } from "../core/squares.js";
import { currentPlay, legalMoves } from "./state.js";
import { boardNotice, finishedText, hintText, movesText, verdictText } from "./text.js";
import { byId, listen, revealNextFrame, setAttr, setProp, setText } from "../core/panel.js";
import { t } from "../i18n/messages.js";
import { said } from "../i18n/said.js";

const IDS = {
  box: "play-panel", verdict: "play-verdict", moves: "play-moves", legal: "play-legal", notice: "play-notice",
  hintText: "play-hint-text", boardNotice: "play-board-notice", finished: "play-finished", undo: "play-undo", redo: "play-redo", restart: "play-restart", hint: "play-hint",
};

const isTextField = (target) => target && (target.tagName === "TEXTAREA" || target.tagName === "SELECT" || (target.tagName === "INPUT" && !["button", "checkbox", "radio", "range"].includes(target.type)));

/** The undo/redo keys: "undo", "redo" or null. */
export function historyKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}

/**
 * Brings the notice under the board into view when it is new and off the screen: on a
 * phone the board fills the screen, and the page may be scrolled to reach its top rows.
 */
function noticeScroller(box) {
  let shown = "";
  return (text) => {
    const fresh = Boolean(text) && text !== shown;
    shown = text;
    if (fresh) revealNextFrame(box);
  };
}

export function mountPlayPanel(doc, { store, play }) {
  const el = byId(doc, IDS);
  const noticeInView = noticeScroller(el.boardNotice);
  const { on, unbind } = listen();
  on(el.undo, "click", () => play.undo());
  on(el.redo, "click", () => play.redo());
  on(el.restart, "click", () => play.restart());
  on(el.hint, "click", () => play.hint());
  on(el.legal, "click", (event) => {
    const button = event.target.closest("button[data-square]");
    if (button) play.squareChosen(button.dataset.square.split(",").map(Number));
  });
  on(doc, "keydown", (event) => {
    if (store.get().view !== "play" || isTextField(event.target)) return;
    const action = historyKey(event);
    if (!action) return;
    event.preventDefault();
    play[action]();
  });
  let shownLegal = null;

  function syncLegal(state, p) {
    const legal = p ? legalMoves(p) : [];
    const key = `${state.lang}:${legal.join(",")}`; // the buttons' labels are in the page's language
    if (key === shownLegal) return;
    shownLegal = key;
    const { rows, cols } = state.settings;
    el.legal.replaceChildren(...legal.map((index) => {
      const sq = [Math.floor(index / cols), index % cols];
      const button = doc.createElement("button");
      button.type = "button";
      button.dataset.square = sq.join(",");
      button.textContent = squareName(sq, rows);
      button.setAttribute("aria-label", t("play.moveTo", { square: squareName(sq, rows) }));
      return button;
    }));
  }

  function sync(state) {
    const active = state.view === "play";
    setProp(el.box, "hidden", !active);
    const p = active ? currentPlay(state) : null;
    const notice = boardNotice(p);
    setProp(el.boardNotice, "hidden", !notice);
    setText(el.boardNotice, notice);
    noticeInView(notice);
    if (!active) return;
    const verdict = verdictText(p, state.settings.rule);
    setAttr(el.box, "data-verdict", verdict.kind);
    setText(el.verdict, verdict.text);
    setText(el.moves, movesText(p));
    setText(el.notice, p && p.noticeMsg ? said(p.noticeMsg) : "");
    setText(el.hintText, hintText(p));
    setText(el.finished, finishedText(p));
    syncLegal(state, p);
    setProp(el.undo, "disabled", !p || p.length <= 1);
    setProp(el.redo, "disabled", !p || p.length >= p.line.length);
    setProp(el.restart, "disabled", !p);
    setProp(el.hint, "disabled", !p || verdict.kind === "complete");
  }

  return { sync, unbind };
}
