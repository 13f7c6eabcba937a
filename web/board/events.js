// The board canvas's pointer and keyboard input: a click or Enter chooses a square (a
// click on squares too small to hit zooms in there first), arrows move the keyboard
// cursor (PageUp/PageDown ten ranks, Home/End to the edges), the pointer shows where a
// click would land. Zooming and panning: zoom-events.js. bindBoardEvents returns the
// function that unbinds them all.

import { boardGeometry, squareAt } from "./geometry.js";
import { focusChanged, hovered } from "../shell/api.js";
import { cursorKeyed } from "../a11y/transitions.js";
import { cursorRevealed, squaresClickable, zoomedToChoose } from "./zoom.js";
import { listen } from "../core/panel.js";
import { format } from "../i18n/messages.js";

const CURSOR_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"]);

/** Make the canvas a keyboard-operable board for assistive technology. */
function describeBoard(canvas) {
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-describedby", "hint-text");
}

/** The canvas's name and role in `lang` (again whenever the language changes). */
function nameBoard(canvas, lang) {
  if (canvas.dataset.lang === lang) return;
  canvas.dataset.lang = lang;
  canvas.setAttribute("aria-roledescription", format(lang, "board.canvas.role"));
  canvas.setAttribute("aria-label", format(lang, "board.canvas.label"));
}

export function bindBoardEvents(canvas, { store, session }) {
  describeBoard(canvas);
  nameBoard(canvas, store.get().lang);
  store.onFrame((state) => nameBoard(canvas, state.lang));
  const squareUnder = (event) => {
    const rect = canvas.getBoundingClientRect();
    return squareAt(boardGeometry(store.get()), event.clientX - rect.left, event.clientY - rect.top);
  };
  const { on, unbind } = listen();
  on(canvas, "click", (event) => {
    performance.mark("square-click");
    const sq = squareUnder(event);
    if (!sq) return;
    if (squaresClickable(store.get())) session.squareChosen(sq);
    else store.update((s) => zoomedToChoose(s, sq));
  });
  on(canvas, "pointermove", (event) => store.update((s) => hovered(s, squareUnder(event))));
  on(canvas, "pointerleave", () => store.update((s) => hovered(s, null)));
  on(canvas, "focus", () => store.update((s) => focusChanged(s, canvas.matches(":focus-visible"))));
  on(canvas, "blur", () => store.update((s) => focusChanged(s, false)));
  on(canvas, "keydown", (event) => {
    if (CURSOR_KEYS.has(event.key)) {
      event.preventDefault();
      store.update((s) => cursorKeyed(s, event.key, event.ctrlKey || event.metaKey));
      store.update(cursorRevealed);
    } else if (event.key === "Escape") {
      session.squareCleared?.();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const { cursor } = store.get();
      if (cursor) session.squareChosen(cursor);
    }
  });
  return unbind;
}
