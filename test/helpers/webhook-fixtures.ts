import { expect } from 'vitest';
import { jobInterviewRequest, screeningInterviewRequest, type TestServer } from './test-server.js';

/** Fast, local, permissive settings for delivery tests against receivers on 127.0.0.1. */
export const DELIVERY_ENV = {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_ALLOW_INSECURE_HTTP: 'true',
  WEBHOOK_BACKOFF_BASE_SECONDS: '0.05',
  WEBHOOK_TIMEOUT_SECONDS: '1',
  WEBHOOK_MAX_ATTEMPTS: '3',
};
export const FAST_WORKER = { webhooks: { pollIntervalMs: 20 } };

export interface EndpointCreated {
  id: string;
  secret: string;
  url: string;
  secret_masked: string;
  [key: string]: unknown;
}

export async function createEndpoint(t: TestServer, key: string, body: Record<string, unknown>): Promise<EndpointCreated> {
  const response = await t.api(key, '/webhooks/endpoints', { method: 'POST', json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as EndpointCreated;
}

export type Kind = 'job' | 'screening' | 'video';

/**
 * An interview that has run to its end, made directly in the database (ENDED,
 * archived, with a transcript) so webhook tests need no live session.
 */
export async function createEndedInterview(t: TestServer, key: string, kind: Kind = 'job'): Promise<string> {
  const [path, body] =
    kind === 'screening'
      ? ['/interview/screening/create-from-questions', screeningInterviewRequest()]
      : ['/interview/create-from-questions', jobInterviewRequest(kind === 'video' ? { interview_type: 2, primary_tech_focus: '' } : {})];
  const response = await t.api(key, path, { method: 'POST', json: body });
  expect(response.status).toBe(200);
  const { interview_id: id } = (await response.json()) as { interview_id: string };
  const db = t.server.container.database.db;
  await db
    .updateTable('interviews')
    .set({ state: 2, ending_reason: 1, archival_status: 1, call_length: 95.5 })
    .where('id', '=', id)
    .execute();
  const at = new Date().toISOString();
  await db
    .insertInto('transcript_entries')
    .values([
      {
        interview_id: id,
        seq: 1,
        role: 'assistant',
        content: 'Hello, please introduce yourself.',
        created_at: at,
        control_id: 'procedural',
        video_begin: 0,
        video_end: 3,
      },
      {
        interview_id: id,
        seq: 2,
        role: 'user',
        content: 'I am a candidate.',
        created_at: at,
        control_id: 'procedural',
        video_begin: 4,
        video_end: 6,
      },
      {
        interview_id: id,
        seq: 3,
        role: 'assistant',
        content: 'First question?',
        created_at: at,
        control_id: 'q1',
        video_begin: null,
        video_end: null,
      },
      { interview_id: id, seq: 4, role: 'user', content: 'My answer.', created_at: at, control_id: 'q1', video_begin: 70, video_end: 95 },
    ])
    .execute();
  return id;
}

export interface DeliveryRead {
  id: string;
  endpoint_id: string | null;
  interview_id: string | null;
  event: string;
  event_id: string;
  target_url: string;
  status: number;
  status_name: string;
  attempts: number;
  max_attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string | null;
  delivered_at: string | null;
}

export async function listDeliveries(t: TestServer, key: string, query = ''): Promise<DeliveryRead[]> {
  const response = await t.api(key, `/webhooks/deliveries${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DeliveryRead[];
}

/** Polls the public API until a delivery satisfies `done` (a finished status by default). */
export async function waitForDelivery(
  t: TestServer,
  key: string,
  id: string,
  done: (d: DeliveryRead) => boolean = (d) => d.status >= 2,
  timeoutMs = 60_000,
): Promise<DeliveryRead> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listDeliveries(t, key, '?limit=1000')).find((d) => d.id === id);
    if (found && done(found)) return found;
    if (Date.now() > deadline) throw new Error(`delivery ${id} did not settle: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function emit(t: TestServer, interviewId: string): Promise<string[]> {
  return t.server.container.webhooks.service.emitMediaProcessed(interviewId);
}
