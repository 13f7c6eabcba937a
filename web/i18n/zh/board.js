// The board part's messages, Simplified Chinese (the same keys as en/board.js).
export default {
};
