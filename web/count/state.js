// Counting tours' part of the page state (plain data, merged into the shell's
// defaultState through the Tour view's declaration). A count remembers the settings it
// was made for, so a count for other settings is recognisably stale.

/** Fresh count state (a factory, so two pages never share objects). */
export function defaultCountState() {
  return {
    // {id, settings, start, scope: start|all, status: running|done|gave_up|cancelled|error,
    //  value, found, nodes, seconds, reason, squaresDone, squaresTotal, base}
    count: null,
  };
}
