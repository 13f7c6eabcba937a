// Play mode's board layer: the path played so far (lines and move numbers), the squares
// the knight may move to, the hint's square and the knight. Redrawn only when the play
// changes or the squares move. A finished play is the page's tour: the path layer draws
// it then, and this layer steps aside.

import { centerOf } from "../board/geometry.js";
import { paintLines, paintMarker, paintNumbers } from "../board/paint.js";
import { currentPlay, legalMoves, playedPath, verdictOf } from "./state.js";
import { paintBlockedLegs, playLegs } from "../core/legs.js";

const LEGAL = "rgba(30, 142, 62, 0.30)";
const LEGAL_DOT = "rgba(30, 142, 62, 0.85)";
const HINT = "#f9ab00";
const KNIGHT = "#c5221f";

/** The play to draw: none outside play view, or once the finished tour is shown as the page's tour. */
export function drawnPlay(state) {
  if (state.view !== "play" || (state.tour && state.tourFrom === "play")) return null;
  return currentPlay(state);
}

function paintSquare(ctx, g, index, fill) {
  const { cell, ox, oy, cols } = g;
  ctx.fillStyle = fill;
  ctx.fillRect(ox + (index % cols) * cell, oy + Math.floor(index / cols) * cell, cell, cell);
}

/** The legal squares: tinted, with a dot in the middle. */
export function paintLegal(ctx, g, play) {
  for (const index of legalMoves(play)) {
    paintSquare(ctx, g, index, LEGAL);
    const [x, y] = centerOf(g, index);
    ctx.beginPath();
    ctx.arc(x, y, Math.max(2, g.cell * 0.12), 0, Math.PI * 2);
    ctx.fillStyle = LEGAL_DOT;
    ctx.fill();
  }
}

/** The hint's square: a thick ring, once the hint was asked for this position. */
export function paintHint(ctx, g, play) {
  if (play.hintFor !== play.length) return;
  const { verdict, hint } = verdictOf(play);
  if (verdict !== "possible") return;
  const { cell, ox, oy, cols } = g;
  ctx.lineWidth = Math.max(3, cell * 0.1);
  ctx.strokeStyle = HINT;
  const inset = ctx.lineWidth / 2;
  ctx.strokeRect(ox + (hint % cols) * cell + inset, oy + Math.floor(hint / cols) * cell + inset, cell - 2 * inset, cell - 2 * inset);
}

export function playLayer() {
  let drawn = null;
  let tour = null;
  return {
    canvases: ["play"],
    draw([ctx], g, state, fresh) {
      const play = drawnPlay(state);
      if (!fresh && play === drawn && state.tour === tour) return;
      drawn = play;
      tour = state.tour;
      ctx.clearRect(0, 0, g.width, g.height);
      if (!play) return;
      const path = playedPath(play);
      // The path painters read the path through the state: hand them the played path as its tour.
      const asTour = { ...state, search: null, tour: path, shown: path.length };
      paintLegal(ctx, g, play);
      paintBlockedLegs(ctx, g, playLegs(play));
      paintLines(ctx, g, asTour, 1, path.length);
      paintNumbers(ctx, g, asTour, 0, path.length - 1);
      paintHint(ctx, g, play);
      const last = path[path.length - 1];
      paintMarker(ctx, g, [Math.floor(last / g.cols), last % g.cols], KNIGHT, "♞");
    },
  };
}
