// The posts' printed board read back (as knight_py.learn.board_text): one rank a line, top
// rank first, move numbers apart by spaces or tabs, perhaps inside one pair of brackets
// (Go's "[ 1 16  3]"). Pure module.

const BOARD_LINE = /^[ \t]*\[?[ \t]*(-?\d+(?:[ \t]+-?\d+)*)[ \t]*\]?[ \t]*$/;

/** The numbers of a printed rank, or null when the line is not one. */
export function readLine(line) {
  const match = BOARD_LINE.exec(line);
  return match ? match[1].split(/[ \t]+/).map(Number) : null;
}

/** The last `rows` lines of `cols` numbers printed one after another, as a flat array of
 * rows * cols numbers: {values, reason: ""}; or {values: null, reason: "no_board"}. */
export function parseBoard(text, rows, cols) {
  let best = null;
  let run = [];
  for (const line of String(text ?? "").split(/\r\n|\r|\n/)) {
    const numbers = readLine(line);
    if (numbers && numbers.length === cols) {
      run.push(numbers);
      if (run.length >= rows) best = run.slice(-rows);
    } else run = [];
  }
  return best ? { values: best.flat(), reason: "" } : { values: null, reason: "no_board" };
}
