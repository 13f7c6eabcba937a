// A program that reads the board's holes (an exercise's) gets them as a global, HOLES,
// set after its own text (knight_py.learn.exercises.case_trailer): appended, so that the
// program's line numbers stay the ones shown. Pure module.

/** The text appended after such a program for `holes` ([[row, col], ...]): "" for none. */
export function holesTrailer(holes) {
  if (!holes.length) return "";
  const sorted = [...holes].sort(([r1, c1], [r2, c2]) => r1 - r2 || c1 - c2);
  return `\nHOLES = {${sorted.map(([r, c]) => `(${r}, ${c})`).join(", ")}}\n`;
}
