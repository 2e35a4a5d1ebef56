/** Source of the current time, injected so tests can move it (trials, billing, expiry). */
export type Clock = { now(): Date };

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };
