// The Chinese catalog but for its shell part (zh/shell.js, which catalogs.js holds in the
// page's script): a file of its own in the built page (tools/bundle.py splits it out), fetched
// only when the page is read in Chinese. It imports nothing the page's script imports, or
// the bundler would move that into a third file the page's script must fetch first.

import page from "./zh/page.js";
import tour from "./zh/tour.js";
import board from "./zh/board.js";
import a11y from "./zh/a11y.js";
import link from "./zh/link.js";
import solver from "./zh/solver.js";
import explore from "./zh/explore.js";
import count from "./zh/count.js";
import replay from "./zh/replay.js";
import exportWords from "./zh/export.js";
import play from "./zh/play.js";
import learn from "./zh/learn.js";
import exercises from "./zh/exercises.js";

export default {
  ...page, ...tour, ...board, ...a11y, ...link, ...solver, ...explore, ...count,
  ...replay, ...exportWords, ...play, ...learn, ...exercises,
};
