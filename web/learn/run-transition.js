// A Learn transition (learn/transitions.js, pure) applied to the session's store: the one
// way the session's modules (session.js, clock.js, source-edit.js) change the state.

/** Apply `transition(state, ...args)` to `io.store`. */
export const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));
