// Who may decide where interview data goes, what a webhook URL may carry, and
// how many endpoints one owner may register.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndedInterview, createEndpoint, DELIVERY_ENV, emit, FAST_WORKER, waitForDelivery } from './helpers/webhook-fixtures.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

let t: TestServer;
let receiver: Receiver;
let other: Receiver;

beforeAll(async () => {
  t = await startTestServer({ ...DELIVERY_ENV, WEBHOOK_MAX_ENDPOINTS_PER_OWNER: '3' }, FAST_WORKER);
  receiver = await startReceiver();
  other = await startReceiver();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await other?.close();
});

describe('a key with the webhooks scope but not interviews:read', () => {
  it('cannot create an endpoint nor point one elsewhere, so it cannot receive interview data it may not read', async () => {
    const full = await t.createKey({ user: 'scope-owner' });
    const webhooksOnly = await t.createKey({ user: 'scope-owner', scopes: ['webhooks'] });
    const endpoint = await createEndpoint(t, full, { url: `${receiver.url}/hook` });
    const interviewId = await createEndedInterview(t, full);
    const [deliveryId] = await emit(t, interviewId);
    await waitForDelivery(t, full, deliveryId!);

    expect((await t.api(webhooksOnly, `/interview/transcript/${interviewId}`)).status).toBe(403);
    const created = await t.api(webhooksOnly, '/webhooks/endpoints', { method: 'POST', json: { url: `${other.url}/steal` } });
    expect(created.status).toBe(403);
    expect(await created.json()).toEqual({ detail: 'PermissionDeniedException' });
    const moved = await t.api(webhooksOnly, `/webhooks/endpoints/${endpoint.id}`, { method: 'PATCH', json: { url: `${other.url}/steal` } });
    expect(moved.status).toBe(403);

    // It still manages what a reader set up: list, rename, replay to the URL the reader chose.
    expect((await t.api(webhooksOnly, '/webhooks/endpoints')).status).toBe(200);
    expect((await t.api(webhooksOnly, `/webhooks/endpoints/${endpoint.id}`, { method: 'PATCH', json: { name: 'renamed' } })).status).toBe(
      200,
    );
    const replay = await t.api(webhooksOnly, `/webhooks/deliveries/${deliveryId}/redeliver`, { method: 'POST' });
    expect(replay.status).toBe(200);
    await waitForDelivery(t, full, ((await replay.json()) as { id: string }).id);
    expect(receiver.requests.length).toBeGreaterThanOrEqual(2);
    expect(other.requests).toHaveLength(0);
  });
});

describe('webhook URLs', () => {
  it('refuses user:password@ credentials with a 422 in the validation shape, on create and on update', async () => {
    const key = await t.createKey();
    const url = 'https://alice:s3cret@hooks.example.com/x';
    const created = await t.api(key, '/webhooks/endpoints', { method: 'POST', json: { url } });
    expect(created.status).toBe(422);
    const body = (await created.json()) as { detail: { loc: string[]; type: string; input: string }[] };
    expect(body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'url_credentials' });

    const endpoint = await createEndpoint(t, key, { url: `${receiver.url}/hook` });
    const updated = await t.api(key, `/webhooks/endpoints/${endpoint.id}`, {
      method: 'PATCH',
      json: { url: 'https://token@hooks.example.com/' },
    });
    expect(updated.status).toBe(422);
    const read = (await (await t.api(key, `/webhooks/endpoints/${endpoint.id}`)).json()) as { url: string };
    expect(read.url).toBe(`${receiver.url}/hook`);
  });
});

describe('endpoints per owner', () => {
  it('answers 409 WebhookEndpointLimitReached past WEBHOOK_MAX_ENDPOINTS_PER_OWNER; other owners are not affected', async () => {
    const key = await t.createKey();
    for (let i = 0; i < 3; i++) await createEndpoint(t, key, { url: `${receiver.url}/n${i}` });
    const refused = await t.api(key, '/webhooks/endpoints', { method: 'POST', json: { url: `${receiver.url}/n4` } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ detail: 'WebhookEndpointLimitReached' });

    await createEndpoint(t, await t.createKey(), { url: `${receiver.url}/someone-else` });
    const list = (await (await t.api(key, '/webhooks/endpoints')).json()) as unknown[];
    expect(list).toHaveLength(3);
  });
});
