// Starts the solver worker the moment the page begins to load. It is a classic script, first
// in index.html's head, so it runs as soon as it arrives, ahead of the page's ~80 modules
// (an async module script waited for their compiling, about 200 ms on a cold visit). Python's
// start (its downloads, the WebAssembly compile, the snapshot's restore) then overlaps the
// loading of the page instead of following it. The worker's messages are kept until the
// solver client takes it over (solver-client.js, takeEarlyWorker), so none is lost however
// late that is. The one global it sets is that hand-over.
"use strict";

(() => {
  if (typeof Worker !== "function") return; // a browser without workers: the client reports it
  performance.mark("worker-start");
  let worker;
  try {
    worker = new Worker(new URL("worker.mjs", document.currentScript.src), { type: "module" });
  } catch {
    return; // the solver client tries again, and reports what goes wrong then
  }
  const events = [];
  worker.onmessage = (event) => events.push(event);
  worker.onerror = (event) => {
    event.preventDefault(); // reported by the client, not as an uncaught error
    events.push(event);
  };
  globalThis.knightEarlyWorker = { worker, events };
})();
