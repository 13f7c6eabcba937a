// The worker's load progress while Python starts: which files download, how many of
// their bytes have arrived (counted by the snapshot's reader, or known from the browser's
// resource timing once a file of Pyodide's own has arrived), and the stage.

/**
 * The "loading" messages, through `post`: the stage, which start (snapshot or plain), and
 * {file, bytes, received} per download, at most every 100 ms while bytes arrive.
 * `elapsed()` is the milliseconds since the start.
 */
export function progressReporter(post, elapsed) {
  const downloads = new Map();
  let stage = "starting Python";
  let start = "";
  let lastPost = 0;
  let done = false; // no "loading" after the start: the page would take it as a restart
  const send = ({ force = true } = {}) => {
    if (done) return;
    const now = performance.now();
    if (!force && now - lastPost < 100) return;
    lastPost = now;
    const files = [...downloads].map(([file, d]) => ({ file, bytes: d.bytes, received: d.received }));
    post({ type: "loading", stage, ms: elapsed(), start, files });
  };
  // Pyodide fetches its own files; the browser says when each has arrived.
  const watch = typeof PerformanceObserver === "function" ? new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const d = downloads.get(new URL(entry.name).pathname.split("/").pop());
        if (d && !d.counted) {
          d.received = d.bytes;
          send({ force: false });
        }
      }
    }) : null;
  watch?.observe({ type: "resource", buffered: true });
  return {
    stage(name, startKind = start) {
      stage = name;
      start = startKind;
      send();
    },
    /** Expect these files of build.json's list (all, when `reset`, replacing the others). */
    expect(manifest, names, { reset = false } = {}) {
      if (reset) downloads.clear();
      for (const name of names) {
        const bytes = manifest.files?.[name];
        if (bytes && !downloads.has(name)) downloads.set(name, { bytes, received: 0 });
      }
    },
    /** A download whose bytes we count ourselves as they arrive. */
    counted(file, bytes) {
      downloads.set(file, { bytes, received: 0, counted: true });
      return (received) => {
        const d = downloads.get(file);
        if (!d) return; // dropped by a reset: the plain start no longer waits for it
        d.received = received;
        send({ force: false });
      };
    },
    done() {
      done = true;
      watch?.disconnect();
    },
  };
}
