// Zooming and panning the board by hand: the wheel (or a trackpad pinch) zooms about the
// pointer, dragging pans, two fingers pinch and pan, and the keys +, - and 0 zoom in, out
// and back to the whole board. A drag never counts as a click. Returns the unbind function.

import { panned, zoomedAt, zoomedStep, zoomFitted } from "./zoom.js";
import { listen } from "../core/panel.js";

const DRAG_PX = 5; // pointer travel that turns a press into a drag
const WHEEL_RATE = 0.0015; // zoom factor e^(-rate * pixels scrolled)
const ZOOM_KEYS = { "+": 1, "=": 1, "-": -1, _: -1 };

/** The event's position in canvas px. */
function canvasPoint(canvas, event) {
  const rect = canvas.getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}

function swallowClick(event) {
  event.stopImmediatePropagation();
  event.preventDefault();
}

function zoomByWheel(canvas, store, event) {
  const scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
  const [x, y] = canvasPoint(canvas, event);
  const before = store.get().zoom;
  store.update((s) => zoomedAt(s, Math.exp(-event.deltaY * scale * WHEEL_RATE), x, y));
  // At the whole board, scrolling down scrolls the page as usual.
  if (store.get().zoom !== before) event.preventDefault();
}

function pointerPressed(drag, canvas, event) {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  drag.pointers.set(event.pointerId, canvasPoint(canvas, event));
  if (drag.pointers.size === 1) {
    drag.start = canvasPoint(canvas, event);
    drag.dragged = false;
  }
}

/** One pointer down: pan once it has travelled DRAG_PX from where it was pressed; false while it has not. */
function panByDrag(drag, canvas, store, event, last, [x, y]) {
  if (!drag.dragged && Math.hypot(x - drag.start[0], y - drag.start[1]) < DRAG_PX) return false;
  if (!drag.dragged) canvas.setPointerCapture?.(event.pointerId);
  drag.dragged = true;
  store.update((s) => panned(s, x - last[0], y - last[1]));
  return true;
}

/** Two pointers down: zoom by the change of their distance, about their midpoint. */
function zoomByPinch(drag, store, event, last, [x, y]) {
  const [, other] = [...drag.pointers].find(([id]) => id !== event.pointerId);
  const before = Math.hypot(last[0] - other[0], last[1] - other[1]);
  const after = Math.hypot(x - other[0], y - other[1]);
  drag.dragged = true;
  if (before > 0) store.update((s) => zoomedAt(s, after / before, (x + other[0]) / 2, (y + other[1]) / 2));
}

function pointerMoved(drag, canvas, store, event) {
  const last = drag.pointers.get(event.pointerId);
  if (!last) return;
  const point = canvasPoint(canvas, event);
  if (drag.pointers.size === 1) {
    // Still a press, not a drag: the pointer's place stays where it was pressed.
    if (!panByDrag(drag, canvas, store, event, last, point)) return;
  } else if (drag.pointers.size === 2) {
    zoomByPinch(drag, store, event, last, point);
  }
  drag.pointers.set(event.pointerId, point);
}

function pointerReleased(drag, canvas, event) {
  if (!drag.pointers.delete(event.pointerId)) return;
  if (drag.pointers.size === 0 && drag.dragged) {
    // The click that follows a drag's release is not a square chosen.
    canvas.addEventListener("click", swallowClick, { capture: true, once: true });
    setTimeout(() => canvas.removeEventListener("click", swallowClick, { capture: true }), 0);
  }
}

function zoomByKey(store, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return; // the browser's own zoom
  if (ZOOM_KEYS[event.key]) {
    event.preventDefault();
    store.update((s) => zoomedStep(s, ZOOM_KEYS[event.key]));
  } else if (event.key === "0") {
    event.preventDefault();
    store.update(zoomFitted);
  }
}

export function bindZoomEvents(canvas, { store }) {
  const { on, unbind } = listen();
  const drag = { pointers: new Map(), start: null, dragged: false }; // pointers: pointerId -> [x, y] in canvas px
  const release = (event) => pointerReleased(drag, canvas, event);
  on(canvas, "wheel", (event) => zoomByWheel(canvas, store, event), { passive: false });
  on(canvas, "pointerdown", (event) => pointerPressed(drag, canvas, event));
  on(canvas, "pointermove", (event) => pointerMoved(drag, canvas, store, event));
  on(canvas, "pointerup", release);
  on(canvas, "pointercancel", release);
  on(canvas, "keydown", (event) => zoomByKey(store, event));
  return unbind;
}
