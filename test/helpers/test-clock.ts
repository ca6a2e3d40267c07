import type { Clock } from '../../src/shared/clock.js';

/** A clock that follows real time but can be moved forward, for expiry and rate-limit windows. */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
