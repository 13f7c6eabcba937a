// The explore part's messages, Simplified Chinese (the same keys as en/explore.js).
export default {
};
