// The link part's messages, English.
export default {
};
