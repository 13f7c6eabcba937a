// Canvas drawing of the board and the tour from a plain state snapshot.
// Four stacked layers so each frame redraws only what changed: the board (squares,
// holes, coordinates), the path's lines, the move numbers, and an overlay (start,
// knight, closing move, keyboard cursor). Lines and numbers are drawn incrementally.

import { fileName } from "./squares.js";

const LIGHT = "#f0d9b5";
const DARK = "#b58863";
const FLAT = "#d8b48e"; // one colour when squares are too small to see
const HOLE = "#3b3f46";
const START = "#1e8e3e";
const CURSOR = "#1a73e8";
const HUES = 48; // colour steps along the path, start blue to end red
const SYMBOL_FONT = '"DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2", "Apple Symbols", sans-serif';

function hueColor(step) {
  return `hsl(${220 - (step * 215) / (HUES - 1)} 85% 36%)`;
}

export function createBoardView(container, { onResize }) {
  const layers = {};
  for (const name of ["board", "lines", "numbers", "overlay"]) {
    const canvas = document.createElement("canvas");
    canvas.className = `layer layer-${name}`;
    if (name !== "overlay") canvas.setAttribute("aria-hidden", "true");
    container.append(canvas);
    layers[name] = { canvas, ctx: canvas.getContext("2d", { alpha: true }) };
  }
  let geom = null;
  let boardKey = "";
  let tour = null;
  let drawn = 0;
  let frames = 0;

  const observer = new ResizeObserver(() => onResize());
  observer.observe(container);

  function measure(rows, cols) {
    const width = Math.max(40, container.clientWidth);
    const height = Math.max(40, container.clientHeight);
    const dpr = window.devicePixelRatio || 1;
    const rough = Math.min(width / cols, height / rows);
    const labels = rough >= 16 ? 18 : 0;
    let cell = Math.min((width - labels) / cols, (height - labels) / rows);
    if (cell >= 6) cell = Math.floor(cell);
    const boardW = cell * cols;
    const boardH = cell * rows;
    const ox = Math.round(labels + (width - labels - boardW) / 2);
    const oy = Math.round((height - labels - boardH) / 2);
    return { width, height, dpr, cell, ox, oy, rows, cols, labels };
  }

  function resizeLayers(g) {
    for (const { canvas, ctx } of Object.values(layers)) {
      canvas.width = Math.round(g.width * g.dpr);
      canvas.height = Math.round(g.height * g.dpr);
      canvas.style.width = `${g.width}px`;
      canvas.style.height = `${g.height}px`;
      ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
    }
  }

  function clear(name) {
    const { ctx } = layers[name];
    ctx.clearRect(0, 0, geom.width, geom.height);
  }

  const cx = (col) => geom.ox + (col + 0.5) * geom.cell;
  const cy = (row) => geom.oy + (row + 0.5) * geom.cell;

  function drawBoard(settings) {
    const { ctx } = layers.board;
    const { cell, ox, oy, rows, cols, labels } = geom;
    clear("board");
    const checkered = cell * geom.dpr >= 3;
    ctx.fillStyle = checkered ? LIGHT : FLAT;
    ctx.fillRect(ox, oy, cell * cols, cell * rows);
    if (checkered) {
      ctx.fillStyle = DARK;
      for (let r = 0; r < rows; r += 1) {
        for (let c = (r + rows + 1) % 2; c < cols; c += 2) ctx.fillRect(ox + c * cell, oy + r * cell, cell, cell);
      }
    }
    for (const [r, c] of settings.holes) {
      const x = ox + c * cell;
      const y = oy + r * cell;
      ctx.fillStyle = HOLE;
      ctx.fillRect(x, y, Math.max(cell, 1 / geom.dpr), Math.max(cell, 1 / geom.dpr));
      if (cell >= 10) {
        ctx.strokeStyle = "#8a9099";
        ctx.lineWidth = Math.max(1, cell * 0.06);
        const m = cell * 0.28;
        ctx.beginPath();
        ctx.moveTo(x + m, y + m);
        ctx.lineTo(x + cell - m, y + cell - m);
        ctx.moveTo(x + cell - m, y + m);
        ctx.lineTo(x + m, y + cell - m);
        ctx.stroke();
      }
    }
    ctx.strokeStyle = "#6b4f36";
    ctx.lineWidth = 1;
    ctx.strokeRect(ox - 0.5, oy - 0.5, cell * cols + 1, cell * rows + 1);
    if (labels) {
      ctx.fillStyle = "#5f6368";
      ctx.font = `${Math.min(12, cell * 0.4)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      const every = Math.max(1, Math.ceil(22 / cell)); // skip labels that would collide
      for (let c = 0; c < cols; c += 1) {
        if (c % every === 0) ctx.fillText(fileName(c), cx(c), oy + rows * cell + labels / 2 + 1);
      }
      for (let r = 0; r < rows; r += 1) {
        if ((rows - 1 - r) % every === 0) ctx.fillText(String(rows - r), ox - labels / 2 - 1, cy(r));
      }
    }
  }

  function numberFont(length) {
    const digits = String(length).length;
    const size = Math.min(geom.cell * 0.34, (geom.cell * 0.8) / (digits * 0.62));
    return size >= 8 ? size : 0;
  }

  // Draw moves [from, to) of the tour: the line into each square and its number.
  function drawRange(from, to, settings) {
    const { ctx } = layers.lines;
    const n = tour.length;
    const cols = settings.cols;
    const cell = geom.cell;
    ctx.lineWidth = cell >= 10 ? Math.max(1.5, cell * 0.07) : Math.max(0.5, cell * 0.45);
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    let i = Math.max(from, 1);
    while (i < to) {
      const step = Math.floor((i * HUES) / n);
      const end = Math.min(to, Math.ceil(((step + 1) * n) / HUES));
      ctx.strokeStyle = hueColor(step);
      ctx.beginPath();
      const prev = tour[i - 1];
      ctx.moveTo(cx(prev % cols), cy((prev / cols) | 0));
      const stop = Math.max(end, i + 1);
      for (; i < stop; i += 1) {
        const sq = tour[i];
        ctx.lineTo(cx(sq % cols), cy((sq / cols) | 0));
      }
      ctx.stroke();
    }
    const size = numberFont(n);
    if (!size) return;
    const num = layers.numbers.ctx;
    num.font = `600 ${size}px system-ui, sans-serif`;
    num.textAlign = "center";
    num.textBaseline = "middle";
    num.lineWidth = Math.max(2, size * 0.22);
    num.strokeStyle = "rgba(255,255,255,0.9)";
    num.fillStyle = "#1f1f1f";
    for (let k = from; k < to; k += 1) {
      const sq = tour[k];
      const x = cx(sq % cols);
      const y = cy((sq / cols) | 0) + size * 0.05;
      num.strokeText(String(k + 1), x, y);
      num.fillText(String(k + 1), x, y);
    }
  }

  function drawMarker(ctx, row, col, color, glyph) {
    const cell = geom.cell;
    const x = cx(col);
    const y = cy(row);
    if (cell >= 14 && glyph) {
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.42, 0, Math.PI * 2);
      ctx.fillStyle = "rgba(255,255,255,0.92)";
      ctx.fill();
      ctx.lineWidth = Math.max(1.5, cell * 0.05);
      ctx.strokeStyle = color;
      ctx.stroke();
      ctx.fillStyle = "#111";
      ctx.font = `${cell * 0.62}px ${SYMBOL_FONT}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(glyph, x, y + cell * 0.03);
    } else {
      ctx.beginPath();
      ctx.arc(x, y, Math.max(3, cell * 0.45), 0, Math.PI * 2);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = "#fff";
      ctx.stroke();
    }
  }

  function drawOverlay(state) {
    const { ctx } = layers.overlay;
    const { settings } = state;
    const { cell, ox, oy } = geom;
    clear("overlay");
    if (state.hover && !state.tour && !state.search && state.status !== "solving" && cell >= 4) {
      const [r, c] = state.hover;
      ctx.fillStyle = state.editHoles ? "rgba(59,63,70,0.35)" : "rgba(30,142,62,0.28)";
      ctx.fillRect(ox + c * cell, oy + r * cell, cell, cell);
    }
    if (tour && !state.search && settings.closed && state.shown === tour.length && tour.length > 2) {
      const cols = settings.cols;
      const a = tour[tour.length - 1];
      const b = tour[0];
      ctx.save();
      ctx.setLineDash([Math.max(3, cell * 0.15), Math.max(3, cell * 0.12)]);
      ctx.lineWidth = cell >= 10 ? Math.max(2, cell * 0.08) : Math.max(1, cell * 0.5);
      ctx.strokeStyle = START;
      ctx.beginPath();
      ctx.moveTo(cx(a % cols), cy((a / cols) | 0));
      ctx.lineTo(cx(b % cols), cy((b / cols) | 0));
      ctx.stroke();
      ctx.restore();
    }
    if (settings.start) {
      const [r, c] = settings.start;
      if (cell >= 8) {
        ctx.lineWidth = Math.max(2, cell * 0.08);
        ctx.strokeStyle = START;
        const inset = ctx.lineWidth / 2;
        ctx.strokeRect(ox + c * cell + inset, oy + r * cell + inset, cell - 2 * inset, cell - 2 * inset);
      }
      if (!tour || !tour.length) drawMarker(ctx, r, c, START, "♞");
    }
    if (tour && tour.length && drawn > 0) {
      const sq = tour[drawn - 1];
      drawMarker(ctx, (sq / settings.cols) | 0, sq % settings.cols, "#c5221f", "♞");
    }
    if (state.cursor && state.focused) {
      const [r, c] = state.cursor;
      ctx.lineWidth = 2;
      ctx.setLineDash([4, 3]);
      ctx.strokeStyle = CURSOR;
      ctx.strokeRect(ox + c * cell + 1, oy + r * cell + 1, Math.max(cell - 2, 2), Math.max(cell - 2, 2));
      ctx.setLineDash([]);
    }
  }

  /** Draw the state; cheap when only the position or the overlay changed. */
  function draw(state) {
    const { settings } = state;
    const g = measure(settings.rows, settings.cols);
    const key = [g.width, g.height, g.dpr, settings.rows, settings.cols, settings.holes.join(";")].join("|");
    if (key !== boardKey) {
      const sized = !geom || geom.width !== g.width || geom.height !== g.height || geom.dpr !== g.dpr;
      geom = g;
      if (sized) resizeLayers(g);
      boardKey = key;
      drawBoard(settings);
      // Where the squares are, for tools and tests that click them: left,top,cell in CSS px.
      layers.overlay.canvas.dataset.geometry = `${g.ox},${g.oy},${g.cell}`;
      tour = null;
    }
    // Replaying the search draws the current stack; otherwise the tour up to `shown`.
    const path = state.search ? state.search.stack : state.tour;
    const shown = state.search ? path.length : state.shown;
    if (path !== tour || shown < drawn) {
      clear("lines");
      clear("numbers");
      tour = path;
      drawn = 0;
    }
    if (tour && shown > drawn) {
      if (drawn === 0 && !state.search) performance.mark("tour-drawn");
      drawRange(drawn, shown, settings);
      drawn = shown;
      if (drawn === tour.length && !state.search) performance.mark("tour-complete");
    }
    drawOverlay(state);
    frames += 1;
  }

  /** The square under a pointer event, or null. */
  function squareAt(clientX, clientY) {
    if (!geom) return null;
    const rect = layers.overlay.canvas.getBoundingClientRect();
    const col = Math.floor((clientX - rect.left - geom.ox) / geom.cell);
    const row = Math.floor((clientY - rect.top - geom.oy) / geom.cell);
    if (row < 0 || row >= geom.rows || col < 0 || col >= geom.cols) return null;
    return [row, col];
  }

  return {
    canvas: layers.overlay.canvas,
    draw,
    squareAt,
    get stats() {
      return { frames, drawn, cell: geom ? geom.cell : 0 };
    },
    destroy() {
      observer.disconnect();
      for (const { canvas } of Object.values(layers)) canvas.remove();
    },
  };
}
