// The menu's programs, as the page's own build wrote them (tools/learn_programs.py:
// dist/learn-programs.json, from knight_py.learn.programs): never from a worker, whose
// Python a program may have taken over.

import { LEARN_MAX_SIDE, LEARN_PROGRAMS } from "./params.js";
import { MAX_STEP_BUDGET, SPEEDS } from "./state.js";

const MAX_SOURCE = 20_000; // characters of one program's text

const whole = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;

/** A program's default board ({rows, cols, start: [row, col], budget, speed}: where
 * choosing it puts it), checked; throws when it is not one the view runs. */
function checkBoard(id, board) {
  const fits = whole(board?.rows, 1, LEARN_MAX_SIDE) && whole(board?.cols, 1, LEARN_MAX_SIDE) && Array.isArray(board.start) && board.start.length === 2
    && whole(board.start[0], 0, board.rows - 1) && whole(board.start[1], 0, board.cols - 1)
    && whole(board.budget, 1, MAX_STEP_BUDGET) && SPEEDS.includes(board.speed);
  if (!fits) throw new Error(`learn-programs.json: the program ${id}'s board is not {rows, cols, start, budget, speed}`);
  return { rows: board.rows, cols: board.cols, start: [board.start[0], board.start[1]], budget: board.budget, speed: board.speed };
}

/** The programs checked: {id: {source, sourceZh, description, key, board, ...}} for each id of
 * the menu, each text a string; throws when the file is not that. The file says no
 * sentence of the page: `key` (the description's) and a bug's `key` are the page's own
 * catalog keys, by the program's id. */
export function checkPrograms(data) {
  const programs = {};
  for (const id of LEARN_PROGRAMS) {
    const program = data?.[id];
    const texts = [program?.source, program?.sourceZh, program?.description];
    if (!texts.every((text) => typeof text === "string" && text.length <= MAX_SOURCE)) {
      throw new Error(`learn-programs.json: the program ${id} is missing or not text`);
    }
    const bug = program.bug;
    if (bug !== undefined && !Number.isInteger(bug?.line)) {
      throw new Error(`learn-programs.json: the program ${id}'s bug is not {line}`);
    }
    const key = `learn.program.${id}`;
    const board = checkBoard(id, program.board);
    programs[id] = { source: program.source, sourceZh: program.sourceZh, description: program.description, key, board, ...(bug && { bug: { key: `learn.bug.${id}`, line: bug.line } }) };
  }
  return programs;
}

/** The programs, fetched with `fetchFile(name)` (the page's fetch, so the service worker
 * answers offline) and checked. */
export async function fetchPrograms(fetchFile) {
  const response = await fetchFile("learn-programs.json");
  if (!response.ok) throw new Error(`learn-programs.json: HTTP ${response.status}`);
  return checkPrograms(await response.json());
}
