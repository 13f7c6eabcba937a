// Learn on a phone: the board sticks to the top of the screen and the step buttons to
// the bottom (style.css), and the program scrolls between them. When the reader runs or
// steps, the current line is brought into that band if it is outside it, so that the
// board and the line are on screen together. Not while playing: the reader may be
// scrolling to read, and a page that jumps under a thumb is worse than a line out of view.
// Nor at a run's first step: the reader is where they pressed Run (or Check, whose
// verdict the exercise panel brings into view at that moment), and a step of theirs
// comes next.

import { visibleHeight } from "../core/visible-height.js";

const NARROW = "(max-width: 860px)";

/** How far to scroll the page so that `line` (a DOMRect) sits in the band from `top` to
 * `bottom` (viewport px): 0 when it is there already. Pure. */
export function scrollNeeded(line, top, bottom) {
  if (line.top >= top && line.bottom <= bottom) return 0;
  const room = bottom - top;
  // A third of the way down the band, as the listing places its current line.
  return line.top - top - Math.max(0, room / 3 - line.height);
}

export function mountLearnFollow(doc) {
  const win = doc.defaultView;
  let shown = "";
  let shownRun = null;

  function sync(state) {
    const { learn } = state;
    if (state.view !== "learn" || !learn.steps || learn.playing) return;
    const key = `${learn.run}:${learn.step}`;
    if (key === shown) return;
    shown = key;
    const newRun = learn.run !== shownRun;
    shownRun = learn.run;
    if (newRun || !win?.matchMedia?.(NARROW).matches) return;
    // After this frame's panels have marked the line and scrolled the listing, and the
    // step bar has taken the new sentence's height (a frame later): measured then.
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => {
      const line = doc.querySelector("#learn-listing li.current");
      const stage = doc.querySelector(".stage");
      const bar = doc.getElementById("learn-controls");
      if (!line || !stage || !bar) return;
      // The board sticks to the top once the page has scrolled: the band starts under its
      // stuck height, not where it stands before the scroll (below the title and tabs).
      const top = Math.min(Math.max(0, stage.getBoundingClientRect().bottom), stage.offsetHeight);
      const bottom = Math.min(visibleHeight(win), bar.getBoundingClientRect().top); // the keyboard's part left out
      const by = scrollNeeded(line.getBoundingClientRect(), top, bottom);
      if (by) win.scrollBy({ top: by, behavior: "instant" });
    }));
  }

  return { sync, unbind() {} };
}
