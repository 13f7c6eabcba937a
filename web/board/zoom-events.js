// Zooming and panning the board by hand: the wheel (or a trackpad pinch) zooms about the
// pointer, dragging pans, two fingers pinch and pan, and the keys +, - and 0 zoom in, out
// and back to the whole board. A drag never counts as a click. Returns the unbind function.

import { panned, zoomedAt, zoomedStep, zoomFitted } from "./zoom.js";
import { listen } from "../core/panel.js";

const DRAG_PX = 5; // pointer travel that turns a press into a drag
const WHEEL_RATE = 0.0015; // zoom factor e^(-rate * pixels scrolled)
const ZOOM_KEYS = { "+": 1, "=": 1, "-": -1, _: -1 };

export function bindZoomEvents(canvas, { store }) {
  const { on, unbind } = listen();
  const pointers = new Map(); // pointerId -> [x, y] in canvas px
  let start = null;
  let dragged = false;

  const local = (event) => {
    const rect = canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const swallowClick = (event) => {
    event.stopImmediatePropagation();
    event.preventDefault();
  };

  on(canvas, "wheel", (event) => {
    const scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    const [x, y] = local(event);
    const before = store.get().zoom;
    store.update((s) => zoomedAt(s, Math.exp(-event.deltaY * scale * WHEEL_RATE), x, y));
    // At the whole board, scrolling down scrolls the page as usual.
    if (store.get().zoom !== before) event.preventDefault();
  }, { passive: false });

  on(canvas, "pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, local(event));
    if (pointers.size === 1) {
      start = local(event);
      dragged = false;
    }
  });

  on(canvas, "pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const [x, y] = local(event);
    if (pointers.size === 1) {
      if (!dragged && Math.hypot(x - start[0], y - start[1]) < DRAG_PX) return;
      if (!dragged) canvas.setPointerCapture?.(event.pointerId);
      dragged = true;
      store.update((s) => panned(s, x - last[0], y - last[1]));
    } else if (pointers.size === 2) {
      const [, other] = [...pointers].find(([id]) => id !== event.pointerId);
      const before = Math.hypot(last[0] - other[0], last[1] - other[1]);
      const after = Math.hypot(x - other[0], y - other[1]);
      dragged = true;
      if (before > 0) store.update((s) => zoomedAt(s, after / before, (x + other[0]) / 2, (y + other[1]) / 2));
    }
    pointers.set(event.pointerId, [x, y]);
  });

  const release = (event) => {
    if (!pointers.delete(event.pointerId)) return;
    if (pointers.size === 0 && dragged) {
      // The click that follows a drag's release is not a square chosen.
      canvas.addEventListener("click", swallowClick, { capture: true, once: true });
      setTimeout(() => canvas.removeEventListener("click", swallowClick, { capture: true }), 0);
    }
  };
  on(canvas, "pointerup", release);
  on(canvas, "pointercancel", release);

  on(canvas, "keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // the browser's own zoom
    if (ZOOM_KEYS[event.key]) {
      event.preventDefault();
      store.update((s) => zoomedStep(s, ZOOM_KEYS[event.key]));
    } else if (event.key === "0") {
      event.preventDefault();
      store.update(zoomFitted);
    }
  });

  return unbind;
}
