// The English catalog, every part of the page's (en/) merged: in the page's script, since
// English is every key's fallback and the language of most first visits (catalogs.js).

import shell from "./en/shell.js";
import page from "./en/page.js";
import tour from "./en/tour.js";
import board from "./en/board.js";
import a11y from "./en/a11y.js";
import link from "./en/link.js";
import solver from "./en/solver.js";
import explore from "./en/explore.js";
import count from "./en/count.js";
import replay from "./en/replay.js";
import exportWords from "./en/export.js";
import play from "./en/play.js";
import learn from "./en/learn.js";
import exercises from "./en/exercises.js";

export default {
  ...shell, ...page, ...tour, ...board, ...a11y, ...link, ...solver, ...explore, ...count,
  ...replay, ...exportWords, ...play, ...learn, ...exercises,
};
