// The link part's messages, Simplified Chinese (the same keys as en/link.js).
export default {
};
