// The Learn view's board layer: the board as the traced program holds it at the step
// shown: its move numbers on the squares, the path they make, the square the program
// stands on, and (for the greedy programs) the squares it weighs with their onward moves.

import { TEXT_FONT } from "../core/fonts.js";
import { paintLines, paintMarker, paintNumbers } from "../board/paint.js";

const KNIGHT = "#c5221f";
const CANDIDATE = "rgba(26, 115, 232, 0.22)";
const BEST = "rgba(249, 171, 0, 0.45)";

function paintCandidates(ctx, g, candidates) {
  const { cell, ox, oy } = g;
  ctx.font = `600 ${Math.max(9, Math.round(cell * 0.28))}px ${TEXT_FONT}`;
  ctx.textAlign = "right";
  ctx.textBaseline = "top";
  for (const c of candidates) {
    if (!c.free) continue;
    const { row, col } = c;
    ctx.fillStyle = c.first ? BEST : CANDIDATE;
    ctx.fillRect(ox + col * cell, oy + row * cell, cell, cell);
    if (cell >= 18) {
      ctx.fillStyle = "#174ea6";
      ctx.fillText(String(c.onward), ox + (col + 1) * cell - 3, oy + row * cell + 2);
    }
  }
}

/** The layer; `traceOf()` gives the session's trace (or null). */
export function learnLayer(traceOf) {
  let drawn = null;
  return {
    canvases: ["learn"],
    draw([ctx], g, state, fresh) {
      const trace = state.view === "learn" ? traceOf() : null;
      const key = trace && `${state.learn.run}:${state.learn.step}:${state.learn.steps > 0}`;
      if (!fresh && key === drawn) return;
      drawn = key;
      ctx.clearRect(0, 0, g.width, g.height);
      if (!trace || !state.learn.steps) return;
      const step = Math.min(state.learn.step, trace.steps - 1);
      const path = trace.pathAt(step).map(([r, c]) => r * g.cols + c);
      if (!path.length) return;
      paintCandidates(ctx, g, trace.candidatesAt(step));
      const asTour = { ...state, search: null, tour: path, shown: path.length };
      paintLines(ctx, g, asTour, 1, path.length);
      paintNumbers(ctx, g, asTour, 0, path.length);
      const last = path[path.length - 1];
      paintMarker(ctx, g, [Math.floor(last / g.cols), last % g.cols], KNIGHT, "♞");
    },
  };
}
