// The solver part's messages, English.
export default {
};
