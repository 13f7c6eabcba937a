// The Learn view's board layer: the traced program's own `board` at the step shown. Each
// square shows the number the program holds there (0: empty); a number held on two
// squares is framed on both in the validator's colour; only the path of distinct numbers
// 1..k is drawn as lines; one knight, on the square the program stands on. For the greedy
// programs, the squares it weighs with their onward moves. Before a run (or for a run made
// for another board, which is not drawn) the knight waits on the start square.

import { TEXT_FONT } from "../core/fonts.js";
import { paintHighlights, paintLines, paintMarker, paintNumbersOn } from "../board/paint.js";
import { readBoard } from "./counters.js";
import { knightPlace } from "./knight-place.js";
import { learnBoard } from "./params.js";
import { runShown } from "./transitions.js";

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

/** The program's board at `step`: candidates, the path 1..k, every number, repeats framed, the knight. */
export function paintProgramBoard(ctx, g, state, trace, step) {
  const board = trace.boardAt(step);
  const read = readBoard(board);
  if (state.learn.program.startsWith("warnsdorff")) paintCandidates(ctx, g, trace.candidatesAt(step));
  const asTour = { ...state, search: null, tour: read.path, shown: read.path.length };
  if (read.path.length > 1) paintLines(ctx, g, asTour, 1, read.path.length);
  paintNumbersOn(ctx, g, read.numbered, read.largest);
  paintHighlights(ctx, g, read.repeated);
  const here = knightPlace(trace, step, board);
  if (here >= 0) paintMarker(ctx, g, [Math.floor(here / g.cols), here % g.cols], KNIGHT, "♞");
  return here >= 0;
}

/** The layer; `traceOf()` gives the session's trace (or null). */
export function learnLayer(traceOf) {
  let drawn = null;
  return {
    canvases: ["learn"],
    draw([ctx], g, state, fresh) {
      const trace = runShown(state) ? traceOf() : null;
      const { start } = learnBoard(state.settings);
      const key = trace ? `${state.learn.run}:${state.learn.step}:${state.learn.steps > 0}` : `start:${start}`;
      if (!fresh && key === drawn) return;
      drawn = key;
      ctx.clearRect(0, 0, g.width, g.height);
      const step = trace && trace.steps ? Math.min(state.learn.step, trace.steps - 1) : -1;
      if (step >= 0 && paintProgramBoard(ctx, g, state, trace, step)) return;
      paintMarker(ctx, g, start, KNIGHT, "♞"); // no board yet: the knight waits where the program starts
    },
  };
}
