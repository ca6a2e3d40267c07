/** The clock is a side effect: services take one so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO-8601 in UTC with milliseconds; sorts correctly as text on both engines. */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
