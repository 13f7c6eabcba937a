// The play part's messages, Simplified Chinese (the same keys as en/play.js).
export default {
};
