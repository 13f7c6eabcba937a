// The export part's messages, English: the list of files to save, their sizes and notes,
// printing, and the words inside the images. The text and JSON files themselves have no
// words to translate: they are the command line's formats, the same in every language.
export default {
  "export.print": "Print…",
  "export.label.board": "Numbered board (text)",
  "export.label.moves": "Moves (algebraic)",
  "export.label.json": "JSON",
  "export.label.png": "PNG image",
  "export.label.svg": "SVG image",
  "export.note.board": "the board with each square's move number, to read or print",
  "export.note.moves": "squares in visiting order, {count} to a line",
  "export.note.json": "the tour as data, for your own programs",
  "export.note.png": "{width} x {height} px, {cell} px per square",
  "export.note.png.numbers": "{width} x {height} px, {cell} px per square, with move numbers",
  "export.note.png.no-numbers": "{width} x {height} px, {cell} px per square, without numbers (they need {min} px squares)",
  "export.note.svg.numbers": "with move numbers",
  "export.note.svg.path": "path only",
  "export.note.svg.too-many": "without numbers (numbers only up to {max} squares)",
  "export.bytes": { one: "{count} B", other: "{count} B" },
  "export.size": "{size}: {note}",
  "export.size-about": "about {size}: {note}",
  "export.making": "Making {label}…",
  "export.saved": "Saved {file} ({size}).",
  "export.failed": "Could not make {label}: {error}",
  "export.worker-failed": "the export worker failed",
  "export.unknown-format": "unknown export format {format}",
  // The SVG image's title, description (also its alt text) and the start and end marks' tips.
  "export.svg.title": "Knight's tour, {rows} x {cols}",
  "export.svg.start": "start {square}",
  "export.svg.end": "end {square}",
  "export.describe.open": "An open knight's tour of the {rows} x {cols} board: {squares} squares from {from} to {to}.",
  "export.describe.closed": "A closed knight's tour of the {rows} x {cols} board: {squares} squares from {from} to {to}.",
  "export.describe.open-holes": {
    one: "An open knight's tour of the {rows} x {cols} board, {count} hole: {squares} squares from {from} to {to}.",
    other: "An open knight's tour of the {rows} x {cols} board, {count} holes: {squares} squares from {from} to {to}.",
  },
  "export.describe.closed-holes": {
    one: "A closed knight's tour of the {rows} x {cols} board, {count} hole: {squares} squares from {from} to {to}.",
    other: "A closed knight's tour of the {rows} x {cols} board, {count} holes: {squares} squares from {from} to {to}.",
  },
  // A leaper's tour (docs/leapers.md): the title and description name the piece.
  "export.leaper.svg.title": "Tour of {piece}, {rows} x {cols}",
  "export.leaper.describe.open": "An open tour of {piece} on the {rows} x {cols} board: {squares} squares from {from} to {to}.",
  "export.leaper.describe.closed": "A closed tour of {piece} on the {rows} x {cols} board: {squares} squares from {from} to {to}.",
  "export.leaper.describe.open-holes": {
    one: "An open tour of {piece} on the {rows} x {cols} board, {count} hole: {squares} squares from {from} to {to}.",
    other: "An open tour of {piece} on the {rows} x {cols} board, {count} holes: {squares} squares from {from} to {to}.",
  },
  "export.leaper.describe.closed-holes": {
    one: "A closed tour of {piece} on the {rows} x {cols} board, {count} hole: {squares} squares from {from} to {to}.",
    other: "A closed tour of {piece} on the {rows} x {cols} board, {count} holes: {squares} squares from {from} to {to}.",
  },
};
