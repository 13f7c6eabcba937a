// What the program's board holds at a step, read as moves of the knight (马步), apart
// from the program's own steps (执行步骤, lines executed): the numbers on the squares,
// the numbers held on more than one square, the path of distinct numbers 1..k, the
// moves placed and the moves taken back so far. Pure functions of a trace (trace.js).

/**
 * The program's board (flat Int16Array, 0 = empty) read as numbers. Only a number above 0
 * is a move: 0 is an empty square, and -1 the mark the exercises' programs put on a hole.
 * {numbered: [[square, number]], repeated: [squares whose number another square holds too],
 *  path: [squares of 1..k, k the largest with each of 1..k held on exactly one square],
 *  placed: squares holding a number, largest: the largest number (0 for none)}.
 *
 * >>> readBoard(Int16Array.of(1, 0, 2, 2)).repeated  // [2, 3]
 * >>> readBoard(Int16Array.of(-1, 1, 2, -1)).placed  // 2: the two holes are no moves
 */
export function readBoard(board) {
  const where = new Map();
  const numbered = [];
  let largest = 0;
  for (let sq = 0; sq < board.length; sq++) {
    const n = board[sq];
    if (n <= 0) continue;
    numbered.push([sq, n]);
    if (n > largest) largest = n;
    if (!where.has(n)) where.set(n, []);
    where.get(n).push(sq);
  }
  const repeated = [];
  for (const squares of where.values()) if (squares.length > 1) repeated.push(...squares);
  const path = [];
  for (let n = 1; where.get(n)?.length === 1; n++) path.push(where.get(n)[0]);
  return { numbered, repeated: repeated.sort((a, b) => a - b), path, placed: numbered.length, largest };
}

/** The square the knight stands on: the one holding the largest number (of two holding it,
 * the one numbered last before or at step k), or -1 for an empty board. */
export function knightSquare(trace, k, board) {
  let best = -1;
  const ties = [];
  for (let sq = 0; sq < board.length; sq++) {
    if (board[sq] <= 0) continue;
    if (best < 0 || board[sq] > board[best]) {
      best = sq;
      ties.length = 0;
    }
    if (board[sq] === board[best]) ties.push(sq);
  }
  if (ties.length < 2) return best;
  // The latest advance onto one of the tied squares (a short walk back over advances).
  for (let s = trace.prevAdvance(k + 1), tries = 0; s >= 0 && tries < 10_000; s = trace.prevAdvance(s), tries++) {
    const hit = trace.changesAt(s).find((c) => c.kind === "advance" && ties.includes(c.square) && board[c.square] === c.now);
    if (hit) return hit.square;
  }
  return best;
}

/** {steps: executed so far (1-based), placed: moves on the board now, backtracks: moves
 * taken back (squares cleared) so far, back: times the search went back (a call of it that
 * returned without success) so far, search: whether the program has a recursive search,
 * largest: the largest number on the board}. */
export function countsAt(trace, k) {
  const { placed, largest } = readBoard(trace.boardAt(k));
  const search = trace.searchCode() >= 0;
  return { steps: k + 1, placed, backtracks: trace.undosUpTo(k), back: search ? trace.goingBackUpTo(k) : 0, search, largest };
}
