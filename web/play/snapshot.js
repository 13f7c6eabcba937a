// window.knightTour.play: play mode as plain data for tests and tools, squares as
// [row, col]: {path, legal, verdict: "possible" | "lost" | "unknown" | "complete",
// reason, hint, checking, closed, canUndo, canRedo}; null outside play mode or before a start.

import { currentPlay, legalMoves, playedPath, verdictOf } from "./state.js";

export function playSnapshot(state) {
  if (state.view !== "play") return null;
  const play = currentPlay(state);
  if (!play) return null;
  const { cols } = state.settings;
  const square = (i) => [Math.floor(i / cols), i % cols];
  const v = verdictOf(play);
  return {
    path: playedPath(play).map(square),
    legal: legalMoves(play).map(square),
    verdict: v.verdict,
    reason: v.reason,
    hint: v.verdict === "possible" && play.hintFor === play.length ? square(v.hint) : null, // once asked for
    checking: v.checking,
    closed: v.closed,
    canUndo: play.length > 1,
    canRedo: play.length < play.line.length,
    finished: play.finished ? { ...play.finished } : null,
  };
}
