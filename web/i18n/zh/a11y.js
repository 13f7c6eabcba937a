// The a11y part's messages, Simplified Chinese (the same keys as en/a11y.js).
export default {
};
