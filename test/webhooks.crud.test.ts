import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpoint, DELIVERY_ENV } from './helpers/webhook-fixtures.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { ok, startReceiver } from './helpers/webhook-receiver.js';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer(DELIVERY_ENV);
  key = await t.createKey();
});
afterAll(() => t?.close());

const URL_A = 'http://127.0.0.1:9/a';

describe('registering and reading endpoints', () => {
  it('creates with defaults, returns the full secret once and only its first 6 characters afterwards', async () => {
    const response = await t.api(key, '/webhooks/endpoints', { method: 'POST', json: { url: URL_A } });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({
      url: URL_A,
      name: 'Default webhook',
      description: null,
      interview_type: null,
      event_types: null,
      is_active: true,
      last_success_at: null,
      last_failure_at: null,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.secret.length).toBeGreaterThanOrEqual(32);
    expect(created.secret_masked).toBe(created.secret.slice(0, 6));
    const read = await (await t.api(key, `/webhooks/endpoints/${created.id}`)).json();
    expect(read).not.toHaveProperty('secret');
    expect(read.secret_masked).toBe(created.secret.slice(0, 6));
    expect(read.created_at).toBe(created.created_at);
  });

  it('keeps the signing secret encrypted at rest, under a 0600 key file in DATA_DIR', async () => {
    const created = await createEndpoint(t, key, { url: URL_A });
    const row = await t.server.container.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row.secret_ciphertext).toMatch(/^v1:/);
    const keyFile = path.join(t.server.container.config.dataDir, 'webhook-secret.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('stores every optional field as given', async () => {
    const created = await createEndpoint(t, key, {
      url: 'https://hooks.example.com/x?y=1',
      name: 'ATS',
      description: 'prod receiver',
      interview_type: 1,
      event_types: ['interview.media_processed'],
      is_active: false,
    });
    expect(created).toMatchObject({
      name: 'ATS',
      description: 'prod receiver',
      interview_type: 1,
      event_types: ['interview.media_processed'],
      is_active: false,
    });
  });

  it('lists newest first, filters by is_active and pages with limit and offset', async () => {
    const own = await t.createKey();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await createEndpoint(t, own, { url: URL_A, name: `e${i}`, is_active: i % 2 === 0 })).id);
      t.clock.advance(3); // distinct created_at: ties are ordered by id
    }
    const all = await (await t.api(own, '/webhooks/endpoints')).json();
    expect(all.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
    const active = await (await t.api(own, '/webhooks/endpoints?is_active=true')).json();
    expect(active.map((e: { name: string }) => e.name)).toEqual(['e2', 'e0']);
    const inactive = await (await t.api(own, '/webhooks/endpoints?is_active=false')).json();
    expect(inactive.map((e: { name: string }) => e.name)).toEqual(['e3', 'e1']);
    const page = await (await t.api(own, '/webhooks/endpoints?limit=2&offset=1')).json();
    expect(page.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
  });
});

describe('updating and deleting endpoints', () => {
  it('changes only the fields sent; null clears the nullable ones', async () => {
    const created = await createEndpoint(t, key, {
      url: URL_A,
      name: 'n',
      description: 'd',
      interview_type: 0,
      event_types: ['interview.media_processed'],
    });
    const patched = await (await t.api(key, `/webhooks/endpoints/${created.id}`, { method: 'PATCH', json: { name: 'renamed' } })).json();
    expect(patched).toMatchObject({
      name: 'renamed',
      url: URL_A,
      description: 'd',
      interview_type: 0,
      event_types: ['interview.media_processed'],
      is_active: true,
    });
    const cleared = await (
      await t.api(key, `/webhooks/endpoints/${created.id}`, {
        method: 'PATCH',
        json: { description: null, interview_type: null, event_types: null, url: null, is_active: false },
      })
    ).json();
    expect(cleared).toMatchObject({
      name: 'renamed',
      url: URL_A,
      description: null,
      interview_type: null,
      event_types: null,
      is_active: false,
    });
    expect(cleared.secret_masked).toBe(created.secret_masked);
    expect(cleared.updated_at >= String(created.updated_at)).toBe(true);
  });

  it('deletes with 204 and an empty body; the endpoint is gone but its delivery history stays', async () => {
    const own = await t.createKey();
    const created = await createEndpoint(t, own, { url: URL_A });
    expect((await t.api(own, `/webhooks/endpoints/${created.id}/test`, { method: 'POST' })).status).toBe(200);
    const response = await t.api(own, `/webhooks/endpoints/${created.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await t.api(own, `/webhooks/endpoints/${created.id}`)).status).toBe(404);
    expect((await t.api(own, `/webhooks/endpoints/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    const history = await (await t.api(own, `/webhooks/deliveries?endpoint_id=${created.id}`)).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ endpoint_id: created.id, event: 'webhook.test' });
    const redeliver = await t.api(own, `/webhooks/deliveries/${history[0].id}/redeliver`, { method: 'POST' });
    expect(redeliver.status).toBe(404);
    expect(await redeliver.json()).toEqual({ detail: 'WebhookEndpointNotExist' });
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, (string | number)[], string][] = [
    ['missing url', {}, ['body', 'url'], 'missing'],
    ['url not a string', { url: 42 }, ['body', 'url'], 'string_type'],
    ['relative url', { url: '/hook' }, ['body', 'url'], 'url_parsing'],
    ['ftp url', { url: 'ftp://example.com/x' }, ['body', 'url'], 'url_scheme'],
    ['url with a newline', { url: 'http://127.0.0.1/a\nb' }, ['body', 'url'], 'url_parsing'],
    ['url over 2048', { url: `http://127.0.0.1/${'a'.repeat(2048)}` }, ['body', 'url'], 'string_too_long'],
    ['name over 120', { url: URL_A, name: 'n'.repeat(121) }, ['body', 'name'], 'string_too_long'],
    ['empty name', { url: URL_A, name: '' }, ['body', 'name'], 'string_too_short'],
    ['unknown event type', { url: URL_A, event_types: ['interview.created'] }, ['body', 'event_types', 0], 'enum'],
    ['webhook.test as a subscription', { url: URL_A, event_types: ['webhook.test'] }, ['body', 'event_types', 0], 'enum'],
    ['interview_type 3', { url: URL_A, interview_type: 3 }, ['body', 'interview_type'], 'less_than_equal'],
    ['interview_type as text', { url: URL_A, interview_type: '1' }, ['body', 'interview_type'], 'int_type'],
    ['is_active as text', { url: URL_A, is_active: 'yes' }, ['body', 'is_active'], 'bool_type'],
  ];
  it.each(cases)('refuses %s with 422 and a field error, creating nothing', async (_name, body, loc, type) => {
    const own = await t.createKey();
    const response = await t.api(own, '/webhooks/endpoints', { method: 'POST', json: body });
    expect(response.status).toBe(422);
    const { detail } = await response.json();
    expect(detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, type })]));
    expect(await (await t.api(own, '/webhooks/endpoints')).json()).toEqual([]);
  });

  it('refuses a bad PATCH and leaves the endpoint unchanged', async () => {
    const created = await createEndpoint(t, key, { url: URL_A, name: 'keep' });
    for (const body of [{ name: 'x'.repeat(121) }, { url: 'mailto:a@b.c' }, { event_types: [] }, { interview_type: -1 }]) {
      const response = await t.api(key, `/webhooks/endpoints/${created.id}`, { method: 'PATCH', json: body });
      expect(response.status).toBe(422);
    }
    expect(await (await t.api(key, `/webhooks/endpoints/${created.id}`)).json()).toMatchObject({
      name: 'keep',
      url: URL_A,
      event_types: null,
      interview_type: null,
    });
  });

  it.each([
    ['/webhooks/endpoints?limit=0', ['query', 'limit']],
    ['/webhooks/endpoints?limit=abc', ['query', 'limit']],
    ['/webhooks/endpoints?offset=-1', ['query', 'offset']],
    ['/webhooks/endpoints?is_active=maybe', ['query', 'is_active']],
    ['/webhooks/deliveries?status=4', ['query', 'status']],
    ['/webhooks/deliveries?limit=100000', ['query', 'limit']],
  ])('refuses the query %s with 422', async (pathAndQuery, loc) => {
    const response = await t.api(key, pathAndQuery);
    expect(response.status).toBe(422);
    expect((await response.json()).detail[0].loc).toEqual(loc);
  });

  it('refuses malformed JSON with 422', async () => {
    const response = await t.api(key, '/webhooks/endpoints', {
      method: 'POST',
      body: '{"url": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
  });
});

describe('unknown ids, scopes and owners', () => {
  it.each([
    ['GET', '/webhooks/endpoints/00000000-0000-4000-8000-000000000000'],
    ['GET', '/webhooks/endpoints/not-a-uuid'],
    ['PATCH', '/webhooks/endpoints/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/webhooks/endpoints/00000000-0000-4000-8000-000000000000'],
    ['POST', '/webhooks/endpoints/00000000-0000-4000-8000-000000000000/rotate-secret'],
    ['POST', '/webhooks/endpoints/00000000-0000-4000-8000-000000000000/test'],
  ])('%s %s answers 404 WebhookEndpointNotExist', async (method, url) => {
    const response = await t.api(key, url, { method, ...(method === 'PATCH' ? { json: {} } : {}) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'WebhookEndpointNotExist' });
  });

  it('redelivering an unknown delivery answers 404 WebhookDeliveryNotExist', async () => {
    const response = await t.api(key, '/webhooks/deliveries/00000000-0000-4000-8000-000000000000/redeliver', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'WebhookDeliveryNotExist' });
  });

  it('another owner sees neither endpoints nor deliveries, exactly as if unknown', async () => {
    const owner = await t.createKey();
    const stranger = await t.createKey();
    const created = await createEndpoint(t, owner, { url: URL_A });
    const test = await (await t.api(owner, `/webhooks/endpoints/${created.id}/test`, { method: 'POST' })).json();
    for (const [method, url] of [
      ['GET', `/webhooks/endpoints/${created.id}`],
      ['PATCH', `/webhooks/endpoints/${created.id}`],
      ['DELETE', `/webhooks/endpoints/${created.id}`],
      ['POST', `/webhooks/endpoints/${created.id}/rotate-secret`],
      ['POST', `/webhooks/endpoints/${created.id}/test`],
    ] as const) {
      const response = await t.api(stranger, url, { method, ...(method === 'PATCH' ? { json: { name: 'stolen' } } : {}) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'WebhookEndpointNotExist' });
    }
    const redeliver = await t.api(stranger, `/webhooks/deliveries/${test.delivery.id}/redeliver`, { method: 'POST' });
    expect(await redeliver.json()).toEqual({ detail: 'WebhookDeliveryNotExist' });
    expect(await (await t.api(stranger, '/webhooks/endpoints')).json()).toEqual([]);
    expect(await (await t.api(stranger, `/webhooks/deliveries?endpoint_id=${created.id}`)).json()).toEqual([]);
    expect(await (await t.api(owner, `/webhooks/endpoints/${created.id}`)).json()).toMatchObject({ name: 'Default webhook' });
  });

  it('a key without the webhooks scope gets 403 on every route; no key gets 401', async () => {
    const readOnly = await t.createKey({ scopes: ['interviews:read', 'interviews:write'] });
    for (const [method, url] of [
      ['GET', '/webhooks/catalog'],
      ['POST', '/webhooks/endpoints'],
      ['GET', '/webhooks/endpoints'],
      ['GET', '/webhooks/deliveries'],
      ['POST', '/webhooks/deliveries/00000000-0000-4000-8000-000000000000/redeliver'],
    ] as const) {
      const response = await t.api(readOnly, url, { method, ...(method === 'POST' ? { json: { url: URL_A } } : {}) });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ detail: 'PermissionDeniedException' });
      expect((await fetch(t.url + url, { method })).status).toBe(401);
    }
  });
});

describe('registration rules with the safety flags at their defaults', () => {
  let strict: TestServer;
  let strictKey: string;
  beforeAll(async () => {
    strict = await startTestServer();
    strictKey = await strict.createKey();
  });
  afterAll(() => strict?.close());

  it('refuses an http:// URL with InsecureWebhookURLNotAllowed', async () => {
    const response = await strict.api(strictKey, '/webhooks/endpoints', { method: 'POST', json: { url: 'http://93.184.216.34/hook' } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: 'InsecureWebhookURLNotAllowed' });
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://localhost:8443/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.1/hook',
    'https://100.64.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    'https://2130706433/hook',
  ])('refuses the private target %s with WebhookTargetNotAllowed', async (url) => {
    const response = await strict.api(strictKey, '/webhooks/endpoints', { method: 'POST', json: { url } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: 'WebhookTargetNotAllowed' });
  });

  it('accepts a public https address, and refuses a PATCH to a private one, leaving the URL as it was', async () => {
    const created = await createEndpoint(strict, strictKey, { url: 'https://93.184.216.34/hook' });
    const response = await strict.api(strictKey, `/webhooks/endpoints/${created.id}`, {
      method: 'PATCH',
      json: { url: 'https://127.0.0.1/x' },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: 'WebhookTargetNotAllowed' });
    expect((await (await strict.api(strictKey, `/webhooks/endpoints/${created.id}`)).json()).url).toBe('https://93.184.216.34/hook');
  });

  it('checks the target again at send time: a URL that became private fails without being contacted', async () => {
    const receiver = await startReceiver(ok);
    try {
      const created = await createEndpoint(strict, strictKey, { url: 'https://93.184.216.34/hook' });
      // As if the registered name now resolved to a private address.
      await strict.server.container.database.db
        .updateTable('webhook_endpoints')
        .set({ url: `${receiver.url}/hook` })
        .where('id', '=', created.id)
        .execute();
      const result = await (await strict.api(strictKey, `/webhooks/endpoints/${created.id}/test`, { method: 'POST' })).json();
      expect(result.success).toBe(false);
      expect(result.detail).toContain('target not allowed');
      expect(result.delivery).toMatchObject({ status: 3, attempts: 1, response_status: null });
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
