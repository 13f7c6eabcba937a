// The exercises' link parameter: `exercise` (which exercise is open). With `view=learn`
// and Learn's `code` it shares an attempt: the code only, never a result, and nothing runs
// until the reader presses Run or Check. A bad value is said once and opens none.

import { quoted } from "../../core/excerpt.js";
import { msg, paramError } from "../../i18n/said.js";
import { EXERCISE_IDS } from "./words.js";

/** {id, errors}: the exercise `exercise` names (null when absent or bad), one message per
 * bad parameter (i18n/said.js paramError). */
export function parseExerciseParam(params, view) {
  const raw = params.get("exercise");
  if (raw === null) return { id: null, errors: [] };
  if (view !== "learn") return { id: null, errors: [paramError("exercise", msg("exercise.link.view", {}))] };
  if (EXERCISE_IDS.includes(raw)) return { id: raw, errors: [] };
  const problem = msg("exercise.link.bad", { value: quoted(raw), allowed: EXERCISE_IDS.join(", ") });
  return { id: null, errors: [paramError("exercise", problem)] };
}

/** The query part for the exercise open (only while Learn is open). */
export function exerciseQueryParts(state) {
  return state.view === "learn" && state.exercise.id ? [`exercise=${state.exercise.id}`] : [];
}
