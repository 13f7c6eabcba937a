// Counting tours on small boards: every directed tour from the start square, with
// progress and Stop, and the published figure beside the result where one is known.

import { publishedCounts } from "./published-counts.js";
import { COUNT_MAX_SQUARES } from "./params.js";
import { grouped, milliseconds } from "../core/format.js";
import { squareName } from "../core/squares.js";
import { byId, listen, setText } from "../core/panel.js";

const IDS = {
  box: "count-box", note: "count-note", run: "count-run", all: "count-all", stop: "count-stop", result: "count-result", published: "count-published",
};

function kind(settings) {
  return settings.closed ? "closed tours" : "open tours";
}

/** The result line of a count. */
export function countText(count, rows) {
  const kinds = kind(count.settings);
  const all = count.scope === "all";
  const where = all ? `all ${grouped(count.squaresTotal)} start squares` : squareName(count.start, rows);
  if (all && count.status === "running") {
    return `Counting ${kinds} from every square… ${grouped(count.squaresDone)} of ${grouped(count.squaresTotal)} squares done, ${grouped(count.found)} tours so far.`;
  }
  switch (count.status) {
    case "running":
      return `Counting ${kinds} from ${where}… ${grouped(count.found)} so far, ${grouped(count.nodes)} nodes.`;
    case "done":
      return `${grouped(count.value)} ${kinds} from ${where} (directed: a tour counts once per direction), ${grouped(count.nodes)} nodes in ${milliseconds(count.seconds * 1000)}.`;
    case "gave_up":
      return `Stopped at the node budget: at least ${grouped(count.value ?? count.found)} ${kinds} from ${where} (${grouped(count.nodes)} nodes).`;
    case "cancelled":
      return `Counting stopped: at least ${grouped(count.found)} ${kinds} from ${where} when it stopped.`;
    default:
      return `Counting failed: ${count.reason}`;
  }
}

function publishedText(count, settings) {
  const { fromStart, allStarts } = publishedCounts(settings, count.start);
  // The figure this count is comparable with gets the verdict; the other is shown as is.
  const mine = count.scope === "all" ? allStarts : fromStart;
  const agree = (figure) => {
    if (figure !== mine || count.status !== "done") return "";
    return count.value === figure.value ? " ✓ matches" : " ✗ differs";
  };
  const parts = [];
  for (const figure of [fromStart, allStarts]) {
    if (figure) parts.push(`Published: ${grouped(figure.value)} ${figure.words}.${agree(figure)}`);
  }
  return parts.join(" ");
}

export function mountCountPanel(doc, { store, explore }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  on(el.run, "click", () => explore.count());
  on(el.all, "click", () => explore.countAll());
  on(el.stop, "click", () => explore.stopCount());

  function sync(state) {
    const { settings, count } = state;
    const free = settings.rows * settings.cols - settings.holes.length;
    const small = free <= COUNT_MAX_SQUARES;
    const where = settings.start ? squareName(settings.start, settings.rows) : "";
    const running = count && count.status === "running";
    el.run.disabled = !small || !settings.start || !state.python.ready || running;
    el.all.disabled = !small || !state.python.ready || running || free === 0;
    setText(el.run, where ? `Count ${kind(settings)} from ${where}` : "Count tours");
    el.stop.hidden = !running;
    if (!small) setText(el.note, `Counting is for small boards, up to ${COUNT_MAX_SQUARES} squares; this one has ${grouped(free)}.`);
    else if (!settings.start) setText(el.note, "Choose a start square on the board, or count from every square.");
    else setText(el.note, "Every tour from the start square, found by exhaustive search.");
    const current = count && count.settings === settings && (count.scope === "all" || count.start === settings.start);
    setText(el.result, current ? countText(count, settings.rows) : "");
    setText(el.published, current ? publishedText(count, settings) : "");
  }

  return { sync, unbind };
}
