// A function run once the browser has drawn its next frame: in a task after that frame's
// style, layout and paint, so that work queued from it lays out in a frame of its own.
// A hidden tab draws no frame: there it runs after FRAME_WAIT_MS all the same.

import { laterTask } from "./later-task.js";

/** How long to wait for a frame before running anyway (a hidden tab draws none). */
export const FRAME_WAIT_MS = 100;

/**
 * Run `fn` once, in a later task after the next frame, or after `waitMs` if no frame comes
 * first. The clock and the frame are injectable for tests.
 *
 *     afterFrame(() => console.log("drawn"));
 */
export function afterFrame(fn, {
  frame = (callback) => requestAnimationFrame(callback),
  timer = (callback, ms) => setTimeout(callback, ms),
  later = laterTask,
  waitMs = FRAME_WAIT_MS,
} = {}) {
  let ran = false;
  const go = () => {
    if (ran) return;
    ran = true;
    later(fn);
  };
  frame(go);
  timer(go, waitMs);
}
