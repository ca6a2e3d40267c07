import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createEndedInterview, createEndpoint, DELIVERY_ENV, emit, type EndpointCreated } from './helpers/webhook-fixtures.js';
import { startReceiver, type ReceivedRequest, type Receiver } from './helpers/webhook-receiver.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setUp(options: Parameters<typeof startTestServer>[1] = {}) {
  const t = await startTestServer(DELIVERY_ENV, { webhooks: { pollIntervalMs: 20, leaseMs: 1_500 }, ...options });
  cleanups.push(() => t.close());
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  return { t, receiver, key: await t.createKey() };
}

/** Emits one event per interview to every endpoint; returns the interview ids in emission order. */
async function emitMany(t: TestServer, key: string, count: number): Promise<string[]> {
  const interviews: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await createEndedInterview(t, key, 'video');
    await emit(t, id);
    interviews.push(id);
  }
  return interviews;
}

async function waitUntilAllSucceeded(t: TestServer, expected: number, timeoutMs = 20_000): Promise<void> {
  const db = t.server.container.database.db;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.selectFrom('webhook_deliveries').select(['status']).execute();
    if (rows.length === expected && rows.every((r) => r.status === 2)) return;
    if (Date.now() > deadline) throw new Error(`not all delivered: ${JSON.stringify(rows.map((r) => r.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function interviewOf(request: ReceivedRequest): string {
  return request.headers['x-webhook-event-id']!.split(':')[1]!;
}

/** The interviews in the order an endpoint first received them. */
function receiptOrder(receiver: Receiver, endpoint: EndpointCreated): string[] {
  const seen: string[] = [];
  for (const r of receiver.requests)
    if (r.path === new URL(endpoint.url).pathname && !seen.includes(interviewOf(r))) seen.push(interviewOf(r));
  return seen;
}

describe('ordering and durability', () => {
  it('keeps enqueue order per endpoint under load, with retries and two workers on one queue', async () => {
    const { t, receiver, key } = await setUp();
    t.server.container.webhooks.createWorker().start();
    const attemptsSeen = new Map<string, number>();
    receiver.setHandler((request, response) => {
      const id = request.headers['x-webhook-delivery-id']!;
      const n = (attemptsSeen.get(id) ?? 0) + 1;
      attemptsSeen.set(id, n);
      // Every third delivery fails its first attempt.
      const fails = n === 1 && parseInt(id.slice(0, 2), 16) % 3 === 0;
      setTimeout(() => response.writeHead(fails ? 503 : 200).end(), 2);
    });
    const endpoints = [];
    for (let i = 0; i < 5; i++) endpoints.push(await createEndpoint(t, key, { url: `${receiver.url}/e${i}` }));
    const interviews = await emitMany(t, key, 20);
    await waitUntilAllSucceeded(t, 100, 30_000);
    for (const endpoint of endpoints) {
      expect(receiptOrder(receiver, endpoint)).toEqual(interviews);
      // A retry is never overtaken: requests to one endpoint never go back to an earlier interview.
      const sequence = receiver.requests
        .filter((r) => r.path === new URL(endpoint.url).pathname)
        .map((r) => interviews.indexOf(interviewOf(r)));
      expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
    }
    expect([...attemptsSeen.values()].some((n) => n > 1)).toBe(true);
  });

  it('a worker stopped mid-run records what it sent, and its successor delivers the rest exactly once', async () => {
    const { t, receiver, key } = await setUp({ startWebhookWorker: false });
    // The first 8 requests are answered at once, later ones slowly, so the worker is mid-run when it is
    // stopped however loaded the machine is (emitting first, with the worker started after, keeps a slow
    // emission from letting it deliver everything before the test stops it).
    receiver.setHandler((_request, response, index) => void setTimeout(() => response.writeHead(200).end(), index < 8 ? 0 : 300));
    const endpoints = [];
    for (let i = 0; i < 3; i++) endpoints.push(await createEndpoint(t, key, { url: `${receiver.url}/e${i}` }));
    const interviews = await emitMany(t, key, 10);
    t.server.container.webhooks.worker.start();
    await receiver.waitFor(8);
    await t.server.container.webhooks.worker.stop();
    const sentBeforeStop = receiver.requests.length;
    const rows = await t.server.container.database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    expect(rows.filter((r) => r.status === 1)).toEqual([]);
    // Every request it sent was recorded before stop() returned: none was still on its way.
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(sentBeforeStop);
    expect(sentBeforeStop).toBeLessThan(30);

    t.server.container.webhooks.createWorker().start();
    await waitUntilAllSucceeded(t, 30);
    const ids = receiver.requests.map((r) => r.headers['x-webhook-delivery-id']);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toHaveLength(30);
    for (const endpoint of endpoints) expect(receiptOrder(receiver, endpoint)).toEqual(interviews);
  });

  it('after a worker is killed mid-send, a new one delivers everything; repeats only for sends it never recorded, with the same ids and bytes', async () => {
    const { t, receiver, key } = await setUp({ startWebhookWorker: false });
    const endpoints = [];
    for (let i = 0; i < 2; i++) endpoints.push(await createEndpoint(t, key, { url: `${receiver.url}/e${i}` }));
    const interviews = await emitMany(t, key, 8);
    // The first 6 requests are answered; later ones hang until the worker dies.
    receiver.setHandler((_request, response, index) => {
      if (index < 6) response.writeHead(200).end();
    });

    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/webhook-worker-process.ts'], {
      env: { ...process.env, ...t.database.env, ...DELIVERY_ENV, LOG_LEVEL: 'silent', TEST_WEBHOOK_LEASE_MS: '1500' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    await receiver.waitFor(8, { timeoutMs: 20_000 });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const db = t.server.container.database.db;
    const unrecorded = new Set((await db.selectFrom('webhook_deliveries').select('id').where('status', '=', 1).execute()).map((r) => r.id));
    expect(unrecorded.size).toBeGreaterThan(0);
    receiver.setHandler((_request, response) => {
      response.writeHead(200).end();
    });
    t.server.container.webhooks.worker.start();
    await waitUntilAllSucceeded(t, 16);

    const byDelivery = new Map<string, ReceivedRequest[]>();
    for (const r of receiver.requests)
      byDelivery.set(r.headers['x-webhook-delivery-id']!, [...(byDelivery.get(r.headers['x-webhook-delivery-id']!) ?? []), r]);
    expect(byDelivery.size).toBe(16);
    // The two requests left hanging (one per endpoint) were sent and never recorded: they come again.
    expect([...byDelivery.values()].filter((copies) => copies.length > 1).length).toBeGreaterThanOrEqual(2);
    for (const [id, copies] of byDelivery) {
      if (copies.length > 1) expect(unrecorded.has(id)).toBe(true);
      expect(new Set(copies.map((c) => c.headers['x-webhook-event-id'])).size).toBe(1);
      expect(new Set(copies.map((c) => c.rawBody.toString('hex'))).size).toBe(1);
    }
    for (const endpoint of endpoints) expect(receiptOrder(receiver, endpoint)).toEqual(interviews);
  });
});
