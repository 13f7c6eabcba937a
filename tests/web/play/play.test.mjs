import { test } from "node:test";
import assert from "node:assert/strict";

import { CHECK_BUDGETS, checkDue, currentPlay, lastPossible, legalMoves, playedPath, verdictOf } from "../../../web/play/state.js";
import { checkAnswered, hintAsked, playFromStart, redone, restarted, squarePlayed, tourKept, undone } from "../../../web/play/transitions.js";
import { viewChosen } from "../../../web/shell/transitions.js";
import { registry } from "../../../web/views.js";

/** A tab chosen, as the shell's session makes it: what leaving and opening change, and the view. */
const chooseView = (state, view) => viewChosen(state, view, { ...registry.left(state), ...registry.opened(state, view) });
import { defaultSettings } from "../../../web/core/linked-board.js";
import { KNIGHT_STEPS } from "../../../web/core/squares.js";
import { apply, random, warnsdorffTour } from "../helpers.mjs";

function stateFor(patch = {}) {
  return { settings: { ...defaultSettings(), ...patch }, python: { ready: true }, play: null, cursor: null };
}

const sq = (index, cols) => [Math.floor(index / cols), index % cols];

function play(state, ...indices) {
  return indices.reduce((s, i) => apply(s, squarePlayed(s, sq(i, s.settings.cols))), state);
}

test("legal moves are exactly the unvisited squares one knight move away", () => {
  const rand = random(3);
  for (let trial = 0; trial < 60; trial += 1) {
    const rows = 3 + Math.floor(rand() * 6);
    const cols = 3 + Math.floor(rand() * 6);
    let state = play(stateFor({ rows, cols }), Math.floor(rand() * rows * cols));
    for (let k = 0; k < 20; k += 1) {
      const p = currentPlay(state);
      const from = p.line[p.length - 1];
      const visited = new Set(playedPath(p));
      const expected = [];
      for (const [dr, dc] of KNIGHT_STEPS) {
        const r = Math.floor(from / cols) + dr;
        const c = (from % cols) + dc;
        if (r >= 0 && r < rows && c >= 0 && c < cols && !visited.has(r * cols + c)) expected.push(r * cols + c);
      }
      assert.deepEqual(legalMoves(p), expected.sort((a, b) => a - b));
      if (!expected.length) break;
      state = play(state, expected[Math.floor(rand() * expected.length)]);
    }
  }
});

test("the xiangqi horse's blocked leg removes that move; holes are never legal", () => {
  // 5 x 5, knight on c3 (index 12); a hole on c4 (index 7) blocks both moves two rows up.
  let state = play(stateFor({ rows: 5, cols: 5, holes: [[1, 2]], rule: "xiangqi" }), 12);
  const legal = legalMoves(currentPlay(state));
  assert.ok(!legal.includes(1) && !legal.includes(3));
  assert.equal(legal.length, 6);
  state = play(stateFor({ rows: 5, cols: 5, holes: [[1, 2]], rule: "knight" }), 12);
  assert.equal(legalMoves(currentPlay(state)).length, 8);
  const refused = squarePlayed(state, [1, 2]);
  assert.match(refused.play.notice, /c4 is a hole/);
});

test("an illegal square changes nothing but says why", () => {
  const state = play(stateFor({ rows: 5, cols: 5 }), 20, 11);
  const patch = squarePlayed(state, [2, 2]);
  assert.deepEqual(playedPath(patch.play), [20, 11]);
  assert.match(patch.play.notice, /c3 is not a knight move from b3/);
  assert.match(squarePlayed(state, [4, 0]).play.notice, /a1 is already visited/);
});

test("undo then redo returns to the same position, keeping what the solver said", () => {
  let state = play(stateFor({ rows: 5, cols: 5 }), 20, 11, 2);
  state = apply(state, checkAnswered(state, { length: 2, path: [20, 11], budget: 20000 }, { status: "found", reason: "", indices: warnsdorffLike() }));
  state = apply(state, checkAnswered(state, { length: 3, path: [20, 11, 2], budget: 20000 }, { status: "impossible", reason: "a5 can no longer be reached", indices: [] }));
  assert.equal(verdictOf(currentPlay(state)).verdict, "lost");
  state = apply(state, undone(state));
  assert.deepEqual(playedPath(currentPlay(state)), [20, 11]);
  assert.equal(verdictOf(currentPlay(state)).verdict, "possible");
  assert.deepEqual(state.cursor, [2, 1]);
  state = apply(state, redone(state));
  assert.deepEqual(playedPath(currentPlay(state)), [20, 11, 2]);
  assert.equal(verdictOf(currentPlay(state)).verdict, "lost");
  assert.equal(lastPossible(currentPlay(state)), 2);
  assert.equal(redone(state), null);
  // Undo to the start, never past it.
  state = apply(state, undone(state));
  state = apply(state, undone(state));
  assert.equal(undone(state), null);
  assert.deepEqual(playedPath(currentPlay(state)), [20]);
});

/** A stand-in completion: only its square after the position (the hint) is read here. */
function warnsdorffLike() {
  return [20, 11, 0, ...new Array(22).fill(-1)];
}

test("a different move after undo drops the squares redo would have brought back", () => {
  let state = play(stateFor({ rows: 5, cols: 5 }), 20, 11, 2);
  state = apply(state, checkAnswered(state, { length: 3, path: [20, 11, 2], budget: 20000 }, { status: "impossible", reason: "r", indices: [] }));
  state = apply(state, undone(state));
  state = play(state, 0);
  assert.deepEqual(currentPlay(state).line, [20, 11, 0]);
  assert.equal(currentPlay(state).verdicts[3], undefined);
  assert.equal(redone(state), null);
});

test("an answer for a position no longer played is dropped", () => {
  let state = play(stateFor({ rows: 5, cols: 5 }), 20, 11, 2);
  const request = checkDue(currentPlay(state));
  assert.deepEqual(request, { length: 3, path: [20, 11, 2], budget: CHECK_BUDGETS[0] });
  state = apply(state, undone(state));
  state = play(state, 0);
  assert.equal(checkAnswered(state, request, { status: "impossible", reason: "r", indices: [] }), null);
});

test("a budget that runs out asks again harder, then says unknown", () => {
  let state = play(stateFor(), 56, 41);
  for (const budget of CHECK_BUDGETS) {
    const due = checkDue(currentPlay(state));
    assert.equal(due.budget, budget);
    assert.equal(verdictOf(currentPlay(state)).checking, true);
    state = apply(state, checkAnswered(state, due, { status: "gave_up", reason: "the node budget ran out", indices: [] }));
  }
  assert.equal(checkDue(currentPlay(state)), null);
  const verdict = verdictOf(currentPlay(state));
  assert.equal(verdict.verdict, "unknown");
  assert.equal(verdict.checking, false);
});

test("a known completion answers every position along it, with its next square as the hint", () => {
  const tour = warnsdorffTour(5, 5, 20);
  let state = play(stateFor({ rows: 5, cols: 5 }), tour[0], tour[1]);
  state = apply(state, checkAnswered(state, { length: 2, path: tour.slice(0, 2), budget: 20000 }, { status: "found", reason: "", indices: tour }));
  state = apply(state, hintAsked(state));
  for (let k = 2; k < 25; k += 1) {
    const p = currentPlay(state);
    const verdict = verdictOf(p);
    assert.equal(verdict.verdict, "possible");
    assert.equal(verdict.hint, tour[k]);
    assert.equal(checkDue(p), null);
    state = play(state, verdict.hint);
  }
  const verdict = verdictOf(currentPlay(state));
  assert.equal(verdict.verdict, "complete");
  assert.equal(typeof verdict.closed, "boolean");
});

test("a closed tour is recognised; on a closed board an open finish is lost", () => {
  // 5 x 5 has no closed tour (odd number of squares), so a finished open tour there is not closed.
  const tour = warnsdorffTour(5, 5, 20);
  let state = play(stateFor({ rows: 5, cols: 5, closed: true }), ...tour);
  const verdict = verdictOf(currentPlay(state));
  const closes = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]].some(
    ([dr, dc]) => Math.floor(tour[24] / 5) + dr === Math.floor(tour[0] / 5) && (tour[24] % 5) + dc === tour[0] % 5,
  );
  assert.equal(closes, false); // 5 x 5 has no closed tour
  assert.equal(verdict.verdict, "lost");
  assert.match(verdict.reason, /not closed/);
  state = play(stateFor({ rows: 5, cols: 5 }), ...tour);
  assert.equal(verdictOf(currentPlay(state)).verdict, "complete");
});

test("a play made for another board is stale; restart clears it", () => {
  let state = play(stateFor({ rows: 5, cols: 5 }), 20, 11);
  assert.ok(currentPlay(state));
  state = { ...state, settings: { ...state.settings, rows: 6 } };
  assert.equal(currentPlay(state), null);
  state = play(stateFor({ rows: 5, cols: 5 }), 20, 11);
  state = apply(state, restarted(state));
  assert.equal(currentPlay(state), null);
  assert.equal(verdictOf(null).verdict, "unknown");
});

test("no move left is lost at once, without asking the solver", () => {
  // 3 x 3: from a1 (6) -> b3 (1) -> c1 (8) -> a2 (3) -> c3 (2) -> b1 (7) -> a3 (0) -> c2 (5) -> a1 visited: stuck.
  const state = play(stateFor({ rows: 3, cols: 3 }), 6, 1, 8, 3, 2, 7, 0, 5);
  const p = currentPlay(state);
  assert.deepEqual(legalMoves(p), []);
  assert.equal(verdictOf(p).verdict, "lost");
  assert.equal(checkDue(p), null);
});

test("starting a play keeps a tour found by the solver (paused, Tour's own); a link's start square starts the play", () => {
  const found = Int32Array.from([20, 11]);
  let state = { ...stateFor({ rows: 5, cols: 5 }), view: "play", tour: found, tourFrom: "solver", status: "found", playing: true };
  state = apply(state, squarePlayed(state, [4, 0]));
  assert.equal(state.tour, found);
  assert.equal(state.status, "found");
  assert.equal(state.playing, false);
  assert.deepEqual(playedPath(currentPlay(state)), [20]);
  state = apply(state, restarted(state));
  assert.equal(state.tour, found, "restarting the game leaves Tour's tour alone");
  state = { ...stateFor({ rows: 5, cols: 5, start: [4, 0] }), view: "play" };
  state = apply(state, playFromStart(state));
  assert.deepEqual(playedPath(currentPlay(state)), [20]);
  assert.equal(playFromStart(state), null); // once
  state = apply(state, restarted(state));
  assert.equal(state.settings.start, null);
  assert.equal(playFromStart(state), null);
});

test("a finished game puts Tour's tour aside and gives it back on undo, restart or leaving Play", () => {
  const found = Int32Array.from([0, 7, 14]);
  const base = { ...stateFor({ rows: 5, cols: 5, start: [0, 0] }), view: "play", tour: found, tourFrom: "solver", status: "found", shown: 3, result: { nodes: 3 } };
  let state = play(base, 20, 11);
  // The game finishes (play/session.js): its tour becomes the page's, Tour's is kept aside.
  const game = Int32Array.from([20, 11]);
  state = apply(state, { tour: game, tourFrom: "play", shown: 1, settings: { ...state.settings, start: [4, 0] }, keptTour: tourKept(state) });
  assert.equal(state.keptTour.tour, found);
  assert.deepEqual(state.keptTour.start, [0, 0]);
  for (const leave of [undone, restarted, (s) => chooseView(s, "learn")]) {
    const back = apply(state, leave(state));
    assert.equal(back.tour, found, leave.name);
    assert.equal(back.tourFrom, "solver");
    assert.deepEqual(back.result, { nodes: 3 });
    assert.equal(back.shown, 3);
    assert.deepEqual(back.settings.start, [0, 0]);
    assert.equal(back.keptTour, null);
  }
  // No tour of another view: the game's stays the page's tour after leaving Play.
  const alone = apply(play({ ...stateFor({ rows: 5, cols: 5 }), view: "play" }, 20, 11), { tour: game, tourFrom: "play" });
  assert.equal(tourKept(alone), null);
  assert.equal(apply(alone, chooseView(alone, "tour")).tour, game);
  assert.equal(apply(alone, undone(alone)).tour, null);
});

test("the first check on a big board gets enough nodes for a run over every square left", () => {
  const state = play(stateFor({ rows: 200, cols: 200 }), 0, 201 + 200);
  assert.equal(checkDue(currentPlay(state)).budget, 80_000);
  const small = play(stateFor({ rows: 8, cols: 8 }), 56, 41);
  assert.equal(checkDue(currentPlay(small)).budget, CHECK_BUDGETS[0]);
});
