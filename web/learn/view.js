// The Learn view's declaration (shell/views.js says what each field is): the board is
// the traced program's own `board` with its one knight (layer.js); the sentence that
// leads is the run's. The exercises (exercises/feature.js) are a part of it: their
// session runs each board through Learn's, so it is listed after Learn's.

import { t } from "../i18n/messages.js";
import { statusText } from "./text.js";
import { defaultLearnState } from "./state.js";
import { createLearnSession } from "./session.js";
import { learnSandboxes } from "./python-box.js";
import { fetchPrograms } from "./programs.js";
import { watchLibraryVerdict } from "./library-verdict.js";
import { isCached } from "../solver/start-choice.mjs";
import { learnLayer } from "./layer.js";
import { mountLearnPanel } from "./panel.js";
import { mountLearnFollow } from "./follow-panel.js";
import { mountLearnCost } from "./cost-panel.js";
import { mountLearnScreen } from "./screen-panel.js";
import { learnQueryParts, parseLearnParams } from "./params.js";
import { learnLinkRead } from "./transitions.js";
import { learnSnapshot } from "./snapshot.js";
import { exerciseFeature } from "./exercises/feature.js";

// The prompt over the board follows the run: choose and run, wait, step through it.
function promptKey(learn) {
  if (learn.status === "running") return "learn.prompt.running";
  if (learn.steps > 0) return "learn.prompt.stepping";
  return "tour.hint.learn";
}

/** The programs run in Pythons of their own, in sandboxes of an opaque origin
 * (sandbox-frame.js), one per run; their files come from this page. */
function learnSession({ store, solver, session, doc }) {
  const fetchFile = (name) => fetch(new URL(name, doc.baseURI));
  const learn = createLearnSession({
    store,
    openBox: learnSandboxes({ doc, base: new URL("./", doc.baseURI).href, fetchFile, isKept: (name) => isCached(name, doc.baseURI) }),
    loadPrograms: () => fetchPrograms(fetchFile),
    readAnswer: (args) => solver.readAnswer(args),
    sourceRefusal: (source) => solver.sourceRefusal(source),
    onUrlChange: () => session.followUrl(),
    showBoard: (board) => session.showBoard(board),
  });
  watchLibraryVerdict({ store, solver }); // a run out of budget: knight_py's own verdict beside it
  return learn;
}

/** `program` and `code`, written only while Learn is open. */
const learnParams = {
  names: ["program", "code"],
  read: (params, { view }) => {
    const { program, code, errors } = parseLearnParams(params, view);
    return { value: { program, code }, errors };
  },
  loaded: learnLinkRead,
  write: (state) => (state.view === "learn" ? learnQueryParts(state.learn) : []),
};

export const learnView = {
  id: "learn",
  state: () => ({ ...defaultLearnState(), ...exerciseFeature.state() }),
  sessions: { learn: learnSession, ...exerciseFeature.sessions },
  params: [learnParams, ...exerciseFeature.params],
  panels: [mountLearnPanel, ...exerciseFeature.panels, mountLearnFollow, mountLearnCost, mountLearnScreen],
  layers: [{ name: "learn", z: 3, create: (sessions) => learnLayer(sessions.learn.trace) }],
  draws: () => ["board", "learn", "overlay"],
  status: (state) => ({ text: statusText(state), detail: "" }),
  prompt: (state) => ["quiet", t(promptKey(state.learn))],
  ownsTour: () => false,
  shareable: () => true,
  snapshot: { learn: (state, sessions) => learnSnapshot(state, sessions.learn.trace()), ...exerciseFeature.snapshot },
};
