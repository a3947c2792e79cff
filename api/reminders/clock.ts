/** Injected so quota and validation can be tested at any instant. */
export interface Clock {
  now(): Date;
}

export const REMINDERS_CLOCK = Symbol('REMINDERS_CLOCK');

export const systemClock: Clock = { now: () => new Date() };
