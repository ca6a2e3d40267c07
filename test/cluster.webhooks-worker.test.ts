// WEBHOOKS_WORKER=false: a session node queues webhook deliveries but never
// sends one; a node with the switch on (a worker) sends them, woken at once
// across nodes through Redis (when TEST_REDIS_URL is set) rather than at its
// next look at the queue. Real processes on one database, a real HTTP receiver.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/child-server.js';
import { eventually } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { DELIVERY_ENV, FAST_WORKER, createEndedInterview, createEndpoint } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

const SLOW = { timeout: 180_000 };

let t: TestServer;
let key: string;
let receiver: Receiver;
const children = new Set<ChildServer>();

beforeAll(async () => {
  // The session node: it would look at the delivery queue every 20 ms if it delivered at all.
  t = await startTestServer({ ...DELIVERY_ENV, JOBS_WORKER: 'false', WEBHOOKS_WORKER: 'false' }, FAST_WORKER);
  key = await t.createKey();
  receiver = await startReceiver();
  await createEndpoint(t, key, { url: receiver.url });
});
afterAll(async () => {
  await Promise.all([...children].map((c) => c.stop('SIGKILL')));
  await t?.close();
  await receiver?.close();
});

const deliveriesFor = (id: string) => receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === id);

async function statusOf(id: string): Promise<number[]> {
  const response = await t.api(key, `/webhooks/deliveries?interview_id=${id}`);
  return ((await response.json()) as { status: number }[]).map((delivery) => delivery.status);
}

/** `interview.media_processed` queued on the session node, as its results pipeline would. */
async function queueDelivery(): Promise<string> {
  const id = await createEndedInterview(t, key);
  expect(await t.server.container.webhooks.service.emitMediaProcessed(id)).toHaveLength(1);
  return id;
}

describe('WEBHOOKS_WORKER', () => {
  it('false: the node queues deliveries and never sends them; a node with it on sends them', SLOW, async () => {
    expect(t.server.container.webhooks.worker.isRunning).toBe(false);
    const id = await queueDelivery();
    // A hundred of the session node's would-be polls: the delivery is still waiting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(deliveriesFor(id)).toHaveLength(0);
    expect(await statusOf(id)).toEqual([0]);

    const worker = await startChildServer({ ...t.database.env, ...DELIVERY_ENV, JOBS_WORKER: 'false' });
    children.add(worker);
    await eventually(async () => expect(deliveriesFor(id)).toHaveLength(1), 30_000);
    // The receiver has it; the worker records the success right after its answer.
    await eventually(async () => expect(await statusOf(id)).toEqual([2]), 30_000);

    // Queued on the session node while the worker runs: sent by the worker, once.
    const next = await queueDelivery();
    await eventually(async () => expect(deliveriesFor(next)).toHaveLength(1), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(deliveriesFor(next)).toHaveLength(1);
    await worker.stop('SIGTERM');
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'a delivery queued on a session node wakes a worker on another node that does not poll: sent within seconds',
    SLOW,
    async () => {
      const worker = await startChildServer({ ...t.database.env, ...DELIVERY_ENV, JOBS_WORKER: 'false', WEBHOOK_POLL_SECONDS: '3600' });
      children.add(worker);
      // The worker's start-up look at the queue is over once it is up; from now on only a wake-up reaches it.
      const queuedAt = Date.now();
      const id = await queueDelivery();
      await eventually(async () => expect(deliveriesFor(id)).toHaveLength(1), 20_000);
      expect(Date.now() - queuedAt).toBeLessThan(20_000);
      await worker.stop('SIGTERM');
    },
  );
});
