import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../../web/shell/state.js";
import { defaultState, registry } from "../../../web/views.js";
import * as T from "../../../web/shell/transitions.js";
import * as S from "../../../web/tour/search-transitions.js";
import * as P from "../../../web/tour/transitions.js";
import { cursorKeyed } from "../../../web/a11y/transitions.js";
import { apply, random } from "../helpers.mjs";
import { said } from "../../../web/i18n/said.js";
import { loadingText } from "../../../web/solver/start-text.js";

const ready = () => ({ ...defaultState(), python: { ...defaultState().python, ready: true }, status: "ready" });

test("defaultState is a factory: two states share no objects", () => {
  const a = defaultState();
  const b = defaultState();
  a.settings.holes.push([0, 0]);
  a.python.methods.push("x");
  assert.deepEqual(b.settings.holes, []);
  assert.deepEqual(b.python.methods, []);
});

test("the store merges patches, skips null ones, and paints once per frame", () => {
  const frames = [];
  globalThis.requestAnimationFrame = (fn) => frames.push(fn);
  globalThis.cancelAnimationFrame = () => {};
  const store = createStore(defaultState());
  const painted = [];
  const seen = [];
  store.onFrame((state) => painted.push(state.shown));
  store.subscribe((state, change) => seen.push(change));
  store.update({ shown: 1 });
  store.update((s) => ({ shown: s.shown + 1 }));
  store.update(() => null);
  assert.deepEqual(seen, [{ shown: 1 }, { shown: 2 }]);
  assert.equal(frames.length, 1);
  frames[0]();
  assert.deepEqual(painted, [2]);
  store.flushNow();
  assert.deepEqual(painted, [2, 2]);
});

test("transitions are pure: they never change the state they are given", () => {
  const state = Object.freeze({ ...ready(), settings: Object.freeze({ ...ready().settings, start: [7, 0] }) });
  const tour = Int32Array.from([56, 41, 58]);
  const calls = [
    () => registry.settingsApplied(state, { ...state.settings, rows: 6 }), () => S.solveStarted(state), () => S.stopped(state),
    () => S.tourShown(state, tour, "solver", {}), () => T.focusChanged(state, true),
    () => P.playToggled(state), () => T.pythonLoading(state, { stage: "x", ms: 5 }, 100), () => T.loadingTicked(state, 9),
  ];
  for (const call of calls) call(); // a frozen state would throw on any write
});

test("a new setting or search starts a new generation and drops the old search's waiting", () => {
  let state = { ...defaultState(), settings: { ...defaultState().settings, start: [0, 1] } };
  state = apply(state, S.solveQueued(state));
  assert.equal(state.waitingForPython, true);
  const before = state.generation;
  state = apply(state, registry.settingsApplied(state, { ...state.settings, closed: true }));
  assert.equal(state.generation, before + 1);
  assert.equal(state.waitingForPython, false);
  state = apply(state, S.solveStarted(state));
  assert.equal(state.generation, before + 2);
  state = apply(state, S.stopped(state));
  assert.deepEqual([state.generation, state.status], [before + 3, "cancelled"]);
});

test("a chosen speed is kept for new tours of the same size, and forgotten on a new size", () => {
  let state = ready();
  state = apply(state, P.speedSet(state, 123));
  state = apply(state, S.tourShown(state, new Int32Array(64), "solver", {}));
  assert.equal(state.speed, 123);
  state = apply(state, registry.settingsApplied(state, { ...state.settings, rows: 10, cols: 10 }));
  state = apply(state, S.tourShown(state, new Int32Array(100), "solver", {}));
  assert.equal(state.speed, 13);
});

test("resizing keeps squares by name and drops those off the board", () => {
  const settings = { ...defaultState().settings, holes: [[7, 0], [0, 7]], start: [6, 1] };
  const small = T.resizedSettings(settings, 5, 5);
  assert.deepEqual(small.holes, [[4, 0]]); // a1 kept; h8 is off a 5 x 5 board
  assert.deepEqual(small.start, [3, 1]); // b2 stays b2
  assert.equal(T.resizedSettings(settings, 8, 8), null);
  const off = T.resizedSettings({ ...settings, start: [0, 0] }, 5, 5); // a8 is off a 5 x 5 board
  assert.equal(off.start, null);
});

test("toggling a hole twice gives the holes back; a start on it is dropped", () => {
  const settings = { ...defaultState().settings, start: [3, 3] };
  const once = T.holeToggled(settings, [3, 3]);
  assert.deepEqual(once.holes, [[3, 3]]);
  assert.equal(once.start, null);
  assert.deepEqual(T.holeToggled(once, [3, 3]).holes, []);
});

test("the cursor stays on the board however far it is pushed, and is announced", () => {
  const rand = random(41);
  let state = { ...defaultState(), settings: { ...defaultState().settings, rows: 5, cols: 7 } };
  for (let i = 0; i < 300; i += 1) {
    const key = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"][Math.floor(rand() * 8)];
    state = apply(state, cursorKeyed(state, key, rand() < 0.3) ?? {});
    const [r, c] = state.cursor;
    assert.ok(r >= 0 && r < 5 && c >= 0 && c < 7);
    assert.match(state.announcement, /^Square [a-g][1-5]$/);
  }
  const fresh = apply(defaultState(), T.focusChanged(defaultState(), true));
  assert.deepEqual([fresh.cursor, fresh.announcement], [[7, 0], "Square a1"]);
});

test("playback: play from the end restarts, steps clamp, the search replays and returns", () => {
  let state = apply(ready(), S.tourShown(ready(), Int32Array.from([0, 10, 20, 30]), "solver", {}));
  assert.deepEqual([state.shown, state.playing], [1, true]);
  state = apply(state, P.allShown(state));
  assert.deepEqual([state.shown, state.playing], [4, false]);
  state = apply(state, P.playToggled(state));
  assert.deepEqual([state.shown, state.playing], [1, true]);
  state = apply(state, P.stepped(state, -3));
  assert.deepEqual([state.shown, state.playing], [1, false]);
  assert.equal(P.searchToggled(state), null); // nothing recorded
  state = { ...state, events: Int32Array.from([0, 10, -1, 10, 20, 30]) };
  state = apply(state, P.searchToggled(state));
  assert.equal(state.search.pos, 0);
  state = apply(state, P.sought(state, 3));
  assert.deepEqual(Array.from(state.search.stack), [0]);
  state = apply(state, P.searchToggled(state));
  assert.deepEqual([state.search, state.shown], [null, 4]);
});

test("Python's lifecycle: loading counts seconds, ready starts the queued status, failure says why", () => {
  let state = defaultState();
  state = apply(state, T.pythonLoading(state, { stage: "loading the solver package", ms: 3000 }, 3500));
  assert.equal(state.python.since, 500);
  state = apply(state, T.loadingTicked(state, 5500));
  assert.equal(state.python.ms, 5000);
  const failed = apply(state, T.pythonFailed(state, { message: "HTTP 404" }));
  assert.deepEqual([failed.status, said(failed.message)], ["error", "The solver could not start: HTTP 404"]);
  assert.equal(T.loadingTicked(failed, 9999), null);
  state = apply(state, T.pythonReady(state, { ms: 6000, pyodideMs: 4000, methods: ["auto", "new"] }));
  assert.deepEqual([state.status, state.python.ready, state.python.methods], ["ready", true, ["auto", "new"]]);
  assert.equal(T.loadingTicked(state, 9999), null);
});

test("a start that does not move for 30 s is stalled; a stage or a byte moves it; a retry starts afresh", () => {
  let state = defaultState();
  const file = (received) => [{ file: "pyodide.asm.wasm.zst", bytes: 3_000_000, received }];
  state = apply(state, T.pythonLoading(state, { stage: "starting Python", ms: 0, files: file(0) }, 100));
  state = apply(state, T.loadingTicked(state, 100 + T.STALL_MS - 1));
  assert.equal(state.python.stalled, false);
  // Bytes arriving are progress, even at one stage.
  state = apply(state, T.pythonLoading(state, { stage: "starting Python", ms: 20_000, files: file(1_000) }, 20_100));
  state = apply(state, T.loadingTicked(state, 20_100 + T.STALL_MS - 1));
  assert.equal(state.python.stalled, false);
  // The same message again (the seconds count, nothing arrives) is no progress.
  state = apply(state, T.pythonLoading(state, { stage: "starting Python", ms: 40_000, files: file(1_000) }, 40_100));
  state = apply(state, T.loadingTicked(state, 20_100 + T.STALL_MS));
  assert.equal(state.python.stalled, true);
  assert.match(loadingText(state.python), /has not moved for a while \(starting Python, 50 s\).*Try again/);
  // A worker that says nothing at all stalls too, from the page's start.
  const silent = defaultState();
  assert.equal(apply(silent, T.loadingTicked(silent, T.STALL_MS)).python.stalled, true);
  // Try again: a fresh start, not stalled, its failure forgotten.
  let failed = apply(state, T.pythonFailed(state, { message: "HTTP 404" }));
  assert.equal(failed.python.stalled, false);
  failed = apply(failed, T.pythonRestarting(failed, 90_000));
  assert.deepEqual([failed.status, failed.python.failed, failed.python.stalled, failed.python.movedAt], ["loading", "", false, 90_000]);
  assert.equal(apply(failed, T.loadingTicked(failed, 90_000 + T.STALL_MS - 1)).python.stalled, false);
});

test("a link made for other settings is forgotten when the settings change", () => {
  let state = ready();
  state = apply(state, T.linkMade(state, "http://x/?rows=8", true, state.settings));
  state = apply(state, registry.settingsApplied(state, state.settings));
  assert.ok(state.share);
  state = apply(state, registry.settingsApplied(state, { ...state.settings, closed: true }));
  assert.equal(state.share, null);
});

test("a bad size is remembered for the form until a good one", () => {
  let state = ready();
  state = apply(state, T.sizeRejected(state, { rows: true, cols: false, message: "Rows: no" }));
  assert.deepEqual([state.status, state.message, state.sizeError.rows], ["error", "Rows: no", true]);
  state = apply(state, T.sizeAccepted(state));
  assert.equal(state.sizeError, null);
  assert.equal(T.sizeAccepted(state), null);
});

test("Python's start: which start and what downloads are kept, and a restart forgets the downloads", () => {
  let state = defaultState();
  const files = [{ file: "snapshot-ab.bin.gz", bytes: 6_000_000, received: 1_000_000 }];
  state = apply(state, T.pythonLoading(state, { stage: "starting Python from the snapshot", ms: 10, start: "snapshot", files }, 20));
  assert.deepEqual([state.python.start, state.python.files], ["snapshot", files]);
  state = apply(state, T.pythonLoading(state, { stage: "starting Python", ms: 900, start: "plain", fallback: "HTTP 404", files: [] }, 1000));
  assert.deepEqual([state.python.start, state.python.fallback], ["plain", "HTTP 404"]);
  state = apply(state, T.pythonReady(state, { ms: 3000, pyodideMs: 2900, methods: [], start: "plain", fallback: "HTTP 404" }));
  assert.deepEqual([state.python.ready, state.python.start, state.python.fallback], [true, "plain", "HTTP 404"]);
  state = apply(state, T.pythonRestarting(state, 5000));
  assert.deepEqual([state.python.ready, state.python.files], [false, []]);
});

test("a tour from a link is 'checking' until the validator passes it, and is taken down if it fails", () => {
  const state = { ...ready(), settings: { ...ready().settings, start: [7, 0] } };
  const tour = Int32Array.from([56, 41, 58]);
  const shown = apply(state, S.tourShown(state, tour, "link", null));
  assert.equal(shown.tourCheck, "checking");
  assert.equal(apply(state, S.tourShown(state, tour, "solver", {})).tourCheck, "");
  assert.equal(apply(shown, S.linkTourValidated(shown)).tourCheck, "valid");
  assert.equal(S.linkTourValidated({ ...shown, tourFrom: "solver" }), null);
  const rejected = apply(shown, S.linkTourRejected(shown, "move 2 is not a knight move"));
  assert.deepEqual([rejected.tour, rejected.tourCheck, rejected.status], [null, "", "ready"]);
  assert.match(rejected.paramErrors.at(-1).message, /^tour: .*move 2 is not a knight move/);
  assert.equal(apply(shown, registry.settingsApplied(shown, shown.settings)).tourCheck, "");
});

test("the link's problems stay through settings the link gave, and go when closed or replaced", () => {
  const state = ready();
  const problems = [{ param: "start", message: "start: “zz” is not a square" }];
  const linked = apply(state, registry.settingsApplied(state, state.settings, problems));
  assert.deepEqual(linked.paramErrors, problems);
  // Settings applied without a word on the problems keep them (the page's own re-apply).
  assert.deepEqual(apply(linked, registry.settingsApplied(linked, linked.settings)).paramErrors, problems);
  assert.deepEqual(apply(linked, registry.settingsApplied(linked, linked.settings, [])).paramErrors, []);
  assert.deepEqual(apply(linked, T.linkProblemsClosed(linked)).paramErrors, []);
  assert.equal(T.linkProblemsClosed(state), null); // nothing to close: no change, no render
});

test("offline status changes only when it differs", () => {
  const state = defaultState();
  const saved = apply(state, T.offlineCacheChanged(state, { status: "saved" }));
  assert.deepEqual(saved.offlineCache, { status: "saved", detail: "" });
  assert.equal(T.offlineCacheChanged(saved, { status: "saved" }), null);
});
