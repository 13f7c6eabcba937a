// The solver part's messages, Simplified Chinese (the same keys as en/solver.js).
export default {
};
