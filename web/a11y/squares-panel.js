// The accessible view of the board: a table of squares with their move numbers, a grid
// operated by keyboard (in the manner of lichess's blind mode). Arrow keys move one
// square, PageUp/PageDown ten ranks, Home/End to the first/last file, Ctrl+Home/End to
// the corners; Enter or Space chooses the square, as a click on the board does. Its
// focus is the page's keyboard cursor, shared with the canvas.

import { cellInfo, moveNumbers, tableCaption, tableHeaders, tableWindow } from "./board-table.js";
import { cursorKeyed, cursorPlaced } from "./transitions.js";
import { drawnPath } from "../core/timeline.js";
import { focusChanged } from "../shell/api.js";
import { listen, setAttr, setText, setProp } from "../core/panel.js";

const KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"]);
const WINDOW_KEYS = ["rows", "cols", "r0", "r1", "c0", "c1"];

/** The [row, col] a table cell stands for. */
function squareOf(td) {
  return [Number(td.dataset.row), Number(td.dataset.col)];
}

/** Keys move the cursor or choose its square; a click or focus on a cell places the cursor there. */
function bindTable(on, table, { store, session }) {
  on(table, "keydown", (event) => {
    if (KEYS.has(event.key)) {
      event.preventDefault();
      store.update((s) => cursorKeyed(s, event.key, event.ctrlKey || event.metaKey));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const { cursor } = store.get();
      if (cursor) session.squareChosen(cursor);
    }
  });
  on(table, "click", (event) => {
    const td = event.target.closest("td[data-row]");
    if (!td) return;
    const sq = squareOf(td);
    store.update((s) => cursorPlaced(s, sq));
    session.squareChosen(sq);
  });
  on(table, "focusout", (event) => {
    if (!table.contains(event.relatedTarget)) store.update((s) => focusChanged(s, false));
  });
  on(table, "focusin", (event) => {
    const td = event.target.closest("td[data-row]");
    if (td) store.update((s) => cursorPlaced(s, squareOf(td)));
  });
}

function headerCell(doc, text, scope) {
  const th = doc.createElement("th");
  th.scope = scope;
  th.textContent = text;
  return th;
}

/** One rank of the table: its header and its cells, not focusable until the cursor comes. */
function rankRow(doc, rank, row, win) {
  const cells = [];
  for (let c = win.c0; c < win.c1; c += 1) {
    const td = doc.createElement("td");
    td.setAttribute("role", "gridcell");
    td.tabIndex = -1;
    td.dataset.row = String(row);
    td.dataset.col = String(c);
    cells.push(td);
  }
  const tr = doc.createElement("tr");
  tr.append(headerCell(doc, rank, "row"), ...cells);
  return { tr, cells };
}

/** Rebuild the table's head, body and caption for the window `win` of the board. */
function buildTable(doc, view, win) {
  const { files, ranks } = tableHeaders(win);
  const headRow = doc.createElement("tr");
  headRow.append(doc.createElement("td"), ...files.map((f) => headerCell(doc, f, "col")));
  view.head.replaceChildren(headRow);
  const rows = ranks.map((rank, i) => rankRow(doc, rank, win.r0 + i, win));
  view.cells = rows.map((r) => r.cells); // [row - r0][col - c0] -> td
  view.body.replaceChildren(...rows.map((r) => r.tr));
  setText(view.caption, tableCaption(win));
  view.win = win;
}

/** What cellInfo needs of the state; move numbers are recomputed only for a new path or size. */
function boardInfo(view, state) {
  const { rows, cols, start, holes, rule } = state.settings;
  const { path, shown } = drawnPath(state);
  if (view.numbersFor !== path || !view.numbers || view.numbers.length !== rows * cols) {
    view.numbersFor = path;
    view.numbers = moveNumbers(path, rows, cols);
  }
  return {
    rows, cols, start, shown, rule,
    numbers: view.numbers,
    holes: new Set(holes.map(([r, c]) => r * cols + c)),
    knight: path && shown ? path[shown - 1] : -1,
    total: path ? path.length : 0,
  };
}

/** Write each cell's text, label and kind; only the cursor's cell is in the tab order. */
function paintCells(view, info, [cr, cc]) {
  const { win, cells } = view;
  let cursorCell = null;
  for (let r = win.r0; r < win.r1; r += 1) {
    for (let c = win.c0; c < win.c1; c += 1) {
      const td = cells[r - win.r0][c - win.c0];
      const cell = cellInfo(info, r, c);
      setText(td, cell.text);
      setAttr(td, "aria-label", cell.label);
      setAttr(td, "class", `sq-${cell.kind}`);
      const here = r === cr && c === cc;
      setProp(td, "tabIndex", here ? 0 : -1);
      if (here) cursorCell = td;
    }
  }
  return cursorCell;
}

export function mountSquaresPanel(doc, { store, session }) {
  const table = doc.getElementById("squares");
  const view = {
    head: table.tHead || table.createTHead(),
    body: table.tBodies[0] || table.createTBody(),
    caption: doc.getElementById("squares-caption"),
    win: null,
    cells: [],
    numbersFor: null,
    numbers: null,
    lang: null,
  };
  const { on, unbind } = listen();
  bindTable(on, table, { store, session });

  function sync(state) {
    const { rows, cols } = state.settings;
    const next = tableWindow(rows, cols, state.cursor, view.win);
    if (!view.win || WINDOW_KEYS.some((k) => view.win[k] !== next[k])) buildTable(doc, view, next);
    else if (view.lang !== state.lang) setText(view.caption, tableCaption(next));
    view.lang = state.lang;
    const cursorCell = paintCells(view, boardInfo(view, state), state.cursor || [rows - 1, 0]);
    // Focus follows the cursor while the table has focus (roving tabindex).
    if (cursorCell && table.contains(doc.activeElement) && doc.activeElement !== cursorCell) cursorCell.focus();
  }

  return { sync, unbind };
}
