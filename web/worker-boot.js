// Starts the solver worker as early as the page allows. index.html loads this module
// with `async`, ahead of the rest of the page's modules: Python's cold start is the
// longest wait on the page, so it should not wait for the board's code.
// Messages that arrive before the solver client takes the worker are kept for it.

const early = { worker: null, messages: [], errors: [] };

if (typeof Worker === "function") {
  performance.mark("worker-start");
  early.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  early.worker.onmessage = (event) => early.messages.push(event);
  early.worker.onerror = (event) => {
    event.preventDefault();
    early.errors.push(event);
  };
}

/** The worker started at page load with what it has said so far, once; then null. */
export function takeEarlyWorker() {
  if (!early.worker) return null;
  const taken = { ...early };
  early.worker = null;
  return taken;
}
