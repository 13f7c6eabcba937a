// The Compare and Heatmap views' part of the page state (plain data, merged into the
// shell's defaultState through their declarations): the node budget, and the comparison
// and heatmap runs. A run remembers the settings it was made for, so a run for other
// settings is recognisably stale.

/** Fresh explore state (a factory, so two pages never share objects). */
export function defaultExploreState() {
  return {
    budget: null, // node budget from the link or the form; null: the view's default
    // {settings, budget, status: running|done|stopped, running: method, results: {method: result}, opened}
    compare: null,
    // {settings, method, maxNodes, status: running|done|stopped|error, plan, cells, at, pool, joined, startedAt, ms, error}
    heatmap: null,
    // [row, col]: the heatmap square selected there (its figures and tour shown); null for none
    heatmapPick: null,
  };
}
