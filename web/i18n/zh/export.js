// The export part's messages, Simplified Chinese (the same keys as en/export.js).
export default {
};
