// The height of the part of the page a person can see. On a phone the on-screen keyboard
// covers the lower part of the window without resizing it (iOS Safari; Chrome for Android
// by default since version 108): only the visual viewport shrinks. Where the browser has
// one that answers, it is followed; elsewhere the window's own height is, and the window's
// resize event.

/** The browser's visual viewport, if it has one that answers (read, listened to), else null.
 * Detected by trying it: a missing, broken or half-made one is not used.
 *
 * @example
 * visualViewportOf({}) // null
 */
export function visualViewportOf(win) {
  try {
    const vv = win.visualViewport;
    if (!vv || typeof vv.addEventListener !== "function") return null;
    const { height } = vv;
    return Number.isFinite(height) && height > 0 ? vv : null;
  } catch {
    return null; // a getter that throws: as good as none
  }
}

/** The visible height in the page's CSS px (a pinch's zoom undone: its layout is not
 * the zoomed one), whole px, never more than the window's.
 *
 * @example
 * visibleHeight({ innerHeight: 844, visualViewport: null }) // 844
 */
export function visibleHeight(win) {
  const vv = visualViewportOf(win);
  const seen = vv ? vv.height * (Number.isFinite(vv.scale) && vv.scale > 0 ? vv.scale : 1) : win.innerHeight;
  return Math.round(Math.min(win.innerHeight, seen));
}

/** Call `onChange(height)` now and whenever the visible height changes (the keyboard
 * opens or closes, the window is resized); the function that stops watching. */
export function watchVisibleHeight(win, onChange) {
  let last = null;
  const check = () => {
    const height = visibleHeight(win);
    if (height === last) return;
    last = height;
    onChange(height);
  };
  const vv = visualViewportOf(win);
  const targets = vv ? [[vv, "resize"], [vv, "scroll"], [win, "resize"]] : [[win, "resize"]];
  for (const [target, type] of targets) target.addEventListener(type, check);
  check();
  return () => {
    for (const [target, type] of targets) target.removeEventListener(type, check);
  };
}
