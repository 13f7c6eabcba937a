// The Tour view's part of the page state: the page's tour (the one the board draws and
// plays back) and the search that made it. Its keys sit at the state's top level, not
// under one key: Compare shows a row's tour and Play a finished game through them, and
// window.knightTour.state, which the tests and the page's snapshot read, holds them there.

/** Fresh tour state (a factory, so two pages never share objects). */
export function defaultTourState() {
  return {
    tour: null, // Int32Array of flat indices, start first
    tourFrom: "", // "solver" | "link" | "preset" (came with the page) | "play" | "paste"
    tourCheck: "", // a tour from a link: "checking" until Python's validator passes it, then "valid"
    result: null, // {method, seconds, nodes, backtracks, reason}
    progress: null, // {nodes, backtracks, depth, free, seconds} while solving
    waitingForPython: false, // a search is due as soon as Python is ready
    shown: 0, // squares of the tour drawn so far (1..tour.length)
    playing: false,
    speed: 8, // moves per second
    speedChosen: false, // the person set the speed; keep it for new tours of this size
    events: null, // Int32Array of recorded search events (plain backtracking), or null
    search: null, // {pos, stack, backtracks} while replaying the recorded search
  };
}
