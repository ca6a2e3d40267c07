// One tenant's slow or failing endpoints must not delay another tenant's
// webhooks: per-owner concurrency in the claim, and a circuit breaker that
// pauses an endpoint after repeated failures.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEndedInterview, createEndpoint, DELIVERY_ENV, emit, listDeliveries, waitForDelivery } from './helpers/webhook-fixtures.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { ok, startReceiver, status, type Receiver } from './helpers/webhook-receiver.js';

describe('fairness across owners', () => {
  let t: TestServer;
  let hanging: Receiver;
  let healthy: Receiver;
  beforeAll(async () => {
    // Three workers in all; each owner may hold two of them. A 60 s send timeout: the hanging
    // attempts neither end nor are retried while the test runs.
    t = await startTestServer(
      { ...DELIVERY_ENV, WEBHOOK_TIMEOUT_SECONDS: '60', WEBHOOK_MAX_IN_FLIGHT_PER_OWNER: '2' },
      { webhooks: { pollIntervalMs: 20, concurrency: 3 } },
    );
    hanging = await startReceiver(() => new Promise<void>(() => {})); // reads the request, never answers
    healthy = await startReceiver(ok);
  });
  afterAll(async () => {
    await hanging?.close();
    await healthy?.close();
    await t?.close();
  });

  it("delivers a quiet owner's event promptly while a noisy owner's endpoints hang", async () => {
    const noisy = await t.createKey();
    const quiet = await t.createKey();
    for (let i = 0; i < 6; i++) await createEndpoint(t, noisy, { url: `${hanging.url}/e${i}` });
    await createEndpoint(t, quiet, { url: `${healthy.url}/ok` });
    const noisyInterview = await createEndedInterview(t, noisy);
    const quietInterview = await createEndedInterview(t, quiet);

    await emit(t, noisyInterview);
    await hanging.waitFor(2);
    const emittedAt = Date.now();
    await emit(t, quietInterview);
    const [arrived] = await healthy.waitFor(1, { timeoutMs: 30_000 });
    // Far under the 60 s timeout the quiet owner would wait for a worker if the noisy one could hold all three.
    expect(arrived!.receivedAt - emittedAt).toBeLessThan(10_000);
    // The noisy owner never held more than its two workers.
    expect(hanging.requests.length).toBe(2);
  });
});

describe('the circuit breaker', () => {
  let t: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestServer(
      {
        ...DELIVERY_ENV,
        WEBHOOK_MAX_ATTEMPTS: '5',
        WEBHOOK_CIRCUIT_FAILURES: '2',
        WEBHOOK_CIRCUIT_PAUSE_SECONDS: '60',
      },
      { webhooks: { pollIntervalMs: 20 } },
    );
    receiver = await startReceiver(status(503));
  });
  afterEach(() => receiver.setHandler(status(503)));
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('pauses an endpoint after repeated failures, says so in its deliveries, and resumes after the pause', async () => {
    const key = await t.createKey();
    const endpoint = await createEndpoint(t, key, { url: `${receiver.url}/flaky` });
    const [first] = await emit(t, await createEndedInterview(t, key));
    const [second] = await emit(t, await createEndedInterview(t, key));

    await receiver.waitFor(2);
    const paused = await waitForDelivery(t, key, first!, (d) => d.attempts === 2 && d.status === 0);
    expect(paused.error).toMatch(/^HTTP 503.*; endpoint paused until \S+ after 2 consecutive failed attempts$/);
    const waiting = (await listDeliveries(t, key)).find((d) => d.id === second);
    expect(waiting).toMatchObject({ attempts: 0, status: 0 });
    expect(waiting!.error).toMatch(/endpoint paused until/);
    // Nothing is sent while the circuit is open.
    await t.server.container.webhooks.worker.whenIdle();
    expect(receiver.requests).toHaveLength(2);

    receiver.setHandler(ok);
    t.clock.advance(61_000);
    const delivered = await waitForDelivery(t, key, first!);
    expect(delivered).toMatchObject({ status: 2, attempts: 3, error: null });
    expect(await waitForDelivery(t, key, second!)).toMatchObject({ status: 2, attempts: 1 });
    expect(receiver.requests).toHaveLength(4);
    const read = (await (await t.api(key, `/webhooks/endpoints/${endpoint.id}`)).json()) as { last_success_at: string | null };
    expect(read.last_success_at).not.toBeNull();
  });

  it('resumes a paused endpoint at once when a test delivery succeeds', async () => {
    const key = await t.createKey();
    const endpoint = await createEndpoint(t, key, { url: `${receiver.url}/fixed` });
    const [queued] = await emit(t, await createEndedInterview(t, key));
    await waitForDelivery(t, key, queued!, (d) => d.attempts === 2 && /endpoint paused/.test(d.error ?? ''));

    receiver.setHandler(ok);
    const test = await t.api(key, `/webhooks/endpoints/${endpoint.id}/test`, { method: 'POST' });
    expect(((await test.json()) as { success: boolean }).success).toBe(true);
    expect(await waitForDelivery(t, key, queued!, undefined, 3_000)).toMatchObject({ status: 2, attempts: 3 });
  });
});
