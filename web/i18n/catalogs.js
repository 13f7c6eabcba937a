// The message catalogs, one file per part of the page and language (en/, zh/), merged
// here: a key belongs to exactly one part, and both languages have the same keys with
// the same placeholders (tests/web/i18n/catalogs.test.mjs checks it).

import enShell from "./en/shell.js";
import zhShell from "./zh/shell.js";
import enPage from "./en/page.js";
import zhPage from "./zh/page.js";
import enTour from "./en/tour.js";
import zhTour from "./zh/tour.js";
import enBoard from "./en/board.js";
import zhBoard from "./zh/board.js";
import enA11y from "./en/a11y.js";
import zhA11y from "./zh/a11y.js";
import enLink from "./en/link.js";
import zhLink from "./zh/link.js";
import enSolver from "./en/solver.js";
import zhSolver from "./zh/solver.js";
import enExplore from "./en/explore.js";
import zhExplore from "./zh/explore.js";
import enCount from "./en/count.js";
import zhCount from "./zh/count.js";
import enReplay from "./en/replay.js";
import zhReplay from "./zh/replay.js";
import enExport from "./en/export.js";
import zhExport from "./zh/export.js";
import enPlay from "./en/play.js";
import zhPlay from "./zh/play.js";
import enLearn from "./en/learn.js";
import zhLearn from "./zh/learn.js";
import enExercises from "./en/exercises.js";
import zhExercises from "./zh/exercises.js";

export const LANGUAGES = ["en", "zh"];

export const CATALOGS = {
  en: { ...enShell, ...enPage, ...enTour, ...enBoard, ...enA11y, ...enLink, ...enSolver, ...enExplore, ...enCount, ...enReplay, ...enExport, ...enPlay, ...enLearn, ...enExercises },
  zh: { ...zhShell, ...zhPage, ...zhTour, ...zhBoard, ...zhA11y, ...zhLink, ...zhSolver, ...zhExplore, ...zhCount, ...zhReplay, ...zhExport, ...zhPlay, ...zhLearn, ...zhExercises },
};
