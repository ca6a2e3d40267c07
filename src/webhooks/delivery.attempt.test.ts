import { describe, expect, it } from 'vitest';
import { backoffDelayMs, decide, type RetryPolicy } from './delivery.attempt.js';
import { parseRetryAfter, type SendResult } from './sender.js';

const policy = (random: number): RetryPolicy => ({ backoffBaseSeconds: 10, retryAfterCapSeconds: 600, random: () => random });
const response = (status: number, retryAfterSeconds: number | null = null): SendResult => ({
  kind: 'response',
  status,
  retryAfterSeconds,
  bodyExcerpt: 'nope',
  durationMs: 5,
});

describe('back-off', () => {
  it('is base x 2^(n-1) with +-20 % jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, policy(0.5)))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffDelayMs(1, policy(0))).toBe(8_000);
    expect(backoffDelayMs(1, policy(1))).toBe(12_000);
  });
});

describe('deciding an attempt', () => {
  it('2xx succeeds', () => {
    expect(decide(response(204), 1, 3, policy(0.5))).toEqual({ outcome: 'success', responseStatus: 204, error: null });
  });

  it.each([400, 401, 403, 404, 410, 422])('%i fails for good', (status) => {
    expect(decide(response(status), 1, 3, policy(0.5))).toMatchObject({
      outcome: 'failed',
      responseStatus: status,
      error: `HTTP ${status}: nope`,
    });
  });

  it.each([408, 409, 425, 429, 500, 502, 503])('%i is retried until the last attempt', (status) => {
    expect(decide(response(status), 1, 3, policy(0.5))).toMatchObject({ outcome: 'retry', delayMs: 10_000 });
    expect(decide(response(status), 3, 3, policy(0.5))).toMatchObject({ outcome: 'failed' });
  });

  it('a redirect is a failed attempt, not followed', () => {
    expect(decide(response(301), 1, 3, policy(0.5))).toMatchObject({ outcome: 'failed', responseStatus: 301 });
  });

  it('network errors and timeouts are retried; a refused target is not', () => {
    expect(decide({ kind: 'timeout', error: 'timed out', durationMs: 1 }, 1, 3, policy(0.5))).toMatchObject({
      outcome: 'retry',
      responseStatus: null,
    });
    expect(decide({ kind: 'network', error: 'ECONNREFUSED', durationMs: 1 }, 2, 3, policy(0.5))).toMatchObject({
      outcome: 'retry',
      delayMs: 20_000,
    });
    expect(decide({ kind: 'blocked', error: 'private', durationMs: 0 }, 1, 3, policy(0.5))).toMatchObject({ outcome: 'failed' });
  });

  it('honours Retry-After above the back-off, up to the cap', () => {
    expect(decide(response(429, 30), 1, 3, policy(0.5))).toMatchObject({ delayMs: 30_000 });
    expect(decide(response(503, 1), 1, 3, policy(0.5))).toMatchObject({ delayMs: 10_000 });
    expect(decide(response(429, 86_400), 1, 3, policy(0.5))).toMatchObject({ delayMs: 600_000 });
  });

  it('truncates a long error', () => {
    const long: SendResult = { kind: 'response', status: 500, retryAfterSeconds: null, bodyExcerpt: 'x'.repeat(5000), durationMs: 1 };
    expect((decide(long, 3, 3, policy(0.5)) as { error: string }).error.length).toBeLessThanOrEqual(1000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(new Date(Date.UTC(2025, 0, 1, 0, 1)).toUTCString(), Date.UTC(2025, 0, 1))).toBe(60);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});
