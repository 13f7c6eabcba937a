// The replayed search's messages, English: the search-depth chart.
export default {
  // The search-depth chart.
  "replay.depth.top": "depth {depth}: a full tour",
  "replay.depth.floor": "depth {depth}",
  "replay.depth.caption": "Search depth over search events: event {step} of {steps}, depth {depth} of {free} squares; {advances} advances, {backoffs} back-offs so far ({atOnce} of them at once: a dead end or a pruned square). Each fall is the search backing off a dead end; the dashed line is a full tour.",
  "replay.depth.caption.unpruned": "Search depth over search events: event {step} of {steps}, depth {depth} of {free} squares; {advances} advances, {backoffs} back-offs so far ({atOnce} of them at once: a square with no way on). This search prunes nothing: each fall is the search backing off a dead end; the dashed line is a full tour.",
};
