import { describe, expect, it } from 'vitest';
import { afterAttempt } from './circuit-breaker.js';

const settings = { failureThreshold: 3, pauseMs: 60_000 };
const now = new Date('2026-01-01T00:00:00.000Z');

describe('the circuit breaker', () => {
  it('stays closed below the threshold and counts the failures', () => {
    expect(afterAttempt(1, false, now, settings)).toEqual({ consecutiveFailures: 2, pausedUntil: null, note: null });
  });

  it('opens at the threshold, pausing the endpoint and saying why', () => {
    const verdict = afterAttempt(2, false, now, settings);
    expect(verdict.pausedUntil).toBe('2026-01-01T00:01:00.000Z');
    expect(verdict.note).toBe('endpoint paused until 2026-01-01T00:01:00.000Z after 3 consecutive failed attempts');
  });

  it('re-opens when the trial attempt after a pause fails, and closes on a success', () => {
    expect(afterAttempt(3, false, now, settings).pausedUntil).not.toBeNull();
    expect(afterAttempt(7, true, now, settings)).toEqual({ consecutiveFailures: 0, pausedUntil: null, note: null });
  });
});
