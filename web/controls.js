// The form, buttons, status line and board events: events call actions; sync(state)
// writes the state back into the page. Text only ever goes through textContent.

import { MAX_SIDE, squareName } from "./squares.js";
import { speedFromSlider, sliderFromSpeed } from "./animation.js";
import { timeline } from "./state.js";

const METHOD_NAMES = {
  auto: "automatic choice",
  warnsdorff: "Warnsdorff's rule",
  backtrack: "plain backtracking",
  exhaustive: "exhaustive search",
  construct: "construction",
};

// Thousands separators as en-US writes them ("1,234,567"), without toLocaleString: the
// first Intl call costs Chromium ~50 ms, and the first status line is on the path to the
// board's first draw. Integers past 2^53 are not exact anyway; leave those to Intl.
const number = (n) => {
  const r = Math.round(n);
  return Number.isSafeInteger(r) ? String(r).replace(/\B(?=(\d{3})+$)/g, ",") : r.toLocaleString("en-US");
};

function duration(seconds) {
  if (seconds < 1) return `${Math.max(1, Math.round(seconds * 1000))} ms`;
  return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
}

function kind(settings) {
  return settings.closed ? "closed tour" : "open tour";
}

/** The status line and its detail for a state: {text, detail}. */
export function describeStatus(state) {
  const { settings, result, progress } = state;
  const where = settings.start ? squareName(settings.start, settings.rows) : "";
  const squares = settings.rows * settings.cols - settings.holes.length;
  switch (state.status) {
    case "loading":
      return where
        ? { text: `Starting the solver… the ${kind(settings)} from ${where} will appear as soon as it is ready.`, detail: "" }
        : { text: "The board is ready; the solver is starting (Python, in your browser).", detail: "" };
    case "ready":
      return { text: where ? `Ready to search from ${where}.` : "Ready: click a square to start the tour there.", detail: "" };
    case "solving":
      return {
        text: `Searching for ${settings.closed ? "a closed" : "an open"} tour from ${where}…`,
        detail: progress
          ? `${number(progress.nodes)} positions tried, ${number(progress.backtracks)} backtracks, depth ${number(progress.depth)} of ${number(squares)}.`
          : "",
      };
    case "found":
      if (state.tourFrom === "link") {
        return { text: `Showing the ${kind(settings)} from the link, starting at ${where}.`, detail: `${number(state.tour.length)} squares.` };
      }
      return {
        text: `Found ${settings.closed ? "a closed" : "an open"} tour from ${where} in ${duration(result.seconds)}.`,
        detail: `${METHOD_NAMES[result.method] || result.method}: ${number(result.nodes)} nodes, ${number(result.backtracks)} backtracks.`,
      };
    case "impossible":
      return { text: /^no /i.test(result.reason) ? result.reason : `No ${kind(settings)} from ${where}: ${result.reason}`, detail: `Checked in ${duration(result.seconds)} (${number(result.nodes)} nodes, ${number(result.backtracks)} backtracks). Try another square or board.` };
    case "gave_up":
      return { text: `Gave up: ${result.reason}`, detail: "No tour was found, and none was ruled out. Try the automatic method, another square, or another board." };
    case "cancelled":
      return {
        text: "Search stopped. Your settings are kept: click a square to search again.",
        detail: result && result.nodes ? `${number(result.nodes)} positions tried.` : "",
      };
    case "error":
      return { text: state.message || "Something went wrong.", detail: "" };
    default:
      return { text: "", detail: "" };
  }
}

function hintFor(state) {
  const { settings } = state;
  if (state.editHoles) return ["editing", "Click squares to add or remove holes. Press “Done” when finished."];
  if (!settings.start) return [state.python.ready ? "pulse" : "", "Click any square to start the knight's tour there."];
  if (state.status === "solving") return ["quiet", "Searching… press Stop to end the search."];
  if (state.tour) return ["quiet", "Click another square to start from there, or share this tour with “Copy link”."];
  return ["", "Click any square to start the knight's tour there."];
}

export function bindControls(doc, actions, view) {
  const $ = (id) => doc.getElementById(id);
  const el = {
    rows: $("rows"), cols: $("cols"), sizeError: $("size-error"),
    open: $("open-tour"), closed: $("closed-tour"), method: $("method"), xiangqi: $("xiangqi"),
    editHoles: $("edit-holes"), clearHoles: $("clear-holes"), holesNote: $("holes-note"),
    status: $("status"), detail: $("status-detail"), statusBox: doc.querySelector(".status-box"),
    stop: $("stop"), search: $("watch-search"), loading: $("loading"), loadingText: $("loading-text"), errors: $("param-errors"),
    hint: $("hint"), hintText: $("hint-text"), cursorName: $("cursor-name"),
    restart: $("restart"), back: $("step-back"), play: $("play"), forward: $("step-forward"),
    showAll: $("show-all"), position: $("position"), moveCount: $("move-count"),
    speed: $("speed"), speedValue: $("speed-value"), copy: $("copy-link"), link: $("link"),
    copyResult: $("copy-result"),
  };
  const canvas = view.canvas;
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", "board");
  canvas.setAttribute("aria-label", "Board. Arrow keys move between squares; Enter starts the tour on the square.");
  canvas.setAttribute("aria-describedby", "hint-text");
  const off = [];
  const on = (target, type, fn, opts) => {
    target.addEventListener(type, fn, opts);
    off.push(() => target.removeEventListener(type, fn, opts));
  };

  function readSide(input) {
    const n = Number(input.value);
    return Number.isInteger(n) && n >= 1 && n <= MAX_SIDE ? n : null;
  }
  function sizeChanged() {
    const rows = readSide(el.rows);
    const cols = readSide(el.cols);
    el.rows.setAttribute("aria-invalid", String(rows === null));
    el.cols.setAttribute("aria-invalid", String(cols === null));
    if (rows === null || cols === null) {
      const which = rows === null ? "Rows" : "Columns";
      const input = rows === null ? el.rows.value : el.cols.value;
      const message = `${which}: “${input}” is not allowed; use a whole number from 1 to ${MAX_SIDE}.`;
      el.sizeError.textContent = message;
      el.sizeError.hidden = false;
      actions.inputError(message);
      return;
    }
    el.sizeError.hidden = true;
    actions.setSize(rows, cols);
  }
  on(el.rows, "change", sizeChanged);
  on(el.cols, "change", sizeChanged);
  for (const button of doc.querySelectorAll("[data-size]")) {
    on(button, "click", () => {
      const [rows, cols] = button.dataset.size.split("x").map(Number);
      el.sizeError.hidden = true;
      actions.setSize(rows, cols);
    });
  }
  on(el.open, "change", () => actions.changeSettings({ closed: false }));
  on(el.closed, "change", () => actions.changeSettings({ closed: true }));
  on(el.method, "change", () => actions.changeSettings({ method: el.method.value }));
  on(el.xiangqi, "change", () => actions.changeSettings({ rule: el.xiangqi.checked ? "xiangqi" : "knight" }));
  on(el.editHoles, "click", () => actions.toggleEditHoles());
  on(el.clearHoles, "click", () => actions.changeSettings({ holes: [] }));
  on(el.stop, "click", () => actions.stop());
  on(el.search, "click", () => actions.toggleSearch());
  on(el.restart, "click", () => actions.seek(0, false));
  on(el.back, "click", () => actions.step(-1));
  on(el.play, "click", () => actions.togglePlay());
  on(el.forward, "click", () => actions.step(1));
  on(el.showAll, "click", () => actions.showAll());
  on(el.position, "input", () => actions.seek(Number(el.position.value), false));
  on(el.speed, "input", () => actions.setSpeed(speedFromSlider(el.speed.value)));
  on(el.copy, "click", async () => {
    const { url, copied } = await actions.copyLink();
    linkFor = actions.currentSettings();
    el.link.value = url;
    el.link.hidden = false;
    if (copied) el.copyResult.textContent = "Link copied. Anyone who opens it sees this tour.";
    else {
      el.copyResult.textContent = "Select the link above and copy it (Ctrl+C).";
      el.link.select();
    }
  });

  on(canvas, "click", (event) => {
    performance.mark("square-click");
    const sq = view.squareAt(event.clientX, event.clientY);
    if (sq) actions.squareChosen(sq);
  });
  on(canvas, "pointermove", (event) => actions.hover(view.squareAt(event.clientX, event.clientY)));
  on(canvas, "pointerleave", () => actions.hover(null));
  on(canvas, "focus", () => actions.focus(canvas.matches(":focus-visible")));
  on(canvas, "blur", () => actions.focus(false));
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  on(canvas, "keydown", (event) => {
    if (arrows[event.key]) {
      event.preventDefault();
      actions.moveCursor(...arrows[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      actions.chooseCursor();
    }
  });

  const setText = (node, text) => {
    if (node.textContent !== text) node.textContent = text;
  };
  let shownErrors = null;
  let linkFor = null; // the settings the shown link was made for

  function sync(state) {
    const { settings } = state;
    if (doc.activeElement !== el.rows) el.rows.value = String(settings.rows);
    if (doc.activeElement !== el.cols) el.cols.value = String(settings.cols);
    el.open.checked = !settings.closed;
    el.closed.checked = settings.closed;
    el.method.value = settings.method;
    el.xiangqi.checked = settings.rule === "xiangqi";
    el.editHoles.setAttribute("aria-pressed", String(state.editHoles));
    setText(el.editHoles, state.editHoles ? "Done" : "Edit holes");
    el.clearHoles.disabled = settings.holes.length === 0;
    setText(el.holesNote, settings.holes.length
      ? `${settings.holes.length} hole${settings.holes.length > 1 ? "s" : ""}: ${settings.holes.slice(0, 12).map((sq) => squareName(sq, settings.rows)).join(", ")}${settings.holes.length > 12 ? ", …" : ""}`
      : "No holes. Holes are squares the knight may not visit.");

    const { text, detail } = describeStatus(state);
    setText(el.status, text);
    setText(el.detail, detail);
    el.statusBox.dataset.status = state.status;
    el.stop.hidden = state.status !== "solving";

    const py = state.python;
    el.loading.hidden = py.ready && !py.failed;
    el.loading.classList.toggle("failed", Boolean(py.failed));
    setText(el.loadingText, py.failed
      ? `The solver could not start: ${py.failed}`
      : `Loading the solver: ${py.stage} in your browser (about 10 s the first time)… ${Math.floor(py.ms / 1000)} s`);

    if (state.paramErrors !== shownErrors) {
      shownErrors = state.paramErrors;
      el.errors.replaceChildren(...state.paramErrors.map(({ param, message }) => {
        const li = doc.createElement("li");
        li.dataset.param = param;
        li.textContent = message;
        return li;
      }));
      el.errors.hidden = state.paramErrors.length === 0;
    }

    const [hintClass, hint] = hintFor(state);
    el.hint.className = `hint ${hintClass}`;
    setText(el.hintText, hint);

    el.search.hidden = !state.events;
    setText(el.search, state.search ? "Back to the tour" : `Watch the search (${number(state.events ? state.events.length : 0)} steps)`);
    const { length: total, position } = timeline(state);
    const atEnd = total > 0 && position >= total;
    const first = state.search ? 0 : 1;
    for (const b of [el.restart, el.back]) b.disabled = total === 0 || position <= first;
    for (const b of [el.forward, el.showAll]) b.disabled = total === 0 || atEnd;
    el.play.disabled = total === 0;
    el.play.classList.toggle("playing", state.playing);
    el.play.setAttribute("aria-label", state.playing ? "Pause" : atEnd ? "Replay" : "Play");
    el.position.min = String(first);
    el.position.max = String(Math.max(1, total));
    el.position.value = String(Math.max(first, position));
    el.position.disabled = total === 0;
    setText(el.moveCount, state.search
      ? `Search step ${number(position)} of ${number(total)}: depth ${state.search.stack.length}, ${number(state.search.backtracks)} backtracks`
      : total ? `Move ${number(position)} of ${number(total)}` : "No tour yet");
    if (doc.activeElement !== el.speed) el.speed.value = String(sliderFromSpeed(state.speed));
    setText(el.speedValue, `${number(state.speed)} ${state.search ? "steps" : "moves"}/s`);
    el.copy.disabled = !settings.start;
    if (linkFor && linkFor !== settings) {
      linkFor = null;
      el.link.hidden = true;
      setText(el.copyResult, "");
    }
  }

  function announce(text) {
    setText(el.cursorName, text);
  }

  function setMethods(methods) {
    for (const name of methods) {
      if (![...el.method.options].some((o) => o.value === name)) {
        const option = doc.createElement("option");
        option.value = name;
        option.textContent = name;
        el.method.append(option);
      }
    }
  }

  return {
    sync,
    announce,
    setMethods,
    unbind: () => off.forEach((fn) => fn()),
  };
}
