// The a11y part's messages, English.
export default {
};
