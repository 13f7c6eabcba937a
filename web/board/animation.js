// The playback clock: while state.playing, advance the timeline (the tour, or the
// recorded search) by speed x elapsed time, many moves per frame when the speed asks
// for it. Holds no state of its own but timing.

import { seekPatch, timeline } from "../core/timeline.js";

const MAX_FRAME_SECONDS = 0.25; // after a stall, do not jump ahead more than this

export function createPlayback(store) {
  let frame = 0;
  let last = 0;
  let carry = 0;

  function tick(now) {
    frame = 0;
    const state = store.get();
    const { length, position } = timeline(state);
    if (!state.playing || length === 0) return;
    const dt = Math.min(MAX_FRAME_SECONDS, Math.max(0, now - last) / 1000);
    last = now;
    carry += dt * state.speed;
    const steps = Math.floor(carry);
    carry -= steps;
    const next = Math.min(length, position + steps);
    const done = next >= length;
    if (!done) frame = requestAnimationFrame(tick);
    if (steps > 0 || done) store.update({ ...seekPatch(state, next), playing: !done });
  }

  const unsubscribe = store.subscribe((state) => {
    if (state.playing && !frame) {
      last = performance.now();
      carry = 0;
      frame = requestAnimationFrame(tick);
    } else if (!state.playing && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  });

  return () => {
    unsubscribe();
    if (frame) cancelAnimationFrame(frame);
  };
}
