import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(() => t?.close());

const PATH = '/interview/details/00000000-0000-4000-8000-000000000000';

describe('rate limit per key', () => {
  it('answers 429 RateLimitReachedException with Retry-After past the limit, per key, until the window resets', async () => {
    // Start at the beginning of a window so the test cannot straddle a reset.
    const now = t.clock.now().getTime();
    t.clock.advance(60_000 - (now % 60_000) + 100);

    const key = await t.createKey();
    const other = await t.createKey();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.api(key, PATH)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);

    const limited = await t.api(key, PATH);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ detail: 'RateLimitReachedException' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

    // Another key has its own budget.
    expect((await t.api(other, PATH)).status).toBe(404);

    t.clock.advance(60_000);
    expect((await t.api(key, PATH)).status).toBe(404);
  });

  it('does not count requests that fail authentication against a key', async () => {
    const now = t.clock.now().getTime();
    t.clock.advance(60_000 - (now % 60_000) + 100);
    const key = await t.createKey();
    for (let i = 0; i < 10; i++) expect((await t.api('sk_int_wrong', PATH)).status).toBe(401);
    expect((await t.api(key, PATH)).status).toBe(404);
  });
});

describe('when the shared counter store is down', () => {
  it('keeps serving (availability over strictness) instead of answering 500', async () => {
    const unreachable = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const key = await unreachable.createKey();
      expect((await unreachable.api(key, PATH)).status).toBe(404);
      expect((await unreachable.api(key, PATH)).status).toBe(404);
    } finally {
      await unreachable.close();
    }
  });
});
