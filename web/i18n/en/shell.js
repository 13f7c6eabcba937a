// The page's shell: title, header, language switch, view tabs, the node budget. English.
export default {
  "shell.title": "Knight's tour: find, watch and share",
  "shell.heading": "Knight's tour",
  "shell.tagline": "The knight must visit every square of the board exactly once. Pick a board size, click a square, and watch it go.",
  "shell.language": "Language",
  "shell.language.loading": "Loading the English words…",
  "shell.language.failed": "The English words could not be loaded. Check the connection, then choose English again.",
  "shell.views": "Views",
  "shell.view": "View",
  "shell.tab.tour": "Tour",
  "shell.tab.compare": "Compare",
  "shell.tab.heatmap": "Heatmap",
  "shell.tab.play": "Play",
  "shell.about.tour": "Find and watch one tour.",
  "shell.about.compare": "Every method from one start square, under one node budget.",
  "shell.about.heatmap": "How hard each start square is: the effort of a search from every square.",
  "shell.about.play": "Move the knight yourself; the solver says whether you can still finish.",
  "shell.budget.compare": "Node budget for each method",
  "shell.budget.heatmap": "Node budget for each square",
  "shell.budget.error": "Node budget: “{value}” {problem}; use a whole number from 1 to {max}.",
  "shell.tab.learn": "Learn",
  "shell.about.learn": "Python rewrites of the posts' algorithms, run line by line beside the board.",

  // The tagline when a leaper is chosen (docs/leapers.md).
  "shell.tagline.leaper": "A tour of {piece}: it must visit every square of the board exactly once. Pick a board size, click a square, and watch it go.",
};
