// Finding 10 (issue 17), the webhook side: the SSRF guard takes IPv6 only
// from global unicast (2000::/3) minus its special-purpose blocks, and only
// the web's ports (WEBHOOK_ALLOWED_PORTS, 80 and 443 by default). Real server.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

async function register(t: TestServer, key: string, url: string): Promise<{ status: number; body: unknown }> {
  const response = await t.api(key, '/webhooks/endpoints', { method: 'POST', json: { url } });
  return { status: response.status, body: await response.json() };
}

describe('with the default settings', () => {
  let t: TestServer;
  let key: string;
  beforeAll(async () => {
    t = await startTestServer();
    key = await t.createKey();
  });
  afterAll(() => t?.close());

  it.each([
    'https://[5f00::1]/hook', // SRv6 SIDs, outside global unicast
    'https://[4000::1]/hook', // unassigned
    'https://[3fff::1]/hook', // documentation (RFC 9637)
    'https://[3fff:fff:ffff::1]/hook',
    'https://[2001:2::1]/hook', // benchmarking
    'https://[2001:20::1]/hook', // ORCHIDv2
  ])('refuses the non-global IPv6 target %s with WebhookTargetNotAllowed', async (url) => {
    expect(await register(t, key, url)).toEqual({ status: 422, body: { detail: 'WebhookTargetNotAllowed' } });
  });

  it.each(['https://93.184.216.34:22/hook', 'https://93.184.216.34:6379/hook', 'https://[2606:4700:4700::1111]:8443/hook'])(
    'refuses the port of %s',
    async (url) => {
      expect(await register(t, key, url)).toEqual({ status: 422, body: { detail: 'WebhookTargetNotAllowed' } });
    },
  );

  it('accepts public targets on 443, written or not', async () => {
    expect((await register(t, key, 'https://93.184.216.34:443/hook')).status).toBe(201);
    expect((await register(t, key, 'https://[2606:4700:4700::1111]/hook')).status).toBe(201);
  });
});

describe('with WEBHOOK_ALLOWED_PORTS=8443', () => {
  let t: TestServer;
  let key: string;
  beforeAll(async () => {
    t = await startTestServer({ WEBHOOK_ALLOWED_PORTS: '8443' });
    key = await t.createKey();
  });
  afterAll(() => t?.close());

  it('allows exactly the listed ports, still on public addresses only', async () => {
    expect((await register(t, key, 'https://93.184.216.34:8443/hook')).status).toBe(201);
    expect(await register(t, key, 'https://93.184.216.34/hook')).toEqual({ status: 422, body: { detail: 'WebhookTargetNotAllowed' } });
    expect(await register(t, key, 'https://10.0.0.1:8443/hook')).toEqual({ status: 422, body: { detail: 'WebhookTargetNotAllowed' } });
  });
});
