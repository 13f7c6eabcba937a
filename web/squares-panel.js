// The accessible view of the board: a table of squares with their move numbers, a grid
// operated by keyboard (in the manner of lichess's blind mode). Arrow keys move one
// square, PageUp/PageDown ten ranks, Home/End to the first/last file, Ctrl+Home/End to
// the corners; Enter or Space chooses the square, as a click on the board does. Its
// focus is the page's keyboard cursor, shared with the canvas.

import { cellInfo, moveNumbers, tableCaption, tableHeaders, tableWindow } from "./a11y/board-table.js";
import { cursorKeyed, cursorPlaced } from "./a11y/transitions.js";
import { drawnPath } from "./timeline.js";
import { focusChanged } from "./transitions.js";
import { listen, setText } from "./panel.js";

const KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"]);

function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

export function mountSquaresPanel(doc, { store, session }) {
  const table = doc.getElementById("squares");
  const caption = doc.getElementById("squares-caption");
  const head = table.tHead || table.createTHead();
  const body = table.tBodies[0] || table.createTBody();
  const { on, unbind } = listen();
  let win = null;
  let cells = []; // [row - r0][col - c0] -> td
  let numbersFor = null;
  let numbers = null;

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
    const sq = [Number(td.dataset.row), Number(td.dataset.col)];
    store.update((s) => cursorPlaced(s, sq));
    session.squareChosen(sq);
  });
  on(table, "focusout", (event) => {
    if (!table.contains(event.relatedTarget)) store.update((s) => focusChanged(s, false));
  });
  on(table, "focusin", (event) => {
    const td = event.target.closest("td[data-row]");
    if (td) store.update((s) => cursorPlaced(s, [Number(td.dataset.row), Number(td.dataset.col)]));
  });

  function build(next) {
    win = next;
    const { files, ranks } = tableHeaders(win);
    const corner = doc.createElement("td");
    const headRow = doc.createElement("tr");
    headRow.append(corner, ...files.map((f) => {
      const th = doc.createElement("th");
      th.scope = "col";
      th.textContent = f;
      return th;
    }));
    head.replaceChildren(headRow);
    cells = [];
    body.replaceChildren(...ranks.map((rank, i) => {
      const tr = doc.createElement("tr");
      const th = doc.createElement("th");
      th.scope = "row";
      th.textContent = rank;
      const row = [];
      for (let c = win.c0; c < win.c1; c += 1) {
        const td = doc.createElement("td");
        td.setAttribute("role", "gridcell");
        td.tabIndex = -1;
        td.dataset.row = String(win.r0 + i);
        td.dataset.col = String(c);
        row.push(td);
      }
      cells.push(row);
      tr.append(th, ...row);
      return tr;
    }));
    setText(caption, tableCaption(win));
  }

  function sync(state) {
    const { settings } = state;
    const { rows, cols } = settings;
    const next = tableWindow(rows, cols, state.cursor, win);
    if (!win || ["rows", "cols", "r0", "r1", "c0", "c1"].some((k) => win[k] !== next[k])) build(next);
    const { path, shown } = drawnPath(state);
    if (numbersFor !== path || !numbers || numbers.length !== rows * cols) {
      numbersFor = path;
      numbers = moveNumbers(path, rows, cols);
    }
    const holes = new Set(settings.holes.map(([r, c]) => r * cols + c));
    const info = { rows, cols, start: settings.start, numbers, shown, holes, knight: path && shown ? path[shown - 1] : -1, total: path ? path.length : 0 };
    const [cr, cc] = state.cursor || [rows - 1, 0];
    let cursorCell = null;
    for (let r = win.r0; r < win.r1; r += 1) {
      for (let c = win.c0; c < win.c1; c += 1) {
        const td = cells[r - win.r0][c - win.c0];
        const cell = cellInfo(info, r, c);
        setText(td, cell.text);
        setAttr(td, "aria-label", cell.label);
        setAttr(td, "class", `sq-${cell.kind}`);
        const here = r === cr && c === cc;
        td.tabIndex = here ? 0 : -1;
        if (here) cursorCell = td;
      }
    }
    // Focus follows the cursor while the table has focus (roving tabindex).
    if (cursorCell && table.contains(doc.activeElement) && doc.activeElement !== cursorCell) cursorCell.focus();
  }

  return { sync, unbind };
}
