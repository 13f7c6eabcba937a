// The play part's messages, English.
export default {
};
