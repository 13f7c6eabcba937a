// The tour part's messages, English.
export default {
};
