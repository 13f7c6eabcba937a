// The learn part's messages, English.
export default {
};
