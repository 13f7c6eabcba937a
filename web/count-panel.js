// Counting tours on small boards: every directed tour from the start square, with
// progress and Stop, and the published figure beside the result where one is known.

import { publishedCounts } from "./published-counts.js";
import { COUNT_MAX_SQUARES } from "./explore-params.js";
import { grouped, milliseconds } from "./explore-format.js";
import { squareName } from "./squares.js";
import { byId, listen, setText } from "./panel.js";

const IDS = { box: "count-box", note: "count-note", run: "count-run", stop: "count-stop", result: "count-result", published: "count-published" };

function kind(settings) {
  return settings.closed ? "closed tours" : "open tours";
}

/** The result line of a count: {text, status}. */
export function countText(count, rows) {
  const where = squareName(count.start, rows);
  const kinds = kind(count.settings);
  switch (count.status) {
    case "running":
      return `Counting ${kinds} from ${where}… ${grouped(count.found)} so far, ${grouped(count.nodes)} nodes.`;
    case "done":
      return `${grouped(count.value)} ${kinds} from ${where} (directed: each closed tour counts once per direction), ${grouped(count.nodes)} nodes in ${milliseconds(count.seconds * 1000)}.`;
    case "gave_up":
      return `Stopped at the node budget: at least ${grouped(count.value ?? count.found)} ${kinds} from ${where} (${grouped(count.nodes)} nodes). ${count.reason}`;
    case "cancelled":
      return `Counting stopped: at least ${grouped(count.found)} ${kinds} from ${where} when it stopped.`;
    default:
      return `Counting failed: ${count.reason}`;
  }
}

function publishedText(count, settings) {
  const { fromStart, allStarts } = publishedCounts(settings, count.start);
  const parts = [];
  if (fromStart) {
    const agree = count.status === "done" ? (count.value === fromStart.value ? " ✓ matches" : " ✗ differs") : "";
    parts.push(`Published: ${grouped(fromStart.value)} ${fromStart.words}.${agree}`);
  }
  if (allStarts) parts.push(`Published: ${grouped(allStarts.value)} ${allStarts.words}.`);
  return parts.join(" ");
}

export function mountCountPanel(doc, { store, explore }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  on(el.run, "click", () => explore.count());
  on(el.stop, "click", () => explore.stopCount());

  function sync(state) {
    const { settings, count } = state;
    const free = settings.rows * settings.cols - settings.holes.length;
    const small = free <= COUNT_MAX_SQUARES;
    const where = settings.start ? squareName(settings.start, settings.rows) : "";
    const running = count && count.status === "running";
    el.run.disabled = !small || !settings.start || !state.python.ready || running;
    setText(el.run, where ? `Count ${kind(settings)} from ${where}` : "Count tours");
    el.stop.hidden = !running;
    if (!small) setText(el.note, `Counting is for small boards, up to ${COUNT_MAX_SQUARES} squares; this one has ${grouped(free)}.`);
    else if (!settings.start) setText(el.note, "Choose a start square on the board first.");
    else setText(el.note, "Every tour from the start square, found by exhaustive search.");
    const current = count && count.settings === settings;
    setText(el.result, current ? countText(count, settings.rows) : "");
    setText(el.published, current ? publishedText(count, settings) : "");
  }

  return { sync, unbind };
}
