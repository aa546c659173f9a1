/** The time source; injected everywhere so tests never depend on the wall clock. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
