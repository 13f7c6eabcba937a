// The board's messages, English: the canvas's name for screen readers and the zoom level.
export default {
  "board.canvas.role": "board",
  "board.canvas.label": "Board. Arrow keys move between squares, Page Up and Page Down ten ranks, Home and End to the edges; Enter starts the tour on the square; plus and minus zoom, 0 shows the whole board. The squares are also listed in the table “Squares”.",
  "board.zoom.level": "Zoom {zoom}×, squares {cell} px",
  "board.zoom.whole": "Whole board",
};
