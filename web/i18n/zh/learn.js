// The learn part's messages, Simplified Chinese (the same keys as en/learn.js).
export default {
};
