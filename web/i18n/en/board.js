// The board part's messages, English.
export default {
};
