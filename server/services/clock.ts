/**
 * The services' clock: what "now" is for dated content and seasonal collections. Production reads the
 * system clock; tests inject one they move, so a boundary is crossed without waiting for it.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
