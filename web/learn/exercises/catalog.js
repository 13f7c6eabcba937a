// The exercises, as the page's own build wrote them (tools/learn_exercises.py:
// dist/learn-exercises.json, from knight_py.learn.exercises): never from a worker, whose
// Python a program may have taken over. The file holds programs and boards; every word
// the page says about an exercise is its own catalog's, by the exercise's id (words.js).

import { EXERCISE_IDS, POST_KEYS } from "./words.js";
import { LEARN_MAX_SIDE } from "../params.js";
import { MAX_STEP_BUDGET } from "../state.js";

const MAX_SOURCE = 20_000; // characters of one program's text
const RULES = ["knight", "xiangqi"];

const isText = (value) => typeof value === "string" && value.length <= MAX_SOURCE;
const isSquare = (sq, rows, cols) => Array.isArray(sq) && sq.length === 2 && Number.isInteger(sq[0]) && Number.isInteger(sq[1])
  && sq[0] >= 0 && sq[0] < rows && sq[1] >= 0 && sq[1] < cols;
const isSide = (n) => Number.isInteger(n) && n >= 1 && n <= LEARN_MAX_SIDE;

/** One board of a check, checked (the build's first board of an exercise, or one the
 * page's Python drew): {rows, cols, start, holes, rule, closed, budget, exists}; throws
 * naming `where` when it is not a board the page can run. */
export function checkBoard(c, where) {
  const ok = c && isSide(c.rows) && isSide(c.cols) && isSquare(c.start, c.rows, c.cols)
    && Array.isArray(c.holes) && c.holes.every((h) => isSquare(h, c.rows, c.cols))
    && RULES.includes(c.rule) && typeof c.closed === "boolean" && typeof c.exists === "boolean"
    && Number.isInteger(c.budget) && c.budget >= 1 && c.budget <= MAX_STEP_BUDGET;
  if (!ok) throw new Error(`${where} is not a board the page can run`);
  const { rows, cols, start, holes, rule, closed, budget, exists } = c;
  return { rows, cols, start: [...start], holes: holes.map((h) => [...h]), rule, closed, budget, exists };
}

/** The exercises checked, in the page's order (words.js EXERCISE_IDS): [{id, post,
 * starter, starterZh, solution, solutionZh, cases}] (`cases`: the boards shown when an
 * exercise opens; a check draws its own); throws when the file is not that. */
export function checkExercises(data) {
  if (!Array.isArray(data)) throw new Error("learn-exercises.json: not a list");
  const byId = new Map(data.map((e) => [e?.id, e]));
  return EXERCISE_IDS.map((id) => {
    const e = byId.get(id);
    const texts = [e?.starter, e?.starterZh, e?.solution, e?.solutionZh];
    if (!texts.every(isText) || !(e.post in POST_KEYS) || !Array.isArray(e.cases) || !e.cases.length) {
      throw new Error(`learn-exercises.json: the exercise ${id} is missing or not whole`);
    }
    const cases = e.cases.map((c, i) => checkBoard(c, `learn-exercises.json: ${id}'s board ${i + 1}`));
    return { id, post: e.post, starter: e.starter, starterZh: e.starterZh, solution: e.solution, solutionZh: e.solutionZh, cases };
  });
}

/** The exercises, fetched with `fetchFile(name)` (the page's fetch, so the service worker
 * answers offline) and checked. */
export async function fetchExercises(fetchFile) {
  const response = await fetchFile("learn-exercises.json");
  if (!response.ok) throw new Error(`learn-exercises.json: HTTP ${response.status}`);
  return checkExercises(await response.json());
}
