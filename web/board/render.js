// The board's canvas layers, sized to the viewport in the state, and when each is
// redrawn. A layer is {canvases: [names], draw(ctxs, g, state, fresh)}: it keeps what it
// last drew (its redraw cache) and repaints only on a change (fresh = the canvases were
// cleared or the squares moved). A view adds its own layer to the list app.js passes.
//
// Stacked bottom to top: the board (squares, holes, coordinates), the views' layers (the
// path's lines and move numbers, drawn incrementally as playback advances; the heat; the
// game; the program's board), the tour's marks (start, knight, closing move), the overlay
// (cursor, hover). The topmost canvas is the one people click and focus. Which of them
// draw is the open view's choice (shell/views.js).

import { setProp } from "../core/panel.js";
import { boardGeometry } from "./geometry.js";
import { paintBoard, paintPointer, paintTourMarks } from "./paint.js";

function clear(ctx, g) {
  ctx.clearRect(0, 0, g.width, g.height);
}

/** The squares, holes and coordinates: redrawn when the board or its holes change. */
export function boardLayer() {
  let holes = null;
  return {
    canvases: ["board"],
    draw([ctx], g, state, fresh) {
      if (!fresh && holes === state.settings.holes) return;
      holes = state.settings.holes;
      clear(ctx, g);
      paintBoard(ctx, g, state);
    },
  };
}

// The path's lines and numbers: path-layer.js (it draws only what is on screen).

// What each overlay's painters read (paint.js): the state's parts are replaced, never
// changed in place, so comparing them is enough.
const marksInputs = (state) => [state.tour, state.search, state.settings, state.shown];
const pointerInputs = (state, tourDrawn) => [state.hover, tourDrawn, state.search, state.status, state.editHoles, state.settings, state.cursor, state.focused];

/**
 * A layer of one canvas repainted only when what it shows changes. Repainting every frame
 * made each frame upload the canvas: 30-50 ms of main thread per frame while Python loads
 * (its progress updates the page ten times a second).
 */
function changeLayer(canvas, inputsOf, paint) {
  let last = [];
  return {
    canvases: [canvas],
    draw([ctx], g, state, fresh) {
      const inputs = inputsOf(state);
      if (!fresh && inputs.every((value, i) => value === last[i])) return;
      last = inputs;
      clear(ctx, g);
      paint(ctx, g, state);
    },
  };
}

/** The page's tour's marks: the start square, the knight, the closing move. */
export function marksLayer() {
  return changeLayer("marks", marksInputs, paintTourMarks);
}

/**
 * The square under the pointer and the keyboard cursor: every view's, the topmost canvas.
 * `tourDrawn(state)`: whether the open view draws the page's tour (a tour kept aside while
 * Play's game is on the board hides no square under the pointer).
 */
export function overlayLayer({ tourDrawn = (state) => Boolean(state.tour) } = {}) {
  return changeLayer(
    "overlay",
    (state) => pointerInputs(state, tourDrawn(state)),
    (ctx, g, state) => paintPointer(ctx, g, state, tourDrawn(state)),
  );
}

/** The board box's size in CSS pixels and the device pixel ratio. */
export function readViewport(container) {
  return { width: container.clientWidth, height: container.clientHeight, dpr: window.devicePixelRatio || 1 };
}

/** Call onChange with the viewport now and whenever the container is resized. Returns the unobserve function. */
export function observeViewport(container, onChange) {
  const observer = new ResizeObserver(() => onChange(readViewport(container)));
  observer.observe(container);
  onChange(readViewport(container));
  return () => observer.disconnect();
}

function createCanvas(container, name) {
  const canvas = document.createElement("canvas");
  canvas.className = `layer layer-${name}`;
  canvas.setAttribute("aria-hidden", "true");
  container.append(canvas);
  // Out of sight until its first drawing (draw below shows it).
  canvas.style.display = "none";
  return { canvas, ctx: canvas.getContext("2d", { alpha: true }), size: "", shown: false };
}

// A canvas sized afresh starts blank. Each size is written only when it differs (a write
// of the same width is a DOM mutation the browser lays out again); a canvas whose size
// stays is blanked by hand.
function resize({ canvas, ctx }, g) {
  const width = Math.round(g.width * g.dpr);
  const height = Math.round(g.height * g.dpr);
  if (canvas.width === width && canvas.height === height) ctx.clearRect(0, 0, width, height);
  setProp(canvas, "width", width);
  setProp(canvas, "height", height);
  setProp(canvas.style, "width", `${g.width}px`);
  setProp(canvas.style, "height", `${g.height}px`);
  ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
}

// Zooming or panning moves the squares: every layer starts afresh.
const geometryKey = (g) => [g.width, g.height, g.dpr, g.rows, g.cols, g.cell, g.ox, g.oy].join("|");
// A canvas's pixels: it is sized again only when these change.
const sizeKey = (g) => [g.width, g.height, g.dpr].join("|");
// Whether a layer's canvases are kept sized: while the open view lists it, drawn or not
// (a layer without a view's say, main.js's board, always).
const keptSized = (layer, state) => (layer.listed ? layer.listed(state) : layer.shown ? layer.shown(state) : true);

/** Stack the layers' canvases in `container`; draw(state) brings them up to date. */
export function createRenderer(container, layers) {
  const stacked = layers.map((layer) => ({ layer, canvases: layer.canvases.map((name) => createCanvas(container, name)) }));
  const all = stacked.flatMap(({ canvases }) => canvases);
  const top = all[all.length - 1].canvas;
  top.removeAttribute("aria-hidden");
  let key = "";
  let size = "";

  function draw(state) {
    const g = boardGeometry(state);
    const fresh = geometryKey(g) !== key;
    if (fresh) {
      key = geometryKey(g);
      size = sizeKey(g);
      // Where the squares are, for tools and tests that click them: left,top,cell in CSS px.
      top.dataset.geometry = `${g.ox},${g.oy},${g.cell}`;
    }
    for (const { layer, canvases } of stacked) {
      // A layer the open view does not show is out of the page (display: none): never
      // composited (each canvas shown cost every frame in WebKit), and sized only while
      // the view lists it (nine canvases of a phone's pixels took 0.1 s to size at 4x
      // CPU slowdown; one listed but empty, a path to come, stays sized and out of sight).
      const shown = layer.shown ? layer.shown(state) : true;
      const sized = shown || keptSized(layer, state);
      for (const c of canvases) {
        if (c.shown !== shown) c.canvas.style.display = shown ? "" : "none";
        c.shown = shown;
        if (sized && c.size !== size) {
          resize(c, g);
          c.size = size;
        }
      }
      layer.draw(canvases.map((c) => c.ctx), g, state, fresh);
    }
  }

  /** Size one canvas that `state` lists and has not its size yet, out of sight (the
   * costly part of a first drawing, a task of its own on a slow phone): true if it did. */
  function sizeNext(state) {
    const g = boardGeometry(state);
    const wanted = sizeKey(g);
    for (const { layer, canvases } of stacked) {
      if (!keptSized(layer, state)) continue;
      const c = canvases.find((canvas) => canvas.size !== wanted);
      if (!c) continue;
      resize(c, g);
      c.size = wanted;
      return true;
    }
    return false;
  }

  return {
    /** The canvas that takes pointer and keyboard input. */
    canvas: top,
    draw,
    sizeNext,
    destroy() {
      for (const { canvas } of all) canvas.remove();
    },
  };
}
