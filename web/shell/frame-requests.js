// When the store's painters run: in the animation frame after a change, one frame for any
// number of changes; while a hold is in force (the store's holdFrames), not before the hold
// is released or its time is up, and then in one frame for all the changes it held.

/**
 * The frames asked for by the store. `draw()` runs the painters; `requestFrame(fn)` and
 * `cancelFrame(id)` are the animation frame's, `setTimer(fn, ms)` and `clearTimer(id)` a
 * timer's. Returns {ask, cancel, hold}.
 */
export function frameRequests(draw, { requestFrame, cancelFrame, setTimer, clearTimer }) {
  let frame = 0;
  let hold = null; // {timer, waits}: the hold in force, until released or its time is up
  let heldChanges = false; // asked for while held, drawn at the release

  const drawFrame = () => {
    frame = 0;
    draw();
  };

  function ask(change = null) {
    if (hold && change !== null && !hold.waits(change)) release(hold); // it is drawn now, with what was held
    if (hold) heldChanges = true;
    else if (!frame) frame = requestFrame(drawFrame);
  }

  function release(ended) {
    if (hold !== ended) return; // a later hold is in force: it has its own release
    clearTimer(hold.timer);
    hold = null;
    if (heldChanges) {
      heldChanges = false;
      ask();
    }
  }

  return {
    /** A change was made (`change`, the patch): draw it in the next frame, or at the
     * hold's end if the hold says it may wait. */
    ask,
    /** Take back the frame asked for, if any: the caller draws now instead. */
    cancel() {
      if (frame) cancelFrame(frame);
      frame = 0;
    },
    /** Hold the frames for `ms` at most: a frame asked for and not yet drawn waits too,
     * and so does each later change for which `waits(change)` is true; any other change
     * ends the hold. Returns the release; a later hold replaces this one, whose release
     * then does nothing. */
    hold(ms, waits = () => true) {
      if (hold) clearTimer(hold.timer);
      if (frame) {
        cancelFrame(frame);
        frame = 0;
        heldChanges = true;
      }
      const current = { timer: 0, waits };
      current.timer = setTimer(() => release(current), ms);
      hold = current;
      return () => release(current);
    },
  };
}
