// The Learn sandboxes' lifecycle: one fresh Python per run (learn/python-box.js), the next
// one started while the reader looks at the last run, spares started ahead of runs that
// come one after another, and starts that fail counted. Only the box in use is heard:
// a spare's events count once it takes a run, and a spare that dies before is dropped.
// What a box's events mean for the run is the session's (learn/run-life.js).

/** Pythons started ahead of the runs that will need them, at most (prepare). */
export const MAX_SPARES = 3;
/** Sandboxes that may fail to start in a row before the page stops starting more. */
export const START_TRIES = 3;

/**
 * The boxes: `openBox(handlers)` starts a fresh Python; `later(fn)` runs fn in a later
 * task. `on`: {ready(), message(data), death(reason), refused(reason)}, called for the box
 * in use only.
 */
export function createPythons({ openBox, later, on }) {
  let box = null;
  let spares = [];
  let failures = 0;

  function open() {
    const opened = openBox({
      ready: () => opened === box && on.ready(),
      message: (data) => opened === box && on.message(data),
      death: (reason) => {
        if (opened === box) on.death(reason);
        else spares = spares.filter((spare) => spare !== opened);
      },
      refused: (reason) => opened === box && on.refused(reason),
    });
    return opened;
  }

  return {
    /** The box in use, or null. */
    get box() {
      return box;
    },
    /** Whether the box in use is running a program. */
    running: () => box?.phase() === "running",
    /** A Python starting or ready for the next run, unless one already is: a spare
     * started earlier takes it (its Python may be ready), else a new one, unless starts
     * failed START_TRIES times in a row. */
    warm() {
      if (box && box.phase() !== "closed") return;
      spares = spares.filter((spare) => spare.phase() !== "closed");
      const spare = spares.shift();
      if (spare) {
        box = spare;
        if (spare.phase() === "ready") on.ready();
        return;
      }
      box = failures >= START_TRIES ? null : open();
    },
    /** Runs to come one after another (an exercise's check, one run per board): Pythons for
     * all but the first start now, each in a later task, side by side with the first run,
     * so that no run after the first waits for its Python to start (about a second each).
     * A spare holds only a fresh Python; each run still gets its own. */
    prepare(runs) {
      const wanted = Math.min(Math.max(0, runs - 1), MAX_SPARES);
      for (let i = spares.length; i < wanted; i += 1) {
        later(() => {
          if (spares.length < wanted && failures < START_TRIES) spares.push(open());
        });
      }
    },
    /** The box in use is closed (its worker ended) and dropped. */
    close() {
      box?.close();
      box = null;
    },
    /** A Python started: starts may fail START_TRIES times again. */
    started() {
      failures = 0;
    },
    /** A Python failed to start: whether another may be tried now. */
    failed() {
      failures += 1;
      return failures < START_TRIES;
    },
  };
}
