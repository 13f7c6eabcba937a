// The board the link asks for, drawn by the page's first script (main.js) before the
// rest of the page's script has come: squares, holes and coordinates. On a slow link that
// script is a fortieth of the page's, so the board is there within a second. A square
// clicked meanwhile is kept for app.js, which takes the board over: it removes this
// drawing in the same task as it draws its own (no frame shows neither), then starts
// from that square as if it had been clicked on its own board.

import { linkedBoard } from "../core/linked-board.js";
import { boardLayer, createRenderer, readViewport } from "./render.js";
import { boardGeometry, squareAt } from "./geometry.js";

/** Keep main.js's board for app.js, which runs after it as a script of its own. */
export function keepFirstBoard(board, scope = globalThis) {
  scope.knightFirstBoard = board;
}

/** The board main.js drew (drawLinkedBoard's handle), or null; given out once. */
export function takeFirstBoard(scope = globalThis) {
  const board = scope.knightFirstBoard ?? null;
  delete scope.knightFirstBoard;
  return board;
}

/**
 * Draw the board of the query string `search` into the document's #board, in the
 * view's layout (the stylesheet sizes the board by the body's data-view), and keep it
 * fitted to the box until remove() is called; chosen() is the last square clicked on it
 * ([row, col]), or null.
 */
export function drawLinkedBoard(doc, search) {
  // The views are the tabs index.html holds: the registry's modules are not loaded yet.
  const views = [...doc.querySelectorAll("#view-tabs [role=tab]")].map((tab) => tab.dataset.view);
  const { rows, cols, holes, view } = linkedBoard(search, views);
  doc.body.dataset.view = view;
  const container = doc.getElementById("board");
  const renderer = createRenderer(container, [boardLayer()]);
  // Nothing to focus or read yet: a click is only kept (below), the keyboard waits for app.js.
  renderer.canvas.setAttribute("aria-hidden", "true");
  // What the board layer reads of the state (render.js, paint.js): the whole state is
  // not needed, and its modules would bring the page's message catalogs (84 KB) along.
  let g = null;
  const draw = () => {
    const state = { view, settings: { rows, cols, holes }, zoom: null, viewport: readViewport(container) };
    g = boardGeometry(state);
    renderer.draw(state);
  };
  draw();
  const observer = new ResizeObserver(draw);
  observer.observe(container);
  let chosen = null;
  renderer.canvas.addEventListener("click", (event) => {
    performance.mark("square-click"); // as board/events.js marks the app board's clicks
    const box = renderer.canvas.getBoundingClientRect();
    chosen = squareAt(g, event.clientX - box.left, event.clientY - box.top) ?? chosen;
  });
  return {
    chosen: () => chosen,
    remove() {
      observer.disconnect();
      renderer.destroy();
    },
  };
}
