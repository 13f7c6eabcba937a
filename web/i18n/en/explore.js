// The explore part's messages, English.
export default {
};
