// The pasted tour's board layer while it is not (yet) a valid tour: its path up to the
// first bad step, and the squares a message points at, framed in red. A valid pasted
// tour is the page's tour and the path layer draws it.

import { paintHighlights, paintLines, paintNumbers } from "../board/paint.js";
import { currentCheck } from "./transitions.js";

/** The check to draw: one that read squares and is not (yet) valid. */
export function drawnCheck(state) {
  const check = currentCheck(state);
  return check && check.status !== "valid" ? check : null;
}

export function pastedTourLayer() {
  let drawn = null;
  return {
    canvases: ["pasted"],
    /** Whether a pasted tour is shown (else the canvas is out of the page). */
    holds: (state) => Boolean(drawnCheck(state)),
    draw([ctx], g, state, fresh) {
      const check = drawnCheck(state);
      if (!fresh && check === drawn) return;
      drawn = check;
      ctx.clearRect(0, 0, g.width, g.height);
      if (!check) return;
      const upTo = check.badStep === null || check.badStep === undefined ? check.path.length : Math.min(check.path.length, check.badStep + 1);
      const path = check.path.slice(0, upTo);
      if (path.length) {
        const asTour = { ...state, search: null, tour: path, shown: path.length };
        paintLines(ctx, g, asTour, 1, path.length);
        paintNumbers(ctx, g, asTour, 0, path.length);
      }
      paintHighlights(ctx, g, check.highlight);
    },
  };
}
