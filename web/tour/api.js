// What the Tour view offers the other views: the page's tour shown (Compare's fastest
// row, Play's finished game, a pasted tour), a search's start and progress (Compare
// runs every method as the page's search), and the tour's sentence (Play's finished game). No module outside web/tour/ imports another of
// its modules (tests/web/architecture.test.mjs).

export { progressed, solveStarted, tourShown } from "./search-transitions.js";
export { describeStatus } from "./status-text.js";
