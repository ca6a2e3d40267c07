// The client package (packages/client) against a real server: every operation
// once, the error shapes as typed results, 429 retried after Retry-After, the
// bounded wait for a recording, and a webhook verified end to end by a real
// Fastify receiver, through a secret rotation.

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterviewServiceClient, type Schemas, verifyWebhook, type WebhookVerification } from '../packages/client/src/index.js';
import { jobInterviewRequest, screeningInterviewRequest, startTestServer, useTestServer, type TestServer } from './helpers/test-server.js';
import { createEndedInterview, DELIVERY_ENV } from './helpers/webhook-fixtures.js';

let t: TestServer;
let key: string;
useTestServer(DELIVERY_ENV, (server, k) => ([t, key] = [server, k]));

const client = () => new InterviewServiceClient({ baseUrl: `${t.url}/`, apiKey: key });
const jobRequest = (overrides: Record<string, unknown> = {}) =>
  jobInterviewRequest(overrides) as unknown as Schemas['CreateInterviewFromQuestionsRequest'];

/** Unwraps a success, failing the test with the error it carries otherwise. */
function data<T>(result: { ok: true; data: T } | { ok: false; status: number; error: unknown }): T {
  if (!result.ok) expect.fail(`expected success, got ${result.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('client: interviews', () => {
  it('creates, reads, resets and reports on interviews through every interview operation', async () => {
    const api = client();
    const created = data(await api.createInterview(jobRequest()));
    expect(created.interview_link).toContain(created.interview_id);
    const screening = data(
      await api.createScreeningInterview(screeningInterviewRequest() as unknown as Schemas['ScreeningInterviewATSCreateRequest']),
    );
    expect(screening.interview_id).not.toBe(created.interview_id);

    expect(data(await api.getInterviewDetails(created.interview_id))).toMatchObject({ state: 0, candidate_id: 'cand-42' });
    expect(data(await api.getInterviewDetails(created.interview_id, { withTranscript: true }))).toHaveProperty('transcript');
    expect(data(await api.resetInterview(created.interview_id))).toBeTruthy();
    expect(data(await api.getLogs(created.interview_id))).toHaveProperty('interview_logs');

    const ended = await createEndedInterview(t, key);
    const transcript = data(await api.getTranscript(ended));
    expect(JSON.stringify(transcript)).toContain('My answer.');
    // The fixture interview is ended but never evaluated: the reports answer the spec's typed error.
    for (const report of [await api.getEvaluationReport(ended, { locale: 'de' }), await api.getOverallEvaluationReport(ended)]) {
      expect(report.ok).toBe(false);
      if (!report.ok) expect(report.error).toMatchObject({ kind: 'error', status: 404 });
    }
    // The recruiter report link of the ended interview: signed, expiring, for its page.
    const link = data(await api.createReportLink(ended, { locale: 'ar' }));
    expect(link.report_url).toContain(`/report/${ended}?`);
    expect((await fetch(link.report_url.replace(/^https?:\/\/[^/]+/, t.url))).status).toBe(200);
    // Archived without media (the fixture): the recording operations answer an empty URL.
    expect(data(await api.getRecording(ended))).toEqual({ interview_recording: '' });
    expect(data(await api.getVideoRecording(ended))).toEqual({ interview_video_recording: '' });
  });

  it('answers the error shapes as typed results: 401, 404 with its code, 422 with field issues', async () => {
    const stranger = new InterviewServiceClient({ baseUrl: t.url, apiKey: 'sk_int_not-a-key' });
    const unauthorised = await stranger.getInterviewDetails(crypto.randomUUID());
    expect(unauthorised).toMatchObject({ ok: false, status: 401, error: { kind: 'error', status: 401 } });

    const missing = await client().getInterviewDetails(crypto.randomUUID());
    expect(missing).toEqual({
      ok: false,
      status: 404,
      error: { kind: 'error', status: 404, detail: 'InterviewNotExist', code: 'InterviewNotExist', retryAfterSeconds: null },
    });

    const invalid = await client().createInterview(jobRequest({ job_title: 42 }));
    expect(invalid.ok).toBe(false);
    if (invalid.ok || invalid.error.kind !== 'validation') return expect.fail('expected a validation error');
    expect(invalid.error.issues.some((issue) => issue.loc.includes('job_title'))).toBe(true);
  });

  it('waits for a recording that is not ready with a bounded poll, and answers the last RecordingCreationException', async () => {
    const ended = await createEndedInterview(t, key);
    await t.server.container.database.db.updateTable('interviews').set({ archival_status: 2 }).where('id', '=', ended).execute();
    const waits: number[] = [];
    const api = new InterviewServiceClient({ baseUrl: t.url, apiKey: key, sleep: async (ms) => void waits.push(ms) });
    const result = await api.waitForRecording(ended, { intervalMs: 250, maxPolls: 3 });
    expect(waits).toEqual([250, 250]);
    expect(result).toMatchObject({ ok: false, status: 500, error: { code: 'RecordingCreationException' } });

    // The archival finishes during the second wait: the third poll answers the recording and the wait ends.
    const db = t.server.container.database.db;
    const finishing = new InterviewServiceClient({
      baseUrl: t.url,
      apiKey: key,
      sleep: async () => {
        waits.push(0);
        if (waits.length === 4) await db.updateTable('interviews').set({ archival_status: 1 }).where('id', '=', ended).execute();
      },
    });
    expect(data(await finishing.waitForRecording(ended, { maxPolls: 10 }))).toEqual({ interview_recording: '' });
    expect(waits).toHaveLength(4);
  });
});

describe('client: rate limit', () => {
  it('retries a 429 after the Retry-After the service sends, then succeeds', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const limitedKey = await limited.createKey();
      const slept: number[] = [];
      // Instead of waiting, the server's clock moves on by what the client asked to wait.
      const api = new InterviewServiceClient({
        baseUrl: limited.url,
        apiKey: limitedKey,
        sleep: async (ms) => {
          slept.push(ms);
          limited.clock.advance(ms);
        },
      });
      const id = crypto.randomUUID();
      for (let i = 0; i < 2; i++) expect((await api.getInterviewDetails(id)).status).toBe(404);
      expect((await api.getInterviewDetails(id)).status).toBe(404);
      expect(slept).toHaveLength(1);
      expect(slept[0]).toBeGreaterThan(0);
      expect(slept[0]).toBeLessThanOrEqual(60_000);

      const noRetry = new InterviewServiceClient({ baseUrl: limited.url, apiKey: limitedKey, rateLimitRetries: 0 });
      await api.getInterviewDetails(id);
      const refused = await noRetry.getInterviewDetails(id);
      expect(refused).toMatchObject({ ok: false, status: 429, error: { code: 'RateLimitReachedException' } });
      if (!refused.ok && refused.error.kind === 'error') expect(refused.error.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('client: webhooks', () => {
  let receiver: FastifyInstance;
  let receiverUrl: string;
  const secrets: string[] = [];
  const verdicts: WebhookVerification[] = [];

  beforeAll(async () => {
    // The receiver from the package's README: raw body in, verifyWebhook, 401 or 204.
    receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    receiver.post('/hooks', async (request, reply) => {
      const verdict = await verifyWebhook({ body: request.body as Buffer, headers: request.headers, secrets });
      verdicts.push(verdict);
      return reply.code(verdict.ok ? 204 : 401).send(verdict.ok ? undefined : verdict.reason);
    });
    receiverUrl = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/hooks`;
  });
  afterAll(() => receiver.close());

  it('manages an endpoint through every webhook operation and verifies its deliveries, across a secret rotation', async () => {
    const api = client();
    expect(data(await api.getWebhookCatalog()).signature_header).toMatch(/X-Webhook-Signature/i);
    const endpoint = data(await api.createWebhookEndpoint({ url: receiverUrl, name: 'client test' }));
    secrets.splice(0, secrets.length, endpoint.secret);

    const first = data(await api.testWebhookEndpoint(endpoint.id));
    expect(first.success).toBe(true);
    expect(verdicts.at(-1)).toMatchObject({ ok: true, secretIndex: 0, event: { event: 'webhook.test' } });

    // Rotation: the receiver knows the new secret and still the old one.
    const rotated = data(await api.rotateWebhookSecret(endpoint.id));
    secrets.splice(0, secrets.length, rotated.secret, endpoint.secret);
    expect(data(await api.testWebhookEndpoint(endpoint.id)).success).toBe(true);
    expect(verdicts.at(-1)).toMatchObject({ ok: true, secretIndex: 0 });
    // A receiver that only knows the old secret refuses it.
    secrets.splice(0, secrets.length, endpoint.secret);
    expect(data(await api.testWebhookEndpoint(endpoint.id)).success).toBe(false);
    expect(verdicts.at(-1)).toEqual({ ok: false, reason: 'bad_signature' });
    secrets.splice(0, secrets.length, rotated.secret);

    expect(data(await api.getWebhookEndpoint(endpoint.id)).url).toBe(receiverUrl);
    expect(data(await api.updateWebhookEndpoint(endpoint.id, { name: 'renamed' })).name).toBe('renamed');
    expect(data(await api.listWebhookEndpoints({ limit: 100 })).some((listed) => listed.id === endpoint.id)).toBe(true);
    const deliveries = data(await api.listWebhookDeliveries({ endpoint_id: endpoint.id }));
    expect(deliveries).toHaveLength(3);
    const again = data(await api.redeliverWebhookDelivery(deliveries[0]!.id));
    expect(again.event_id).toBe(deliveries[0]!.event_id);

    expect(await api.deleteWebhookEndpoint(endpoint.id)).toMatchObject({ ok: true, status: 204 });
    expect(await api.getWebhookEndpoint(endpoint.id)).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses a delivery whose body was changed on the way, or replayed after the tolerance', async () => {
    const body = JSON.stringify({ event: 'webhook.test', event_id: 'webhook.test:x' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('s3cret'), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
    const headers = { 'X-Webhook-Timestamp': timestamp, 'X-Webhook-Signature': `sha256=${Buffer.from(mac).toString('hex')}` };
    expect(await verifyWebhook({ body, headers, secrets: 's3cret' })).toMatchObject({ ok: true, secretIndex: 0 });
    expect(await verifyWebhook({ body: body.replace('x', 'y'), headers, secrets: 's3cret' })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const later = new Date(Date.now() + 301_000);
    expect(await verifyWebhook({ body, headers, secrets: 's3cret', now: later })).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(await verifyWebhook({ body, headers: {}, secrets: 's3cret' })).toEqual({ ok: false, reason: 'missing_headers' });
  });
});
