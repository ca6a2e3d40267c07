// Finding 5 and part of finding 10 (issue 17): the throttle on failed
// authentication refuses only failing attempts, counts IPv6 by /64, and
// behind TRUSTED_PROXIES counts the address X-Forwarded-For names (the
// rightmost hop that is not a trusted proxy). Failed /metrics tokens count too.
// Real server, real HTTP client bound to chosen loopback addresses.

import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSessionUrl } from '../src/session/protocol.js';
import { createJobInterview, details, eventually } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const UNKNOWN_INTERVIEW = '/interview/details/00000000-0000-4000-8000-000000000000';
const WRONG_KEY = `sk_int_${'A'.repeat(32)}`;

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/** A GET from a chosen local address (127.0.0.0/8 is all loopback), with extra headers. */
function getFrom(t: TestServer, localAddress: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.url}${path}`, { localAddress, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
    });
    req.on('error', reject).end();
  });
}

function apiFrom(t: TestServer, localAddress: string, key: string, forwardedFor?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-application-secret-key': key };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return getFrom(t, localAddress, UNKNOWN_INTERVIEW, headers);
}

/** A window of this test's own: Redis counters are shared by every test file that fails authentication. */
function freshWindow(t: TestServer): void {
  const now = t.clock.now().getTime();
  t.clock.advance(Math.floor(Math.random() * 1e6) * 60_000 + 60_000 - (now % 60_000) + 100);
}

async function statuses(count: number, send: () => Promise<Answer>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).status);
  return out;
}

describe('failed authentication without trusted proxies', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ AUTH_FAILURES_PER_MINUTE: '3' });
  });
  afterAll(() => t?.close());

  it('past the limit answers failing attempts 429 with Retry-After, while a right key from the same address still works', async () => {
    freshWindow(t);
    const key = await t.createKey();
    expect(await statuses(3, () => apiFrom(t, '127.0.0.1', WRONG_KEY))).toEqual([401, 401, 401]);

    const throttled = await apiFrom(t, '127.0.0.1', WRONG_KEY);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(throttled.retryAfter)).toBeLessThanOrEqual(60);
    // The right key is not locked out by someone else's guessing from the same address (NAT, an office, a proxy).
    expect(await statuses(3, () => apiFrom(t, '127.0.0.1', key))).toEqual([404, 404, 404]);
    expect((await apiFrom(t, '127.0.0.1', '')).status).toBe(429);
    // Another address has its own budget.
    expect((await apiFrom(t, '127.0.0.2', WRONG_KEY)).status).toBe(401);

    t.clock.advance(60_000);
    expect((await apiFrom(t, '127.0.0.1', WRONG_KEY)).status).toBe(401);
  });

  it('ignores X-Forwarded-For: a client cannot choose the address it is counted under', async () => {
    freshWindow(t);
    const forged = await statuses(4, () => apiFrom(t, '127.0.0.3', WRONG_KEY, `198.51.100.${Math.floor(Math.random() * 250)}`));
    expect(forged).toEqual([401, 401, 401, 429]);
  });
});

describe('failed authentication behind TRUSTED_PROXIES=127.0.0.1', () => {
  let t: TestServer;
  let key: string;
  beforeAll(async () => {
    t = await startTestServer({ AUTH_FAILURES_PER_MINUTE: '3', TRUSTED_PROXIES: '127.0.0.1' });
    key = await t.createKey();
  });
  afterAll(() => t?.close());

  it('counts each forwarded client address on its own, not the proxy', async () => {
    freshWindow(t);
    expect(await statuses(4, () => apiFrom(t, '127.0.0.1', WRONG_KEY, '198.51.100.7'))).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not affected, and neither is the right key of the first.
    expect((await apiFrom(t, '127.0.0.1', WRONG_KEY, '198.51.100.8')).status).toBe(401);
    expect((await apiFrom(t, '127.0.0.1', key, '198.51.100.7')).status).toBe(404);
    // Hops a client writes itself sit left of what the proxy appended: the rightmost untrusted hop counts.
    expect((await apiFrom(t, '127.0.0.1', WRONG_KEY, '203.0.113.1, 198.51.100.7')).status).toBe(429);
  });

  it('trusts the header only from the listed proxy: another peer is counted by its own address', async () => {
    freshWindow(t);
    const fromElsewhere = await statuses(4, () => apiFrom(t, '127.0.0.4', WRONG_KEY, `198.51.100.${Math.floor(Math.random() * 250)}`));
    expect(fromElsewhere).toEqual([401, 401, 401, 429]);
  });

  it('counts IPv6 clients by their /64, so rotating addresses inside it gains nothing', async () => {
    freshWindow(t);
    const rotating = await statuses(4, () =>
      apiFrom(t, '127.0.0.1', WRONG_KEY, `2001:db8:5:6::${Math.floor(Math.random() * 0xffff).toString(16)}`),
    );
    expect(rotating).toEqual([401, 401, 401, 429]);
    expect((await apiFrom(t, '127.0.0.1', WRONG_KEY, '2001:db8:5:7::1')).status).toBe(401);
  });

  it("stores the forwarded address as the candidate's IP", async () => {
    const id = await createJobInterview(t, key);
    const socket = new WebSocket(candidateSessionUrl(t.url, id), {
      headers: { 'x-forwarded-for': '198.51.100.23' },
      localAddress: '127.0.0.1',
    });
    socket.on('error', () => {});
    try {
      await eventually(async () => expect((await details(t, key, id)).userip).toBe('198.51.100.23'));
    } finally {
      socket.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ AUTH_FAILURES_PER_MINUTE: '3', METRICS_TOKEN: 'metrics-token-0123456789' });
  });
  afterAll(() => t?.close());

  const metricsFrom = (localAddress: string, token: string) => getFrom(t, localAddress, '/metrics', { authorization: `Bearer ${token}` });

  it('counts wrong tokens against the failed-authentication throttle; the right token still works', async () => {
    freshWindow(t);
    const wrong = await statuses(4, () => metricsFrom('127.0.0.5', 'guess-0123456789'));
    expect(wrong).toEqual([401, 401, 401, 429]);
    expect(Number((await metricsFrom('127.0.0.5', 'guess-again')).retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await metricsFrom('127.0.0.5', 'metrics-token-0123456789')).status).toBe(200);
    // The API shares the budget: the address's wrong keys are throttled as well.
    expect((await apiFrom(t, '127.0.0.5', WRONG_KEY)).status).toBe(429);
  });
});
