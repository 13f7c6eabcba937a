// The answer where the eye is: after a tap (or a click, or a key that presses a control),
// what the tap changed is brought on screen when it is off it (a phone's one column puts
// the status 300 px under the board, the heatmap's figures under its table). Each view
// says what its answer is (views.answerOf: an element's id and a key that changes with
// it; Tour's status line and Play's notice bring themselves: core/panel.js revealNextFrame);
// the page scrolls the least that shows it, smoothly unless the reader asked for
// less motion, and never moves the focus (the live regions still tell screen readers).

import { listen } from "../core/panel.js";
import { afterFrame } from "../core/after-frame.js";

/** A change this long after the reader's last tap is not that tap's answer. */
export const ANSWER_MS = 15_000;
/** The space kept between the answer and the screen's edge, in CSS pixels. */
export const MARGIN = 8;

/**
 * How far to scroll (px, down is positive) so that the box {top, bottom} is on a screen
 * `height` high: 0 when it already is; a box taller than the screen shows its top.
 *
 *   scrollDelta({ top: 984, bottom: 1079 }, 844)  // 243: the status's bottom 8 px above the edge
 *   scrollDelta({ top: -120, bottom: 200 }, 844)  // -128
 *   scrollDelta({ top: 100, bottom: 200 }, 844)   // 0
 */
export function scrollDelta({ top, bottom }, height, margin = MARGIN) {
  if (top >= 0 && bottom <= height) return 0;
  if (top < 0) return top - margin;
  return Math.min(bottom - height + margin, top - margin);
}

/** Bring `el` on screen if it is off it (nothing when it is hidden or not laid out). */
export function reveal(el, win) {
  if (!el) return;
  const box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  const top = scrollDelta(box, win.innerHeight);
  if (!top) return;
  const still = win.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  win.scrollBy({ top, behavior: still ? "auto" : "smooth" });
}

export function mountRevealPanel(doc, { views }) {
  const win = doc.defaultView;
  const { on, unbind } = listen();
  let tappedAt = -Infinity;
  let shown = null;
  const tapped = () => {
    tappedAt = win.performance.now();
  };
  // A tap, a click and a key that presses a control are what an answer answers; the
  // reader scrolling on their own has moved on to something else.
  on(doc, "pointerup", tapped, true);
  on(doc, "click", tapped, true);
  on(doc, "keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") tapped();
  }, true);
  on(win, "wheel", () => { tappedAt = -Infinity; }, { passive: true });

  function sync(state) {
    const [id, key] = views.answerOf(state) ?? [];
    const now = id ? `${state.view}|${id}|${key}` : null;
    if (now === shown) return;
    shown = now;
    if (!id || win.performance.now() - tappedAt > ANSWER_MS) return;
    tappedAt = -Infinity; // one answer per tap: later changes (a search's progress) stay where the reader put them
    afterFrame(() => reveal(doc.getElementById(id), win), { frame: (callback) => win.requestAnimationFrame(callback) });
  }

  return { sync, unbind };
}
