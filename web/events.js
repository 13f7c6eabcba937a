// The board canvas's pointer and keyboard input: a click or Enter chooses a square,
// arrows move the keyboard cursor, the pointer shows where a click would land.
// bindBoardEvents returns the function that unbinds them all.

import { boardGeometry, squareAt } from "./geometry.js";
import { cursorMoved, focusChanged, hovered } from "./transitions.js";
import { listen } from "./panel.js";

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** Make the canvas a keyboard-operable board for assistive technology. */
function describeBoard(canvas) {
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", "board");
  canvas.setAttribute("aria-label", "Board. Arrow keys move between squares; Enter starts the tour on the square.");
  canvas.setAttribute("aria-describedby", "hint-text");
}

export function bindBoardEvents(canvas, { store, session }) {
  describeBoard(canvas);
  const squareUnder = (event) => {
    const rect = canvas.getBoundingClientRect();
    return squareAt(boardGeometry(store.get()), event.clientX - rect.left, event.clientY - rect.top);
  };
  const { on, unbind } = listen();
  on(canvas, "click", (event) => {
    performance.mark("square-click");
    const sq = squareUnder(event);
    if (sq) session.squareChosen(sq);
  });
  on(canvas, "pointermove", (event) => store.update((s) => hovered(s, squareUnder(event))));
  on(canvas, "pointerleave", () => store.update((s) => hovered(s, null)));
  on(canvas, "focus", () => store.update((s) => focusChanged(s, canvas.matches(":focus-visible"))));
  on(canvas, "blur", () => store.update((s) => focusChanged(s, false)));
  on(canvas, "keydown", (event) => {
    if (ARROWS[event.key]) {
      event.preventDefault();
      store.update((s) => cursorMoved(s, ...ARROWS[event.key]));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const { cursor } = store.get();
      if (cursor) session.squareChosen(cursor);
    }
  });
  return unbind;
}
