// The export part's messages, English.
export default {
};
