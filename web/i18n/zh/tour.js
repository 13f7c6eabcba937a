// The tour part's messages, Simplified Chinese (the same keys as en/tour.js).
export default {
};
