// The play part's messages, English: play mode (the verdict, the moves, the hint, the
// notices, the panel's buttons) and "Check a tour" (reading a pasted tour, the validator's
// verdict).
export default {
  // Lists of squares.
  "play.list.separator": ", ",
  "play.list.more": "{list}, …",

  // The verdict on the position.
  "play.placeKnight": "Click any square to place the knight there.",
  "play.verdict.complete": "Tour complete: you visited all {count} squares!",
  "play.verdict.completeClosed": "Tour complete: you visited all {count} squares! It is a closed tour: the last square is a knight move from the first.",
  "play.verdict.possible": "Still possible: a tour can finish from here.",
  "play.verdict.lost": "No tour can finish from here: {reason}.",
  "play.verdict.checking": "Checking whether a tour can still finish from here…",
  "play.verdict.unknown": "Unknown: the check could not decide within its budget.",
  "play.verdict.unknownWhy": "Unknown: the check could not decide within its budget ({reason}).",
  // Play's own reasons (the solver's come from Python).
  "play.reason.notClosed": "every square is visited, but the last is not a knight move from the first, so the tour is not closed",
  "play.reason.stuck": "the knight has no move left to an unvisited square",
  "play.reason.checkFailed": "the check failed: {error}",

  // Where the knight is.
  "play.moves.where": "Square {n} of {total}: the knight is on {square}.",
  "play.moves.stuck": "Square {n} of {total}: the knight is on {square}. It has no legal move left.",
  "play.moves.legal": {
    one: "Square {n} of {total}: the knight is on {square}. {count} legal move: {list}.",
    other: "Square {n} of {total}: the knight is on {square}. {count} legal moves: {list}.",
  },
  "play.moveTo": "Move to {square}",

  // The hint.
  "play.hint.move": "Hint: move to {square}.",
  "play.hint.lost": "No hint: no tour can finish from here.",
  "play.hint.lostUndo": {
    one: "No hint: no tour can finish from here. Undo {count} move to get back to a position that can still finish.",
    other: "No hint: no tour can finish from here. Undo {count} moves to get back to a position that can still finish.",
  },
  "play.hint.looking": "Looking for a hint…",
  "play.hint.unknown": "No hint: the check could not decide within its budget.",
  "play.board.complete": "Tour complete! Replay it with the buttons below, or share it with “Copy link”.",
  "play.board.move": "Tap or click a highlighted square to move the knight.",
  "play.finished.valid": "Checked by the validator: a valid tour. Replay it with the buttons below the board, or share it with “Copy link”.",
  "play.finished.rejected": "The validator rejected this path: {message}",

  // Notices about a move that was not played.
  "play.notice.hole": "{square} is a hole; the knight may not visit it.",
  "play.notice.visited": "{square} is already visited; the highlighted squares are the legal moves.",
  "play.notice.notMove": "{square} is not a knight move from {from}; the highlighted squares are the legal moves.",
  "play.notice.leg": "{square} is a knight move from {from}, but its leg {leg} is a hole (xiangqi rule); the highlighted squares are the legal moves.",
  "play.notice.gameStops": "The linked game stops before move {move}: {square} is not a legal move there.",

  // The panel's buttons.
  "play.undo": "Undo",
  "play.redo": "Redo",
  "play.hint": "Hint",
  "play.restart": "Restart",

  // Reading a pasted tour: a numbered board, moves, or the command line's JSON.
  "play.sentences": "{first} {second}",
  "play.read.nothing": "Nothing to check: paste a tour or open a file.",
  "play.read.tooLong": "The text is {length} characters long; at most {max} are read (a numbered board up to about 300 x 300). Nothing was read.",
  "play.read.tooBig": "The board is {rows} x {cols}; sides up to {max} are allowed.",
  "play.read.over": "The board reads as {rows} x {cols} with {free} squares to visit, but {square} holds {n}; the numbers must run from 1 to {free}.",
  "play.read.missing": "Move {n} is missing: no square holds {n}.",
  "play.read.missingAfter": "Move {n} is missing: no square holds {n}, so the path breaks after {square} ({previous}).",
  "play.read.writtenOn": "{n} is written on {squares}.",
  "play.read.twice": "Move {n} is written twice: on {squares}; each number must appear once.",
  "play.read.noNumbers": "The board ({rows} x {cols}) holds no move numbers.",
  "play.read.stopsOne": "The numbers stop at {last} on a board with {free} squares to visit: {free} is missing, and {squares} holds no number.",
  "play.read.stopsMany": "The numbers stop at {last} on a board with {free} squares to visit: {next} to {free} are missing, and {squares} hold no number.",
  "play.read.notSquare": "“{token}” (word {n}) is not a square name; write moves like a1 c2 e1, or paste a numbered board.",
  "play.read.offBoards": "{token} is off every board this page draws (sides up to {max}).",
  "play.read.noMoves": "No moves found; write moves like a1 c2 e1, or paste a numbered board.",
  "play.json.invalid": "The text starts like JSON but is not valid JSON ({error}).",
  "play.json.notObject": "The JSON must be an object like the command line writes ({example}).",
  "play.json.sides": "The JSON's rows and cols must be whole numbers from 1 to {max}.",
  "play.json.noTour": "The JSON holds no tour; it needs a \"{path}\" of [row, col] pairs or \"{moves}\" of square names.",
  "play.json.noTourStatus": "The JSON holds no tour (its status is “{status}”); it needs a \"{path}\" of [row, col] pairs or \"{moves}\" of square names.",
  "play.json.noTourReason": "The JSON holds no tour (its status is “{status}”: {reason}); it needs a \"{path}\" of [row, col] pairs or \"{moves}\" of square names.",
  "play.json.step": "step {i}",
  "play.json.blocked": "blocked square {n}",
  "play.json.notSquare": "The JSON's {what}: “{item}” is not a square of the {rows} x {cols} board.",
  "play.json.offBoard": "The JSON's {what}: {pair} is off the {rows} x {cols} board.",
  "play.json.notItem": "The JSON's {what} must be a square name or a [row, col] pair.",
  "play.json.error": "The JSON could not be read ({error}).",

  // Checking a pasted tour: the validator's verdict, and texts too long to read.
  "play.check.checking": "Checking with the validator…",
  "play.check.valid": "A valid tour of the {rows} x {cols} board ({count} squares), checked by the validator.",
  "play.check.validClosed": "A valid closed tour of the {rows} x {cols} board ({count} squares), checked by the validator.",
  "play.check.notTour": "Not a tour: {message}.",
  "play.check.numbers": "On the board these are the numbers {first} and {second}.",
  "play.check.numberOne": "On the board these are the numbers 1.",
  "play.check.fileUnread": "The file could not be read: {error}.",
  "play.check.run": "Check",
  // The limit is written in words here (MAX_TEXT_CHARS in pasted-tour/text.js: 1,000,000).
  "play.tooLong.text": "The text is {mb} MB; at most 1 million characters are read (a numbered board up to about 300 x 300). Nothing was read.",
  "play.tooLong.pasted": "The pasted text is {mb} MB; at most 1 million characters are read (a numbered board up to about 300 x 300). Nothing was read.",
  "play.tooLong.dropped": "The dropped text is {mb} MB; at most 1 million characters are read (a numbered board up to about 300 x 300). Nothing was read.",
  "play.tooLong.file": "The file is {mb} MB; at most 1 million characters are read (a numbered board up to about 300 x 300). Nothing was read.",
  "play.tooLong.named": "The file “{name}” is {mb} MB; at most 1 million characters are read (a numbered board up to about 300 x 300). Nothing was read.",
  // Phones and plain words: the posts' vocabulary (i18n/GLOSSARY.md)
  "play.board.keys": " Arrow keys and Enter move too; Ctrl+Z undoes a move.",
  "play.legs": "Blocked legs (xiangqi rule): {list}.",
  "play.leg": "{target} (its leg {leg} is a hole)",
  "play.rule.xiangqi": "Xiangqi rule on: a move is blocked when the square next to the horse on its way (its leg) is a hole.",

  // Playing a leaper (docs/leapers.md): where it is and where it can jump, in its name
  "play.leaper.place": "Click any square to place {piece} there.",
  "play.leaper.about": "Move {piece} yourself; the solver says whether you can still finish.",
  "play.leaper.move": "Tap or click a highlighted square to move {piece}.",
  "play.leaper.where": "Square {n} of {total}: {piece} is on {square}.",
  "play.leaper.stuck": "Square {n} of {total}: {piece} is on {square}. It has no legal jump left.",
  "play.leaper.legal": {
    one: "Square {n} of {total}: {piece} is on {square}. {count} square it can reach from here: {list}.",
    other: "Square {n} of {total}: {piece} is on {square}. {count} squares it can reach from here: {list}.",
  },
  "play.leaper.notJump": "{square} is not a jump of {piece} from {from}; the highlighted squares are the legal moves.",
  "play.leaper.stuckReason": "{piece} has no jump left to an unvisited square",
  "play.leaper.notClosed": "every square is visited, but the last is not one jump of {piece} from the first, so the tour is not closed",
  "play.leaper.completeClosed": "Tour complete: you visited all {count} squares! It is a closed tour: the last square is one jump of {piece} from the first.",
  "play.rule.leaper": {
    one: "Playing {piece}: each jump goes {a} square one way and {b} the other. The highlighted squares are the ones it can reach from here.",
    other: "Playing {piece}: each jump goes {a} squares one way and {b} the other. The highlighted squares are the ones it can reach from here.",
  },
  "play.leaper.hole": "{square} is a hole; {piece} may not visit it.",
};
