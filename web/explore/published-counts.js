// Published tour counts to show beside a count made in the page, where one is known.
// Directed tours: a closed tour counts once per direction, as knight_py's count_tours
// counts them. Sources: OEIS A165134 (n x n open), A001230 (6 x 6 closed), A169696
// (3 x n open), and the 5 x 5 per-square counts these imply.

const CORNER = "corner";
const CENTRE = "centre";

// [rows, cols, closed, scope, value, words]; scope is "corner", "centre", "any"
// (any square of the board), "majority" (any other square of the corners' colour),
// "minority" or "all" (summed over every start square).
const TABLE = [
  [5, 5, false, CORNER, 304, "open tours from a corner of the 5 × 5 board"],
  [5, 5, false, CENTRE, 64, "open tours from the centre of the 5 × 5 board"],
  [5, 5, false, "majority", 56, "open tours from each other square of the corners' colour"],
  [5, 5, false, "minority", 0, "open tours from a square of the other colour (a knight alternates colours)"],
  [5, 5, false, "all", 1728, "open tours on the 5 × 5 board, all start squares (OEIS A165134)"],
  [6, 6, true, "any", 19724, "closed tours through any square of the 6 × 6 board (9,862 undirected, OEIS A001230)"],
  [3, 4, false, "all", 16, "open tours on the 3 × 4 board, all start squares (8 undirected, OEIS A169696)"],
  [3, 5, false, "all", 104, "open tours on the 3 × 5 board, all start squares (52 undirected, OEIS A169696)"],
  [1, 1, false, "any", 1, "tour of the 1 × 1 board: the start square alone"],
];

function scopeOf([row, col], rows, cols) {
  const corner = (row === 0 || row === rows - 1) && (col === 0 || col === cols - 1);
  if (corner) return CORNER;
  if (rows % 2 && cols % 2 && row === (rows - 1) / 2 && col === (cols - 1) / 2) return CENTRE;
  return (row + col) % 2 === 0 ? "majority" : "minority";
}

/**
 * The published figures for a count on this board: {fromStart, allStarts}, each null or
 * {value, words}. Boards with holes or the xiangqi rule have none.
 */
export function publishedCounts({ rows, cols, closed, holes = [], rule = "knight" }, start) {
  const none = { fromStart: null, allStarts: null };
  if (holes.length || rule !== "knight") return none;
  const [r, c] = rows <= cols ? [rows, cols] : [cols, rows];
  const square = start && (rows <= cols ? start : [start[1], start[0]]);
  const rowsOf = TABLE.filter(([tr, tc, tclosed]) => tr === r && tc === c && tclosed === closed);
  const pick = (test) => {
    const hit = rowsOf.find(test);
    return hit ? { value: hit[4], words: hit[5] } : null;
  };
  return {
    fromStart: square ? pick((t) => t[3] === "any" || t[3] === scopeOf(square, r, c)) : null,
    allStarts: pick((t) => t[3] === "all"),
  };
}
