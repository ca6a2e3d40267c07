import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../src/webhooks/signer.js';
import { createEndpoint, DELIVERY_ENV } from './helpers/webhook-fixtures.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer } from './helpers/test-server.js';
import { ok, startReceiver, type Receiver } from './helpers/webhook-receiver.js';

let database: TestDatabase;
let receiver: Receiver;
beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver(ok);
});
afterAll(async () => {
  await receiver?.close();
  await database?.dispose();
});

describe('signing secrets across restarts', () => {
  it('a generated server key is reused after a restart, so stored secrets still sign', async () => {
    const first = await startTestServer(DELIVERY_ENV, { database });
    const key = await first.createKey({ user: 'restart-owner' });
    const endpoint = await createEndpoint(first, key, { url: `${receiver.url}/hook` });
    await first.close();

    const second = await startTestServer(DELIVERY_ENV, { database });
    try {
      const result = await (await second.api(key, `/webhooks/endpoints/${endpoint.id}/test`, { method: 'POST' })).json();
      expect(result.success).toBe(true);
      const request = receiver.requests.at(-1)!;
      expect(verifyWebhookSignature(endpoint.secret, request.headers, request.rawBody).ok).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('with another WEBHOOK_SECRET_KEY the stored secret cannot be read: the attempt fails and nothing is sent', async () => {
    const sent = receiver.requests.length;
    const first = await startTestServer({ ...DELIVERY_ENV, WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') }, { database });
    const key = await first.createKey({ user: 'key-change-owner' });
    const endpoint = await createEndpoint(first, key, { url: `${receiver.url}/hook` });
    await first.close();

    const second = await startTestServer({ ...DELIVERY_ENV, WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') }, { database });
    try {
      const result = await (await second.api(key, `/webhooks/endpoints/${endpoint.id}/test`, { method: 'POST' })).json();
      expect(result).toMatchObject({ success: false, delivery: { status: 3, attempts: 1 } });
      expect(result.detail).toContain('signing secret unreadable');
      expect(receiver.requests.length).toBe(sent);
    } finally {
      await second.close();
    }
  });
});
