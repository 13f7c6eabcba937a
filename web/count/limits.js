// How far counting tours goes: every tour is enumerated, so only small boards are offered.

/** Counting tours is offered on boards up to this many free squares. */
export const COUNT_MAX_SQUARES = 64;
