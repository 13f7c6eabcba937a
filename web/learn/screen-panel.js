// Learn on a phone: the screen belongs to what the student is doing (style.css draws
// each, in narrow windows only):
// - typing (a text field of the Learn panel has the focus: the editor, the budget): the
//   code and the keyboard. The board and the step bar stop holding the screen, the row
//   with Run stays at its top, and the editor takes the height left visible, the
//   on-screen keyboard's part left out (core/visible-height.js);
// - stepping (a run under way or shown): the board at the top, the step bar at the foot,
//   the program between them (follow-panel.js), and what comes into view by a jump or the
//   keyboard's focus lands between them too;
// - choosing (no run yet): the board, the menu and Run, with no empty step bar over them.

import { listen, setAttr } from "../core/panel.js";
import { watchVisibleHeight } from "../core/visible-height.js";
import { runShown } from "./transitions.js";

const NARROW = "(max-width: 860px)";
const TYPED = "textarea, input[type=text], input[type=number], input:not([type])";

/** What the screen is for: "typing", "stepping" or "choosing". Pure.
 *
 * @example
 * screenOf({ learn: { status: "idle", steps: 0 }, settings: {} }, true) // "typing"
 */
export function screenOf(state, typing) {
  if (typing) return "typing";
  return state.learn.status === "running" || runShown(state) ? "stepping" : "choosing";
}

/** A field of the Learn panel that the on-screen keyboard types into. */
function typedField(node) {
  return Boolean(node?.matches?.(TYPED) && node.closest("#learn-panel"));
}

/** Write a custom property of `node`'s style only when it differs. */
function setVar(node, name, value) {
  if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
}

/** Call `onChange(true)` when the focus enters a field of Learn that the keyboard types
 * into, `onChange(false)` when it leaves for anything else: once the tap that moved it is
 * over, so that nothing moves between a finger's touch and its click. Run and Check end
 * the typing (a tap on a button does not move the focus in Safari): the keyboard closes.
 * The function that stops watching. */
function watchTyping(doc, onChange) {
  const win = doc.defaultView;
  const { on, unbind } = listen();
  let pressed = false; // a pointer is down: leaving waits for its click
  let leavePending = false;
  function leaveSoon() {
    leavePending = false;
    // After the tap's own mouse events and click, which the browser sends in this task.
    win.setTimeout(() => {
      if (!typedField(doc.activeElement)) onChange(false);
    }, 0);
  }
  on(doc, "focusin", (event) => {
    if (typedField(event.target)) onChange(true);
  });
  on(doc, "focusout", (event) => {
    if (!typedField(event.target) || typedField(event.relatedTarget)) return;
    if (pressed) leavePending = true;
    else leaveSoon();
  });
  on(doc, "pointerdown", () => { pressed = true; }, true);
  for (const type of ["pointerup", "pointercancel"]) {
    on(doc, type, () => {
      pressed = false;
      if (leavePending) leaveSoon();
    }, true);
  }
  for (const id of ["learn-run", "exercise-check"]) {
    on(doc.getElementById(id), "click", () => {
      if (typedField(doc.activeElement)) doc.activeElement.blur();
    });
  }
  return unbind;
}

/** The heights the board and the step bar hold while stepping, as custom properties of
 * the page (style.css makes them its scroll padding: what the keyboard's focus or a jump
 * brings into view is not left under them). Where there is no ResizeObserver, none. */
function watchHeld(doc) {
  const win = doc.defaultView;
  if (typeof win.ResizeObserver !== "function") return () => {};
  const root = doc.documentElement;
  const stage = doc.querySelector(".stage");
  const bar = doc.getElementById("learn-controls");
  const observer = new win.ResizeObserver(() => {
    setVar(root, "--learn-held-top", `${stage.offsetHeight}px`);
    setVar(root, "--learn-held-bottom", `${bar.offsetHeight}px`);
  });
  observer.observe(stage);
  observer.observe(bar);
  return () => observer.disconnect();
}

export function mountLearnScreen(doc, { store }) {
  const win = doc.defaultView;
  const layout = doc.getElementById("view-main");
  const runRow = doc.getElementById("learn-run").closest(".row");
  let typing = false;

  const narrow = () => Boolean(win.matchMedia?.(NARROW).matches);
  const show = (state) => setAttr(layout, "data-learn-screen", screenOf(state, typing));

  // The focused field in view, under the row with Run, once the layout has its new sizes.
  function bringIntoView() {
    win.requestAnimationFrame(() => {
      const field = doc.activeElement;
      if (typing && narrow() && typedField(field)) field.scrollIntoView({ block: "nearest" });
    });
  }

  function fit(height) {
    setVar(layout, "--learn-visible-height", `${height}px`);
    if (!typing) return;
    setVar(layout, "--learn-pinned", `${runRow.offsetHeight}px`);
    bringIntoView();
  }

  function setTyping(on) {
    if (typing === on) return;
    typing = on;
    show(store.get());
    if (on) fit(Number.parseFloat(layout.style.getPropertyValue("--learn-visible-height")) || win.innerHeight);
  }

  const stopTyping = watchTyping(doc, setTyping);
  const stopWatching = watchVisibleHeight(win, fit);
  const stopHeld = watchHeld(doc);

  function sync(state) {
    if (state.view === "learn") show(state);
  }

  return {
    sync,
    unbind() {
      stopWatching();
      stopTyping();
      stopHeld();
    },
  };
}
