// Counting tours on small boards: every directed tour from the start square, with
// progress and Stop, and the published figure beside the result where one is known.

import { reasonText } from "../i18n/said.js";
import { publishedCounts } from "./published-counts.js";
import { milliseconds } from "../core/format.js";
import { t } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";
import { byId, listen, setText, setProp } from "../core/panel.js";

// Every tour is enumerated, so counting is offered on small boards only: up to this many
// free squares.
const COUNT_MAX_SQUARES = 64;

const IDS = {
  box: "count-box", note: "count-note", run: "count-run", all: "count-all", stop: "count-stop", result: "count-result", published: "count-published",
};

/** A key named in code (the catalog test finds it by this wrapper). */
const key = (name) => name;

function kind(settings) {
  return settings.closed ? t("count.kind.closed") : t("count.kind.open");
}

/** The result line of a count. */
export function countText(count, rows) {
  const all = count.scope === "all";
  // The same sentence from one square or from all of them: two keys, as the words differ.
  const scoped = (one, every, params) => (all
    ? t(every, { ...params, squares: count.squaresTotal })
    : t(one, { ...params, square: squareName(count.start, rows) }));
  const kinds = kind(count.settings);
  switch (count.status) {
    case "running":
      if (all) return t("count.running-all", { kinds, done: count.squaresDone, total: count.squaresTotal, found: count.found });
      return t("count.running", { kinds, square: squareName(count.start, rows), found: count.found, nodes: count.nodes });
    case "done":
      return scoped(key("count.done"), key("count.done-all"), { kinds, value: count.value, nodes: count.nodes, time: milliseconds(count.seconds * 1000) });
    case "gave_up":
      return scoped(key("count.gave-up"), key("count.gave-up-all"), { kinds, value: count.value ?? count.found, nodes: count.nodes });
    case "cancelled":
      return scoped(key("count.cancelled"), key("count.cancelled-all"), { kinds, found: count.found });
    default:
      return t("count.failed", { reason: reasonText(count) });
  }
}

function publishedText(count, settings) {
  const { fromStart, allStarts } = publishedCounts(settings, count.start);
  // The figure this count is comparable with gets the verdict; the other is shown as is.
  const mine = count.scope === "all" ? allStarts : fromStart;
  const parts = [];
  for (const figure of [fromStart, allStarts]) {
    if (!figure) continue;
    parts.push(t("count.published.line", { value: figure.value, words: t(figure.key, figure.params) }));
    if (figure === mine && count.status === "done") {
      parts.push(count.value === figure.value ? t("count.published.matches") : t("count.published.differs"));
    }
  }
  return parts.join(" ");
}

export function mountCountPanel(doc, { counting }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  on(el.run, "click", () => counting.count());
  on(el.all, "click", () => counting.countAll());
  on(el.stop, "click", () => counting.stopCount());

  function sync(state) {
    const { settings, count } = state;
    const free = settings.rows * settings.cols - settings.holes.length;
    const small = free <= COUNT_MAX_SQUARES;
    const where = settings.start ? squareName(settings.start, settings.rows) : "";
    const running = count && count.status === "running";
    setProp(el.run, "disabled", !small || !settings.start || !state.python.ready || running);
    setProp(el.all, "disabled", !small || !state.python.ready || running || free === 0);
    setText(el.run, where ? t("count.run", { kinds: kind(settings), square: where }) : t("count.run-any"));
    setProp(el.stop, "hidden", !running);
    if (!small) setText(el.note, t("count.too-big", { max: COUNT_MAX_SQUARES, free }));
    else if (!settings.start) setText(el.note, t("count.choose-start"));
    else setText(el.note, t("count.every-tour"));
    const current = count && count.settings === settings && (count.scope === "all" || count.start === settings.start);
    setText(el.result, current ? countText(count, settings.rows) : "");
    setText(el.published, current ? publishedText(count, settings) : "");
  }

  return { sync, unbind };
}
