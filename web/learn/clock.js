// Learn's playback clock: while the steps play, the step shown moves on with time at the
// state's speed, a frame at a time (`io.raf`), and pauses at a breakpoint's line or at the
// last step read; and the jump to the next step where the program backs off. `io` is the
// Learn session's (learn/session.js): its store, its trace, its frame and clock fields.

import * as L from "./transitions.js";

/** The step the clock reaches after `dt` ms at the state's speed, stopping at a breakpoint. */
export function clockStep(trace, learn, dt) {
  const target = Math.min(learn.steps - 1, learn.step + Math.max(1, Math.round((learn.speed * dt) / 1000)));
  // The nearest breakpoint's line ahead (a scan of the line column: fast over millions of steps).
  const hits = learn.breakpoints.map((line) => trace.nextLine(learn.step, line)).filter((k) => k >= 0 && k <= target);
  if (hits.length) return { step: Math.min(...hits), pause: true };
  return { step: target, pause: target >= learn.steps - 1 && learn.status !== "running" };
}

function tick(io, now) {
  const { learn } = io.store.get();
  if (!learn.playing || !io.trace) {
    io.clock = null;
    return;
  }
  const dt = io.lastTick ? Math.min(250, now - io.lastTick) : 16;
  io.lastTick = now;
  const next = clockStep(io.trace, learn, dt);
  L.run(io, L.stepShown, next.step);
  if (next.pause) L.run(io, L.paused);
  io.clock = io.raf((time) => tick(io, time));
}

/** Start the clock when the state says playing and none runs (it stops itself). */
export function followPlaying(io, state) {
  if (state.learn.playing && !io.clock) {
    io.lastTick = 0;
    io.clock = io.raf((time) => tick(io, time));
  }
}

/** The next step where the program backs off (a square cleared), from the step shown. */
export function toNextBacktrack(io) {
  const { learn } = io.store.get();
  if (!io.trace || !learn.steps) return;
  const hit = io.trace.nextUndo(learn.step);
  if (hit >= 0) L.run(io, L.stepShown, hit);
}
