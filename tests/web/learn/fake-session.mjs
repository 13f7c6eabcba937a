// A Learn session for tests: its Python boxes are answered by hand, and its clock may be
// the test's.
import { programsLoaded } from "../../../web/learn/transitions.js";
import { createLearnSession } from "../../../web/learn/session.js";
import { createStore } from "../../../web/shell/state.js";
import { defaultState } from "../../../web/views.js";

globalThis.requestAnimationFrame ??= () => 0; // the store draws on frames; nothing draws here

/** A Learn session over `programs` in `lang` (its clock `now`, if given), whose boxes (a
 * fresh Python each) are answered by hand: box(i).ready(), and
 * box(i).say(message) as that Python would; `sourceRefusal` is the page's rule (by
 * default it refuses nothing, at once). */
export function fakeLearnSession(programs, lang, { now, sourceRefusal = () => null } = {}) {
  const store = createStore({ ...defaultState(), lang, view: "learn" });
  const boxes = [];
  const openBox = (handlers) => {
    const box = { phase: "starting", handlers, posted: [], stops: 0 };
    boxes.push(box);
    return {
      run(message) {
        if (box.phase !== "ready") return false;
        box.phase = "running";
        box.posted.push(message);
        return true;
      },
      stop: () => void (box.stops += 1),
      close: () => void (box.phase = "closed"),
      phase: () => box.phase,
    };
  };
  const learn = createLearnSession({
    store, openBox, loadPrograms: () => Promise.resolve(programs), raf: () => 0, later: (fn) => fn(), sourceRefusal, ...(now ? { now } : {}),
    readAnswer: async ({ answer }) => ({ code: answer.shape === "none" ? "none" : "unreadable", valid: false, params: {} }),
  });
  store.update((state) => programsLoaded(state, programs));
  const box = (i) => ({
    ...boxes[i],
    ready() {
      boxes[i].phase = "ready";
      boxes[i].handlers.ready();
    },
    say: (message) => boxes[i].handlers.message(message),
  });
  box(0).ready();
  return { store, learn, boxes, box, runs: () => boxes.flatMap((b) => b.posted) };
}
