// The menu's programs, as the page's own build wrote them (tools/learn_programs.py:
// dist/learn-programs.json, from knight_py.learn.programs): never from a worker, whose
// Python a program may have taken over.

import { LEARN_PROGRAMS } from "./params.js";

const MAX_SOURCE = 20_000; // characters of one program's text

/** The programs checked: {id: {source, sourceZh, description, key, ...}} for each id of
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
    programs[id] = { source: program.source, sourceZh: program.sourceZh, description: program.description, key, ...(bug && { bug: { key: `learn.bug.${id}`, line: bug.line } }) };
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
