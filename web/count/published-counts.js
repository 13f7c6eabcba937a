// Published tour counts to show beside a count made in the page, where one is known.
// Directed tours: a closed tour counts once per direction, as knight_py's count_tours
// counts them. Sources: OEIS A165134 (n x n open), A001230 (6 x 6 closed), A169696
// (3 x n open), and the 5 x 5 per-square counts these imply.

const CORNER = "corner";
const CENTRE = "centre";

// [rows, cols, closed, scope, value, words' key, the words' parameters]; scope is
// "corner", "centre", "any" (any square of the board), "majority" (any other square of
// the corners' colour), "minority" or "all" (summed over every start square).
const key = (name) => name;
const TABLE = [
  [5, 5, false, CORNER, 304, key("count.published.corner-5x5"), {}],
  [5, 5, false, CENTRE, 64, key("count.published.centre-5x5"), {}],
  [5, 5, false, "majority", 56, key("count.published.majority-5x5"), {}],
  [5, 5, false, "minority", 0, key("count.published.minority-5x5"), {}],
  [5, 5, false, "all", 1728, key("count.published.all-5x5"), { oeis: "A165134" }],
  [6, 6, true, "any", 19724, key("count.published.closed-6x6"), { undirected: 9862, oeis: "A001230" }],
  [3, 4, false, "all", 16, key("count.published.all-3xn"), { cols: 4, undirected: 8, oeis: "A169696" }],
  [3, 5, false, "all", 104, key("count.published.all-3xn"), { cols: 5, undirected: 52, oeis: "A169696" }],
  [1, 1, false, "any", 1, key("count.published.one-1x1"), {}],
];

function scopeOf([row, col], rows, cols) {
  const corner = (row === 0 || row === rows - 1) && (col === 0 || col === cols - 1);
  if (corner) return CORNER;
  if (rows % 2 && cols % 2 && row === (rows - 1) / 2 && col === (cols - 1) / 2) return CENTRE;
  return (row + col) % 2 === 0 ? "majority" : "minority";
}

/**
 * The published figures for a count on this board: {fromStart, allStarts}, each null or
 * {value, key, params}: the figure, and the key and parameters of the words saying what it
 * counts. Boards with holes or the xiangqi rule have none.
 */
export function publishedCounts({ rows, cols, closed, holes = [], rule = "knight" }, start) {
  const none = { fromStart: null, allStarts: null };
  if (holes.length || rule !== "knight") return none;
  const [r, c] = rows <= cols ? [rows, cols] : [cols, rows];
  const square = start && (rows <= cols ? start : [start[1], start[0]]);
  const rowsOf = TABLE.filter(([tr, tc, tclosed]) => tr === r && tc === c && tclosed === closed);
  const pick = (test) => {
    const hit = rowsOf.find(test);
    return hit ? { value: hit[4], key: hit[5], params: hit[6] } : null;
  };
  return {
    fromStart: square ? pick((t) => t[3] === "any" || t[3] === scopeOf(square, r, c)) : null,
    allStarts: pick((t) => t[3] === "all"),
  };
}
