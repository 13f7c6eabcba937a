// The solver's arguments for the board's settings: squares by name, as the worker's
// Python reads them.

import { squareName } from "../core/squares.js";

/**
 * The solver's arguments for `settings` ({rows, cols, start, closed, holes, method, rule}).
 *
 *   solveArgs({rows: 5, cols: 5, start: [4, 0], closed: false, holes: [[0, 0]], method: "auto", rule: "knight"})
 *   // {rows: 5, cols: 5, start: "a1", closed: false, holes: ["a5"], method: "auto", rule: "knight"}
 */
export function solveArgs(settings) {
  const name = (sq) => squareName(sq, settings.rows);
  return {
    rows: settings.rows, cols: settings.cols, start: settings.start ? name(settings.start) : null,
    closed: settings.closed, holes: settings.holes.map(name), method: settings.method, rule: settings.rule,
  };
}
