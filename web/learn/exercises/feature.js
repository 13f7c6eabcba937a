// The exercises as a part of the Learn view's declaration (shell/views.js says what each
// field is): their state slice, their session (which runs through Learn's: it is made
// after it), the `exercise` link parameter, their panel and their snapshot. The registry
// knows views only, so the Learn view (learn/view.js) composes it.

import { defaultExerciseState } from "./state.js";
import { createExerciseSession } from "./session.js";
import { fetchExercises } from "./catalog.js";
import { exerciseChosen } from "./transitions.js";
import { exerciseQueryParts, parseExerciseParam } from "./params.js";
import { mountExercisePanel } from "./panel.js";
import { exerciseSnapshot } from "./snapshot.js";
import { storageOrNull } from "../../core/storage.js";

/** The session: Learn's session runs each board; the page's solver draws the boards and
 * judges each run. */
function exerciseSession({ store, solver, session, doc, sessions }) {
  return createExerciseSession({
    store,
    learn: sessions.learn,
    showBoard: (board) => session.showBoard(board),
    drawCases: (args) => solver.drawCases(args),
    judgeRun: (args) => solver.judgeRun(args),
    sourceRefusal: (source) => solver.sourceRefusal(source),
    loadExercises: () => fetchExercises((name) => fetch(new URL(name, doc.baseURI))),
    storage: storageOrNull(doc.defaultView),
    storageEvents: doc.defaultView,
    onUrlChange: () => session.followUrl(),
  });
}

/** `exercise`, written only while Learn is open. */
const exerciseParam = {
  names: ["exercise"],
  read: (params, { view }) => {
    const { id, errors } = parseExerciseParam(params, view);
    return { value: id, errors };
  },
  loaded: exerciseChosen,
  write: exerciseQueryParts,
};

export const exerciseFeature = {
  state: defaultExerciseState,
  sessions: { exercises: exerciseSession },
  params: [exerciseParam],
  panels: [mountExercisePanel],
  snapshot: { exercise: (state) => exerciseSnapshot(state) },
};
