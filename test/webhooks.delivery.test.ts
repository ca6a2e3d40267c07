import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../src/webhooks/signer.js';
import { createEndedInterview, createEndpoint, DELIVERY_ENV, emit, FAST_WORKER, waitForDelivery } from './helpers/webhook-fixtures.js';
import { ok, startReceiver, status, type Receiver } from './helpers/webhook-receiver.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestServer(DELIVERY_ENV, FAST_WORKER);
});
// Each test is its own principal, so its events reach only its own endpoints.
beforeEach(async () => {
  key = await t.createKey();
});
afterAll(() => t?.close());
afterEach(() => receiver?.close());

async function endpointWith(
  handler: Parameters<typeof startReceiver>[0],
  extra: Record<string, unknown> = {},
  server = t,
  serverKey = key,
) {
  receiver = await startReceiver(handler);
  return createEndpoint(server, serverKey, { url: `${receiver.url}/hook`, ...extra });
}

async function emitOne(server = t, serverKey = key): Promise<{ interviewId: string; deliveryId: string }> {
  const interviewId = await createEndedInterview(server, serverKey);
  const ids = await emit(server, interviewId);
  expect(ids).toHaveLength(1);
  return { interviewId, deliveryId: ids[0]! };
}

describe('delivering interview.media_processed', () => {
  it('posts the signed envelope once and records SUCCESS with one attempt', async () => {
    const endpoint = await endpointWith(ok);
    const { interviewId, deliveryId } = await emitOne();
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 2, status_name: 'SUCCESS', attempts: 1, max_attempts: 3, response_status: 200, error: null });
    expect(delivery.delivered_at).not.toBeNull();

    const [request] = receiver.requests;
    expect(receiver.requests).toHaveLength(1);
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-webhook-event']).toBe('interview.media_processed');
    expect(request!.headers['x-webhook-delivery-id']).toBe(deliveryId);
    expect(request!.headers['x-webhook-event-id']).toBe(`interview.media_processed:${interviewId}`);
    expect(Math.abs(Number(request!.headers['x-webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(verifyWebhookSignature(endpoint.secret, request!.headers, request!.rawBody)).toMatchObject({ ok: true });
    expect(request!.body).toMatchObject({ event: 'interview.media_processed', event_id: `interview.media_processed:${interviewId}` });

    const read = await (await t.api(key, `/webhooks/endpoints/${endpoint.id}`)).json();
    expect(read.last_success_at).not.toBeNull();
    expect(read.last_failure_at).toBeNull();
  });

  it('retries a receiver that fails twice and then succeeds, on the same row with the same bytes', async () => {
    const endpoint = await endpointWith((_r, response, index) => {
      response.writeHead(index < 2 ? 503 : 204).end();
    });
    const { deliveryId } = await emitOne();
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 2, attempts: 3, response_status: 204, error: null });
    expect(receiver.requests).toHaveLength(3);
    const bodies = new Set(receiver.requests.map((r) => r.rawBody.toString('hex')));
    expect(bodies.size).toBe(1);
    expect(new Set(receiver.requests.map((r) => r.headers['x-webhook-delivery-id']))).toEqual(new Set([deliveryId]));
    // back-off: base 50 ms x 2^(n-1), -20 % at worst
    expect(receiver.requests[1]!.receivedAt - receiver.requests[0]!.receivedAt).toBeGreaterThanOrEqual(35);
    expect(receiver.requests[2]!.receivedAt - receiver.requests[1]!.receivedAt).toBeGreaterThanOrEqual(75);
    const read = await (await t.api(key, `/webhooks/endpoints/${endpoint.id}`)).json();
    expect(read.last_success_at).not.toBeNull();
    expect(read.last_failure_at).not.toBeNull();
  });

  it('gives up on a receiver that always answers 500: FAILED with attempts == max_attempts', async () => {
    await endpointWith(status(500));
    const { deliveryId } = await emitOne();
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 3, status_name: 'FAILED', attempts: 3, max_attempts: 3, response_status: 500 });
    expect(delivery.error).toContain('HTTP 500');
    await t.server.container.webhooks.worker.whenIdle();
    expect(receiver.requests).toHaveLength(3);
  });

  it('treats a 400 as permanent: one attempt, FAILED', async () => {
    await endpointWith(status(400));
    const { deliveryId } = await emitOne();
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 3, attempts: 1, response_status: 400 });
    await t.server.container.webhooks.worker.whenIdle();
    expect(receiver.requests).toHaveLength(1);
  });

  it.each([408, 409, 425, 429])('retries a %i like a server error', async (code) => {
    await endpointWith((_r, response, index) => {
      response.writeHead(index === 0 ? code : 200).end();
    });
    const { deliveryId } = await emitOne();
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 2, attempts: 2, response_status: 200 });
  });

  it('honours Retry-After on a 429', async () => {
    await endpointWith((_r, response, index) => {
      response.writeHead(index === 0 ? 429 : 200, index === 0 ? { 'retry-after': '1' } : {}).end();
    });
    const { deliveryId } = await emitOne();
    await waitForDelivery(t, key, deliveryId);
    expect(receiver.requests[1]!.receivedAt - receiver.requests[0]!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('abandons an attempt at the timeout and retries it', async () => {
    await endpointWith((_r, response, index) => {
      if (index === 0) setTimeout(() => response.writeHead(200).end(), 2_500);
      else response.writeHead(200).end();
    });
    const { deliveryId } = await emitOne();
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 2, attempts: 2 });
    const [first, second] = receiver.requests;
    // The 1 s timeout runs from the first attempt's sending, a little before the receiver
    // stamps it (994 ms apart once on CI's loaded machine): not a retry at once, nor one
    // that waited for the answer at 2.5 s.
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(900);
    expect(second!.receivedAt - first!.receivedAt).toBeLessThan(2_400);
  });

  it('records a refused connection and retries until FAILED', async () => {
    receiver = await startReceiver(ok);
    const deadUrl = `${receiver.url}/hook`;
    await receiver.close();
    const endpoint = await createEndpoint(t, key, { url: deadUrl });
    const { deliveryId } = await emitOne();
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 3, attempts: 3, response_status: null });
    expect(delivery.error).toMatch(/ECONNREFUSED/);
    const read = await (await t.api(key, `/webhooks/endpoints/${endpoint.id}`)).json();
    expect(read.last_failure_at).not.toBeNull();
  });

  it('does not follow a redirect: a 3xx is a failed attempt and the target is never contacted', async () => {
    const target = await startReceiver(ok);
    try {
      await endpointWith(status(307, { location: `${target.url}/elsewhere` }));
      const { deliveryId } = await emitOne();
      const delivery = await waitForDelivery(t, key, deliveryId);
      expect(delivery).toMatchObject({ status: 3, response_status: 307, attempts: 1 });
      expect(delivery.error).toContain('redirect');
      expect(target.requests).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it('does not notify twice: emitting a delivered or queued event again is a no-op', async () => {
    await endpointWith(ok);
    const { interviewId, deliveryId } = await emitOne();
    expect(await emit(t, interviewId)).toEqual([]);
    await waitForDelivery(t, key, deliveryId);
    expect(await emit(t, interviewId)).toEqual([]);
    await t.server.container.webhooks.worker.whenIdle();
    expect(receiver.requests).toHaveLength(1);
  });

  it('queues a fresh series when the earlier one FAILED', async () => {
    const endpoint = await endpointWith(status(410));
    const { interviewId, deliveryId } = await emitOne();
    await waitForDelivery(t, key, deliveryId);
    receiver.setHandler(ok);
    const again = await emit(t, interviewId);
    expect(again).toHaveLength(1);
    expect(await waitForDelivery(t, key, again[0]!)).toMatchObject({ status: 2, endpoint_id: endpoint.id });
  });
});

describe('rotation, redelivery and the test route', () => {
  it('after rotation only the new secret verifies', async () => {
    const endpoint = await endpointWith(ok);
    const rotated = await (await t.api(key, `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { method: 'POST' })).json();
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.secret_masked).toBe(rotated.secret.slice(0, 6));
    const { deliveryId } = await emitOne();
    await waitForDelivery(t, key, deliveryId);
    const [request] = receiver.requests;
    expect(verifyWebhookSignature(rotated.secret, request!.headers, request!.rawBody).ok).toBe(true);
    expect(verifyWebhookSignature(endpoint.secret, request!.headers, request!.rawBody)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('redelivers the exact original bytes with the same event_id as a new row', async () => {
    const endpoint = await endpointWith(ok);
    const { deliveryId } = await emitOne();
    const original = await waitForDelivery(t, key, deliveryId);
    const response = await t.api(key, `/webhooks/deliveries/${deliveryId}/redeliver`, { method: 'POST' });
    expect(response.status).toBe(200);
    const replay = await response.json();
    expect(replay).toMatchObject({ event_id: original.event_id, event: original.event, endpoint_id: endpoint.id, attempts: 0 });
    expect(replay.id).not.toBe(deliveryId);
    await waitForDelivery(t, key, replay.id);
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.rawBody.equals(receiver.requests[0]!.rawBody)).toBe(true);
    expect(receiver.requests[1]!.headers['x-webhook-delivery-id']).toBe(replay.id);
    expect(receiver.requests[1]!.headers['x-webhook-event-id']).toBe(original.event_id);
    expect(await waitForDelivery(t, key, deliveryId)).toMatchObject({ status: 2, attempts: 1 });
  });

  describe('while the delivery is in flight', () => {
    // A 30 s send timeout: the receiver holds its answer until both replays have returned, and the
    // attempt must not be abandoned and sent again meanwhile, however slow the machine.
    let patient: TestServer;
    let patientKey: string;
    beforeAll(async () => {
      patient = await startTestServer({ ...DELIVERY_ENV, WEBHOOK_TIMEOUT_SECONDS: '30' }, FAST_WORKER);
      patientKey = await patient.createKey();
    });
    afterAll(() => patient?.close());

    it('a replay of an event still queued or in flight is that delivery: repeated clicks send nothing twice', async () => {
      let answer!: () => void;
      const replaysReturned = new Promise<void>((resolve) => (answer = resolve));
      const endpoint = await endpointWith(
        async (_request, response) => {
          await replaysReturned;
          response.writeHead(204).end();
        },
        {},
        patient,
        patientKey,
      );
      const { deliveryId } = await emitOne(patient, patientKey);
      await waitForDelivery(patient, patientKey, deliveryId, (d) => d.status === 1);
      const replays = await Promise.all(
        [1, 2].map(
          async () =>
            (await (await patient.api(patientKey, `/webhooks/deliveries/${deliveryId}/redeliver`, { method: 'POST' })).json()) as {
              id: string;
            },
        ),
      );
      answer();
      expect(replays.map((r) => r.id)).toEqual([deliveryId, deliveryId]);
      await waitForDelivery(patient, patientKey, deliveryId);
      const history = await (await patient.api(patientKey, `/webhooks/deliveries?endpoint_id=${endpoint.id}`)).json();
      expect(history).toHaveLength(1);
      expect(receiver.requests).toHaveLength(1);

      // Once it has finished, a replay is a new delivery again.
      const later = await (await patient.api(patientKey, `/webhooks/deliveries/${deliveryId}/redeliver`, { method: 'POST' })).json();
      expect(later.id).not.toBe(deliveryId);
    });
  });

  it('sends webhook.test inline and records it like any delivery', async () => {
    const endpoint = await endpointWith(ok);
    const response = await t.api(key, `/webhooks/endpoints/${endpoint.id}/test`, { method: 'POST' });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({ endpoint_id: endpoint.id, success: true, detail: null });
    expect(result.delivery).toMatchObject({ event: 'webhook.test', status: 2, status_name: 'SUCCESS', attempts: 1, response_status: 200 });
    const [request] = receiver.requests;
    expect(request!.body).toMatchObject({ event: 'webhook.test', interview: null, media: null, evaluation: null, transcript: [] });
    expect(verifyWebhookSignature(endpoint.secret, request!.headers, request!.rawBody).ok).toBe(true);
    const history = await (await t.api(key, `/webhooks/deliveries?endpoint_id=${endpoint.id}`)).json();
    expect(history.map((d: { id: string }) => d.id)).toEqual([result.delivery.id]);
  });

  it('answers a failed test with success false, and a retryable failure continues on the schedule', async () => {
    const endpoint = await endpointWith((_r, response, index) => {
      response.writeHead(index === 0 ? 503 : 200).end();
    });
    const result = await (await t.api(key, `/webhooks/endpoints/${endpoint.id}/test`, { method: 'POST' })).json();
    expect(result.success).toBe(false);
    expect(result.detail).toContain('HTTP 503');
    expect(result.delivery).toMatchObject({ status: 0, attempts: 1, response_status: 503 });
    expect(await waitForDelivery(t, key, result.delivery.id)).toMatchObject({ status: 2, attempts: 2 });
  });
});

describe('endpoint deletion', () => {
  it('fails what was still queued for the endpoint and keeps it in the history', async () => {
    const endpoint = await endpointWith(status(503, { 'retry-after': '600' }));
    const { deliveryId } = await emitOne();
    await waitForDelivery(t, key, deliveryId, (d) => d.attempts === 1 && d.status_name === 'PENDING');
    expect((await t.api(key, `/webhooks/endpoints/${endpoint.id}`, { method: 'DELETE' })).status).toBe(204);
    const delivery = await waitForDelivery(t, key, deliveryId);
    expect(delivery).toMatchObject({ status: 3, status_name: 'FAILED', attempts: 1, error: 'endpoint deleted before delivery' });
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('interview reset', () => {
  it('lets a retaken interview notify again, keeping the earlier delivery in history', async () => {
    await endpointWith(ok);
    const { interviewId, deliveryId } = await emitOne();
    await waitForDelivery(t, key, deliveryId);
    expect((await t.api(key, `/interview/reset/${interviewId}`, { method: 'POST' })).status).toBe(200);
    const again = await emit(t, interviewId);
    expect(again).toHaveLength(1);
    await waitForDelivery(t, key, again[0]!);
    const history = await (await t.api(key, `/webhooks/deliveries?interview_id=${interviewId}`)).json();
    expect(history.map((d: { id: string }) => d.id)).toEqual([again[0], deliveryId]);
    expect(receiver.requests).toHaveLength(2);
  });
});
